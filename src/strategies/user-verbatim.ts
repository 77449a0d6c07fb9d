/** user-verbatim: every user message word for word, oldest first, within a budget — no reading, no model. */
import { isPrompt, type Session } from '../session/types.ts';
import { messageText } from '../session/grep-lines.ts';
import { LEXICAL_TOKENS, lexicalBudget, withinBudget } from './lexical.ts';
import type { Strategy } from './types.ts';

/** The lines of every user request, each request under its own heading, oldest first. */
export function userMessageLines(session: Session): string[] {
  return session.messages.filter(isPrompt).flatMap((message, index) => [
    `## User ${index + 1}`,
    ...messageText(message)
      .split('\n')
      .filter((line) => line.trim() !== ''),
  ]);
}

/**
 * What copying the user's words keeps: the task, the constraints and the numbers the user gave, but nothing the
 * agent found, decided or changed. A strategy it matches kept no more than the user already said.
 */
export const userVerbatim: Strategy = {
  name: 'user-verbatim',
  description:
    'lexical baseline: every user message verbatim, oldest first, within --lexical-tokens (no model)',
  group: 'baseline',
  lexical: true,
  callsModel: false,
  settings: [LEXICAL_TOKENS],
  async run(session, context) {
    const lines = userMessageLines(session);
    const kept = withinBudget(lines, lexicalBudget(context.config), context.tokenizer);
    const requests = lines.filter((line) => line.startsWith('## User ')).length;
    const keptRequests = kept.filter((line) => line.startsWith('## User ')).length;
    return {
      summary: kept.join('\n'),
      notes: [
        `Kept ${kept.length} of ${lines.length} lines (${keptRequests} of ${requests} user messages begun).`,
      ],
    };
  },
};
