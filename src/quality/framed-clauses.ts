/**
 * The clauses of a sentence that denies itself, or puts itself as still to do (stance.ts), read as one: "It is false
 * that in progress: spotter-fum.3 (highlight.js)" and "It is false that a0y.4 (claimed, in progress, nothing
 * verified)" deny that the ticket is in progress, though a label's colon or a list's commas part the sentence into
 * clauses. The frame says the whole sentence the other way, whichever clause holds the statement's words. Elsewhere
 * each clause stays its own ("platform_profile: balanced-performance" is no opposite of a later "set to performance").
 */
import type { MeaningTerm } from './meaning-index.ts';

/**
 * For each clause of a window, the clause it is read with: the clauses of one line in a sentence with a stance
 * (denied or pending) are read as the first of them; any other clause is its own.
 */
export function framedClauses(window: readonly MeaningTerm[]): (clause: number) => number {
  const first = new Map<string, number>();
  const joined = new Map<number, number>();
  for (const term of window) {
    const stance = term.denied === true ? 'denied' : term.pending === true ? 'pending' : undefined;
    if (stance === undefined) continue;
    const key = `${term.line} ${stance}`;
    const start = first.get(key);
    if (start === undefined) first.set(key, term.clause);
    else if (term.clause !== start) joined.set(term.clause, start);
  }
  if (joined.size === 0) return (clause) => clause;
  return (clause) => joined.get(clause) ?? clause;
}
