/**
 * The speed benchmark (issue #14's targets), each figure a ratio measured in this one run:
 * - scheduling: `compare large-session -s core|all --concurrency 16` against the loopback server answering every
 *   call after 200 ms: the whole run's span ÷ the least it could take (the longest strategy chain, or all calls
 *   spread over 16 slots, whichever is longer) ≤ 1.2;
 * - own time: single-shot alone, its reported time ÷ 200 ms ≤ 1.15;
 * - start-up: `--help` ≤ 0.25 s and `inspect before-compaction` ≤ 0.4 s, whole process (median);
 * - offline: `compare -s all` on a generated 4M-token session, wall time and peak RSS (≤ 600 MiB);
 * - `BENCH_BIG=1`: `inspect` of a ~500 MB transcript (copies of the 4M-token session), peak RSS ÷ file size ≤ 1.2.
 * `BENCH_BASELINE=<another checkout>` runs every whole-process command there too, alternating, and prints
 * this tree's time ÷ the baseline's (a checkout from before probe format 2 gets a version 1 sidecar). Run: `npm run bench -- speed`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, linkSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCompare } from '../src/run.ts';
import { readResults } from '../src/results/digest.ts';
import { sidecarPath } from '../src/quality/probes.ts';
import { defaultSettings } from '../src/settings.ts';
import { startMockLlmServer } from '../support/loopback-llm-server.ts';
import { benchSession, bigBenchSession } from './sessions.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const LATENCY_MS = 200;
const CONCURRENCY = 16;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BASELINE = process.env.BENCH_BASELINE;
const MIB = 1024 * 1024;

const log = (line: string) => process.stdout.write(`${line}\n`);
const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** One whole-process run: wall ms, peak RSS and exit code. */
type ProcessRun = { ms: number; maxRssBytes: number; code: number | null };

function runProcess(root: string, args: string[], cwd: string): Promise<ProcessRun> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', join(ROOT, 'bench/max-rss.mjs'), join(root, 'bin/compaction-bench.js'), ...args],
    { cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, OPENAI_API_KEY: '' } },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const rss = /max-rss (\d+)/.exec(stderr);
      resolve({ ms, maxRssBytes: rss ? Number(rss[1]) : Number.NaN, code });
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** A command `runs` times here (and in the baseline, alternating): median wall ms and peak RSS of each. */
async function wholeProcess(args: string[], cwd: string, runs: number, baselineArgs = args) {
  const here: ProcessRun[] = [];
  const there: ProcessRun[] = [];
  for (let run = 0; run < runs; run++) {
    here.push(await runProcess(ROOT, args, cwd));
    if (BASELINE) there.push(await runProcess(BASELINE, baselineArgs, cwd));
  }
  const failed = [...here, ...there].find((run) => run.code !== 0);
  if (failed) throw new Error(`compaction-bench ${args.join(' ')} exited ${failed.code}`);
  const summary = (runs: ProcessRun[]) => ({
    ms: median(runs.map((run) => run.ms)),
    maxRssBytes: Math.max(...runs.map((run) => run.maxRssBytes)),
  });
  return { here: summary(here), there: there.length > 0 ? summary(there) : undefined };
}

function describeProcess(
  label: string,
  result: Awaited<ReturnType<typeof wholeProcess>>,
  targetMs?: number,
): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  let line = `${label}: ${seconds(result.here.ms)}, peak ${Math.round(result.here.maxRssBytes / MIB)} MiB`;
  if (targetMs !== undefined) line += ` (target ≤ ${seconds(targetMs)} ${mark(result.here.ms <= targetMs)})`;
  if (result.there) {
    line +=
      `; baseline ${seconds(result.there.ms)}, peak ${Math.round(result.there.maxRssBytes / MIB)} MiB` +
      ` → ${(result.there.ms / result.here.ms).toFixed(2)}× faster, memory ×${(result.here.maxRssBytes / result.there.maxRssBytes).toFixed(2)}`;
  }
  return line;
}

/**
 * The transcript as a baseline from before probe format 2 reads it: a link to the same file, beside a version 1
 * sidecar whose probes match each facet's first spelling (the same probes, so the same scoring work).
 */
