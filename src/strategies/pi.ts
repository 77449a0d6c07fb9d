/**
 * pi: the pi coding agent's compaction (badlogic/pi-mono, `core/compaction/compaction.ts`). A cut
 * point keeps about `--keep-recent-tokens` of recent messages verbatim; everything before it is
 * summarized in the structured format, updating the transcript's own last summary when it has one.
 */
import { fileLists } from '../session/file-operations.ts';
import { countMessages } from '../tokens.ts';
import { conversationBlock, previousSummaryBlock, STRUCTURED_SECTIONS } from './prompts.ts';
import { oneCallBudget, previousCompaction, setting, summarize, withFileBlocks } from './steps.ts';
import { describeRanges, findCutPoint, keepTail } from './tail.ts';
import type { Strategy } from './types.ts';

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
  callsModel: true,
  requiredSections: STRUCTURED_SECTIONS,
  prompts: { main: ['pi-history', 'pi-history-update'], others: ['pi-turn-prefix'] },
  async run(session, context) {
    const { messages } = session;
    const keepTokens = setting(context.config, 'keepRecentTokens');
    const cut = findCutPoint(messages, countMessages(context.tokenizer, messages), keepTokens);
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

    const historySummary =
      history.length === 0
        ? Promise.resolve(previous?.summary ?? NO_PRIOR_HISTORY)
        : summarize(context, {
            label: previous ? 'history update' : 'history',
            owner: name,
            prompt: previous ? 'pi-history-update' : 'pi-history',
            blocks: [conversationBlock(context.render(history)), ...previousBlocks],
            maxTokens: oneCallBudget(context.config),
          });
    const turnPrefixSummary =
      cut.turnStart === undefined
        ? Promise.resolve(undefined)
        : summarize(context, {
            label: 'turn prefix',
            owner: name,
            prompt: 'pi-turn-prefix',
            blocks: [conversationBlock(context.render(messages.slice(cut.turnStart, cut.firstKept)))],
            maxTokens: Math.floor(0.5 * context.config.reserveTokens),
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
      summary: withFileBlocks(joined, fileLists(session.fileOperations, { start: 0, end: cut.firstKept })),
      ...tail,
      notes,
    };
  },
};
