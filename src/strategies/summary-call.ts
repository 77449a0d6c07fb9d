/** One summarization call as every built-in strategy makes it, and the slices and history it is made over. */
import type { CallRequest } from '../providers/calls.ts';
import type { Session } from '../session/types.ts';
import type { Slice } from '../session/slicer.ts';
import type { Tokenizer } from '../tokens.ts';
import { composePrompt, fillPlaceholders, type PromptValues } from './prompts.ts';
import type { StrategyContext } from './types.ts';

/** One summarization call, as every built-in strategy makes it. */
export type SummaryCall = {
  /** How the trace labels the call. */
  label: string;
  /** The strategy whose prompts apply (its `--prompt-file` overrides included). */
  owner: string;
  /** The prompt's name: a core one (`prompts.ts`) or one the strategy declares. */
  prompt: string;
  values?: PromptValues;
  /** Tagged blocks before the instruction (earlier summaries, the conversation, a previous summary), in the order sent. */
  blocks: readonly string[];
  maxTokens: number;
};

/**
 * The request of a summarization call: the blocks, the instruction with its placeholders filled, the `--instructions`
 * focus. The leading conversation blocks are the stable prefix: the same conversation summarized at another budget,
 * by another strategy or in another run is sent again, and the API's prompt cache serves it the second time. A
 * block holding a model's earlier answer (a previous summary) is never sent again alike, so the prefix stops before
 * it: marking it would pay the cache-write premium for nothing.
 */
export function summaryRequest(context: StrategyContext, call: SummaryCall): CallRequest {
  const instruction = fillPlaceholders(context.prompt(call.owner, call.prompt), call.values);
  const prompt = composePrompt(call.blocks, instruction, context.config.instructions);
  const prefix = conversationPrefixLength(prompt, call.blocks);
  return {
    system: context.prompt(call.owner, 'system'),
    prompt,
    maxTokens: call.maxTokens,
    ...(prefix > 0 ? { stablePrefixLength: prefix } : {}),
  };
}

const CONVERSATION_OPEN = '<conversation>\n';

/**
 * The length of the prompt's leading conversation blocks with the blank line after them (0 when it opens with none).
 * The prompt starts with the blocks joined by blank lines (composePrompt), so each block is looked for in the prompt,
 * not in itself: a block of a whole transcript is a joined string, and reading its first characters would make V8
 * copy it flat, a second copy of the transcript beside the prompt.
 */
function conversationPrefixLength(prompt: string, blocks: readonly string[]): number {
  let offset = 0;
  for (const block of blocks) {
    if (block.length < CONVERSATION_OPEN.length || !prompt.startsWith(CONVERSATION_OPEN, offset)) break;
    offset += block.length + 2;
  }
  return offset;
}

/** Sends one summarization call (see {@link summaryRequest}). */
export function summarize(context: StrategyContext, call: SummaryCall): Promise<string> {
  return context.complete(call.label, summaryRequest(context, call));
}

/** A slice rendered for a model; an oversized slice is truncated to the slice size. */
export function renderSlice(session: Session, slice: Slice, context: StrategyContext): string {
  const text = context.render(session.messages.slice(slice.start, slice.end));
  return slice.oversized ? truncateToTokens(text, context.config.sliceTokens, context.tokenizer) : text;
}

/** `slice 2/4`: how the trace labels a call. */
export function sliceLabel(verb: string, slice: Pick<Slice, 'index'>, count: number): string {
  return `${verb} ${slice.index + 1}/${count}`;
}

/** Where a slice lies in the session, in words, for the slice prompt's `{{position}}`. */
export function slicePosition(slice: Pick<Slice, 'index'>, count: number): string {
  if (count === 1) return 'the whole session';
  if (slice.index === 0) return 'the beginning of the session';
  return slice.index === count - 1 ? 'the most recent part of the session' : 'the middle of the session';
}

/** Cuts text to about `maxTokens`, with a visible marker saying how much was dropped and why. */
export function truncateToTokens(
  text: string,
  maxTokens: number,
  tokenizer: Tokenizer,
  reason = 'this message alone exceeds the slice size',
): string {
  const tokens = tokenizer.count(text);
  if (tokens <= maxTokens) return text;
  // Characters per token vary little within one text, so a proportional cut lands close to the target.
  const keep = Math.max(0, Math.floor((text.length * maxTokens) / tokens) - 64);
  return `${text.slice(0, keep)}\n[... ${text.length - keep} more characters truncated: ${reason}]`;
}

/** The last compaction the transcript records at or before message `end`: its summary, and where the messages it does not cover start. */
export function previousCompaction(
  session: Session,
  end: number,
): { summary: string; start: number } | undefined {
  const compaction = session.compactions.filter((recorded) => recorded.messageIndex <= end).at(-1);
  if (!compaction) return undefined;
  // Messages the agent kept verbatim at that compaction are not in its summary, so they are summarized again.
  return {
    summary: compaction.summary,
    start: Math.min(compaction.firstKeptMessageIndex ?? compaction.messageIndex, end),
  };
}
