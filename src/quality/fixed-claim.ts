/**
 * Whether a summary says an error is fixed where it names it: "TS2304 is fixed", "Fixed TS2304 in timeout.ts", "the
 * `TypeError` was resolved", "no longer fails with TS2304". Of an error still live at the cut (the latest failure,
 * no success since), that is its opposite (probe-reading.ts); of one fixed before the cut it is the truth.
 */

import { lastMatchEnd } from './clause-negation.ts';

// A word that says a thing is fixed, in the clause before the error's name: "Fixed TS2304", "resolved the TypeError",
// "no longer fails with …". A turn ("Fixed the import, but TS2304 still fails") or a clause's end stops its reach.
const FIXED_BEFORE =
  /(?:^|[\s(])(?:fixed|resolved|solved|no longer|got rid of|eliminated)(?:\s+[^\s,;:.!?()]+){0,6}\s*$/;
// The same right after the name: "TS2304 is fixed", "TypeError (resolved)", "… is gone now".
const FIXED_AFTER =
  /^[\s`'")]*(?:\S+\s+){0,3}?(?:(?:is|are|was|were|has been|have been|got|now)\s+)*(?:fixed|resolved|solved|gone)\b|^[\s`'"]*\((?:fixed|resolved|solved)\)|^[\s`'")]*(?:\S+\s+){0,3}?no longer (?:occurs|appears|happens|shows|fires)\b/;
// A word that puts the fix as not done: "not fixed", "still", "yet to be fixed", "to fix", "needs fixing".
const NOT_FIXED = /\b(?:not|never|still|yet|unfixed|unresolved)\b|\bn't\b/;
// Where a clause ends or turns.
const CLAUSE_BREAK =
  /[;:!?\n]|\.(?=\s|$)|\s-\s|\s(?:but|yet|although|though|while|whereas|until|before|after)\s/g;

/** The part of `before` after its last clause break. */
function clauseTail(before: string): string {
  return before.slice(lastMatchEnd(before, CLAUSE_BREAK));
}

/** The part of `after` before its first clause break. */
function clauseHead(after: string): string {
  const stop = after.search(/[;:!?\n,]|\.(?=\s|$)|\s(?:but|yet|although|though|while|whereas)\s/);
  return stop < 0 ? after : after.slice(0, stop);
}

/**
 * Whether the clause of `[start, end)` in a canonical text (`text.slice` reads its characters) says what it names is
 * fixed, with nothing in it putting the fix as not done.
 */
export function saysFixed(
  text: { slice(start: number, end: number): string },
  start: number,
  end: number,
): boolean {
  const before = clauseTail(text.slice(Math.max(0, start - 80), start));
  const after = clauseHead(text.slice(end, end + 60));
  const fixed = FIXED_BEFORE.test(before) || FIXED_AFTER.test(after);
  return fixed && !NOT_FIXED.test(`${before} ${after}`);
}
