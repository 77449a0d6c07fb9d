/**
 * What the modules that read a summary clause by clause share: word lists folded into terms once, on first use, and
 * a clause's test run once however many of its terms are asked about.
 */
import { meaningTerms, type MeaningIndex, type MeaningTerm } from './meaning.ts';

/** The terms of `words`, as a set. */
export const termSet = (words: string): ReadonlySet<string> =>
  new Set(meaningTerms(words).map((term) => term.term));

/**
 * `make()`'s value, made on the first call: word lists are folded on first use, not as the module loads (folding
 * builds the synonym table, which a compare's first call need not wait for).
 */
export function memoized<Value>(make: () => Value): () => Value {
  let value: Value | undefined;
  return () => (value ??= make());
}

/**
 * A test of the clause of a term (its terms as `termsOf` reads them), each clause tested once however many of its
 * terms are asked about (one long line of a kept tail can name a file thousands of times).
 */
export function perClause(
  index: MeaningIndex,
  termsOf: (index: MeaningIndex, at: number) => readonly MeaningTerm[],
  test: (terms: readonly MeaningTerm[]) => boolean,
): (position: number) => boolean {
  const known = new Map<number, boolean>();
  return (position) => {
    const clause = index.clauseAt(position);
    let passes = known.get(clause);
    if (passes === undefined) {
      passes = test(termsOf(index, position));
      known.set(clause, passes);
    }
    return passes;
  };
}
