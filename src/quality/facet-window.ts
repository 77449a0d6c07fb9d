/**
 * How close a probe's facets must stand: within {@link FACET_WINDOW_WORDS} words of each other, found by one walk over
 * each facet's occurrences (probe-recall.ts reads every facet literally, other-words.ts in other words).
 */
import type { Occurrence } from './match.ts';

/**
 * All facets of a probe must be stated within this many words of each other: a fact is a relation, and a
 * summary states it in a sentence or two, while a bag of identifiers scatters them.
 */
export const FACET_WINDOW_WORDS = 40;

/**
 * Whether one occurrence of each facet lies within `window` words: the smallest range holding one of each, found by
 * walking every facet's words in order and moving on from the lowest (no list of all occurrences to sort; a word
 * like a module name occurs thousands of times in a kept transcript). No value of `barriers` may stand strictly
 * inside the range, and `apart`, when given, must not hold of its ends (a list's line break between them: line-ends.ts).
 */
export function withinWindow(
  facets: readonly (readonly Pick<Occurrence, 'word'>[])[],
  window: number,
  barriers: readonly number[] = [],
  apart?: (low: number, high: number) => boolean,
): boolean {
  // (Plain loops and module-level helpers: this runs for every probe of every context, and a callback made per call
  // loses its optimized code at a full collection; match.ts's classes say more.)
  for (const occurrences of facets) if (occurrences.length === 0) return false;
  if (facets.length === 1) return true;
  // One spelling's occurrences come in text order; several spellings' are merged.
  const words: number[][] = [];
  for (const occurrences of facets) words.push(wordsInOrder(occurrences));
  const heads = new Array<number>(words.length).fill(0);
  for (;;) {
    let lowest = 0;
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (let facet = 0; facet < words.length; facet++) {
      const word = words[facet]![heads[facet]!]!;
      if (word < low) {
        low = word;
        lowest = facet;
      }
      if (word > high) high = word;
    }
    if (high - low <= window && !barrierBetween(barriers, low, high) && !apart?.(low, high)) return true;
    heads[lowest] = heads[lowest]! + 1;
    if (heads[lowest] === words[lowest]!.length) return false;
  }
}

/** The words of a facet's occurrences, ascending. */
function wordsInOrder(occurrences: readonly Pick<Occurrence, 'word'>[]): number[] {
  const words: number[] = [];
  let ordered = true;
  for (const occurrence of occurrences) {
    if (words.length > 0 && words[words.length - 1]! > occurrence.word) ordered = false;
    words.push(occurrence.word);
  }
  return ordered ? words : words.sort(ascending);
}

const ascending = (a: number, b: number): number => a - b;

/** Whether a barrier stands strictly between `low` and `high`. */
function barrierBetween(barriers: readonly number[], low: number, high: number): boolean {
  for (const barrier of barriers) if (low < barrier && barrier < high) return true;
  return false;
}
