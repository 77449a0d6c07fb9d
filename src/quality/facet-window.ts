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
 * like a module name occurs thousands of times in a kept transcript).
 */
export function withinWindow(
  facets: readonly (readonly Pick<Occurrence, 'word'>[])[],
  window: number,
  barriers: readonly number[] = [],
): boolean {
  if (facets.some((occurrences) => occurrences.length === 0)) return false;
  if (facets.length === 1) return true;
  // One spelling's occurrences come in text order; several spellings' are merged.
  const words = facets.map((occurrences) => {
    const facetWords = occurrences.map((occurrence) => occurrence.word);
    return facetWords.every((word, index) => index === 0 || facetWords[index - 1]! <= word)
      ? facetWords
      : facetWords.sort((a, b) => a - b);
  });
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
    if (high - low <= window && !barriers.some((barrier) => low < barrier && barrier < high)) return true;
    heads[lowest] = heads[lowest]! + 1;
    if (heads[lowest] === words[lowest]!.length) return false;
  }
}
