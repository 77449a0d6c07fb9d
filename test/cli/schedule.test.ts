import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

const PI_SAMPLE = fileURLToPath(new URL('../samples/pi-v1.jsonl', import.meta.url));

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

describe('compaction-bench compare --schedule', () => {
  it('replays a fixture as a compaction chain and reports recall per compaction', async () => {
    const out = join(directory.path, 'window');
    const args = ['compare', 'before-compaction', '-s', 'single-shot,structured-iterative', '-o', out];
    const schedule = ['--schedule', 'window=16000,reserve=2000,keep=3000', '-q'];
    const result = await runCli([...args, ...schedule, '--json'], { cwd: directory.path });
    assert.equal(result.code, 0, result.stderr);
    const [results] = JSON.parse(result.stdout).results;
    assert.equal(results.schedule, 'window=16000,reserve=2000,keep=3000');
    assert.equal(results.config.reserveTokens, 2000);
    for (const strategy of results.strategies) {
      const { chain } = strategy;
      assert.equal(chain.status, 'ok', chain.error);
      assert.ok(chain.compactions >= 2, `${strategy.name}: ${chain.compactions} compactions`);
      assert.equal(chain.cycles.length, chain.compactions);
      for (const cycle of chain.cycles) {
        assert.ok(cycle.tokensBefore <= 14000, `${cycle.tokensBefore}`);
        assert.ok(cycle.probeRecall >= 0 && cycle.probeRecall <= 1);
        assert.ok(cycle.calls >= 1);
      }
      assert.deepEqual(
        chain.cycles.map((cycle: { updated: boolean }) => cycle.updated),
        chain.cycles.map(
          (_: unknown, index: number) => strategy.name === 'structured-iterative' && index > 0,
        ),
      );
    }
    const comparison = await readFile(join(out, 'before-compaction-chain-comparison.md'), 'utf8');
    assert.match(comparison, /## Compaction chain \(`--schedule window=16000,reserve=2000,keep=3000`\)/);
    assert.match(comparison, /\| structured-iterative \| \d+ \| \d\.\d\d \| \d\.\d\d \|/);
    const report = await readFile(join(out, 'before-compaction-chain-structured-iterative.md'), 'utf8');
    assert.match(report, /\| 2 \| \d+ \| \d+ \| [\d,]+ → [\d,]+ \| [\d,]+ \| yes \|/);
    const terminal = await runCli([...args, ...schedule], { cwd: directory.path });
    assert.match(terminal.stdout, /Compaction chain \(--schedule window=16000,reserve=2000,keep=3000\)/);
  });

  it("with recorded, compacts where the agent did and scores the agent's summary at each point", async () => {
    const out = join(directory.path, 'recorded');
    const result = await runCli(
      ['compare', PI_SAMPLE, '-s', 'pi', '--schedule', 'recorded', '-o', out, '-q', '--json'],
      { cwd: directory.path },
    );
    assert.equal(result.code, 0, result.stderr);
    const [results] = JSON.parse(result.stdout).results;
    const byName = Object.fromEntries(
      results.strategies.map((strategy: { name: string }) => [strategy.name, strategy]),
    );
    for (const name of ['pi', 'recorded']) {
      assert.deepEqual(
        byName[name].chain.cycles.map((cycle: { atMessage: number; keptFrom: number }) => [
          cycle.atMessage,
          cycle.keptFrom,
        ]),
        [[5, 4]],
        name,
      );
    }
    assert.equal(byName.recorded.chain.cycles[0].calls, 0);
    // The user's one request is the task, a fact: the chain table shows the recall of the facts per compaction.
    const comparison = await readFile(join(out, 'pi-v1-chain-comparison.md'), 'utf8');
    assert.match(comparison, /### Recall of the facts so far, per compaction/);
    assert.match(comparison, /\| recorded \| 1 \| \d\.\d\d \|/);
  });

  it('refuses flags a chain cannot honour, and a policy it cannot read, with exit 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--schedule', 'recorded', '--at-compaction'], /--schedule cannot be combined with --at-compaction/],
      [['--schedule', 'window=128000', '--keep-recent-tokens', '5000'], /--keep-recent-tokens/],
      [['--schedule', 'window=128000', '--target-tokens', '2000'], /--target-tokens/],
      [['--schedule', 'window=128000', '--runs', '2'], /--runs above 1/],
      [['--schedule', 'window=20000'], /keep=20000 must be below window − reserve \(3616\)/],
      [['--schedule', 'size=3'], /option '--schedule <policy>' argument 'size=3' is invalid/],
    ];
    for (const [flags, message] of cases) {
      const result = await runCli(['compare', 'before-compaction', ...flags, '-o', directory.path], {
        cwd: directory.path,
      });
      assert.equal(result.code, 2, `${flags.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message);
    }
  });

  it('refuses recorded on a session that records no compaction, in one line (exit 2)', async () => {
    const out = join(directory.path, 'no-compaction');
    const result = await runCli(['compare', 'large-session', '--schedule', 'recorded', '-o', out], {
      cwd: directory.path,
    });
    assert.equal(result.code, 2, result.stdout);
    assert.match(
      result.stderr,
      /^compaction-bench: --schedule recorded: \S*large-session\.jsonl records no compaction with a summary to replay at \(try --schedule window=N\)\n$/,
    );
    assert.equal(result.stdout, '');
  });
});
