/**
 * `score` re-scores every figure of every run kind: each kind is run offline, its probes cut to a third, and the
 * re-scored results must equal a fresh run with the cut probes, figure for figure (chain tables and continuation
 * blocks included); records of a chain from before chains were stored cannot be re-scored, and `score` says so.
 */
import assert from 'node:assert/strict';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { writeSuite } from '../helpers/suite-sessions.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

/** What a run measures in time, and where it came from: never the same twice, never a figure of the probes. */
const UNREPEATABLE = new Set([
  'wallMs',
  'ms',
  'startedAtMs',
  'criticalPathMs',
  'ownMs',
  'waitMs',
  'requestedAt',
  'startedAt',
  'endedAt',
  'provenance',
  'generatedAt',
  'probeFile',
]);

function figures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(figures);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !UNREPEATABLE.has(key))
      .map(([key, inner]) => [key, figures(inner)]),
  );
}

const json = async (path: string) => JSON.parse(await readFile(path, 'utf8'));

async function compare(args: string[], out: string): Promise<void> {
  const run = await runCli(['compare', ...args, '-o', out, '--quiet'], { cwd: directory.path });
  assert.equal(run.code, 0, run.stderr);
}

/** A session of the shipped fixtures copied with its sidecar into `folder`, so the test may change its probes. */
async function copied(folder: string, name: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  await copyFile(join(FIXTURES, `${name}.probes.json`), join(folder, `${name}.probes.json`));
  await copyFile(join(FIXTURES, `${name}.jsonl`), join(folder, `${name}.jsonl`));
  return join(folder, `${name}.jsonl`);
}

/** A probe file holding every third probe of a session's sidecar. */
async function cutProbes(session: string): Promise<string> {
  const sidecar = await json(session.replace(/\.jsonl$/, '.probes.json'));
  const probes = sidecar.probes.filter((_probe: unknown, index: number) => index % 3 === 0);
  assert.ok(probes.length > 0 && probes.length < sidecar.probes.length);
  return `${JSON.stringify({ ...sidecar, probes }, null, 2)}\n`;
}

/** The results files of an output folder, by name. */
async function resultsIn(out: string): Promise<Map<string, any>> {
  const names = (await readdir(out)).filter((name) => name.endsWith('results.json')).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await json(join(out, name))] as const)));
}

/**
 * Runs `args` on `sessions`, cuts their probes, and checks that `score` of the first run equals a fresh run on the
 * cut probes in every results file; `probesFlag`: the cut probes go to `score --probes` (one session) instead of
 * the sidecar. Returns the first, re-scored and fresh results.
 */
async function rescoredEqualsFresh(
  folder: string,
  sessions: readonly string[],
  args: readonly string[],
  probesFlag = false,
): Promise<{ first: Map<string, any>; rescored: Map<string, any> }> {
  await compare([...sessions, ...args], join(folder, 'first'));
  const cut = await Promise.all(sessions.map(cutProbes));
  const scoreArgs = ['score', join(folder, 'first'), '-o', join(folder, 'rescored')];
  if (probesFlag) {
    await writeFile(join(folder, 'cut.probes.json'), cut[0]!);
    scoreArgs.push('--probes', join(folder, 'cut.probes.json'));
  } else {
    await Promise.all(
      sessions.map((session, index) => writeFile(session.replace(/\.jsonl$/, '.probes.json'), cut[index]!)),
    );
  }
  const scored = await runCli(scoreArgs, { cwd: directory.path });
  assert.equal(scored.code, 0, scored.stderr);
  if (probesFlag)
    await Promise.all(
      sessions.map((session, index) => writeFile(session.replace(/\.jsonl$/, '.probes.json'), cut[index]!)),
    );
  await compare([...sessions, ...args], join(folder, 'fresh'));
  const [first, rescored, fresh] = await Promise.all([
    resultsIn(join(folder, 'first')),
    resultsIn(join(folder, 'rescored')),
    resultsIn(join(folder, 'fresh')),
  ]);
  assert.deepEqual([...rescored.keys()], [...fresh.keys()]);
  assert.ok(fresh.size > 0);
  for (const [name, results] of fresh) {
    assert.notDeepEqual(figures(first.get(name)), figures(results), `${name}: the cut changes the figures`);
    assert.deepEqual(figures(rescored.get(name)), figures(results), `${name}: re-scored as a fresh run`);
  }
  return { first, rescored };
}

