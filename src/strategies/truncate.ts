/** truncate: only the most recent messages that fit, the floor a summarizing strategy has to beat. */
import { countMessages } from '../tokens.ts';
import { tailTokens } from './budgets.ts';
import { fittingCutPoint, KEEP_RECENT_TOKENS, keepTail } from '../session/cut-points.ts';
import { describeRanges } from '../session/message-ranges.ts';
import type { Strategy } from './types.ts';

/** Keeps the longest recent tail within `--keep-recent-tokens`, never starting at a tool result. */
export const truncate: Strategy = {
  name: 'truncate',
  description:
    'keep only the most recent messages that fit --keep-recent-tokens (default 20000), tool calls with their results',
  group: 'baseline',
  settings: [KEEP_RECENT_TOKENS],
  callsModel: false,
  async run(session, context) {
    // Under a target, the whole target is the tail.
    const budget = tailTokens(context.config, 1);
    const tokenCounts = countMessages(context.tokenizer, session.messages);
    const firstKept = fittingCutPoint(session.messages, tokenCounts, budget);
    const tail = keepTail(session, firstKept);
    const dropped = firstKept === 0 ? 'nothing dropped' : `messages 0–${firstKept - 1} dropped`;
    return {
      summary: '',
      ...tail,
      notes: [`Kept ${describeRanges(tail.keptRanges)} within ${budget} tokens; ${dropped}.`],
    };
  },
};
