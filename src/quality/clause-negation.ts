/**
 * Whether a negation in its clause reaches a needle found in a canonical text: right before or after it ("rejected
 * keyset", "keyset was dropped"), or anywhere earlier in the clause ("do not touch any of the migration files").
 * match.ts reads each occurrence with these.
 */
import { IRREGULAR_PARTICIPLES, PARTICIPLE_PREPOSITIONS } from './meaning-words.ts';

// Words that deny what follows them in a clause: "not", "rejected keyset", "shouldn't touch". "Not only",
// "not just" and "not merely" add to what follows ("not only keyset pagination but also batches") rather than deny it.
const NEGATION_WORDS =
  "not(?!\\s+(?:only|just|merely)(?=\\s|$))|no|never|nor|don't|dont|didn't|didnt|doesn't|doesnt|won't|wont|isn't|isnt|wasn't|wasnt|shouldn't|mustn't|reject(?:ed|ing)?|avoid(?:ed|ing)?|dropp(?:ed|ing)|abandon(?:ed|ing)?|ruled out|against|dismiss(?:ed)?|no longer|revert(?:ed|ing)?";
// Negation right before a needle (same clause) or right after it: "rejected keyset", "keyset was dropped". The
// words between them hold no comma: "not OFFSET, keyset pagination" and "keyset pagination, OFFSET was rejected"
// deny OFFSET alone.
const NEGATION_BEFORE = new RegExp(`(?:^|[\\s('])(?:${NEGATION_WORDS})(?:\\s+[^\\s,]+){0,2}\\s*$`);
// A negation right before a participle and a preposition ("changes not staged for commit", "not covered by tests")
// denies the participle, not what follows the preposition: "commit" there is no commit denied. Not "to" ("not allowed
// to push" denies the push), nor after an auxiliary ("must not be changed in src/db" denies the change there).
const PARTICIPLE_PREPOSITION = new RegExp(
  `(?:^|[\\s('])(?:not|no|never)\\s+(?:[a-z]{2,}ed|${IRREGULAR_PARTICIPLES.join('|')})\\s+(?:${PARTICIPLE_PREPOSITIONS.join('|')})(?:\\s+[^\\s,]+){0,2}\\s*$`,
);
// A negation or a prohibition anywhere earlier in the clause: "do not touch any of the migration files"; a refusal
// too ("the user declined the offer to set gc.auto 0"), which rules out what it reaches as a prohibition does.
const NEGATION_IN_CLAUSE = new RegExp(
  `(?:^|[\\s('])(?:${NEGATION_WORDS}|can't|cannot|aren't|weren't|without|instead of|rather than|forbid(?:s|den)?|prohibit(?:s|ed)?|ban(?:s|ned)?|declin(?:e|es|ed|ing)|refus(?:e|es|ed|ing)|veto(?:es|ed)?)(?=[\\s,]|$)`,
);
// A prohibition right after a needle: "new dependencies are not allowed", "leave the migration files alone".
const PROHIBITION_AFTER =
  /^\s*(?:\S+\s+){0,2}?(?:(?:are|is|were|was|be|stay|stays|remain|remains)\s+)?(?:not allowed|not permitted|forbidden|prohibited|banned|off-limits|off limits|alone|untouched|unchanged)\b|^\s*:\s*(?:none|no|never|not allowed|forbidden)\b/;