describe('score re-scores every figure, as a fresh run on the changed probes would', () => {
  it('of a session, against a probe file given with --probes', async () => {
    const folder = join(directory.path, 'session');
    const session = await copied(folder, 'before-compaction');
    const { first, rescored } = await rescoredEqualsFresh(
      folder,
      [session],
      ['-s', 'single-shot,truncate,paths-only'],
      true,
    );
    const live = (results: any) => results.fixture.liveProbes;
    // The cut keeps the webhook task but not the later requests' tasks: those requests still came after it, so it is
    // no longer the open request (history), and 6 of the cut's probes are live.
    assert.deepEqual(
      [
        live(first.get('before-compaction-results.json')),
        live(rescored.get('before-compaction-results.json')),
      ],
      [21, 6],
    );
  });

  it('of a sweep', async () => {
    const folder = join(directory.path, 'sweep');
    const session = await copied(folder, 'before-compaction');
    await rescoredEqualsFresh(
      folder,
      [session],
      ['-s', 'single-shot,truncate', '--target-tokens', '600,1500'],
    );
  });

  it('of a suite: each session, and the suite figures', async () => {
    const folder = join(directory.path, 'suite');
    await mkdir(folder, { recursive: true });
    const sessions = await writeSuite(folder, 2);
    const { rescored } = await rescoredEqualsFresh(folder, sessions, ['-s', 'truncate,paths-only']);
    assert.ok(rescored.has('suite-results.json'));
  });

  it('of a chain: every compaction, the chain table and the final context', async () => {
    const folder = join(directory.path, 'chain');
    const session = await copied(folder, 'before-compaction');
    const { first, rescored } = await rescoredEqualsFresh(
      folder,
      [session],
      [
        '-s',
        'paths-only,single-shot,structured-iterative',
        '--schedule',
        'window=12000,reserve=2000,keep=2000',
      ],
    );
    const probesPerCycle = (results: any) =>
      results.strategies.flatMap((strategy: any) => strategy.chain.cycles.map((cycle: any) => cycle.probes));
    const before = probesPerCycle(first.get('before-compaction-chain-results.json'));
    const now = probesPerCycle(rescored.get('before-compaction-chain-results.json'));
    assert.ok(before.length >= 6, 'each strategy compacts several times');
    assert.ok(now.every((count: number, index: number) => count < before[index]));
  });

  it('of a continuation over two cuts, pooled, and of a chain continued at each compaction', async () => {
    const folder = join(directory.path, 'continuation');
    const session = await copied(folder, 'before-compaction');
    const { first, rescored } = await rescoredEqualsFresh(
      folder,
      [session],
      ['-s', 'single-shot,truncate', '--continuation', '2', '--continuation-at', '5,20'],
    );
    const name = 'before-compaction-continuation@5,20-results.json';
    const counts = (results: any) =>
      results.strategies.map((strategy: any) =>
        strategy.continuation.cuts.map((cut: any) => Object.keys(cut.recoverability.byProbe).length),
      );
    assert.ok(
      counts(rescored.get(name))
        .flat()
        .every((count: number, index: number) => count <= counts(first.get(name)).flat()[index]),
    );
    assert.ok(rescored.get(name).strategies[0].continuation.pooled);

    const chained = join(directory.path, 'continued-chain');
    const chainSession = await copied(chained, 'before-compaction');
    await rescoredEqualsFresh(
      chained,
      [chainSession],
      [
        '-s',
        'paths-only,single-shot',
        '--continuation',
        '2',
        '--schedule',
        'window=12000,reserve=2000,keep=2000',
      ],
    );
  });
});

describe('score of records written before chains were stored', () => {
  it('says in one line that it cannot re-score the chain (exit 2), instead of printing stale figures', async () => {
    const folder = join(directory.path, 'older');
    const session = await copied(folder, 'before-compaction');
    const out = join(folder, 'out');
    await compare([session, '-s', 'paths-only', '--schedule', 'window=12000,reserve=2000,keep=2000'], out);
    const records = join(out, 'records');
    const [file] = (await readdir(records)).filter((name) => name.endsWith('.jsonl'));
    const results = await json(join(out, 'before-compaction-chain-results.json'));
    // As an older version wrote it: the chain's figures in the outcome, no compaction's output.
    const lines = (await readFile(join(records, file!), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => {
        const record = JSON.parse(line);
        if (record.kind !== 'job') return line;
        const { chain: _chain, ...compacted } = record.compacted;
        const { chain: _scores, ...scores } = record.scores;
        const outcome = { ...record.outcome, chain: results.strategies[0].chain };
        return JSON.stringify({ ...record, compacted, scores, outcome });
      });
    await writeFile(join(records, file!), `${lines.join('\n')}\n`);
    const report = await runCli(['report', out, '-o', join(folder, 'reported')], { cwd: directory.path });
    assert.equal(report.code, 0, report.stderr);
    assert.deepEqual(
      (await json(join(folder, 'reported', 'before-compaction-chain-results.json'))).strategies[0].chain,
      results.strategies[0].chain,
      'report still reads them',
    );
    const scored = await runCli(['score', out, '-o', join(folder, 'scored')], { cwd: directory.path });
    assert.equal(scored.code, 2);
    assert.equal(
      scored.stderr,
      `compaction-bench: ${join(records, file!)}: before-compaction × paths-only holds chain figures from an older version without the outputs they were computed from, so score cannot re-score them; rerun compare\n`,
    );
    assert.equal(basename(file!).endsWith('.jsonl'), true);
  });
});

describe('score of results files written before records', () => {
  it('refuses a chain and a continuation replay in one line each (exit 2): their outputs were not stored', async () => {
    const folder = join(directory.path, 'results-files');
    const session = await copied(folder, 'before-compaction');
    const cases = [
      [
        ['--schedule', 'window=12000,reserve=2000,keep=2000'],
        'before-compaction-chain-results.json',
        '--schedule chain; the summaries of its earlier compactions are not stored',
      ],
      [
        ['--continuation', '2'],
        'before-compaction-continuation@59-results.json',
        '--continuation replay; the contexts at its cuts are not stored',
      ],
    ] as const;
    for (const [flags, name, why] of cases) {
      const out = join(folder, name);
      await compare([session, '-s', 'paths-only', ...flags], out);
      const scored = await runCli(['score', join(out, name), '-o', join(out, 'scored')], {
        cwd: directory.path,
      });
      assert.equal(scored.code, 2);
      assert.equal(scored.stderr.split('\n').length, 2, scored.stderr);
      assert.ok(scored.stderr.includes(`${join(out, name)}: results of a ${why}`), scored.stderr);
    }
  });
});
