/**
 * pi: the pi coding agent's compaction (badlogic/pi-mono, `core/compaction/compaction.ts`). A cut
 * point keeps about `--keep-recent-tokens` of recent messages verbatim; everything before it is
 * summarized in the structured format, updating the transcript's own last summary when it has one.
 */
import { fileLists, mergeFileLists } from '../session/file-operations.ts';
import { countMessages } from '../tokens.ts';
import { conversationBlock, previousSummaryBlock, STRUCTURED_SECTIONS } from './prompts.ts';
import { oneCallBudget, remainderBudget, tailTokens } from './budgets.ts';
import { fileBlocks, withFileBlocks } from './file-blocks.ts';
import { previousCompaction, summarize } from './summary-call.ts';
import { findCutPoint, KEEP_RECENT_TOKENS, keepTail } from '../session/cut-points.ts';
import { describeRanges } from '../session/message-ranges.ts';
import type { Strategy, StrategyContext, StrategyOutput, PreviousSummary } from './types.ts';
import type { Session } from '../session/types.ts';

const name = 'pi';

/** What pi writes in place of a history summary when the split turn is all there is before the cut. */
const NO_PRIOR_HISTORY = 'No prior history.';

/**
 * The history before the cut and, when the cut falls inside a turn, that turn's early part are
 * summarized concurrently (0.8 × and 0.5 × reserve) and joined; the file lists follow.
 */
export const pi: Strategy = {
  name,
  description:
    'keep ~20000 recent tokens (--keep-recent-tokens), cut at a user/assistant message; structured summary of the rest, a split turn apart (pi)',
  group: 'agent',
  settings: [KEEP_RECENT_TOKENS],
  callsModel: true,
  // The history and the split turn's prefix, side by side.
  plannedCalls: () => ({ calls: 2, sequential: 1 }),
  requiredSections: STRUCTURED_SECTIONS,
  prompts: { main: ['pi-history', 'pi-history-update'], others: ['pi-turn-prefix'] },
  update: updateHistory,
  async run(session, context) {
    const { messages } = session;
    const keepTokens = tailTokens(context.config);
    const counts = countMessages(context.tokenizer, messages);
    const cut = findCutPoint(messages, counts, keepTokens);
    const tail = keepTail(session, cut.firstKept);
    if (cut.firstKept === 0) {
      return {
        summary: '',
        ...tail,
        notes: [`The whole transcript fits in ${keepTokens} tokens: nothing to summarize.`],
      };
    }
    const historyEnd = cut.turnStart ?? cut.firstKept;
    const previous = previousCompaction(session, historyEnd);
    const historyStart = previous?.start ?? 0;
    const history = messages.slice(historyStart, historyEnd);
    const previousBlocks = previous ? [previousSummaryBlock(previous.summary)] : [];
    const files = fileLists(session.fileOperations, { start: 0, end: cut.firstKept });
    // Under a target, the summaries share what the kept tail and the file lists leave: 4/5 history, 1/5 turn.
    const kept = counts.slice(cut.firstKept).reduce((sum, tokens) => sum + tokens, 0);
    const summaryBudget = remainderBudget(
      context.config,
      kept + context.tokenizer.count(fileBlocks(files)),
      Number.POSITIVE_INFINITY,
    );
    const historyBudget = Math.min(
      oneCallBudget(context.config),
      cut.turnStart === undefined ? summaryBudget : Math.floor(summaryBudget * 0.8),
    );
    const turnBudget = Math.min(
      Math.floor(0.5 * context.config.reserveTokens),
      Math.floor(summaryBudget * 0.2),
    );

    const historySummary =
      history.length === 0
        ? Promise.resolve(previous?.summary ?? NO_PRIOR_HISTORY)
        : summarize(context, {
            label: previous ? 'history update' : 'history',
            owner: name,
            prompt: previous ? 'pi-history-update' : 'pi-history',
            blocks: [conversationBlock(context.render(history)), ...previousBlocks],
            maxTokens: historyBudget,
          });
    const turnPrefixSummary =
      cut.turnStart === undefined
        ? Promise.resolve(undefined)
        : summarize(context, {
            label: 'turn prefix',
            owner: name,
            prompt: 'pi-turn-prefix',
            blocks: [conversationBlock(context.render(messages.slice(cut.turnStart, cut.firstKept)))],
            maxTokens: turnBudget,
          });
    const [summary, turnPrefix] = await Promise.all([historySummary, turnPrefixSummary]);
    const joined =
      turnPrefix === undefined
        ? summary
        : `${summary}\n\n---\n\n**Turn context (split turn):**\n\n${turnPrefix}`;

    const notes = [
      `Cut at message ${cut.firstKept} (${messages[cut.firstKept]?.role}); kept ${describeRanges(tail.keptRanges)}.`,
    ];
    if (cut.turnStart !== undefined) {
      notes.push(
        `The cut splits the turn opened at message ${cut.turnStart}; its messages ${cut.turnStart}–${cut.firstKept - 1} were summarized apart.`,
      );
    }
    if (previous)
      notes.push(
        `Updated the summary the transcript records; summarized messages ${historyStart}–${historyEnd - 1}.`,
      );
    return {
      summary: withFileBlocks(joined, files),
      ...tail,
      notes,
    };
  },
};

/**
 * pi's update (`generateSummary` with a previous summary): everything given is merged into the previous
 * compaction's summary in one call; the file lists carried over are joined with the new ones.
 */
async function updateHistory(
  previous: PreviousSummary | undefined,
  session: Session,
  context: StrategyContext,
): Promise<StrategyOutput> {
  const files = mergeFileLists(
    previous?.files ?? { read: [], modified: [] },
    fileLists(session.fileOperations),
  );
  const budget = Math.min(
    oneCallBudget(context.config),
    remainderBudget(context.config, context.tokenizer.count(fileBlocks(files)), Number.POSITIVE_INFINITY),
  );
  const summary =
    session.messages.length === 0
      ? (previous?.summary ?? NO_PRIOR_HISTORY)
      : await summarize(context, {
          label: previous ? 'history update' : 'history',
          owner: name,
          prompt: previous ? 'pi-history-update' : 'pi-history',
          blocks: [
            conversationBlock(context.render(session.messages)),
            ...(previous ? [previousSummaryBlock(previous.summary)] : []),
          ],
          maxTokens: budget,
        });
  return { summary: withFileBlocks(summary, files) };
}
