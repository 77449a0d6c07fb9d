/**
 * Sharded runs end to end: `compare --shard i/n` in separate processes, then `merge`, give the unsharded run's
 * results (timings and provenance apart); `check --shard` and `merge` give check's gate; merge refuses shards
 * that do not make one run, one line each, exit 2.
 */
import assert from 'node:assert/strict';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLES = join(ROOT, 'test/samples');
// Three sessions (two with the agent's own summary), two targets: sweeps and a suite per target.
const RUN = [
  'before-compaction',
  join(SAMPLES, 'claude-code-compaction.jsonl'),
  join(SAMPLES, 'pi-v1.jsonl'),
  '-s',
  'single-shot,truncate,sequential-rolling',
  '--target-tokens',
  '1000,2000',
  '--quiet',
];

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory('compaction-bench-shard-');
});
after(async () => directory.remove());

async function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCli(args, { cwd: directory.path });
}

async function succeeds(args: string[]): Promise<string> {
  const run = await cli(args);
  assert.equal(run.code, 0, `${args.join(' ')}\n${run.stderr}`);
  return run.stdout;
}

/** A results JSON without what differs between any two runs: durations, clock times and the command line. */
function withoutTimings(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(withoutTimings);
  if (json === null || typeof json !== 'object') return json;
  return Object.fromEntries(
    Object.entries(json)
      .filter(([key]) => !/(Ms|At)$|^(ms|command|date)$/.test(key))
      .map(([key, value]) => [key, withoutTimings(value)]),
  );
}

async function jsonFiles(out: string): Promise<string[]> {
  return (await readdir(out)).filter((name) => name.endsWith('.json')).sort();
}

/** Expects exit 2 with exactly one line on stderr, no stack, matching `pattern`. */
function refused(run: { code: number | null; stderr: string }, pattern: RegExp): void {
  assert.equal(run.code, 2, run.stderr);
  const lines = run.stderr.trim().split('\n');
  assert.equal(lines.length, 1, run.stderr);
  assert.match(lines[0]!, pattern);
  assert.doesNotMatch(run.stderr, /\n\s+at /);
}