function versionOneCopy(session: string): string {
  const copy = session.replace(/\.jsonl$/, '-v1.jsonl');
  if (!existsSync(copy)) linkSync(session, copy);
  const sidecar = JSON.parse(readFileSync(sidecarPath(session), 'utf8')) as {
    probes: Array<{ facets: string[][] } & Record<string, unknown>>;
  };
  const probes = sidecar.probes.map(({ facets, contradictions, repeatedAt, ...probe }) => ({
    ...probe,
    match: facets.map((spellings) => spellings[0]!),
  }));
  writeFileSync(sidecarPath(copy), JSON.stringify({ probes }));
  return copy;
}

/** Scheduling and own time, in this process, against the loopback server. */
async function scheduling(scratch: string): Promise<void> {
  const server = await startMockLlmServer({ latencyMs: LATENCY_MS });
  try {
    const compare = async (fixture: string, strategies: string) => {
      const outcome = await runCompare({
        fixtures: [fixture],
        strategies,
        provider: 'openai:bench-model',
        providerOptions: { baseUrl: server.url, environment: {}, cacheDirectory: false },
        out: join(scratch, 'out'),
        tokenizer: 'o200k_base',
        config: defaultSettings(),
        concurrency: CONCURRENCY,
        runs: 1,
      });
      return (await readResults(outcome.fixtures[0]!.resultsFile)).strategies;
    };
    for (const strategies of ['core', 'all']) {
      const results = await compare('large-session', strategies);
      const calls = results.reduce((sum, result) => sum + result.calls, 0);
      const chain = Math.max(...results.map((result) => result.criticalPathCalls));
      // The run's span from its own clock: every call's end, from the start of the run.
      const span = Math.max(
        ...results.flatMap((result) => result.trace.map((call) => result.startedAtMs + call.endedAt)),
      );
      const floor = Math.max(chain, Math.ceil(calls / CONCURRENCY)) * LATENCY_MS;
      const ratio = span / floor;
      log(
        `compare large-session -s ${strategies} --concurrency ${CONCURRENCY} (${LATENCY_MS} ms a call): span ${span.toFixed(0)} ms ÷ ` +
          `max(chain ${chain}, ⌈${calls} calls ÷ ${CONCURRENCY}⌉) × ${LATENCY_MS} ms = ${floor} ms → ${ratio.toFixed(2)} (target ≤ 1.2 ${mark(ratio <= 1.2)})`,
      );
    }
    const [single] = await compare('before-compaction', 'single-shot');
    const ratio = single!.ownMs / LATENCY_MS;
    log(
      `single-shot alone: ${single!.ownMs.toFixed(0)} ms of its own ÷ ${LATENCY_MS} ms = ${ratio.toFixed(2)} (target ≤ 1.15 ${mark(ratio <= 1.15)}), ` +
        `waited ${single!.waitMs.toFixed(0)} ms`,
    );
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'compaction-bench-speed-'));
  try {
    // The figures are the installed command's: the bundle npm ci builds, as fresh as the sources.
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build (scripts/build.mjs) failed');
    await scheduling(scratch);
    log(describeProcess('--help', await wholeProcess(['--help'], scratch, RUNS), 250));
    log(
      describeProcess(
        'inspect before-compaction',
        await wholeProcess(['inspect', 'before-compaction'], scratch, RUNS),
        400,
      ),
    );
    const session = await benchSession(4_000_000, log);
    const offlineArgs = (file: string) => [
      'compare',
      file,
      '-s',
      'all',
      '-o',
      join(scratch, 'offline'),
      '-q',
    ];
    const offline = await wholeProcess(
      offlineArgs(session),
      scratch,
      Number(process.env.BENCH_OFFLINE_RUNS ?? 1),
      BASELINE ? offlineArgs(versionOneCopy(session)) : undefined,
    );
    const peak = offline.here.maxRssBytes <= 600 * MIB;
    log(
      `${describeProcess('offline compare -s all, 4M tokens', offline)} (peak target ≤ 600 MiB ${mark(peak)})`,
    );
    if (process.env.BENCH_BIG === '1') {
      const big = await bigBenchSession(500, log);
      const size = statSync(big).size;
      const result = await wholeProcess(
        ['inspect', big],
        scratch,
        1,
        BASELINE ? ['inspect', versionOneCopy(big)] : undefined,
      );
      const ratio = result.here.maxRssBytes / size;
      log(
        `${describeProcess(`inspect of a ${Math.round(size / MIB)} MiB transcript`, result)}; peak ÷ file ${ratio.toFixed(2)} (target ≤ 1.2 ${mark(ratio <= 1.2)})`,
      );
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