// "instead of", "rather than" and "without" deny the noun phrase right after them only.
const NEGATING_PREPOSITION = /(?:^|[\s('])(?:instead of|rather than|without)(?:\s+[^\s,]+)?\s*$/;
// A change told by where it went from: "updated verification from go-git repo.Reference() to exec.CommandContext(…)",
// "switched from OFFSET to keyset", "replaced RemoveReference with DeleteBranchCLI". What it went from is what was left,
// as "instead of" tells it; the "to" or "with" must follow in the clause ("moved from the old plan" says no change).
const CHANGED_FROM =
  /(?:^|[\s('])(?:(?:chang|updat|switch|mov|migrat|convert|swapp)(?:e|es|ed|ing)?\s+(?:[^\s,]+\s+){0,3}?from|replac(?:e|es|ed|ing))\s+(?:[^\s,]+\s+)?$/;
const CHANGED_TO = /^\S*\s+(?:[^\s,]+\s+){0,2}?to\s/;
const REPLACED_WITH = /^\S*\s+(?:[^\s,]+\s+){0,2}?with\s/;
const NEGATION_AFTER =
  /^\s*(?:[^\s,]+\s+){0,2}?(?:was|were|is|got|been)?\s*(?:rejected|dropped|abandoned|reverted|ruled out|discarded|not used|not an option|out of the question)\b/;
// A dot ends a clause only before a space: `decimal.js` and `v1.2` are words. A line break written as an escape (`\n`
// in a tool's output quoted as a JSON string: "code is not formatted.\nrun 'mix format' to fix.\n\nfix these issues
// before committing") ends its line as a real one does.
const CLAUSE_END = /[;:!?\n]|\\n|\.(?=\s|$|\\n)|\s-\s/g;

// Where a negation earlier in a clause stops reaching: a parenthesis, or a turn ("not OFFSET but keyset").
const NEGATION_REACH_END = /[()]|\s(?:but|yet|so|although|though|whereas|while)\s/g;

/** The text of `[start, end)`'s clause before it that a negation reaches from, at most `reach` characters. */
function clauseBefore(text: string, start: number, reach: number): string {
  const before = text.slice(Math.max(0, start - reach), start);
  return before.slice(Math.max(lastMatchEnd(before, CLAUSE_END), lastMatchEnd(before, NEGATION_REACH_END)));
}

/**
 * Where the last match of a global pattern that never matches empty ends in `text`, or 0 when none does: what a loop
 * over `text.matchAll(pattern)` finds last, without the copy of the pattern and the iterator `matchAll` makes (this
 * runs for every occurrence of every probe's spellings in every context scored).
 */
export function lastMatchEnd(text: string, pattern: RegExp): number {
  let end = 0;
  pattern.lastIndex = 0;
  while (pattern.exec(text) !== null) end = pattern.lastIndex;
  return end;
}

/** The text of `[start, end)`'s clause after it, within 60 characters. */
function clauseAfter(text: string, end: number): string {
  const after = text.slice(end, end + 60);
  const clauseEnd = after.search(/[;:!?\n]|\\n|\.(?=\s|$|\\n)/);
  return clauseEnd >= 0 ? after.slice(0, clauseEnd) : after;
}

/** Whether a negation stands in the same clause within a few words before, or right after, `[start, end)`. */
export function isNegated(text: string, start: number, end: number): boolean {
  const before = clauseBefore(text, start, 60);
  if (NEGATING_PREPOSITION.test(before) || changedFrom(text, before, end)) return true;
  if (NEGATION_BEFORE.test(before) && !PARTICIPLE_PREPOSITION.test(before)) return true;
  return NEGATION_AFTER.test(clauseAfter(text, end));
}

/** Whether `[start, end)` is what a change its clause tells went from ({@link CHANGED_FROM}). */
function changedFrom(text: string, before: string, end: number): boolean {
  const verb = CHANGED_FROM.exec(before);
  if (verb === null) return false;
  const after = clauseAfter(text, end);
  return /replac/.test(verb[0]) ? REPLACED_WITH.test(after) : CHANGED_TO.test(after);
}

/** Whether `[start, end)`'s clause denies it anywhere before it, or right after it (see {@link Occurrence}). */
export function isDeniedInClause(text: string, start: number, end: number): boolean {
  const before = clauseBefore(text, start, 160);
  if (NEGATION_IN_CLAUSE.test(before) && !deniesParticipleOnly(before)) return true;
  const after = clauseAfter(text, end);
  return (
    NEGATION_AFTER.test(after) ||
    PROHIBITION_AFTER.test(after) ||
    PROHIBITION_AFTER.test(text.slice(end, end + 30))
  );
}

/** Whether the clause's one negation before a needle is a participle's, with a preposition between ("not staged for"). */
function deniesParticipleOnly(before: string): boolean {
  const participle = PARTICIPLE_PREPOSITION.exec(before);
  return participle !== null && !NEGATION_IN_CLAUSE.test(before.slice(0, participle.index + 1));
}
