/** Steps the strategies share: settings, budgets, one summarization call, rendering a slice, file lists. */
import type { CallRequest } from '../calls.ts';
import { type FileLists, fileLists } from '../session/file-operations.ts';
import type { Message, Session, ToolCallBlock, ToolResultMessage } from '../session/types.ts';
import { toolCallsOf } from '../session/types.ts';
import type { Slice } from '../slicer.ts';
import type { Tokenizer } from '../tokens.ts';
import { composePrompt, fillPlaceholders, type PromptName, type PromptValues } from './prompts.ts';
import type { StrategyConfig, StrategyContext } from './types.ts';

/** Defaults of the optional settings (the flags' defaults). */
export const DEFAULT_SETTINGS = {
  keepRecentTokens: 20000,
  maskWindow: 10,
  pruneKeepTokens: 40000,
  pruneMinimumTokens: 20000,
  pruneProtectTurns: 2,
} as const;

/** An optional setting, or its default. */
export function setting(config: StrategyConfig, name: keyof typeof DEFAULT_SETTINGS): number {
  return config[name] ?? DEFAULT_SETTINGS[name];
}

/** One summarization call, as every built-in strategy makes it. */
export type SummaryCall = {
  /** How the trace labels the call. */
  label: string;
  /** The strategy whose prompts apply (its `--prompt-file` overrides included). */
  owner: string;
  prompt: PromptName;
  values?: PromptValues;
  /** Tagged blocks before the instruction (earlier summaries, the conversation, a previous summary), in the order sent. */
  blocks: readonly string[];
  maxTokens: number;
};

/** The request of a summarization call: the blocks, the instruction with its placeholders filled, the `--instructions` focus. */
export function summaryRequest(context: StrategyContext, call: SummaryCall): CallRequest {
  const instruction = fillPlaceholders(context.prompt(call.owner, call.prompt), call.values);
  return {
    system: context.prompt(call.owner, 'system'),
    prompt: composePrompt(call.blocks, instruction, context.config.instructions),
    maxTokens: call.maxTokens,
  };
}

/** Sends one summarization call (see {@link summaryRequest}). */
export function summarize(context: StrategyContext, call: SummaryCall): Promise<string> {
  return context.complete(call.label, summaryRequest(context, call));
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

/** Smallest budget a summarizing call gets, so a tiny slice still yields a usable summary. */
export const MIN_BUDGET = 128;

/** Output limit of a one-call strategy: 0.8 × the reserve (SPEC §5). */
export function oneCallBudget(config: StrategyConfig): number {
  return Math.floor(0.8 * config.reserveTokens);
}

/** Whether a slice is one of the two most recent, which get `--recent-boost`. */
export function isRecent(slice: Pick<Slice, 'index'>, count: number): boolean {
  return slice.index >= count - 2;
}

/** Where a slice lies in the session, in words, for the slice prompt's `{{position}}`. */
export function slicePosition(slice: Pick<Slice, 'index'>, count: number): string {
  if (count === 1) return 'the whole session';
  if (slice.index === 0) return 'the beginning of the session';
  return slice.index === count - 1 ? 'the most recent part of the session' : 'the middle of the session';
}

/** Budget of one slice summary: ratio × its tokens (at most a slice), boosted for the most recent slices. */
export function sliceBudget(slice: Slice, count: number, config: StrategyConfig): number {
  const base = Math.min(slice.tokens, config.sliceTokens) * config.ratio;
  const boosted = isRecent(slice, count) ? base * config.recentBoost : base;
  return Math.max(MIN_BUDGET, Math.round(boosted));
}

/** Budget of a summary that must cover the whole session (rolling, structured): a boosted full slice. */
export function runningBudget(config: StrategyConfig): number {
  return Math.max(MIN_BUDGET, Math.round(config.sliceTokens * config.ratio * config.recentBoost));
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

/** A slice rendered for a model; an oversized slice is truncated to the slice size. */
export function renderSlice(session: Session, slice: Slice, context: StrategyContext): string {
  const text = context.render(session.messages.slice(slice.start, slice.end));
  return slice.oversized ? truncateToTokens(text, context.config.sliceTokens, context.tokenizer) : text;
}

/** `slice 2/4`: how the trace labels a call. */
export function sliceLabel(verb: string, slice: Pick<Slice, 'index'>, count: number): string {
  return `${verb} ${slice.index + 1}/${count}`;
}

/** The files read and modified within a slice, from tool calls (never from the model). */
export function sliceFiles(session: Session, slice: Pick<Slice, 'start' | 'end'>): FileLists {
  return fileLists(session.fileOperations, slice);
}

/** `<read-files>` / `<modified-files>` blocks appended after a summary; empty lists are left out. */
export function fileBlocks(lists: FileLists): string {
  const blocks: string[] = [];
  if (lists.read.length > 0) blocks.push(`<read-files>\n${lists.read.join('\n')}\n</read-files>`);
  if (lists.modified.length > 0)
    blocks.push(`<modified-files>\n${lists.modified.join('\n')}\n</modified-files>`);
  return blocks.join('\n\n');
}

/** A summary with the file blocks after it. */
export function withFileBlocks(summary: string, lists: FileLists): string {
  const blocks = fileBlocks(lists);
  return blocks ? `${summary.trimEnd()}\n\n${blocks}` : summary;
}

/** The tool calls of a transcript by id, so a result can name the call that produced it. */
export function toolCallsById(messages: readonly Message[]): Map<string, ToolCallBlock> {
  return new Map(messages.flatMap((message) => toolCallsOf(message).map((call) => [call.id, call] as const)));
}

/** A copy of a tool result whose output is replaced by `text` (masked, cleared). */
export function replaceOutput(message: ToolResultMessage, text: string): ToolResultMessage {
  return { ...message, content: [{ type: 'text', text }] };
}