describe('compare --shard i/n and merge', () => {
  const shardOut = (index: number) => join(directory.path, `shard-${index}`);

  before(async () => {
    // merge writes every session's page, as a suite's compare does when asked with --session-pages.
    await succeeds(['compare', ...RUN, '--session-pages', '-o', join(directory.path, 'whole')]);
    for (const index of [1, 2, 3])
      await succeeds(['compare', ...RUN, '--shard', `${index}/3`, '-o', shardOut(index)]);
  });

  it('each shard runs its own jobs, together every job of the plan once, and writes records only', async () => {
    const wholeRecords = join(directory.path, 'whole', 'records');
    const wholeFile = (await readdir(wholeRecords)).find((name) => name.endsWith('.jsonl'))!;
    const planned = JSON.parse((await readFile(join(wholeRecords, wholeFile), 'utf8')).split('\n')[0]!).jobs;
    const ids: string[] = [];
    for (const index of [1, 2, 3]) {
      assert.deepEqual(await jsonFiles(shardOut(index)), [], 'a shard writes no report');
      const names = await readdir(join(shardOut(index), 'records'));
      const file = names.find((name) => name.endsWith(`.shard-${index}-of-3.jsonl`));
      assert.ok(file, names.join(', '));
      const lines = (await readFile(join(shardOut(index), 'records', file), 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      const header = lines[0];
      assert.equal(header.shard.index, index);
      assert.equal(header.shard.planned, planned.length);
      const jobs = lines.filter((line) => line.kind === 'job').map((line) => line.id);
      assert.ok(jobs.length > 0, `shard ${index} ran nothing`);
      assert.deepEqual([...jobs].sort(), header.jobs.map((job: { id: string }) => job.id).sort());
      ids.push(...jobs);
    }
    assert.ok(planned.some((job: { strategy: string }) => job.strategy === 'recorded'));
    assert.deepEqual(ids.sort(), planned.map((job: { id: string }) => job.id).sort());
  });

  it('merge writes what the unsharded run wrote, the same figures apart from timings and provenance', async () => {
    const merged = join(directory.path, 'merged');
    const stdout = await succeeds(['merge', shardOut(1), shardOut(2), shardOut(3), '-o', merged]);
    assert.match(stdout, /3 shards merged; reports written to/);
    const whole = join(directory.path, 'whole');
    const wholeFiles = (await readdir(whole)).filter((name) => name !== 'records').sort();
    assert.deepEqual((await readdir(merged)).filter((name) => name !== 'records').sort(), wholeFiles);
    const jsons = await jsonFiles(whole);
    assert.ok(jsons.includes('suite@2000-results.json') && jsons.includes('pi-v1-sweep.json'), jsons.join());
    for (const name of jsons) {
      const expected = JSON.parse(await readFile(join(whole, name), 'utf8'));
      const actual = JSON.parse(await readFile(join(merged, name), 'utf8'));
      assert.deepEqual(withoutTimings(actual), withoutTimings(expected), name);
    }
    // The merged records stand for the whole run: report rebuilds the same results from them.
    const rebuilt = join(directory.path, 'rebuilt');
    await succeeds(['report', merged, '-o', rebuilt]);
    const expected = JSON.parse(await readFile(join(whole, 'suite@1000-results.json'), 'utf8'));
    const actual = JSON.parse(await readFile(join(rebuilt, 'suite@1000-results.json'), 'utf8'));
    assert.deepEqual(withoutTimings(actual), withoutTimings(expected));
  });

  it('merges shards written into one folder by separate runs (each with its own date)', async () => {
    const together = join(directory.path, 'together');
    for (const index of [1, 2, 3]) await cp(shardOut(index), together, { recursive: true });
    const out = join(directory.path, 'together-merged');
    assert.match(await succeeds(['merge', together, '-o', out]), /3 shards merged/);
    const expected = JSON.parse(
      await readFile(join(directory.path, 'whole', 'suite@2000-results.json'), 'utf8'),
    );
    const actual = JSON.parse(await readFile(join(out, 'suite@2000-results.json'), 'utf8'));
    assert.deepEqual(withoutTimings(actual), withoutTimings(expected));
  });

  it('refuses a missing shard, naming which', async () => {
    refused(
      await cli(['merge', shardOut(1), shardOut(3), '-o', join(directory.path, 'no')]),
      /^compaction-bench: shard 2 of 3 is missing \(given: 1 and 3\)$/,
    );
  });

  it('refuses a job present in two shards, naming the job and both shards', async () => {
    const copy = join(directory.path, 'shard-2-again');
    await cp(shardOut(2), copy, { recursive: true });
    refused(
      await cli(['merge', shardOut(1), shardOut(2), copy, shardOut(3), '-o', join(directory.path, 'no')]),
      /^compaction-bench: job \S+ × [a-z-]+ at \d+ tokens \([0-9a-f]{16}\) is in two shards: shard 2 of 3 \(.*shard-2\/records\/.*\) and shard 2 of 3 \(.*shard-2-again\/records\/.*\)$/,
    );
  });

  it('refuses a shard of another configuration, naming what differs', async () => {
    const other = join(directory.path, 'shard-2-other');
    // RUN with fewer strategies: a flag given twice with different values is refused, so -s is replaced.
    const fewer = RUN.map((word) =>
      word === 'single-shot,truncate,sequential-rolling' ? 'single-shot,truncate' : word,
    );
    await succeeds(['compare', ...fewer, '--shard', '2/3', '-o', other]);
    refused(
      await cli(['merge', shardOut(1), other, shardOut(3), '-o', join(directory.path, 'no')]),
      /^compaction-bench: shard 2 of 3 \(.*\) ran a different configuration from shard 1 of 3 \(.*\): strategies sequential-rolling only in shard 1 of 3$/,
    );
  });

  it('refuses shards of different tool versions, naming both', async () => {
    const older = join(directory.path, 'shard-2-older');
    await cp(shardOut(2), older, { recursive: true });
    const records = join(older, 'records');
    const file = join(
      records,
      (await readdir(records)).find((name) => name.endsWith('.jsonl'))!,
    );
    const [header, ...rest] = (await readFile(file, 'utf8')).split('\n');
    const run = JSON.parse(header!);
    await writeFile(file, [JSON.stringify({ ...run, version: '0.0.1' }), ...rest].join('\n'));
    refused(
      await cli(['merge', shardOut(1), older, shardOut(3), '-o', join(directory.path, 'no')]),
      new RegExp(
        `^compaction-bench: shard 2 of 3 \\(.*\\) was written by compaction-bench 0\\.0\\.1, shard 1 of 3 \\(.*\\) by ${run.version.replace(/\./g, '\\.')}: run every shard with one version$`,
      ),
    );
  });

  it('refuses records written without --shard', async () => {
    refused(
      await cli(['merge', join(directory.path, 'whole'), '-o', join(directory.path, 'no')]),
      /^compaction-bench: .*whole\/records\/.*\.jsonl: not a shard \(written without --shard\)/,
    );
  });
});

describe('--shard values', () => {
  for (const value of ['0/3', '4/3', 'x', '2', '1/0']) {
    it(`refuses --shard ${value} naming the flag`, async () => {
      const run = await cli([
        'compare',
        'before-compaction',
        '--shard',
        value,
        '-o',
        join(directory.path, 'no'),
      ]);
      assert.equal(run.code, 2);
      assert.match(
        run.stderr,
        new RegExp(`option '--shard <i/n>' argument '${value}' is invalid\\. expected i/n with 1 ≤ i ≤ n`),
      );
      assert.doesNotMatch(run.stderr, /\n\s+at /);
    });
  }
});

describe('check --shard i/n and merge', () => {
  const CHECK = ['before-compaction', join(SAMPLES, 'pi-v1.jsonl'), '-s', 'single-shot,truncate', '--quiet'];
  /** F-gate.md without what names the command: the provenance line and the command that accepts the results. */
  const gateOf = async (out: string) =>
    (await readFile(join(out, 'suite-gate.md'), 'utf8'))
      .replace(/^_compaction-bench .*_$/m, '')
      .replace(/^compaction-bench (check|merge) .*--update-baseline .*$/m, '');

  it('gives the verdict check gives without shards (a floor failed, the baseline passed)', async () => {
    const baseline = join(directory.path, 'gate-baseline');
    await succeeds([
      'check',
      ...CHECK,
      '--fail-under',
      'probeRecall=0',
      '--update-baseline',
      baseline,
      '-o',
      join(directory.path, 'gate-accept'),
    ]);
    const gate = [...CHECK, '--baseline', baseline, '--fail-under', 'truncate.probeRecall=0.9'];
    const whole = await cli(['check', ...gate, '-o', join(directory.path, 'gate-whole')]);
    assert.equal(whole.code, 1, whole.stderr);
    for (const index of [1, 2]) {
      const shard = await cli([
        'check',
        ...gate,
        '--shard',
        `${index}/2`,
        '-o',
        join(directory.path, `gate-${index}`),
      ]);
      assert.equal(shard.code, 0, `a shard of check gives no verdict: ${shard.stderr}`);
      assert.match(shard.stdout, new RegExp(`^shard ${index} of 2: ran \\d+ of \\d+ jobs`));
    }
    const merged = await cli([
      'merge',
      join(directory.path, 'gate-1'),
      join(directory.path, 'gate-2'),
      '-o',
      join(directory.path, 'gate-merged'),
    ]);
    assert.equal(merged.code, 1, merged.stderr);
    const expected = await gateOf(join(directory.path, 'gate-whole'));
    assert.match(expected, /FAIL/);
    assert.match(expected, /truncate/);
    assert.match(expected, /a lost fact is lost/, 'the baseline was compared');
    assert.equal(await gateOf(join(directory.path, 'gate-merged')), expected);
    assert.match(merged.stdout, /^FAIL  truncate: 1 failure/);
    // The merged records end with the gate's outcome as the unsharded check's do (what `runs` lists).
    const lastRecord = async (out: string) => {
      const folder = join(directory.path, out, 'records');
      const [name] = (await readdir(folder)).filter((file) => file.endsWith('.jsonl'));
      const { run: _run, ...gate } = JSON.parse(
        (await readFile(join(folder, name!), 'utf8')).trim().split('\n').at(-1)!,
      );
      return gate;
    };
    const wholeGate = await lastRecord('gate-whole');
    assert.equal(wholeGate.kind, 'gate');
    assert.equal(wholeGate.passed, false);
    assert.deepEqual(await lastRecord('gate-merged'), wholeGate);
  });
});

describe('a strategy failing in a shard', () => {
  it('exits 3 in that shard only, and merge reports the error as compare does', async () => {
    // single-shot overflows a 9,000-token window on before-compaction; truncate makes no call.
    const args = [
      'compare',
      'before-compaction',
      '-s',
      'single-shot,truncate',
      '--context-window',
      '9000',
      '--quiet',
    ];
    const codes: Array<number | null> = [];
    for (const index of [1, 2])
      codes.push(
        (await cli([...args, '--shard', `${index}/2`, '-o', join(directory.path, `fail-${index}`)])).code,
      );
    assert.deepEqual([...codes].sort(), [0, 3]);
    const out = join(directory.path, 'fail-merged');
    await succeeds(['merge', join(directory.path, 'fail-1'), join(directory.path, 'fail-2'), '-o', out]);
    const results = JSON.parse(await readFile(join(out, 'before-compaction-results.json'), 'utf8'));
    const byName = Object.fromEntries(
      results.strategies.map((strategy: { name: string }) => [strategy.name, strategy]),
    );
    assert.equal(byName['single-shot'].status, 'error');
    assert.match(
      byName['single-shot'].error,
      /context overflow: .*exceeds the context window of 9,000 tokens/,
    );
    assert.equal(byName['truncate'].status, 'ok');
  });
});
