/** `<name>+recent`: a summarizing strategy run only on what lies before pi's cut point, the recent tail kept verbatim. */
import { countMessages } from '../tokens.ts';
import { setting } from './steps.ts';
import { describeRanges, findCutPoint, headSession, keepTail, keptRangesOf } from './tail.ts';
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
    ...(base.requiredSections ? { requiredSections: base.requiredSections } : {}),
    ...(base.prompts ? { prompts: base.prompts } : {}),
    async run(session, context) {
      const keepTokens = setting(context.config, 'keepRecentTokens');
      const { firstKept } = findCutPoint(
        session.messages,
        countMessages(context.tokenizer, session.messages),
        keepTokens,
      );
      const tail = keepTail(session, firstKept);
      if (firstKept === 0) {
        return {
          summary: '',
          ...tail,
          notes: [`The whole transcript fits in ${keepTokens} tokens: nothing to summarize.`],
        };
      }
      const head = headSession(session, firstKept);
      const output = await base.run(head, context);
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
