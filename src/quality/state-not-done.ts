/**
 * A state of done work (a commit made, a check passed, a branch pushed) said not done or still to come: "Commit
 * 1a2b3c4 did not add a retry budget", "1a2b3c4 still needs to be pushed", "Adding a retry budget (1a2b3c4) is still
 * pending". Such an occurrence of a state's facet opposes the state, and the state's other facets in that sentence are
 * part of the denial; a sentence elsewhere that says the state reached still keeps it (probe-reading.ts weighs them).
 */
import { canonicalText, type Occurrence, type TextIndex } from './match.ts';
import type { Probe } from './probes.ts';
import { NOT_DONE_BEFORE_SOURCE } from './not-done-forms.ts';
import { SELF_NEGATING } from './self-negating.ts';
import { putOff } from './own-stance.ts';
import { escapeRegExp } from '../text/regexp.ts';

// Kinds whose facts are a state reached by done work: a commit made, a check passed, a branch pushed.
const STATE_KINDS: ReadonlySet<string> = new Set(['state', 'verification']);
// A doing denied in the past or said still to come, right before a facet in its clause: "did not add …", "was never
// committed", "has not been pushed", "still need to deploy", "is yet to be …", "not yet …". Up to two words may stand
// between ("did not push commit 1a2b3c4"), the first a verb the state's own answer says was done: "never reverted
// 1a2b3c4" and "the bug never reproduced after 1a2b3c4" say nothing against it. A present negation ("no tests fail",
// "does not fail") is what the state is, and not read.
const NOT_DONE_BEFORE = new RegExp(`${NOT_DONE_BEFORE_SOURCE}((?:\\s+[\\p{L}\\p{N}_-]+){0,2})\\s+$`, 'iu');
// The same right after a facet, its subject, a parenthesis between: "1a2b3c4 still needs to be pushed", "the build has
// yet to be deployed", "the branch has not been pushed yet" ("… is pending" and "… was not pushed." are stance.ts's).
const NOT_DONE_AFTER =
  /^\s*(?:\([^)]*\)\s*)?(?:still\s+needs?\s+to\s+be|(?:has|have|is|are)\s+(?:still\s+)?yet\s+to\s+be|(?:has|have)(?:n't|\s+not)\s+(?:yet\s+)?been|(?:is|are|was|were)(?:n't|\s+not)\s+yet)\s+[\p{L}-]+(?:ed|en|wn|un|ne|lt|de|nt)\b/u;
// A facet the subject of a doing denied in the past right after it: "1a2b3c4 never added …", "(…) did not add …", "was
// not pushed": read only where the verb is one the state's own answer says was done (a commit "did not change the API"
// says what it left alone).
const DENIED_DOING_AFTER =
  /^\s*(?:\([^)]*\)\s*)?(?:did(?:n't|\s+not)|never|(?:was|were)(?:n't|\s+not)|(?:has|have)(?:n't|\s+not)(?:\s+yet)?\s+been)\s+(\p{L}+)/u;
// Where a clause ends, read back from a facet: a sentence's end, a semicolon, a colon, a comma, a bracket.
const CLAUSE_END = /[.!?;:,()]\s/g;

// What a state's own fact says when it is itself a thing not done or left: "the edits are not committed yet", "#10 is
// pending", "nothing to commit": a summary saying so states it, and is not read as its denial.
const OWN_NOT_DONE =
  /\b(?:not|no|never|nothing|none|pending|still|yet|left|remains?|uncommitted|unpushed|unmerged|without)\b|n't\b/i;
const doneStates = new WeakMap<Probe, boolean>();

/** Whether a probe is a state reached by done work whose own fact holds no negation or wait (read once per probe). */
export function isDoneState(probe: Probe): boolean {
  let done = doneStates.get(probe);
  if (done === undefined) {
    done =
      STATE_KINDS.has(probe.kind) &&
      !OWN_NOT_DONE.test(`${probe.answer} ${probe.statement ?? ''}`) &&
      !probe.facets.some((spellings) => spellings.some((one) => SELF_NEGATING.test(canonicalText(one))));
    doneStates.set(probe, done);
  }
  return done;
}

/**
 * Whether an occurrence of a facet of a state is said not done by the words before it in its clause
 * ({@link NOT_DONE_BEFORE}) or right after it ({@link NOT_DONE_AFTER}), or by its sentence's stance (stance.ts: "… was
 * not made", "… is still pending").
 */
export function saidNotDone(index: TextIndex, probe: Probe, occurrence: Occurrence): boolean {
  // Denied or pending; or put off with its whole sentence (stance.ts), a done state said so plainly (own-stance.ts).
  if (occurrence.stance === 'denied' || occurrence.stance === 'pending' || putOff(probe, occurrence.stance))
    return true;
  const after = index.slice(occurrence.end, occurrence.end + 80);
  if (NOT_DONE_AFTER.test(after)) return true;
  const denied = DENIED_DOING_AFTER.exec(after)?.[1];
  if (denied !== undefined && answerSaysDone(probe, denied)) return true;
  const before = index.slice(Math.max(0, occurrence.start - 80), occurrence.start);
  // Each form of the pattern holds one of these words: most occurrences' clauses hold none.
  if (!occurrence.negated && !/still|yet|remain/.test(before)) return false;
  let from = 0;
  for (const end of before.matchAll(CLAUSE_END)) from = end.index + end[0].length;
  const between = NOT_DONE_BEFORE.exec(` ${before.slice(from)}`)?.[1];
  if (between === undefined) return false;
  const [first] = between.trim().split(/\s+/);
  return !first || answerSaysDone(probe, first);
}

/**
 * A sentence that says a state's doing not done states the state's other facets only as part of that denial
 * ("Commit 1a2b3c4 did not add a retry budget": the commit named is the one denied): their occurrences in it oppose,
 * and support nothing. A sentence elsewhere that says the state reached still keeps it (an agent says "still need to
 * push" before it pushes).
 */
export function sentencesSaidNotDone(index: TextIndex, evidence: SaidOfFacet[]): void {
  const denials = evidence.flatMap((facet) => facet.notDone);
  if (denials.length === 0) return;
  for (const facet of evidence) {
    const kept: Occurrence[] = [];
    for (const occurrence of facet.support) {
      if (denials.some((denial) => sameSentence(index, denial, occurrence))) facet.oppose.push(occurrence);
      else kept.push(occurrence);
    }
    facet.support = kept;
  }
}

/** What a context says of one facet, as probe-reading.ts's evidence holds it. */
type SaidOfFacet = { support: Occurrence[]; oppose: Occurrence[]; notDone: Occurrence[] };

/** Whether a probe's answer holds a verb's stem ("added" and "adds" of "add a retry budget", "pushed" of "pushed"). */
function answerSaysDone(probe: Probe, verb: string): boolean {
  const stem = verb.toLowerCase().replace(/(?:ing|ed|es|s)$/, '');
  if (stem.length < 3) return false;
  return new RegExp(`\\b${escapeRegExp(stem)}`, 'i').test(probe.answer);
}

/** Whether two occurrences stand in one sentence: no sentence's end between them. */
function sameSentence(index: TextIndex, a: Occurrence, b: Occurrence): boolean {
  const [first, second] = a.start <= b.start ? [a, b] : [b, a];
  if (second.start <= first.end) return true;
  if (second.start - first.end > SENTENCE_SPAN) return false;
  return !/[.!?](?=\s|$)/.test(index.slice(first.end, second.start));
}

// The farthest apart two occurrences of one sentence are read, in characters.
const SENTENCE_SPAN = 300;
