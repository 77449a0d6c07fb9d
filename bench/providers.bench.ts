/**
 * Provider-layer bench: every core strategy on `before-compaction` through the real openai adapter,
 * against the mock server answering each call after a fixed 50 ms. Prints how close the wall time
 * comes to the critical path (critical-path calls × latency: 1.00 is no overhead at all), then a
 * cached rerun, which must send zero requests. Run: `npx tsx bench/providers.bench.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCompare } from '../src/run/run.ts';
import { readResults } from '../src/results/digest.ts';
import { loadSession } from '../src/session/load.ts';
import { defaultSettings } from '../src/settings.ts';
import { resolveStrategies } from '../src/strategies/registry.ts';
import type { StrategyConfig } from '../src/strategies/types.ts';
import { countMessages, getTokenizer } from '../src/tokens.ts';
import { startMockLlmServer } from '../support/loopback-llm-server.ts';

const LATENCY_MS = 50;
/** Enough slots for every slice at once, so parallel-stitch's floor is its critical path. */
const CONCURRENCY = 16;
const FIXTURE = 'before-compaction';
/** Slices per fixture: enough calls that concurrency and the critical path show, whatever the fixture's size. */
const SLICES = 6;

type Row = {
  strategy: string;
  calls: number;
  criticalPathCalls: number;
  wallMs: number;
  /** wall ÷ (critical-path calls × the server's latency): the figure, HTTP stack included. */
  overhead: number;
  /** wall ÷ the longest chain of the calls' own measured time: what the harness adds on top of the calls. */
  harnessOverhead: number;
  requests: number;
  cachedWallMs: number;
  cachedRequests: number;
};

/** Runs the bench and prints one row per strategy; returns the rows for `bench/run.ts`. */
export async function benchProviders(): Promise<Row[]> {
  const server = await startMockLlmServer({ latencyMs: LATENCY_MS });
  const scratch = await mkdtemp(join(tmpdir(), 'compaction-bench-providers-'));
  try {
    const config = await benchConfig();
    // Load the SDK, the tokenizer and the fixture once, so the first strategy is not charged for it.
    await compareThroughMock('single-shot', server.url, join(scratch, 'warm-up'), config);
    const rows: Row[] = [];
    for (const strategy of await resolveStrategies('core')) {
      const run = () => compareThroughMock(strategy.name, server.url, scratch, config);
      const before = server.requests.length;
      const first = await run();
      const afterFirst = server.requests.length;
      const cached = await run();
      rows.push({
        strategy: strategy.name,
        calls: first.calls,
        criticalPathCalls: first.criticalPathCalls,
        wallMs: first.wallMs,
        overhead: first.wallMs / (first.criticalPathCalls * LATENCY_MS),
        harnessOverhead: first.wallMs / first.criticalPathMs,
        requests: afterFirst - before,
        cachedWallMs: cached.wallMs,
        cachedRequests: server.requests.length - afterFirst,
      });
    }
    print(rows, server.maxInFlight, config);
    await benchCachedCli(server, scratch);
    return rows;
  } finally {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The default config, with slices sized so the fixture makes {@link SLICES} of them. */
async function benchConfig(): Promise<StrategyConfig> {
  const tokenizer = await getTokenizer('o200k_base');
  const session = await loadSession(FIXTURE);
  const tokens = countMessages(tokenizer, session.messages).reduce((sum, count) => sum + count, 0);
  const sliceTokens = Math.max(500, Math.round(tokens / SLICES));
  return { ...defaultSettings(), sliceTokens, overlapTokens: Math.round(sliceTokens / 10) };
}

async function compareThroughMock(
  strategy: string,
  baseUrl: string,
  scratch: string,
  config: StrategyConfig,
) {
  const outcome = await runCompare({
    transcripts: [FIXTURE],
    strategies: strategy,
    provider: 'openai:bench-model',
    // A loopback server needs no key; an empty environment keeps a real key out of the bench.
    providerOptions: { baseUrl, cacheDirectory: join(scratch, 'cache'), environment: {} },
    out: join(scratch, 'out'),
    tokenizer: 'o200k_base',
    config,
    concurrency: CONCURRENCY,
    runs: 1,
  });
  const session = outcome.sessions[0];
  const results = session && (await readResults(session.resultsFile));
  const result = results?.strategies.find((entry) => entry.name === strategy);
  if (result?.status !== 'ok') throw new Error(`${strategy} failed: ${result?.error ?? 'no result'}`);
  return result;
}

function print(rows: Row[], maxInFlight: number, config: StrategyConfig): void {
  const head = [
    'strategy',
    'calls',
    'critical path',
    'wall ms',
    'wall ÷ (path × 50 ms)',
    'wall ÷ chain of call ms',
    'requests',
    'cached ms',
    'cached requests',
  ];
  const lines = rows.map((row) => [
    row.strategy,
    String(row.calls),
    String(row.criticalPathCalls),
    row.wallMs.toFixed(0),
    row.overhead.toFixed(3),
    row.harnessOverhead.toFixed(3),
    String(row.requests),
    row.cachedWallMs.toFixed(1),
    String(row.cachedRequests),
  ]);
  const widths = head.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]!.length)),
  );
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  console.log(
    `providers: ${FIXTURE} via the openai adapter → mock server (${LATENCY_MS} ms per call, concurrency ${CONCURRENCY}, ` +
      `--slice-tokens ${config.sliceTokens})`,
  );
  console.log(format(head));
  for (const line of lines) console.log(format(line));
  console.log(`most requests in flight at once: ${maxInFlight}`);
  console.log(
    'wall ÷ chain of call ms divides by the longest chain of calls weighted by their own measured time (SDK and loopback HTTP included), so it is the harness alone.',
  );
}

/** The whole `compare` command as a user runs it, twice: the second run must be all cache hits. */
async function benchCachedCli(server: { url: string; requests: unknown[] }, scratch: string): Promise<void> {
  const bin = fileURLToPath(new URL('../bin/compaction-bench.js', import.meta.url));
  const args = [bin, 'compare', FIXTURE, '-p', 'openai:bench-model', '--base-url', server.url];
  args.push(
    '--cache-dir',
    join(scratch, 'cli-cache'),
    '-o',
    join(scratch, 'cli-out'),
    '-q',
    '--concurrency',
    String(CONCURRENCY),
  );
  const times: number[] = [];
  const requests: number[] = [];
  for (let run = 0; run < 2; run++) {
    const before = server.requests.length;
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      stdio: 'ignore',
      env: { ...process.env, OPENAI_API_KEY: '' },
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (code !== 0) throw new Error(`compare exited ${code}`);
    times.push(performance.now() - started);
    requests.push(server.requests.length - before);
  }
  console.log(
    `whole \`compare ${FIXTURE}\` (5 core strategies, new process each): first run ${times[0]!.toFixed(0)} ms with ${requests[0]} requests; ` +
      `cached rerun ${times[1]!.toFixed(0)} ms with ${requests[1]} requests (target ≤ 1500 ms, 0 requests)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchProviders();
}
