/**
 * The speed benchmark (issue #14's targets), each figure a ratio measured in this one run:
 * - scheduling: `compare large-session -s core|all --concurrency 16` against the loopback server answering every
 *   call after 200 ms: the whole run's span ÷ the least it could take (the longest strategy chain, or all calls
 *   spread over 16 slots, whichever is longer) ≤ 1.2 (the whole process, start and reports included, is
 *   bench/wall.bench.ts);
 * - own time: single-shot alone, its reported time ÷ 200 ms ≤ 1.15;
 * - start-up: `--help` ≤ 0.25 s and `inspect before-compaction` ≤ 0.4 s, whole process (median wall, with CPU and
 *   peak memory);
 * - `BENCH_BIG=1`: `inspect` of a ~500 MB transcript (copies of the 4M-token session), peak RSS ÷ file size ≤ 1.2.
 * Offline `compare` at 0.5–4 M tokens (CPU, memory, growth) is bench/evaluation.bench.ts.
 * `BENCH_BASELINE=<another checkout>` runs every whole-process command there too, alternating, and prints
 * this tree's figures beside the baseline's (a checkout from before probe format 2 gets a version 1 sidecar).
 * Run: `npm run bench -- speed`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCompare } from '../src/run/run.ts';
import { readResults } from '../src/results/digest.ts';
import { sidecarPath } from '../src/quality/probes.ts';
import { defaultSettings } from '../src/settings.ts';
import { startMockLlmServer } from '../support/loopback-llm-server.ts';
import {
  BASELINE,
  MIB,
  ROOT,
  describeLoad,
  describeRuns,
  describeSpread,
  mark,
  measureCli,
  spread,
  type Paired,
} from './process.ts';
import { bigBenchSession } from './sessions.ts';

const LATENCY_MS = 200;
const CONCURRENCY = 16;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const log = (line: string) => process.stdout.write(`${line}\n`);

/** A whole-process figure: median wall (against a target), CPU and peak memory, and the baseline's beside it. */
function describeProcess(label: string, runs: Paired, targetMs?: number): string {
  const wall = spread(runs.here.map((run) => run.wallMs)).median;
  let line = `${label}: ${describeSpread(
    runs.here.map((run) => run.wallMs),
    1000,
    's',
    2,
  )} wall`;
  if (targetMs !== undefined)
    line += ` (target ≤ ${(targetMs / 1000).toFixed(2)} s ${mark(wall <= targetMs)})`;
  line += `, ${describeRuns(runs.here)}`;
  if (runs.there.length > 0) {
    const before = spread(runs.there.map((run) => run.wallMs)).median;
    line += `; baseline ${(before / 1000).toFixed(2)} s wall, ${describeRuns(runs.there)} → ${(before / wall).toFixed(2)}× faster`;
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
    const compare = async (transcript: string, strategies: string) => {
      const outcome = await runCompare({
        transcripts: [transcript],
        strategies,
        provider: 'openai:bench-model',
        providerOptions: { baseUrl: server.url, environment: {}, cacheDirectory: false },
        out: join(scratch, 'out'),
        tokenizer: 'o200k_base',
        config: defaultSettings(),
        concurrency: CONCURRENCY,
        runs: 1,
      });
      return (await readResults(outcome.sessions[0]!.resultsFile)).strategies;
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
    log(`${describeLoad()} at the start`);
    await scheduling(scratch);
    const options = { cwd: scratch, runs: RUNS };
    log(describeProcess('--help', await measureCli(() => ['--help'], options), 250));
    log(
      describeProcess(
        'inspect before-compaction',
        await measureCli(() => ['inspect', 'before-compaction'], options),
        400,
      ),
    );
    if (process.env.BENCH_BIG === '1') {
      const big = await bigBenchSession(500, log);
      const size = statSync(big).size;
      const runs = await measureCli(
        (root) => ['inspect', root === ROOT || !BASELINE ? big : versionOneCopy(big)],
        {
          cwd: scratch,
          runs: 1,
        },
      );
      const ratio = runs.here[0]!.maxRssBytes / size;
      log(
        `${describeProcess(`inspect of a ${Math.round(size / MIB)} MiB transcript`, runs)}; peak ÷ file ${ratio.toFixed(2)} (target ≤ 1.2 ${mark(ratio <= 1.2)})`,
      );
    }
    log(`${describeLoad()} at the end`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
