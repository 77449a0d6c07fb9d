/**
 * The whole-process wall benchmark (issue #45): `compaction-bench compare large-session -s core` against the
 * loopback server answering every call after 300 ms, timed from the process's spawn to its exit, over the floor
 * no harness can beat: the longest strategy chain, or all calls spread over the concurrency, whichever is
 * longer, times the latency. Target ≤ 1.2 at the default concurrency. Each concurrency (`BENCH_CONCURRENCY`,
 * default `default,16`) runs `BENCH_RUNS` times (default 5), median and range, with the machine's load printed
 * beside them (wall time is what load moves), and the run's timeline: the wall from the spawn to the first request,
 * from there to the last answer, and from there to the exit. `BENCH_BASELINE=<another checkout>` alternates with a
 * baseline.
 * Run: `npm run bench -- wall`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { promptOf, startMockLlmServer } from '../support/loopback-llm-server.ts';
import { chainsOf, type ServedCall } from './served-chains.ts';
import {
  BASELINE,
  ROOT,
  describeLoad,
  describeSpread,
  mark,
  processCpuMs,
  runCli,
  spread,
  type ProcessRun,
} from './process.ts';

const LATENCY_MS = 300;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? 'default,16').split(',');
const SESSION = process.env.BENCH_SESSION ?? 'large-session';
const STRATEGIES = process.env.BENCH_STRATEGIES ?? 'core';

const log = (line: string) => process.stdout.write(`${line}\n`);

/**
 * One run's wall time and its floor, read from the results the run wrote, and the CPU the process spent before its
 * first call reached the server and after the last answer left it: on a quiet machine the start and the tail of
 * the wall take about as long, whatever the load was while measuring.
 */
type WallRun = ProcessRun & {
  /** The run's timeline, wall ms from the spawn: the first request reached the server, the last answer left it. */
  firstRequestMs: number;
  lastAnswerMs: number;
  floorMs: number;
  calls: number;
  chain: number;
  concurrency: number;
  startCpuMs: number;
  tailCpuMs: number;
  /** The process's own marks (src/timeline.ts), wall ms from the spawn, by point. */
  timeline: Map<string, number>;
  /** The main thread's CPU ms at each mark (Linux only), which load moves less than the wall. */
  threadCpu: Map<string, number>;
  /**
   * The main thread's ms off a CPU at each mark, from the process's start (Linux only): runnable but waiting for one
   * (what load adds), and with nothing to run (the wall less its CPU and that wait: waiting on I/O or an answer).
   */
  threadWait: Map<string, number>;
  threadIdle: Map<string, number>;
  /** The sequential chains found (three or more calls, each carrying the answer before it). */
  chains: number;
  /** Ms from the first request to the last chain's first request. */
  chainStartMs: number;
  /** Of the chain answered last, the ms between each answer and its next request, in all. */
  chainGapsMs: number;
};

/** The points of the timeline in the order a run reaches them, as the bench prints them. */
const POINTS: ReadonlyArray<[point: string, label: string]> = [
  ['start', 'process started'],
  ['main', 'CLI entered'],
  ['command', 'command loaded'],
  ['ready', 'provider warm'],
  ['loaded', 'session loaded'],
  ['first-call', 'first call sent'],
  ['first-request', 'first request out'],
  ['last-answer', 'last answer'],
  ['scored', 'scored'],
  ['reports', 'reports written'],
  ['records', 'records written'],
  ['committed', 'output committed'],
  ['exit', 'exit'],
  ['closed', 'closed'],
];

/**
 * The marks `bench/max-rss.mjs` printed (`timeline <point> <ms>` from the process's start, and the start itself as
 * epoch ms), as wall ms from `spawnedAtEpochMs`; `closed` is when the bench saw the process end.
 */
