/** `<name>+recent`: a summarizing strategy run only on what lies before pi's cut point, the recent tail kept verbatim. */
import { countMessages } from '../tokens.ts';
import { remainderBudget, tailTokens } from './budgets.ts';
import { findCutPoint, headSession, KEEP_RECENT_TOKENS, keepTail } from '../session/cut-points.ts';
import { describeRanges, keptRangesOf } from '../session/message-ranges.ts';
import type { Strategy } from './types.ts';

/** The suffix of a hybrid's name. */
export const RECENT_SUFFIX = '+recent';

/** The hybrid of a strategy: the same prompts and sections, summarizing the head and keeping the newest `--keep-recent-tokens`. */
export function withRecentTail(base: Strategy): Strategy {
  return {
    name: `${base.name}${RECENT_SUFFIX}`,
    description: `${base.description}; only the part before the newest --keep-recent-tokens (default 20000), which is kept verbatim`,
    group: base.group,
    callsModel: base.callsModel,
    // The base on the head: at most its calls on the whole session.
    ...(base.plannedCalls ? { plannedCalls: base.plannedCalls } : {}),
    ...(base.requiredSections ? { requiredSections: base.requiredSections } : {}),
    ...(base.prompts ? { prompts: base.prompts } : {}),
    settings: [...(base.settings ?? []), KEEP_RECENT_TOKENS],
    async run(session, context) {
      const keepTokens = tailTokens(context.config);
      const counts = countMessages(context.tokenizer, session.messages);
      const { firstKept } = findCutPoint(session.messages, counts, keepTokens);
      const tail = keepTail(session, firstKept);
      if (firstKept === 0) {
        return {
          summary: '',
          ...tail,
          notes: [`The whole transcript fits in ${keepTokens} tokens: nothing to summarize.`],
        };
      }
      const head = headSession(session, firstKept);
      // Under a target, the summary of the head gets what the kept tail leaves of it.
      const kept = counts.slice(firstKept).reduce((sum, tokens) => sum + tokens, 0);
      const { targetTokens } = context.config;
      const config =
        targetTokens === undefined
          ? context.config
          : { ...context.config, targetTokens: remainderBudget(context.config, kept, targetTokens) };
      const output = await base.run(head, { ...context, config });
      const headKept = output.kept ?? [];
      return {
        summary: output.summary,
        kept: [...headKept, ...tail.kept],
        keptRanges: [...(output.keptRanges ?? keptRangesOf(head, headKept)), ...tail.keptRanges],
        notes: [
          `${base.name} summarized messages 0–${firstKept - 1}; kept ${describeRanges(tail.keptRanges)} (the newest ${keepTokens} tokens).`,
          ...(output.notes ?? []),
        ],
      };
    },
  };
}
