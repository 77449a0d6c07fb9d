/** Replays a strategy under a schedule with a fake provider, the heuristic tokenizer (chars/4) and the real call layer. */
import pLimit from 'p-limit';
import { createCaller } from '../../src/providers/calls.ts';
import type { Provider } from '../../src/providers/types.ts';
import type { Schedule } from '../../src/schedule/policy.ts';
import { type Replay, replaySchedule } from '../../src/schedule/replay.ts';
import type { Session } from '../../src/session/types.ts';
import { createStrategyContext } from '../../src/strategies/context.ts';
import type { Strategy, StrategyConfig } from '../../src/strategies/types.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { TEST_CONFIG } from '../helpers/strategy-run.ts';

/** The replay of `strategy` on `session`. */
export async function replay(
  strategy: Strategy,
  session: Session,
  schedule: Schedule,
  provider: Provider,
  config: Partial<StrategyConfig> = {},
): Promise<Replay> {
  const tokenizer = await getTokenizer('heuristic');
  const caller = createCaller({ provider, limit: pLimit(4), tokenizer });
  const context = createStrategyContext({
    caller,
    tokenizer,
    config: { ...TEST_CONFIG, ...config },
    signal: new AbortController().signal,
  });
  return replaySchedule(strategy, session, schedule, context, caller.trace);
}

/** A text of exactly `tokens` tokens for the heuristic tokenizer (4 characters each). */
export function text(tokens: number, letter = 'x'): string {
  return letter.repeat(tokens * 4);
}
