/**
 * opencode: OpenCode's compaction (sst/opencode, `session/compaction.ts`). The recent turns are kept
 * verbatim within a quarter of the usable window (clamped to 2K–15K tokens), splitting the oldest
 * kept turn when only its end fits; the older part is summarized into anchored sections, with tool
 * outputs cut at 2000 characters.
 */
import type { Message } from '../session/types.ts';
import { isPrompt } from '../session/types.ts';
import { countMessages } from '../tokens.ts';
import { ANCHORED_SECTIONS, conversationBlock, previousSummaryBlock } from './prompts.ts';
import { previousCompaction, summarize } from './summary-call.ts';
import { remainderBudget } from './budgets.ts';
import { isCutPoint, keepTail, suffixTokens } from '../session/cut-points.ts';
import { describeRanges } from '../session/message-ranges.ts';
import type { Strategy } from './types.ts';

const name = 'opencode';

/** OpenCode's limits: the tail budget's clamp, the summary's output limit, the tool-output cut. */
export const OPENCODE_LIMITS = {
  minimumRecentTokens: 2000,
  maximumRecentTokens: 15000,
  /** The window assumed when the run knows none (`--context-window`). */
  assumedContextWindow: 128000,
  /** OpenCode sets aside the model's output and a buffer of at most 20000 tokens. */
  bufferTokens: 20000,
  summaryTokens: 4096,
  toolResultChars: 2000,
} as const;

/** The tail budget: 25% of the usable window (window − output reserve − buffer), clamped to 2K–15K tokens. */
export function recentBudget(contextWindow: number | undefined, reserveTokens: number): number {
  const window = contextWindow ?? OPENCODE_LIMITS.assumedContextWindow;
  const usable = Math.max(0, window - reserveTokens - Math.min(OPENCODE_LIMITS.bufferTokens, reserveTokens));
  return Math.min(
    OPENCODE_LIMITS.maximumRecentTokens,
    Math.max(OPENCODE_LIMITS.minimumRecentTokens, Math.floor(usable * 0.25)),
  );
}

/**
 * Where the kept tail starts: whole turns (a user message and what follows it), newest first, while
 * they fit `budget`; the first turn that does not fit contributes its longest suffix that does.
 * Undefined when nothing fits or everything does — OpenCode then summarizes the whole transcript.
 */
export function selectTail(
  messages: readonly Message[],
  tokenCounts: readonly number[],
  budget: number,
): number | undefined {
  const suffix = suffixTokens(tokenCounts);
  const turnStarts = messages.flatMap((message, index) => (isPrompt(message) ? [index] : []));
  let total = 0;
  let keep: number | undefined;
  for (let turn = turnStarts.length - 1; turn >= 0; turn--) {
    const start = turnStarts[turn]!;
    const end = turnStarts[turn + 1] ?? messages.length;
    const size = suffix[start]! - suffix[end]!;
    if (total + size <= budget) {
      total += size;
      keep = start;
      continue;
    }
    const remaining = budget - total;
    for (let split = start + 1; split < end && remaining > 0; split++) {
      if (isCutPoint(messages[split]!) && suffix[split]! - suffix[end]! <= remaining) {
        keep = split;
        break;
      }
    }
    break;
  }
  return keep === 0 ? undefined : keep;
}

/** One call over the part before the tail (merging the transcript's last summary, if any); the tail kept. */
export const opencode: Strategy = {
  name,
  description:
    'keep recent turns within 25% of the usable window (2K–15K tokens); summarize the rest into objective / details / work state / next move / files (OpenCode)',
  group: 'agent',
  callsModel: true,
  plannedCalls: () => ({ calls: 1, sequential: 1 }),
  requiredSections: ANCHORED_SECTIONS,
  prompts: { main: ['opencode', 'opencode-update'] },
  async run(session, context) {
    const { messages } = session;
    const { targetTokens } = context.config;
    // Under a target, OpenCode's own split: a quarter for the recent turns, the summary gets the rest.
    const budget =
      targetTokens === undefined
        ? recentBudget(context.contextWindow, context.config.reserveTokens)
        : Math.floor(targetTokens / 4);
    const tokenCounts = countMessages(context.tokenizer, messages);
    const tailStart = selectTail(messages, tokenCounts, budget) ?? messages.length;
    const keptTokens = tokenCounts.slice(tailStart).reduce((sum, tokens) => sum + tokens, 0);
    const previous = previousCompaction(session, tailStart);
    const head = messages.slice(previous?.start ?? 0, tailStart);
    const conversation = conversationBlock(
      context.render(head, { toolResultChars: OPENCODE_LIMITS.toolResultChars }),
    );
    const summary = await summarize(context, {
      label: previous ? 'summary update' : 'summary',
      owner: name,
      prompt: previous ? 'opencode-update' : 'opencode',
      blocks: previous ? [conversation, previousSummaryBlock(previous.summary)] : [conversation],
      maxTokens: remainderBudget(context.config, keptTokens, OPENCODE_LIMITS.summaryTokens),
    });
    const tail = keepTail(session, tailStart);
    const everythingFits = tokenCounts.reduce((sum, tokens) => sum + tokens, 0) <= budget;
    const notes = [
      tail.kept.length > 0
        ? `Kept ${describeRanges(tail.keptRanges)} within a tail budget of ${budget} tokens.`
        : `Kept nothing verbatim: ${everythingFits ? 'the whole transcript fits' : 'not even the end of the last turn fits'} the tail budget of ${budget} tokens, so everything was summarized.`,
    ];
    if (previous)
      notes.push(
        `Merged the summary the transcript records; summarized messages ${previous.start}–${tailStart - 1}.`,
      );
    return { summary, ...tail, notes };
  },
};
