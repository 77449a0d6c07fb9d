/**
 * The foundation benchmark: how fast a session is loaded, tokenized and sliced, and what a whole
 * `inspect` costs in time and peak memory, for generated sessions of 250K, 500K and 1M tokens.
 *
 * The parent process prepares the sessions (cached in bench/.data/, keyed by a hash of the generator)
 * and runs each measurement in a fresh child process, so caches start cold and peak RSS is per size.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inspectSession } from '../src/inspect/inspect.ts';
import { benchSession } from './sessions.ts';
import { loadSession } from '../src/session/load.ts';
import { DEFAULT_SETTINGS } from '../src/settings.ts';
import { sliceMessages } from '../src/session/slicer.ts';
import { countMessages, getTokenizer } from '../src/tokens.ts';

const SIZES = [250_000, 500_000, 1_000_000];
/** Each measurement runs this many times in fresh processes; the fastest run counts (the others met noise). */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TIME_BUDGET_MS = 3000;
const MEMORY_BUDGET_BYTES = 1024 ** 3;
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Stage timings of one child process. */
type Stages = {
  tokens: number;
  messages: number;
  slices: number;
  tokenizerMs: number;
  loadMs: number;
  tokenizeMs: number;
  sliceMs: number;
  maxRssBytes: number;
};

/** A whole inspect in one child process. */
type Inspect = { tokens: number; inspectMs: number; maxRssBytes: number };

const [mode, file] = process.argv.slice(2);
if (mode === '--stages' && file) print(await measureStages(file));
else if (mode === '--inspect' && file) print(await measureInspect(file));
else await main();

function print(result: Stages | Inspect): void {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

async function measureStages(path: string): Promise<Stages> {
  let started = performance.now();
  const tokenizer = await getTokenizer('o200k_base');
  const tokenizerMs = performance.now() - started;
  started = performance.now();
  const session = await loadSession(path);
  const loadMs = performance.now() - started;
  started = performance.now();
  const counts = countMessages(tokenizer, session.messages);
  const tokenizeMs = performance.now() - started;
  started = performance.now();
  const slices = sliceMessages(session.messages, counts, DEFAULT_SETTINGS);
  const sliceMs = performance.now() - started;
  return {
    tokens: counts.reduce((sum, tokens) => sum + tokens, 0),
    messages: session.messages.length,
    slices: slices.length,
    tokenizerMs,
    loadMs,
    tokenizeMs,
    sliceMs,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
}

async function measureInspect(path: string): Promise<Inspect> {
  const started = performance.now();
  const result = await inspectSession(path, { tokenizer: 'o200k_base', ...DEFAULT_SETTINGS });
  const inspectMs = performance.now() - started;
  return { tokens: result.tokens, inspectMs, maxRssBytes: process.resourceUsage().maxRSS * 1024 };
}

function child<T>(flag: string, path: string): T {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), flag, path],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  if (result.status !== 0) throw new Error(`${flag} ${path} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as T;
}

function fastest(path: string): Stages {
  const runs = Array.from({ length: RUNS }, () => child<Stages>('--stages', path));
  const best = (key: 'tokenizerMs' | 'loadMs' | 'tokenizeMs' | 'sliceMs') =>
    Math.min(...runs.map((run) => run[key]));
  return {
    ...runs[0]!,
    tokenizerMs: best('tokenizerMs'),
    loadMs: best('loadMs'),
    tokenizeMs: best('tokenizeMs'),
    sliceMs: best('sliceMs'),
    maxRssBytes: Math.max(...runs.map((run) => run.maxRssBytes)),
  };
}

function fastestInspect(path: string): Inspect {
  const runs = Array.from({ length: RUNS }, () => child<Inspect>('--inspect', path));
  return {
    tokens: runs[0]!.tokens,
    inspectMs: Math.min(...runs.map((run) => run.inspectMs)),
    maxRssBytes: Math.max(...runs.map((run) => run.maxRssBytes)),
  };
}

async function main(): Promise<void> {
  const rows: Array<{ size: number; stages: Stages; inspect: Inspect }> = [];
  for (const size of SIZES) {
    const path = await benchSession(size, (line) => process.stdout.write(`${line}\n`));
    rows.push({ size, stages: fastest(path), inspect: fastestInspect(path) });
  }
  process.stdout.write(`\n${render(rows)}\n`);
}

function render(rows: Array<{ size: number; stages: Stages; inspect: Inspect }>): string {
  const perSecond = (tokens: number, ms: number) => `${(((tokens / ms) * 1000) / 1e6).toFixed(2)}M/s`;
  const header = [
    'session',
    'messages',
    'load',
    'tokenizer init',
    'tokenize',
    'slice',
    'inspect (whole)',
    'peak RSS (inspect)',
  ];
  const table = rows.map(({ stages, inspect }) => [
    `${(stages.tokens / 1000).toFixed(0)}K tokens`,
    stages.messages.toLocaleString('en-US'),
    `${milliseconds(stages.loadMs)} (${perSecond(stages.tokens, stages.loadMs)})`,
    milliseconds(stages.tokenizerMs),
    `${milliseconds(stages.tokenizeMs)} (${perSecond(stages.tokens, stages.tokenizeMs)})`,
    `${milliseconds(stages.sliceMs, 1)} (${stages.slices} slices)`,
    `${milliseconds(inspect.inspectMs)} (${perSecond(inspect.tokens, inspect.inspectMs)})`,
    megabytes(inspect.maxRssBytes),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...table.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  const lines = [
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...table.map(line),
  ];

  const smallest = rows[0]!;
  const largest = rows[rows.length - 1]!;
  // The tokenizer's construction is a fixed cost; growth is judged on the work that scales with the session.
  const work = (stages: Stages) => stages.loadMs + stages.tokenizeMs + stages.sliceMs;
  const tokenRatio = largest.stages.tokens / smallest.stages.tokens;
  const workRatio = work(largest.stages) / work(smallest.stages);
  const growth = workRatio / tokenRatio;
  const time = largest.inspect.inspectMs <= TIME_BUDGET_MS;
  const memory = largest.inspect.maxRssBytes <= MEMORY_BUDGET_BYTES;
  const linear = growth <= 1.5;
  lines.push(
    '',
    `1M-token inspect: ${seconds(largest.inspect.inspectMs)} ${time ? '≤' : '>'} 3 s ${mark(time)}, peak RSS ${megabytes(largest.inspect.maxRssBytes)} ${memory ? '≤' : '>'} 1 GB ${mark(memory)}`,
    `  of which loading the o200k_base ranks (tokenizer init) is about ${seconds(largest.stages.tokenizerMs)}, whatever the session size`,
    `growth: ${tokenRatio.toFixed(1)}× the tokens took ${workRatio.toFixed(1)}× the load + tokenize + slice time (per-token cost ×${growth.toFixed(2)}) — ${linear ? 'about linear' : 'worse than linear'} ${mark(linear)}`,
    `fastest of ${RUNS} runs per cell, each in a fresh process (BENCH_RUNS to change); tokenize = countMessages with a cold per-piece cache; inspect = inspectFixture: load + tokenizer init + tokenize + probes + slice.`,
  );
  return lines.join('\n');
}

function mark(ok: boolean): string {
  return ok ? '✓' : '✗';
}

function milliseconds(ms: number, digits = 0): string {
  return ms >= 1000 ? seconds(ms) : `${ms.toFixed(digits)} ms`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}
