/**
 * How the run's calls are ordered, apart from any CPU the process spends (issue #45): the calls `-s core` plans on
 * large-session (three sequential chains, parallel slices and a stitch, one call), each strategy shaped as it plans
 * (its calls less its chain at once, then one call at each further step), sent through the real call layer against a
 * provider answering every call after `BENCH_LATENCY_MS` (default 100) with no other work; the run's span in rounds
 * of that latency, beside the floor no scheduler can beat (the longest chain, or all calls spread over the
 * concurrency: a lower bound on any order), for the run's call limit and for a first-come queue (p-limit, which the
 * run used before). Measures which `--concurrency` reaches the floor; rounds, not seconds, so the machine's load
 * moves them little. Run: `npm run bench -- schedule`.
 */
import pLimit from 'p-limit';
import { setTimeout as delay } from 'node:timers/promises';
import { createCallLimit, type CallLimit } from '../src/providers/call-limit.ts';
import { createCaller } from '../src/providers/calls.ts';
import { loadSession } from '../src/session/load.ts';
import { defaultSettings } from '../src/settings.ts';
import { sliceMessages } from '../src/session/slicer.ts';
import { resolveStrategies } from '../src/strategies/registry.ts';
import { countMessages, getTokenizer, type Tokenizer } from '../src/tokens.ts';
import type { Provider } from '../src/providers/types.ts';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 100);
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '2,4,5,6,8,12,16').split(',').map(Number);
const SESSION = process.env.BENCH_SESSION ?? 'large-session';
const STRATEGIES = process.env.BENCH_STRATEGIES ?? 'core';

const log = (line: string) => process.stdout.write(`${line}\n`);

/** A strategy's planned calls: `calls` in all, `sequential` of them one after another. */
type Planned = { name: string; calls: number; sequential: number };

const provider: Provider = {
  id: 'loopback',
  model: 'latency',
  isLanguageModel: true,
  async complete() {
    await delay(LATENCY_MS);
    return { text: 'ok', usage: { input: 1, output: 1 }, usageSource: 'api', model: 'latency' };
  },
  async generate() {
    throw new Error('not used');
  },
};

/** Every strategy's calls through one limit, as the run makes them; the span from the first call to the last answer. */
async function span(planned: readonly Planned[], limit: CallLimit, tokenizer: Tokenizer): Promise<number> {
  const started = performance.now();
  const request = { system: '', prompt: 'x', maxTokens: 1 };
  await Promise.all(
    planned.map(async ({ name, calls, sequential }) => {
      const caller = createCaller({ provider, limit, tokenizer, chain: sequential });
      const first = calls - (sequential - 1);
      await Promise.all(
        Array.from({ length: first }, (_, index) => caller.complete(`${name} ${index}`, request)),
      );
      for (let step = 1; step < sequential; step++) await caller.complete(`${name} step ${step}`, request);
    }),
  );
  return performance.now() - started;
}

async function main(): Promise<void> {
  const tokenizer = await getTokenizer('o200k_base');
  const settings = defaultSettings();
  const session = await loadSession(SESSION);
  const slices = sliceMessages(session.messages, countMessages(tokenizer, session.messages), settings).length;
  const planned = (await resolveStrategies(STRATEGIES))
    .filter((strategy) => strategy.callsModel)
    .flatMap((strategy) => {
      const calls = strategy.plannedCalls?.(slices);
      return calls ? [{ name: strategy.name, ...calls }] : [];
    });
  const calls = planned.reduce((sum, strategy) => sum + strategy.calls, 0);
  const chain = Math.max(...planned.map((strategy) => strategy.sequential));
  log(
    `${SESSION} -s ${STRATEGIES}: ${slices} slices; ${planned.map((strategy) => `${strategy.name} ${strategy.calls} calls (chain ${strategy.sequential})`).join(', ')}; ${LATENCY_MS} ms a call`,
  );
  for (const concurrency of CONCURRENCIES) {
    const floor = Math.max(chain, Math.ceil(calls / concurrency));
    const rounds = async (limit: CallLimit) => (await span(planned, limit, tokenizer)) / LATENCY_MS;
    const ordered = await rounds(createCallLimit(concurrency));
    const firstCome = await rounds(pLimit(concurrency));
    log(
      `  --concurrency ${String(concurrency).padStart(2)}: floor ${floor} rounds; the run's limit ${ordered.toFixed(2)} rounds, ` +
        `first come ${firstCome.toFixed(2)}`,
    );
  }
}

await main();
