/** Steps the strategies share: render a slice, budget a slice, append file lists. */
import { type FileLists, fileLists } from '../session/file-operations.ts';
import type { Session } from '../session/types.ts';
import type { Slice } from '../slicer.ts';
import type { Tokenizer } from '../tokens.ts';
import type { StrategyConfig, StrategyContext } from './types.ts';

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

/** Cuts text to about `maxTokens`, with a visible marker saying how much was dropped. */
export function truncateToTokens(text: string, maxTokens: number, tokenizer: Tokenizer): string {
  const tokens = tokenizer.count(text);
  if (tokens <= maxTokens) return text;
  // Characters per token vary little within one text, so a proportional cut lands close to the target.
  const keep = Math.max(0, Math.floor((text.length * maxTokens) / tokens) - 64);
  return `${text.slice(0, keep)}\n[... ${text.length - keep} more characters truncated: this message alone exceeds the slice size]`;
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
  if (lists.modified.length > 0) blocks.push(`<modified-files>\n${lists.modified.join('\n')}\n</modified-files>`);
  return blocks.join('\n\n');
}

/** A summary with the file blocks after it. */
export function withFileBlocks(summary: string, lists: FileLists): string {
  const blocks = fileBlocks(lists);
  return blocks ? `${summary.trimEnd()}\n\n${blocks}` : summary;
}
