/**
 * The evaluation benchmark (issue #45's targets), each figure the CPU time (user + system) and peak memory of a
 * whole process, median and range over `BENCH_RUNS` runs (default 3), so the load of a shared machine moves the
 * wall time but hardly these:
 * - growth: `compare <session> -s all` on generated sessions of 0.5, 1, 2 and 4 M tokens (`BENCH_SIZES`), the
 *   slope of CPU against size fitted on logarithms (1 is linear) from 1 to 4 M ≤ 1.05; at 4 M ≤ 35 s CPU and
 *   ≤ 450 MiB;
 * - evaluation alone: every stored context of the largest session scored again in one process (the transcript's
 *   index, then each strategy's context), CPU of each part;
 * - reports alone: `report` of the largest session's records (the Markdown, the HTML page and its charts);
 * - continuation: `compare large-session -s all --continuation 5` ÷ the same without it ≤ 1.3;
 * - suite: `compare <folder of 100 sessions of 40,000 tokens>` (core) ≤ 0.12 s CPU per session, and `report` of it;
 * - derivation: `probes <session>` on a copy of the 1 M-token session with no sidecar beside it (`BENCH_DERIVE_SIZE`),
 *   what a compare of a session with no reviewed probes pays before it scores (the other parts read sidecars).
 * `BENCH_PARTS=growth,evaluation,reports,continuation,suite,derivation` picks parts; `BENCH_BASELINE=<another checkout>` runs
 * every command there too, alternating, and prints this tree's CPU ÷ the baseline's pair by pair.
 * Run: `npm run bench -- evaluation`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BASELINE,
  MIB,
  ROOT,
  describeLoad,
  describePairs,
  describeRuns,
  describeSpread,
  fittedSlope,
  mark,
  measureCli,
  spread,
  type Paired,
} from './process.ts';
import { benchSession, benchSuite } from './sessions.ts';

const SIZES = (process.env.BENCH_SIZES ?? '500000,1000000,2000000,4000000').split(',').map(Number);
const PARTS = new Set(
  (process.env.BENCH_PARTS ?? 'growth,evaluation,reports,continuation,suite,derivation').split(','),
);
const DERIVE_SIZE = Number(process.env.BENCH_DERIVE_SIZE ?? 1_000_000);
const SUITE_SESSIONS = Number(process.env.BENCH_SUITE_SESSIONS ?? 100);
const SUITE_TOKENS = 40_000;

const log = (line: string) => process.stdout.write(`${line}\n`);
const median = (values: number[]) => spread(values).median;
const cpuOf = (runs: Paired['here']) => median(runs.map((run) => run.cpuMs));

const [mode, ...rest] = process.argv.slice(2);
if (mode === '--evaluate') {
  const { measureEvaluation } = await import('./evaluation-child.ts');
  process.stdout.write(`${JSON.stringify(await measureEvaluation(rest[0]!, rest[1]!))}\n`);
} else await main();

async function main(): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'compaction-bench-evaluation-'));
  try {
    // The figures are the installed command's: the bundle npm ci builds, as fresh as the sources.
    for (const root of [ROOT, ...(BASELINE ? [BASELINE] : [])]) {
      const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
      if (build.status !== 0) throw new Error(`the build (${root}scripts/build.mjs) failed`);
    }
    log(`${describeLoad()} at the start`);
    const outOf = (name: string) => (root: string) => join(scratch, root === ROOT ? 'here' : 'there', name);
    let largest: { path: string; out: (root: string) => string } | undefined;
    if (PARTS.has('growth') || PARTS.has('evaluation') || PARTS.has('reports')) {
      const sizes = PARTS.has('growth') ? SIZES : [SIZES[SIZES.length - 1]!];
      const points: Array<{ x: number; y: number }> = [];
      for (const size of sizes) {
        const path = await benchSession(size, log);
        const out = outOf(`growth-${size}`);
        const runs = await measureCli((root) => ['compare', path, '-s', 'all', '-o', out(root), '-q'], {
          cwd: scratch,
          runs: PARTS.has('growth') ? undefined : 1,
        });
        points.push({ x: size, y: cpuOf(runs.here) });
        log(`compare -s all, ${size / 1e6} M tokens: ${describeRuns(runs.here)}${describePairs(runs)}`);
        if (size === sizes[sizes.length - 1]) {
          largest = { path, out };
          const cpu = cpuOf(runs.here) / 1000;
          const peak = median(runs.here.map((run) => run.maxRssBytes)) / MIB;
          if (size === 4_000_000)
            log(
              `  at 4 M: ${cpu.toFixed(1)} s CPU (target ≤ 35 s ${mark(cpu <= 35)}), ${peak.toFixed(0)} MiB (target ≤ 450 MiB ${mark(peak <= 450)})`,
            );
        }
      }
      if (points.length > 1) {
        const fromOne = points.filter((point) => point.x >= 1_000_000);
        const slope = fromOne.length > 1 ? fittedSlope(fromOne) : Number.NaN;
        log(
          `growth: CPU ∝ tokens^${fittedSlope(points).toFixed(2)} over ${points[0]!.x / 1e6}–${points[points.length - 1]!.x / 1e6} M` +
            (fromOne.length > 1
              ? `, ^${slope.toFixed(2)} from 1 M (target ≤ 1.05 ${mark(slope <= 1.05)})`
              : ''),
        );
      }
    }
    if (largest && PARTS.has('evaluation')) evaluationAlone(largest.out);
    if (largest && PARTS.has('reports')) {
      const runs = await measureCli(
        (root) => ['report', largest!.out(root), '-o', join(largest!.out(root), 'reports')],
        { cwd: scratch },
      );
      log(`report of the largest session (every format): ${describeRuns(runs.here)}${describePairs(runs)}`);
    }
    if (PARTS.has('continuation')) await continuation(scratch, outOf);
    if (PARTS.has('suite')) await suite(scratch, outOf);
    if (PARTS.has('derivation')) await derivation(scratch);
    log(`${describeLoad()} at the end`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Scoring alone, in a child process, with this tree's sources (and the baseline's). */
