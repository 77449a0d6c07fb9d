/**
 * `--at-compaction`: a strategy run where the agent itself compacted, on the same history and with the same
 * verbatim tail, so its result compares like with like with the agent's recorded summary.
 */
import { keptRangesOf } from '../session/message-ranges.ts';
import type { AgentCompaction, Session } from '../session/types.ts';
import { beforeKeptTail } from './budgets.ts';
import { headSession } from '../session/cut-points.ts';
import type { Strategy } from './types.ts';

/**
 * The strategy summarizing what the agent summarized (messages before the first one it kept) and keeping the
 * messages it kept, up to the compaction. The session it gets is the history up to the compaction; the
 * compaction itself is hidden from it, so a strategy that updates a recorded summary cannot read the answer. With
 * `--target-tokens N` the summary aims at N minus the kept messages' tokens: the target is the context's.
 */
export function atAgentCompaction(base: Strategy, compaction: AgentCompaction): Strategy {
  return {
    ...base,
    async run(session, context) {
      const end = Math.min(compaction.messageIndex, session.messages.length);
      const keptFrom = Math.min(compaction.firstKeptMessageIndex ?? end, end);
      const head = headSession(session, keptFrom);
      const earlier = {
        ...head,
        compactions: head.compactions.filter(
          (recorded) => recorded !== compaction && recorded.messageIndex < compaction.messageIndex,
        ),
      };
      const tail = session.messages.slice(keptFrom, end);
      const tailTokens = tail.reduce((sum, message) => sum + context.tokenizer.countMessage(message), 0);
      const output = await base.run(earlier, {
        ...context,
        config: beforeKeptTail(context.config, tailTokens),
      });
      return {
        ...output,
        kept: [...(output.kept ?? []), ...tail],
        keptRanges: [
          ...(output.keptRanges ?? keptRangesOf(earlier, output.kept ?? [])),
          ...(tail.length > 0 ? [{ start: keptFrom, end }] : []),
        ],
        notes: [
          `Run at the recorded compaction (message ${compaction.messageIndex}): summarized messages 0–${keptFrom - 1}; kept ${tail.length} messages the agent kept.`,
          ...(output.notes ?? []),
        ],
      };
    },
  };
}

/** The compaction `--at-compaction` compares at: the transcript's last one that left a readable summary. */
export function lastAgentCompaction(session: Pick<Session, 'compactions'>): AgentCompaction | undefined {
  return session.compactions.findLast((compaction) => compaction.summary.trim() !== '');
}