function timelineOf(stderr: string, spawnedAtEpochMs: number, wallMs: number): Map<string, number> {
  const origin = Number(/^timeline-origin (\S+)$/m.exec(stderr)?.[1] ?? Number.NaN);
  const start = origin - spawnedAtEpochMs;
  const timeline = new Map<string, number>([['start', start]]);
  for (const [, point, ms] of stderr.matchAll(/^timeline (\S+) (\S+)$/gm))
    timeline.set(point!, start + Number(ms));
  timeline.set('closed', wallMs);
  return timeline;
}

/**
 * The main thread's ms at each mark `bench/max-rss.mjs` printed of one kind: `cpu` (on a CPU) or `wait` (runnable,
 * waiting for one), as `timeline-<kind> <point> <ms>`.
 */
function threadTimesOf(stderr: string, kind: 'cpu' | 'wait'): Map<string, number> {
  const times = new Map<string, number>();
  for (const [, point, ms] of stderr.matchAll(new RegExp(`^timeline-${kind} (\\S+) (\\S+)$`, 'gm')))
    times.set(point!, Number(ms));
  return times;
}

/**
 * The main thread's idle ms at each mark: the wall from the process's start less its CPU and its run-queue wait
 * there, so what it spent with nothing to run (a file read, a connection, an answer awaited).
 */
function threadIdleOf(
  timeline: Map<string, number>,
  cpu: Map<string, number>,
  wait: Map<string, number>,
): Map<string, number> {
  const start = timeline.get('start') ?? 0;
  const idle = new Map<string, number>();
  for (const [point, cpuMs] of cpu) {
    const at = timeline.get(point);
    const waitMs = wait.get(point);
    if (at !== undefined && waitMs !== undefined) idle.set(point, Math.max(0, at - start - cpuMs - waitMs));
  }
  return idle;
}

