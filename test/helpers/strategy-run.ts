/** Runs one strategy on a session with a fake provider, the real tokenizer, slicer and call layer. */
import pLimit from 'p-limit';
import { type CallRecord, createCaller } from '../../src/providers/calls.ts';
import type { Provider } from '../../src/providers/types.ts';
import { defaultSettings } from '../../src/settings.ts';
import type { Session } from '../../src/session/types.ts';
import { createStrategyContext } from '../../src/strategies/context.ts';
import type { PromptUse, Strategy, StrategyConfig, StrategyOutput } from '../../src/strategies/types.ts';
import { getTokenizer } from '../../src/tokens.ts';

/** Defaults of the compare flags, for tests. */
export const TEST_CONFIG: StrategyConfig = defaultSettings();

/** The strategy's output and its call trace. */
export async function runStrategy(
  strategy: Strategy,
  session: Session,
  provider: Provider,
  config: Partial<StrategyConfig> = {},
  options: { concurrency?: number; contextWindow?: number } = {},
): Promise<{ output: StrategyOutput; trace: readonly CallRecord[]; prompts: readonly PromptUse[] }> {
  const tokenizer = await getTokenizer('o200k_base');
  const caller = createCaller({
    provider,
    limit: pLimit(options.concurrency ?? 4),
    tokenizer,
    contextWindow: options.contextWindow,
  });
  const context = createStrategyContext({
    caller,
    tokenizer,
    config: { ...TEST_CONFIG, ...config },
    signal: new AbortController().signal,
    contextWindow: options.contextWindow,
  });
  const output = await strategy.run(session, context);
  return { output, trace: caller.trace, prompts: context.prompts };
}
