/** The shared slicer (docs/strategies.md): pure, (messages, token counts, options) → slices at message boundaries. */
import { InputError } from '../errors.ts';
import type { Message } from './types.ts';

/** How to cut. */
export type SliceOptions = {
  /** Target tokens per slice. */
  sliceTokens: number;
  /** Tokens of the previous slice repeated at the start of the next, at most. */
  overlapTokens: number;
};

/** A contiguous run of messages `[start, end)`. */
export type Slice = {
  /** 0-based position among the slices. */
  index: number;
  /** Index of the first message (inclusive). */
  start: number;
  /** Index after the last message (exclusive). */
  end: number;
  /** Tokens of all messages in the slice, before any truncation. */
  tokens: number;
  /** Tokens at the start of this slice that the previous slice also holds. */
  overlapTokens: number;
  /** True when one message (or one tool call with its results) exceeds `sliceTokens` on its own; it is truncated when rendered. */
  oversized: boolean;
};

/** Throws an {@link InputError} naming the flag when the options cannot make progress. */
export function validateSliceOptions(options: SliceOptions): void {
  if (!Number.isInteger(options.sliceTokens) || options.sliceTokens <= 0) {
    throw new InputError(`--slice-tokens must be a positive whole number (got ${options.sliceTokens})`);
  }
  if (!Number.isInteger(options.overlapTokens) || options.overlapTokens < 0) {
    throw new InputError(`--overlap-tokens must be a whole number ≥ 0 (got ${options.overlapTokens})`);
  }
  if (options.overlapTokens >= options.sliceTokens) {
    throw new InputError(
      `--overlap-tokens (${options.overlapTokens}) must be smaller than --slice-tokens (${options.sliceTokens})`,
    );
  }
}

type Unit = { start: number; end: number; tokens: number };

/**
 * Groups messages into units that must not be separated: an assistant message with the tool
 * results that follow it. A tool result never starts a unit, so no slice begins with an orphan.
 */
export function groupUnits(messages: readonly Message[], tokenCounts: readonly number[]): Unit[] {
  const units: Unit[] = [];
  for (let index = 0; index < messages.length; index++) {
    const tokens = tokenCounts[index] ?? 0;
    const last = units[units.length - 1];
    if (messages[index]?.role === 'toolResult' && last) {
      last.end = index + 1;
      last.tokens += tokens;
    } else {
      units.push({ start: index, end: index + 1, tokens });
    }
  }
  return units;
}

/**
 * Cuts messages into slices of about `sliceTokens`, each starting with up to `overlapTokens` of
 * whole units from the end of the previous one, covering every message in order.
 */
export function sliceMessages(
  messages: readonly Message[],
  tokenCounts: readonly number[],
  options: SliceOptions,
): Slice[] {
  validateSliceOptions(options);
  const units = groupUnits(messages, tokenCounts);
  const slices: Slice[] = [];
  let first = 0; // first unit of the current slice
  let fresh = 0; // first unit the current slice is the first to cover
  while (fresh < units.length) {
    let tokens = 0;
    for (let unit = first; unit < fresh; unit++) tokens += units[unit]!.tokens;
    const overlapTokens = tokens;
    let next = fresh;
    while (next < units.length && (next === fresh || tokens + units[next]!.tokens <= options.sliceTokens)) {
      tokens += units[next]!.tokens;
      next++;
    }
    slices.push({
      index: slices.length,
      start: units[first]!.start,
      end: units[next - 1]!.end,
      tokens,
      overlapTokens,
      oversized: next - fresh === 1 && units[fresh]!.tokens > options.sliceTokens,
    });
    fresh = next;
    first = overlapStart(units, first, fresh, options);
  }
  return slices;
}

/**
 * The earliest unit the next slice can repeat: within the overlap budget, leaving room for one new
 * unit, and after the previous slice's start so that slices always move forward.
 */
function overlapStart(units: readonly Unit[], first: number, fresh: number, options: SliceOptions): number {
  if (fresh >= units.length) return fresh;
  const room = options.sliceTokens - units[fresh]!.tokens;
  let start = fresh;
  let overlap = 0;
  while (start - 1 > first && overlap + units[start - 1]!.tokens <= Math.min(options.overlapTokens, room)) {
    start--;
    overlap += units[start]!.tokens;
  }
  return start;
}
