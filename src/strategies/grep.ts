/** grep: the error lines of tool output, the first sentence of every user request, and the paths. */
import { requestOpenings, toolErrorLines } from '../session/grep-lines.ts';
import { LEXICAL_TOKENS, lexicalBudget, sessionPaths, withinBudget } from './lexical.ts';
import type { Strategy } from './types.ts';

/** What a shell one-liner over the transcript keeps: it may keep errors, never decisions or the task's detail. */
export const grep: Strategy = {
  name: 'grep',
  description:
    'lexical baseline: error lines of tool output, the first sentence of each user request, the paths, within --lexical-tokens (no model)',
  group: 'baseline',
  lexical: true,
  callsModel: false,
  settings: [LEXICAL_TOKENS],
  async run(session, context) {
    const requests = requestOpenings(session);
    const errors = toolErrorLines(session);
    const budget = lexicalBudget(context.config);
    const files = withinBudget(['## Files', ...sessionPaths(session)], budget, context.tokenizer);
    const asked = withinBudget(
      ['## Requests', ...requests],
      budget - context.tokenizer.count(files.join('\n')),
      context.tokenizer,
    );
    const used = context.tokenizer.count([...files, ...asked].join('\n'));
    const failed = withinBudget(['## Errors', ...errors], budget - used, context.tokenizer);
    return {
      summary: [asked, failed, files].map((lines) => lines.join('\n')).join('\n\n'),
      notes: [
        `Kept ${asked.length - 1} request openings, ${Math.max(0, failed.length - 1)} of ${errors.length} error lines and ${files.length - 1} paths.`,
      ],
    };
  },
};
