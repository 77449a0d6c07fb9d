/** The shard partition: every job in exactly one shard, balanced by tokens, the same whatever order the jobs come in. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assignShards, parseShard, shardFileStem } from '../../src/stages/shard.ts';

/** Jobs of `sessions` sessions × `strategies` strategies, each session `tokens[i]` tokens. */
function jobsOf(tokens: readonly number[], strategies: number): Array<{ id: string; weight: number }> {
  return tokens.flatMap((weight, session) =>
    Array.from({ length: strategies }, (_, strategy) => ({
      id: `${session.toString(16).padStart(8, '0')}${strategy.toString(16).padStart(8, '0')}`,
      weight,
    })),
  );
}

function loads(
  assigned: Map<string, number>,
  jobs: ReadonlyArray<{ id: string; weight: number }>,
  count: number,
) {
  const totals = Array.from({ length: count }, () => 0);
  for (const job of jobs) totals[assigned.get(job.id)! - 1]! += job.weight;
  return totals;
}

describe('assignShards', () => {
  const jobs = jobsOf([100_000, 35_000, 8_000, 2_000, 60_000, 12_000, 40_000], 5);

  it('puts every job in exactly one shard between 1 and n', () => {
    const assigned = assignShards(jobs, 3);
    assert.equal(assigned.size, jobs.length);
    for (const shard of assigned.values()) assert.ok(shard >= 1 && shard <= 3);
  });

  it('gives the same partition whatever order the jobs are listed in', () => {
    const reversed = assignShards([...jobs].reverse(), 3);
    const shuffled = assignShards(
      [...jobs].sort((a, b) => (a.id.slice(8) < b.id.slice(8) ? -1 : 1)),
      3,
    );
    assert.deepEqual([...reversed].sort(), [...assignShards(jobs, 3)].sort());
    assert.deepEqual([...shuffled].sort(), [...assignShards(jobs, 3)].sort());
  });

  it('balances tokens: no shard exceeds the lightest by more than the heaviest job', () => {
    for (const count of [2, 3, 4, 7]) {
      const totals = loads(assignShards(jobs, count), jobs, count);
      assert.ok(Math.max(...totals) - Math.min(...totals) <= 100_000, `${count}: ${totals.join(', ')}`);
    }
    // Equal jobs split evenly by count.
    const equal = jobsOf([1000, 1000, 1000], 4);
    assert.deepEqual(loads(assignShards(equal, 4), equal, 4), [3000, 3000, 3000, 3000]);
  });

  it('leaves a shard empty only when there are fewer jobs than shards', () => {
    const few = jobsOf([500, 700], 1);
    assert.deepEqual(loads(assignShards(few, 3), few, 3), [700, 500, 0]);
  });
});

describe('parseShard', () => {
  it('reads i/n', () => {
    assert.deepEqual(parseShard('2/3'), { index: 2, count: 3 });
    assert.deepEqual(parseShard('1/1'), { index: 1, count: 1 });
  });
  for (const bad of ['0/3', '4/3', 'x', '3', '1/0', '-1/3', '1.5/3', '']) {
    it(`refuses '${bad}'`, () => {
      assert.throws(() => parseShard(bad), {
        message: `expected i/n with 1 ≤ i ≤ n (such as 2/3), got '${bad}'`,
      });
    });
  }
  it('names a shard file after the run and the shard', () => {
    assert.equal(
      shardFileStem('20261125T180203Z-dc7caef1', { index: 2, count: 3 }),
      '20261125T180203Z-dc7caef1.shard-2-of-3',
    );
    assert.equal(shardFileStem('20261125T180203Z-dc7caef1', undefined), '20261125T180203Z-dc7caef1');
  });
});