async function once(root: string, concurrency: string, out: string, cwd: string): Promise<WallRun> {
  let pid: number | undefined;
  let startCpuMs: number | undefined;
  let lastAnswerCpuMs = 0;
  let spawnedAt = Number.NaN;
  let spawnedAtEpochMs = Number.NaN;
  let firstRequestAt: number | undefined;
  let lastAnswerAt = Number.NaN;
  const served: ServedCall[] = [];
  const cpu = () => (pid === undefined ? undefined : processCpuMs(pid));
  // A fresh server per run: it keeps every request, and a run must not find a connection left open.
  const server = await startMockLlmServer({
    latencyMs: LATENCY_MS,
    // As an API does: the connection the client opened before its first call is still open for it.
    keepAliveMs: 60_000,
    reply: (request) => {
      startCpuMs ??= cpu();
      firstRequestAt ??= performance.now();
      const length = JSON.stringify(request.body).length;
      const carried = [...promptOf(request).matchAll(/summary of a (\d+)-character request/g)].at(-1);
      const call: ServedCall = {
        at: performance.now(),
        length,
        after: carried ? Number(carried[1]) : undefined,
        answeredAt: Number.POSITIVE_INFINITY,
      };
      served.push(call);
      // Read as the answer leaves: the last one read is the CPU spent up to the last answer.
      setTimeout(() => {
        lastAnswerCpuMs = cpu() ?? lastAnswerCpuMs;
        lastAnswerAt = call.answeredAt = performance.now();
      }, LATENCY_MS).unref();
      return { kind: 'text', text: `summary of a ${length}-character request` };
    },
  });
  try {
    const args = [
      'compare',
      SESSION,
      '-s',
      STRATEGIES,
      '-p',
      'openai:bench-model',
      '--base-url',
      server.url,
      '--no-cache',
      '-o',
      out,
      '-q',
      ...(concurrency === 'default' ? [] : ['--concurrency', concurrency]),
    ];
    const run = await runCli(root, args, {
      cwd,
      env: { OPENAI_API_KEY: 'loopback' },
      onSpawn: (spawned) => {
        pid = spawned;
        spawnedAt = performance.now();
        spawnedAtEpochMs = performance.timeOrigin + spawnedAt;
      },
    });
    if (run.code !== 0)
      throw new Error(`compaction-bench ${args.join(' ')} exited ${run.code}:\n${run.stderr}`);
    const resultsFile = readdirSync(out).find((file) => file.endsWith('-results.json'))!;
    const results = JSON.parse(readFileSync(join(out, resultsFile), 'utf8')) as {
      config: { concurrency: number };
      strategies: Array<{ calls: number; criticalPathCalls: number }>;
    };
    const calls = results.strategies.reduce((sum, strategy) => sum + strategy.calls, 0);
    const chain = Math.max(...results.strategies.map((strategy) => strategy.criticalPathCalls));
    const floorMs = Math.max(chain, Math.ceil(calls / results.config.concurrency)) * LATENCY_MS;
    const timeline = timelineOf(run.stderr, spawnedAtEpochMs, run.wallMs);
    const threadCpu = threadTimesOf(run.stderr, 'cpu');
    const threadWait = threadTimesOf(run.stderr, 'wait');
    const chains = chainsOf(served);
    const lastEnded = chains.reduce<ServedCall[] | undefined>(
      (latest, chain) => (!latest || chain.at(-1)!.answeredAt > latest.at(-1)!.answeredAt ? chain : latest),
      undefined,
    );
    return {
      ...run,
      firstRequestMs: (firstRequestAt ?? Number.NaN) - spawnedAt,
      lastAnswerMs: lastAnswerAt - spawnedAt,
      floorMs,
      calls,
      chain,
      concurrency: results.config.concurrency,
      startCpuMs: startCpuMs ?? Number.NaN,
      tailCpuMs: run.cpuMs - lastAnswerCpuMs,
      timeline,
      threadCpu,
      threadWait,
      threadIdle: threadIdleOf(timeline, threadCpu, threadWait),
      chains: chains.length,
      chainStartMs: Math.max(...chains.map((chain) => chain[0]!.at)) - (firstRequestAt ?? Number.NaN),
      chainGapsMs: lastEnded
        ? lastEnded.slice(1).reduce((sum, call, index) => sum + call.at - lastEnded[index]!.answeredAt, 0)
        : Number.NaN,
    };
  } finally {
    await server.close();
  }
}

/**
 * The timeline's table: each point's median wall ms from the spawn over the runs (a point a run did not mark is left
 * out of its median), here and in the baseline, and the step from the point before; then the same of the main
 * thread's CPU ms at each point, where the process reported it, of its run-queue wait (what the machine's load
 * added) and of its idle time (nothing to run): a stretch whose idle step is near 0 is CPU-bound on the main thread,
 * and only less work, or work moved off it, makes it shorter.
 */
function describeTimeline(here: readonly WallRun[], there: readonly WallRun[]): string {
  const wall = describeTimelineOf(here, there, 'wall', (run) => run.timeline);
  if (!here.some((run) => run.threadCpu.size > 0)) return wall;
  return [
    wall,
    describeTimelineOf(here, there, 'main-thread CPU', (run) => run.threadCpu),
    describeTimelineOf(here, there, 'main thread waiting for a CPU', (run) => run.threadWait),
    describeTimelineOf(here, there, 'main thread idle', (run) => run.threadIdle),
  ].join('\n');
}