function evaluationAlone(out: (root: string) => string): void {
  const roots = [ROOT, ...(BASELINE ? [BASELINE] : [])];
  for (const root of roots) {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'bench/evaluation.bench.ts'), '--evaluate', root, out(root)],
      { cwd: root, encoding: 'utf8', maxBuffer: 16 * MIB },
    );
    if (child.status !== 0) {
      log(`evaluation alone (${root}): failed\n${child.stderr.slice(-1000)}`);
      continue;
    }
    const figures = JSON.parse(child.stdout.trim().split('\n').pop()!) as {
      contexts: number;
      referenceCpuMs: number;
      scoringCpuMs: number;
      tokens: number;
    };
    log(
      `evaluation alone${root === ROOT ? '' : ` (baseline ${root})`}, ${(figures.tokens / 1e6).toFixed(1)} M tokens: ` +
        `the transcript read and indexed ${(figures.referenceCpuMs / 1000).toFixed(2)} s CPU, ` +
        `${figures.contexts} contexts scored ${(figures.scoringCpuMs / 1000).toFixed(2)} s CPU`,
    );
  }
}

/** `--continuation 5` against the same compare without it, on large-session. */
async function continuation(
  scratch: string,
  outOf: (name: string) => (root: string) => string,
): Promise<void> {
  const plain = await measureCli(
    (root) => ['compare', 'large-session', '-s', 'all', '-o', outOf('plain')(root), '-q'],
    { cwd: scratch },
  );
  const continued = await measureCli(
    (root) => [
      'compare',
      'large-session',
      '-s',
      'all',
      '--continuation',
      '5',
      '-o',
      outOf('continuation')(root),
      '-q',
    ],
    { cwd: scratch },
  );
  log(`compare large-session -s all: ${describeRuns(plain.here)}${describePairs(plain)}`);
  log(`  with --continuation 5: ${describeRuns(continued.here)}${describePairs(continued)}`);
  const ratios = continued.here.map((run, index) => run.cpuMs / plain.here[index]!.cpuMs);
  const ratio = median(ratios);
  log(
    `  --continuation 5 ÷ plain: ${describeSpread(ratios, 1, '×', 2)} of the CPU (target ≤ 1.3 ${mark(ratio <= 1.3)})`,
  );
  if (plain.there.length > 0) {
    const before = continued.there.map((run, index) => run.cpuMs / plain.there[index]!.cpuMs);
    log(`  baseline: ${describeSpread(before, 1, '×', 2)}`);
  }
}

/** A suite of generated sessions, compared (core) and reported again. */
async function suite(scratch: string, outOf: (name: string) => (root: string) => string): Promise<void> {
  const folder = await benchSuite(SUITE_SESSIONS, SUITE_TOKENS, log);
  const sessions = readdirSync(folder).filter((file) => file.endsWith('.jsonl')).length;
  const out = outOf('suite');
  const runs = await measureCli((root) => ['compare', folder, '-o', out(root), '-q'], { cwd: scratch });
  const perSession = cpuOf(runs.here) / 1000 / sessions;
  log(
    `compare of a suite of ${sessions} sessions of ${SUITE_TOKENS / 1000}k tokens (core): ${describeRuns(runs.here)}${describePairs(runs)}`,
  );
  log(
    `  ${perSession.toFixed(3)} s CPU per session (target ≤ 0.12 s ${mark(perSession <= 0.12)})` +
      (runs.there.length > 0 ? `; baseline ${(cpuOf(runs.there) / 1000 / sessions).toFixed(3)} s` : ''),
  );
  const reports = await measureCli((root) => ['report', out(root), '-o', join(out(root), 'reports')], {
    cwd: scratch,
    runs: 1,
  });
  log(
    `  report of the suite (every session's pages and the suite's): ${describeRuns(reports.here)}${describePairs(reports)}`,
  );
}

/** Derivation alone: `probes` on a copy of a generated session with no sidecar beside it (lint errors exit 1). */
async function derivation(scratch: string): Promise<void> {
  const session = join(scratch, `derive-${DERIVE_SIZE}.jsonl`);
  await copyFile(await benchSession(DERIVE_SIZE, log), session);
  const runs = await measureCli(
    (root) => [
      'probes',
      session,
      '-o',
      join(scratch, `derived-${root === ROOT ? 'here' : 'there'}.probes.json`),
      '--force',
    ],
    { cwd: scratch, okCodes: [0, 1] },
  );
  log(
    `probes (derivation and its lint), ${DERIVE_SIZE / 1e6} M tokens, no sidecar: ${describeRuns(runs.here)}${describePairs(runs)}`,
  );
}
