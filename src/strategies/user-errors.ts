/** user-errors: every user message verbatim, then the error lines of tool output, within a budget (no model). */
import { toolErrorLines } from '../session/grep-lines.ts';
import { LEXICAL_TOKENS, lexicalBudget, withinBudget } from './lexical.ts';
import type { Strategy } from './types.ts';
import { userMessageLines } from './user-verbatim.ts';

/**
 * The user's words plus what failed: the cheapest text that answers task, constraint and error probes. It has
 * no decision, no change and no next step the agent chose.
 */
export const userErrors: Strategy = {
  name: 'user-errors',
  description:
    'lexical baseline: every user message verbatim, then the error lines of tool output, within --lexical-tokens (no model)',
  group: 'baseline',
  lexical: true,
  callsModel: false,
  settings: [LEXICAL_TOKENS],
  async run(session, context) {
    const budget = lexicalBudget(context.config);
    const user = withinBudget(userMessageLines(session), budget, context.tokenizer);
    const errors = toolErrorLines(session);
    const failed = withinBudget(
      ['## Errors', ...errors],
      budget - context.tokenizer.count(user.join('\n')),
      context.tokenizer,
    );
    return {
      summary: [user.join('\n'), failed.join('\n')].filter((part) => part !== '').join('\n\n'),
      notes: [
        `Kept ${user.length} user lines and ${Math.max(0, failed.length - 1)} of ${errors.length} error lines.`,
      ],
    };
  },
};
