/** Runs of transcript messages by 0-based index: where kept messages come from, written as reports show them. */
import * as z from 'zod';
import type { Message, Session } from './types.ts';

/** A run of messages `[start, end)` of the transcript, by 0-based index. */
export const messageRangeSchema = z.object({ start: z.number(), end: z.number() });

/** One {@link messageRangeSchema}. */
export type MessageRange = z.infer<typeof messageRangeSchema>;

/** Sorted indices as ranges of consecutive indices. */
export function rangesOf(indices: Iterable<number>): MessageRange[] {
  const ranges: MessageRange[] = [];
  for (const index of [...indices].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && last.end === index) last.end = index + 1;
    else if (!last || last.end < index) ranges.push({ start: index, end: index + 1 });
  }
  return ranges;
}

/** Where kept messages come from, by identity with the transcript's messages (altered copies are not found). */
export function keptRangesOf(session: Session, kept: readonly Message[]): MessageRange[] {
  const positions = new Map(session.messages.map((message, index) => [message, index]));
  return rangesOf(kept.flatMap((message) => positions.get(message) ?? []));
}

/** `120–183, 190`: ranges as 0-based inclusive message indices. */
export function formatRanges(ranges: readonly MessageRange[]): string {
  return ranges
    .map((range) => (range.end - range.start === 1 ? `${range.start}` : `${range.start}–${range.end - 1}`))
    .join(', ');
}

/** `65 messages (120–183, 190)`, or `no messages`. */
export function describeRanges(ranges: readonly MessageRange[]): string {
  const count = ranges.reduce((sum, range) => sum + range.end - range.start, 0);
  if (count === 0) return 'no messages';
  return `${count} message${count === 1 ? '' : 's'} (${formatRanges(ranges)})`;
}
