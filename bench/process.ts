/**
 * Whole-process measurements for the benchmarks: one command of the CLI in a child process, its wall time, CPU
 * time (user + system, the work whatever the machine's load) and peak resident memory; the spread of several
 * runs; a slope fitted over sizes; the machine's load while measuring. `BENCH_BASELINE=<another checkout>` runs
 * every command there too, alternating run by run, so each figure has a paired before beside it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This checkout. */
export const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Another checkout to measure beside this one, run for run (`BENCH_BASELINE`). */
export const BASELINE = process.env.BENCH_BASELINE;
/** Runs per figure (`BENCH_RUNS`). */
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);
export const MIB = 1024 * 1024;

/** One whole-process run. */
export type ProcessRun = { wallMs: number; cpuMs: number; maxRssBytes: number; code: number | null };

/** Runs `compaction-bench …args` of the checkout at `root` in `cwd` and measures it. */
export function runCli(
  root: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string>; onSpawn?: (pid: number) => void },
): Promise<ProcessRun & { stderr: string }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', join(ROOT, 'bench/max-rss.mjs'), join(root, 'bin/compaction-bench.js'), ...args],
    {
      cwd: options.cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, OPENAI_API_KEY: '', ...options.env },
    },
  );
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      const rss = /max-rss (\d+)/.exec(stderr);
      const cpu = /cpu-us (\d+)/.exec(stderr);
      resolve({
        wallMs,
        cpuMs: cpu ? Number(cpu[1]) / 1000 : Number.NaN,
        maxRssBytes: rss ? Number(rss[1]) : Number.NaN,
        code,
        stderr,
      });
    });
  });
}

/** The runs of one command here and, with a baseline, there. */
export type Paired = { here: ProcessRun[]; there: ProcessRun[] };

/**
 * A command `runs` times here (and in the baseline, alternating); `argsThere` when the baseline needs other
 * arguments. A run that exits with a code other than `okCodes` fails the bench, naming the command.
 */
export async function measureCli(
  args: (root: string) => readonly string[],
  options: { cwd: string; env?: Record<string, string>; runs?: number; okCodes?: readonly number[] },
): Promise<Paired> {
  const runs = options.runs ?? RUNS;
  const okCodes = options.okCodes ?? [0];
  const paired: Paired = { here: [], there: [] };
  const once = async (root: string, into: ProcessRun[]) => {
    const run = await runCli(root, args(root), options);
    if (!okCodes.includes(run.code ?? -1)) {
      throw new Error(
        `compaction-bench ${args(root).join(' ')} (in ${root}) exited ${run.code}:\n${run.stderr.slice(-2000)}`,
      );
    }
    into.push({ wallMs: run.wallMs, cpuMs: run.cpuMs, maxRssBytes: run.maxRssBytes, code: run.code });
  };
  for (let run = 0; run < runs; run++) {
    await once(ROOT, paired.here);
    if (BASELINE) await once(BASELINE, paired.there);
  }
  return paired;
}

/** The median, least and greatest of some values. */
export type Spread = { median: number; min: number; max: number };

/** The {@link Spread} of some values. */
export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** `12.3 s [12.1–12.9]`: a median and its range, in a unit of `scale`. */
export function describeSpread(values: readonly number[], scale: number, unit: string, digits = 1): string {
  const { median, min, max } = spread(values.map((value) => value / scale));
  const range = values.length > 1 ? ` [${min.toFixed(digits)}–${max.toFixed(digits)}]` : '';
  return `${median.toFixed(digits)}${unit ? ` ${unit}` : ''}${range}`;
}

/** CPU and peak memory of some runs: `12.3 s CPU [12.1–12.9], peak 400 MiB [398–402]`. */
export function describeRuns(runs: readonly ProcessRun[]): string {
  return (
    `${describeSpread(
      runs.map((run) => run.cpuMs),
      1000,
      's CPU',
      2,
    )}, ` +
    `peak ${describeSpread(
      runs.map((run) => run.maxRssBytes),
      MIB,
      'MiB',
      0,
    )}`
  );
}

/** This checkout's CPU over the baseline's, pair by pair: `× 0.45 [0.43–0.47] of the baseline's CPU`. */
export function describePairs(paired: Paired): string {
  if (paired.there.length === 0) return '';
  const ratios = paired.here.map((run, index) => run.cpuMs / paired.there[index]!.cpuMs);
  const memory = paired.here.map((run, index) => run.maxRssBytes / paired.there[index]!.maxRssBytes);
  return (
    `; baseline ${describeRuns(paired.there)}; CPU × ${describeSpread(ratios, 1, '', 2)}` +
    `, peak × ${describeSpread(memory, 1, '', 2)} of the baseline's`
  );
}

/**
 * The exponent `b` of `y = a·x^b` fitted by least squares on logarithms: 1 is linear, 2 quadratic. Cost per
 * token grows with the size when it is over 1.
 */
export function fittedSlope(points: ReadonlyArray<{ x: number; y: number }>): number {
  const xs = points.map((point) => Math.log(point.x));
  const ys = points.map((point) => Math.log(point.y));
  const meanX = xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / ys.length;
  let covariance = 0;
  let variance = 0;
  for (let index = 0; index < xs.length; index++) {
    covariance += (xs[index]! - meanX) * (ys[index]! - meanY);
    variance += (xs[index]! - meanX) ** 2;
  }
  return covariance / variance;
}

/**
 * The CPU time a running process has used so far (user + system, ms), read from /proc on Linux (10 ms steps);
 * undefined elsewhere or once it has exited.
 */
export function processCpuMs(pid: number): number | undefined {
  try {
    // The fields after the command's name (which may hold spaces) start at its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

// Linux's USER_HZ, the unit of /proc/<pid>/stat's times, on every platform node runs on.
const CLOCK_TICKS = 100;

/** The machine's load averages over 1, 5 and 15 minutes, for the record beside timings. */
export function describeLoad(): string {
  return `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`;
}

/** `✓` or `✗`. */
export const mark = (ok: boolean): string => (ok ? '✓' : '✗');