function describeTimelineOf(
  here: readonly WallRun[],
  there: readonly WallRun[],
  what: string,
  points: (run: WallRun) => Map<string, number>,
): string {
  const median = (runs: readonly WallRun[], point: string) => {
    const times = runs.map((run) => points(run).get(point)).filter((ms): ms is number => ms !== undefined);
    return times.length === 0 ? undefined : spread(times).median;
  };
  const cell = (ms: number | undefined) => (ms === undefined ? '—' : ms.toFixed(0)).padStart(7);
  // A median of the later point can be below the earlier one's (another run's): its step then reads -n, not +-n.
  const signed = (ms: number) => {
    const rounded = Math.round(ms);
    return rounded < 0 ? `${rounded}` : `+${rounded}`;
  };
  const lines = [
    `  timeline (${what}), median ms from the spawn (step from the point before)${there.length > 0 ? ': here | baseline' : ''}`,
  ];
  let previous: Array<number | undefined> = [0, 0];
  for (const [point, label] of POINTS) {
    const now = [median(here, point), ...(there.length > 0 ? [median(there, point)] : [])];
    const step = (index: number) =>
      now[index] === undefined || previous[index] === undefined
        ? ''
        : `(${signed(now[index]! - previous[index]!)})`;
    lines.push(
      `    ${label.padEnd(17)} ${now.map((ms, index) => `${cell(ms)} ${step(index).padEnd(8)}`).join(' | ')}`,
    );
    previous = now.map((ms, index) => ms ?? previous[index]);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'compaction-bench-wall-'));
  try {
    for (const root of [ROOT, ...(BASELINE ? [BASELINE] : [])]) {
      const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
      if (build.status !== 0) throw new Error(`the build (${root}scripts/build.mjs) failed`);
    }
    for (const concurrency of CONCURRENCIES) {
      const here: WallRun[] = [];
      const there: WallRun[] = [];
      const loads: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        loads.push(describeLoad());
        here.push(await once(ROOT, concurrency, join(scratch, `here-${concurrency}-${run}`), scratch));
        if (BASELINE)
          there.push(
            await once(BASELINE, concurrency, join(scratch, `there-${concurrency}-${run}`), scratch),
          );
      }
      const describe = (runs: WallRun[]) => {
        const ratios = runs.map((run) => run.wallMs / run.floorMs);
        const [first] = runs;
        return (
          `wall ${describeSpread(
            runs.map((run) => run.wallMs),
            1000,
            's',
            2,
          )} ÷ floor max(chain ${first!.chain}, ⌈${first!.calls} calls ÷ ${first!.concurrency}⌉) × ${LATENCY_MS} ms = ` +
          `${(first!.floorMs / 1000).toFixed(2)} s → ${describeSpread(ratios, 1, '', 2)}; CPU before the first call ` +
          `${describeSpread(
            runs.map((run) => run.startCpuMs),
            1000,
            's',
            2,
          )}, after the last answer ${describeSpread(
            runs.map((run) => run.tailCpuMs),
            1000,
            's',
            2,
          )}; wall to the first request ${describeSpread(
            runs.map((run) => run.firstRequestMs),
            1000,
            's',
            2,
          )}, first request to last answer ${describeSpread(
            runs.map((run) => run.lastAnswerMs - run.firstRequestMs),
            1000,
            's',
            2,
          )}, last answer to exit ${describeSpread(
            runs.map((run) => run.wallMs - run.lastAnswerMs),
            1000,
            's',
            2,
          )}; the ${first!.chains} chains' first requests up to ${describeSpread(
            runs.map((run) => run.chainStartMs),
            1,
            'ms',
            0,
          )} after the first, the chain answered last waiting ${describeSpread(
            runs.map((run) => run.chainGapsMs),
            1,
            'ms',
            0,
          )} in all between an answer and its next request`
        );
      };
      const ratio = spread(here.map((run) => run.wallMs / run.floorMs)).median;
      log(
        `compare ${SESSION} -s ${STRATEGIES}, concurrency ${concurrency} (${here[0]!.concurrency}), ${LATENCY_MS} ms a call, ` +
          `whole process: ${describe(here)}${concurrency === 'default' ? ` (target ≤ 1.2 ${mark(ratio <= 1.2)})` : ''}`,
      );
      if (there.length > 0) log(`  baseline: ${describe(there)}`);
      log(describeTimeline(here, there));
      log(`  ${loads[0]} at the first run, ${loads[loads.length - 1]} at the last`);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
