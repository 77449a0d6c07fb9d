/**
 * How a sentence stands to what it says (docs/quality.md#negation-and-stance): a sentence may deny all of itself ("It
 * is false that the tests pass", "The retry budget was not done", "The user never asked for this, and it was not
 * done: …") or put it as still pending ("The retry budget is still to do"). A word's own negation ("no unit tests") is
 * meaning.ts's and match.ts's; this is the stance of a whole sentence, which no nearby negation shows.
 */
import { anyOfWords } from '../text/regexp.ts';

/**
 * The stance of a span of text: everything in it denied, or stated as not done yet; of one thing named, also said
 * undone ('reversed': reverted, dropped, rejected), a rule said lifted ('lifted': lifted, no longer applies) or a step
 * said finished ('done'), which only the thing's own clause tells (stanceAround; stanceSpans reads whole sentences,
 * denied or pending); or put off with the rest of its sentence by a wait at the sentence's end said of no subject of
 * its own ('deferred': "fmt ran, lint is clean, `mise run test` passes is still to do"), which opposes only done work
 * stated plainly (a wait of its own, "nothing is committed yet", agrees with it).
 */
export type Stance = 'denied' | 'pending' | 'reversed' | 'lifted' | 'done' | 'deferred';

/**
 * A span `[start, end)` of a text and its stance; 'affirmed', a sentence whose denying frame denies a sentence that
 * denies itself ("It is false that the retry budget was not done"): two denials affirm it, and no reader of a stance
 * reads it (meaning.ts only lets its final "was not" reach no word before it).
 */
export type StanceSpan = { start: number; end: number; stance: Stance | 'affirmed' };

// A frame that denies the rest of its sentence: "It is false that …", "It's not true that …", "Not true: …".
const DENYING_OPENING =
  /^\s*(?:[-*]\s+)?(?:it(?:'s| is| was)\s+(?:false|untrue|not true|not the case|wrong)\s+that|(?:false|untrue|not true)\s*:|contrary to what (?:was|is) (?:said|claimed),?)\s*/i;
// A frame that ends in a colon and denies what follows it: "The user never asked for this, and it was not done: …".
const DENYING_LEAD_IN =
  /\b(?:never (?:asked|requested|wanted|happened|done)|(?:was|were|is|are|has|have) (?:not|never) (?:been )?(?:done|asked|requested|true|made)|did(?:n't| not) happen|is false|are false|none of (?:this|these|the following) (?:is true|happened|was done))\b[^.!?:\n]*:\s*/i;
// A sentence whose predicate denies it: "… was not done.", "… has never been committed.", "… is false."
const DENYING_ENDING =
  /\b(?:(?:was|were|is|are|has|have|had)(?:n't| not| never)(?: been)?\s+(?:done|made|true|the case|implemented|finished|completed|committed|fixed|created|written|added|asked(?: for)?|requested|run|passed|pushed|closed)|(?:is|are|was|were)\s+(?:false|untrue)|never happened|did(?:n't| not) happen)\s*[.!]?\s*$/i;
// A sentence that denies the one before it by pointing back at it: "… moved to Redis. This was not done.", "… That is
// false.", "None of this happened." Only the whole sentence is read (its predicate nothing more than the denial), so
// "This was not done for the CLI yet." says something of its own.
const DENYING_NEXT =
  /^\s*(?:(?:this|that|it|neither|none of (?:this|that|it|these|them))\s+(?:(?:was|were|is|are|has|have|had)(?:n't| not| never)(?: been)?\s+(?:done|made|true|the case|implemented|finished|completed|committed|fixed|created|written|added|asked(?: for)?|requested|run|passed|pushed|closed)|(?:is|are|was|were)\s+(?:false|untrue)|never happened|did(?:n't| not) happen)|(?:neither|none of (?:this|that|it|these|them))\s+(?:is true|happened|was done)|(?:none|nothing) of (?:this|that|it|these|the above) (?:is true|happened|was done))\s*[.!]?\s*$/i;
// What a terse note writes right after a thing to deny it, a label's colon or a dash before: "npm test: not run",
// "the migration - never done". Read only right after the thing (a clause's other item says nothing of it).
const DENYING_LABEL =
  /^\s*(?::|=|\u2013|\u2014|-)?\s*(?:not|never)(?: been)?\s+(?:done|implemented|finished|completed|created|written|run|executed|tested)\b(?!\s+(?:yet|again|since|after|before|until|on|for|with|in)\b)/i;
// The same, as a whole sentence of a note: "npm test: not run." (no other clause before it).
const DENYING_LABEL_SENTENCE =
  /^[^;:]*(?::|=|\u2013|\u2014|\s-)\s*(?:not|never)(?: been)?\s+(?:done|implemented|finished|completed|created|written|run|executed|tested)\s*[.!]?\s*$/i;
// A frame that says the user never asked for the rest of its clause: "The user did not ask for a rewrite", "Nobody
// asked to touch the API". A comma or a turn ends its reach ("…, only for the fix"; "; they asked for Y").
const NOT_ASKED_OPENING =
  /^\s*(?:[-*]\s+)?(?:(?:the user|user|they|he|she)\s+(?:never|did not|didn't|has not|hasn't|had not|hadn't|has never|had never)|nobody|no one)\s+(?:ask(?:ed)?|request(?:ed)?|want(?:ed)?)\b/i;
const NOT_ASKED_END = /[;,]|\s(?:but|only|instead|rather|while|whereas)\s/i;
// A sentence that puts its matter as not done yet: "… is still to do", "… pending", "… yet to be written".
const PENDING =
  /\b(?:(?:is|are) still (?:to do|to be done|pending|open|outstanding|missing)|still to (?:do|be done)|(?:is|are) pending|remains? to be (?:done|written|made|implemented)|(?:is|are) yet to be|(?:has|have)(?:n't| not) (?:yet )?(?:been )?(?:started|begun)|not (?:yet )?(?:started|begun)|not (?:been )?yet (?:been )?(?:run|rerun|executed|done|written|implemented|created|tested)|not (?:been )?(?:run|rerun|executed|done|written|implemented|created|tested) yet)\b/i;

// A thing said undone right after it, a parenthesis or an adverb between: "Commit 1a2b3c4 was reverted", "the token
// bucket was rejected". Read right after the thing (a later clause's subject is its own).
const REVERSED_AFTER =
  /^\s*(?:\([^)]*\)\s*)?(?:was|were|is|are|has been|have been|had been|got)\s+(?:since\s+|later\s+|then\s+|now\s+|also\s+)?(?:reverted|rolled back|undone|backed out|deleted|removed|dropped|abandoned|rejected|discarded)\b/i;
// The same with the verb right before the thing, only an article or "the plan to" between: "We reverted commit
// 1a2b3c4", "dropped the plan to use a token bucket" ("reverted to X" goes back to X, and is not read).
const REVERSED_BEFORE =
  /\b(?:reverted|rolled back|undid|deleted|removed|dropped|abandoned|rejected|discarded|backed out)\s+(?:(?:the|commit|our|my|its|their|a|an)\s+)*(?:(?:plan|idea|decision|choice|approach)\s+(?:to|of)\s+)?[`'"]?$/i;
// A rule said lifted right after what it is about: "… add new dependencies was lifted", "… no longer applies".
const LIFTED_AFTER =
  /^\s*(?:\([^)]*\)\s*)?(?:[`'"]\s*)?(?:(?:was|were|is|are|has been|have been|got)\s+(?:since\s+|later\s+|then\s+|now\s+)?(?:lifted|waived|withdrawn|revoked|rescinded)|(?:no longer|does not|doesn't) (?:applies|apply|holds|hold|stands|stand)|(?:is|are) no longer (?:in force|a rule|required))\b/i;
// A step said finished right after it: "Rerunning npx tsc is done", "… has been completed"; a check the step runs
// again said already run again and passing ("npx tsc was already rerun and passes": "… already rerun after the edit:
// fails" tells the run before the step, and is not read).
const DONE_AFTER =
  /^\s*(?:\([^)]*\)\s*)?(?:(?:is|are|was|were|has been|have been)\s+(?:already\s+|now\s+)?(?:done|complete|completed|finished)|(?:was|were|has been|have been)\s+already\s+(?:rerun|re-run|run again)\s+and\s+(?:now\s+)?(?:passes|passed|succeeds|succeeded|is green|is clean))\b/i;

/** Where a sentence ends: after `.`, `!` or `?` before a space or the end (`a0y.4` and `main.ts` go on), and at a line
 * break (read with `matchAll`, which copies it). */
export const SENTENCE = /(?:[^.!?\n]|[.!?]+(?=[^\s.!?]))+(?:[.!?]+(?=\s|$))?/g;

/** The spans of a text a sentence-level stance covers, in order. */
export function stanceSpans(text: string): StanceSpan[] {
  const spans: StanceSpan[] = [];
  // An ellipsis marks a cut ("… tool calls from… was not done"), not a sentence's end: blanked, offsets kept.
  const read = text.replace(/\.{3,}|…/g, (dots) => ' '.repeat(dots.length));
  const sentences = [...read.matchAll(SENTENCE)];
  for (const [at, match] of sentences.entries()) {
    const sentence = match[0];
    const start = match.index;
    const end = start + sentence.length;
    const next = sentences[at + 1]?.[0];
    if (next !== undefined && DENYING_NEXT.test(next)) {
      spans.push({ start, end, stance: 'denied' });
      continue;
    }
    const opening = DENYING_OPENING.exec(sentence);
    if (opening) {
      // "It is false that the retry budget was not done": a denial of a denial affirms the sentence.
      const affirmed = deniesItself(sentence.slice(opening[0].length));
      spans.push({ start: start + opening[0].length, end, stance: affirmed ? 'affirmed' : 'denied' });
      continue;
    }
    const leadIn = DENYING_LEAD_IN.exec(sentence);
    if (leadIn) {
      spans.push({ start: start + leadIn.index + leadIn[0].length, end, stance: 'denied' });
      continue;
    }
    const notAsked = NOT_ASKED_OPENING.exec(sentence);
    if (notAsked) {
      const from = notAsked[0].length;
      const stop = sentence.slice(from).search(NOT_ASKED_END);
      spans.push({ start: start + from, end: stop < 0 ? end : start + from + stop, stance: 'denied' });
      continue;
    }
    if (DENYING_ENDING.test(sentence) || DENYING_LABEL_SENTENCE.test(sentence)) {
      // "…; the e2e suite was not run" denies its own clause, not what the semicolon ends.
      const own = sentence.includes(';') ? OWN_DENIED_CLAUSE.exec(sentence) : null;
      spans.push({ start: own ? start + own.index + 1 : start, end, stance: 'denied' });
    } else if (PENDING.test(sentence)) spans.push({ start, end, stance: 'pending' });
  }
  return spans;
}

/** How far around an occurrence its sentence is read, in characters (a folded text has no line breaks to stop at). */
export const SENTENCE_REACH = 300;
// A clause that puts what follows it as pending: "Still to do: …", "Pending: …", "Not done yet: …".
const PENDING_LEAD_IN =
  /\b(?:still to do|to do|todo|pending|remaining|not (?:yet )?done(?: yet)?)\s*:[^.!?:]*$/i;

// The longest heading PENDING_LEAD_IN reads ("not yet done yet").
const LONGEST_PENDING_HEADING = 16;

/**
 * Whether an opening ends in a pending heading and what follows its colon (PENDING_LEAD_IN), read at its last colon:
 * the pattern's colon is the last (no colon may follow it), and the heading ends at the white space before it, so the
 * pattern is tried on the few characters that can hold it and one before (its word edge), not looked for through
 * the whole opening (a transcript's openings hold colons: of the frames, it read the most text).
 */
function pendingLeadIn(opening: string): boolean {
  const colon = opening.lastIndexOf(':');
  for (let at = colon + 1; at < opening.length; at++) {
    const code = opening.charCodeAt(at);
    if (code === 46 || code === 33 || code === 63) return false;
  }
  let headingEnd = colon;
  while (headingEnd > 0 && WHITE_SPACE.test(opening[headingEnd - 1]!)) headingEnd--;
  return PENDING_LEAD_IN.test(opening.slice(Math.max(0, headingEnd - LONGEST_PENDING_HEADING - 1)));
}

/**
 * The stance of an occurrence `[start, end)` in a folded text (match.ts's canonical text, lowercase, where line breaks
 * are spaces): its sentence, read from the last `.`, `!` or `?` before it to the next after it (at most a few hundred
 * characters each way), denies it when it opens with a denying frame, a colon-ended denial leads into it, or its
 * predicate denies it; it is pending when its clause says so right after it or a pending heading leads into it.
 */
export function stanceAround(text: string, start: number, end: number): Stance | undefined {
  const before = text.slice(Math.max(0, start - SENTENCE_REACH), start);
  const opening = before.slice(sentenceStartIn(before));
  const after = text.slice(end, end + SENTENCE_REACH);
  const sentenceEnd = after.search(/(?<!\.)[.!?](?=\s|$)/);
  const closing = sentenceEnd < 0 ? after : after.slice(0, sentenceEnd + 1);
  // Each frame that looks through its text is tried only where a word it cannot do without is there (see mayHold):
  // most occurrences' sentences hold none, and the frames' patterns, run for every occurrence of every probe's
  // spellings, were most of the cost. A frame anchored at its text's start is tried at once: it fails at the first
  // characters that do not open it, where a look for its words reads the whole text (at every occurrence of a 4 M-token
  // session's three long contexts, five such looks were a third of the stances' reading).
  const colon = opening.includes(':');
  const deniedOpening = DENYING_OPENING.test(opening);
  // "It is false that the retry budget was not done": a denial of a denial affirms the sentence.
  if (deniedOpening && mayHold(closing, ENDING_WORDS) && deniesItself(closing)) return undefined;
  if (deniedOpening || (colon && DENYING_LEAD_IN.test(opening))) return 'denied';
  if (notAskedBefore(opening)) return 'denied';
  if (
    mayHold(closing, ENDING_WORDS) &&
    (DENYING_ENDING.test(closing.slice(0, ownClauseStart(closing))) || DENYING_LABEL.test(closing))
  )
    return 'denied';
  if (sentenceEnd >= 0 && deniedByNext(after.slice(sentenceEnd + 1))) return 'denied';
  // A label's colon right after the thing leads into what is said of it ("npm test: not run yet").
  const clause = /^\s*(?::|=|\u2013|\u2014|\s-)?[^,;:]*/.exec(closing)?.[0] ?? '';
  if ((mayHold(clause, PENDING_WORDS) && PENDING.test(clause)) || (colon && pendingLeadIn(opening)))
    return 'pending';
  if (LIFTED_AFTER.test(clause)) return 'lifted';
  if (REVERSED_AFTER.test(clause) || (mayHold(opening, REVERSED_WORDS) && REVERSED_BEFORE.test(opening)))
    return 'reversed';
  if (DONE_AFTER.test(clause)) return 'done';
  if (closing.length > clause.length && mayHold(closing, PENDING_WORDS) && pendingSentence(closing))
    return 'deferred';
  return undefined;
}

// A wait that ends a sentence: "… is still to do.", "… is pending.", "… remains to be done."
const PENDING_ENDING =
  /\s(?:(?:is|are)\s+(?:still\s+)?(?:to do|to be done|pending|outstanding)|still to (?:do|be done)|remains? to be (?:done|written|made|implemented)|(?:is|are) yet to be (?:done|written|made|implemented))\s*[.!]?\s*$/i;
/**
 * A noun phrase, what a predicate after it is said of alone (a clause's own subject): a name or a code span, or up to
 * five words with no auxiliary, modal or "not" among them and no bracket, comma or colon, a conjunction before it
 * allowed: "the docs", "and the dashboard tests", "but the manual test"; not "the prompt is non-empty", "a failure only
 * prints a warning", "`mise run test` passes" (stance.ts's OWN_DENIED_CLAUSE reads a check's subject so).
 */
export const NOUN_PHRASE =
  /^\s*(?:(?:and|but|while|whereas|though|although|so|then)\s+)?(?:`[^`]+`|(?![^]*\b(?:is|are|was|were|be|been|being|has|have|had|do|does|did|can|could|will|would|shall|should|may|might|must|not|no longer)\b)[\w.@/+-]+(?:\s+[\w.@/+-]+){0,4})\s*$/i;

/**
 * Whether the rest of a sentence after an occurrence (`closing`, up to its end mark) ends in a wait said of the whole
 * sentence: a wait whose clause holds no subject of its own, only a clause with a verb ("fmt ran, lint is clean, `mise
 * run test` passes is still to do", "Done: 4te.1 (commit 12e2d10, closed) is still to do"), puts every clause before
 * it off, as stanceSpans reads the sentence; one said of a noun phrase ("…, but the manual test is still to do") puts
 * off only that.
 */
function pendingSentence(closing: string): boolean {
  const ending = PENDING_ENDING.exec(closing);
  if (!ending) return false;
  const before = closing.slice(0, ending.index);
  const clauseStart = Math.max(before.lastIndexOf(','), before.lastIndexOf(';'), before.lastIndexOf(':'));
  return !NOUN_PHRASE.test(before.slice(clauseStart + 1));
}

/**
 * Whether the sentence an occurrence `[start, end)` of a folded text stands in (read as {@link stanceAround} reads
 * it) opens with a denying frame and ends in a predicate that denies it again ("It is false that retry_budget.ts was
 * added was not done"): two denials that affirm it, which a reader of a clause's own denial or wait is not to read as
 * one.
 */
export function affirmedAround(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - SENTENCE_REACH), start);
  const opening = before.slice(sentenceStartIn(before));
  if (!DENYING_OPENING.test(opening)) return false;
  const after = text.slice(end, end + SENTENCE_REACH);
  const sentenceEnd = after.search(/(?<!\.)[.!?](?=\s|$)/);
  const closing = sentenceEnd < 0 ? after : after.slice(0, sentenceEnd + 1);
  return mayHold(closing, ENDING_WORDS) && deniesItself(closing);
}

// A negation of a sentence's own words (stance.ts's frames aside).
const OWN_NEGATION = /\b(?:not|no|never|none|nothing|nobody|neither|nor|without|cannot)\b|n't\b/i;

/**
 * Whether a line holds a sentence that denies itself and, read without its frame or its denying predicate, holds a
 * negation of its own, which the denial turns ("It is false that no page gets its own debug code", "Nothing is
 * committed yet was not done").
 */
export function turnsOwnNegation(line: string): boolean {
  for (const span of stanceSpans(line)) {
    if (span.stance !== 'denied') continue;
    if (OWN_NEGATION.test(withoutDenyingEnding(line.slice(span.start, span.end).replace(/[.!?]+\s*$/, ''))))
      return true;
  }
  return false;
}

/** A clause read without a denying frame that opens it ("It is false that …"). */
export function withoutDenyingOpening(clause: string): string {
  const opening = DENYING_OPENING.exec(clause);
  return opening ? clause.slice(opening[0].length) : clause;
}

/** A clause read without a predicate that ends it by denying it ("… was not done."). */
export function withoutDenyingEnding(clause: string): string {
  const ending = DENYING_ENDING_AT.exec(clause);
  return ending ? clause.slice(0, ending.index) : clause;
}

// DENYING_ENDING with the space before it, where it starts.
const DENYING_ENDING_AT = new RegExp(`\\s*${DENYING_ENDING.source}`, 'i');

/**
 * Whether the rest of a sentence after a denying frame's opening denies it again by its own predicate ("It is false
 * that the retry budget was not done"): two denials of one sentence affirm it. The predicate is read as stanceSpans
 * reads it (the whole sentence's, not a clause's after a semicolon with a subject of its own, nor one whose subject
 * points back: "…; that was not done" denies it a second time).
 */
function deniesItself(rest: string): boolean {
  return (
    (DENYING_ENDING.test(rest) || DENYING_LABEL_SENTENCE.test(rest)) &&
    ownClauseStart(rest) === rest.length &&
    !POINTING_BACK.test(rest)
  );
}

// A denying predicate whose clause points back at what the frame denied ("It is false that X; that was not done"): a
// second denial of it, not a denial of the denial.
const POINTING_BACK =
  /[;,]\s*(?:this|that|it|which|none of (?:this|that|it))\s+(?:was|were|is|are|has|have|had)(?:n't| not| never)(?: been)?\s+\w+\s*[.!]?\s*$/i;

// How every sentence DENYING_NEXT reads opens: tried first, at the text's start, before the look for its words reads all
// of the text after the sentence.
const NEXT_OPENING = /^\s*(?:this|that|it|neither|none|nothing)/i;

/** Whether the sentence `text` opens with denies the one before it (DENYING_NEXT). */
function deniedByNext(text: string): boolean {
  // (The words are asked still: "Neither was done." holds none of them, and is read as it was.)
  if (!NEXT_OPENING.test(text) || !mayHold(text, NEXT_WORDS)) return false;
  const end = text.search(/(?<!\.)[.!?](?=\s|$)/);
  return DENYING_NEXT.test(end < 0 ? text : text.slice(0, end + 1));
}

// A clause after a semicolon with a subject of its own that says a check was not run: "; the e2e suite was not run",
// "; lint was not run". Its subject is a short name or noun phrase, an article or a code span first or one plain word,
// with no quote, colon or comma (a pronoun, "it was not run", points back). Only a check's predicate is so bounded: "…;
// X was not done" after a long statement (a file's summary ending "; Idempotent") denies the whole of it.
const OWN_DENIED_CLAUSE =
  /;\s*(?!(?:it|this|that|these|those|they|which|all|both|none|then|and|also|so)\b)(?:(?:the|a|an|its|their|our|no|any|every)\s+[\w.@/+-]+(?:\s+[\w.@/+-]+){0,3}|`[^`]+`|[\w.@/+-]+)\s+(?:was|were|is|are|has|have|had)(?:n't| not| never)(?: been)?(?: yet)?\s+(?:run|rerun|re-run|executed|tested|checked)\b[^;]*$/i;

/**
 * Where the clause a sentence's denying predicate belongs to starts in `text` (the rest of a sentence from a point in
 * it): after the last semicolon when the clause there has a subject of its own ("npm test passes; the e2e suite was
 * not run" denies only the suite), else its end (the whole of it is read).
 */
function ownClauseStart(text: string): number {
  if (!text.includes(';')) return text.length;
  const own = OWN_DENIED_CLAUSE.exec(text);
  return own ? own.index : text.length;
}

/** Whether a sentence opening says the user never asked for what follows it, with no comma or turn since. */
function notAskedBefore(opening: string): boolean {
  const frame = NOT_ASKED_OPENING.exec(opening);
  return frame !== null && opening.slice(frame[0].length).search(NOT_ASKED_END) < 0;
}

// A word every match of a frame that looks through its text holds, one of each list (read from the patterns above:
// each alternative of DENYING_ENDING says "n't", "not", "never", "false" or "untrue"; of PENDING "still", "pending",
// "remain", "yet", "started" or "begun"); both lead-ins need their colon. The frames anchored at their text's start
// (DENYING_OPENING, a clause's after the thing, the next sentence's) need no list: they fail at once where their text
// does not open so.
const ENDING_WORDS = anyOfWords(["n't", 'not', 'never', 'false', 'untrue']);
const PENDING_WORDS = anyOfWords(['still', 'pending', 'remain', 'yet', 'started', 'begun']);
const NEXT_WORDS = anyOfWords(["n't", 'not', 'never', 'false', 'untrue', 'happen', 'none', 'nothing']);
// Of REVERSED_BEFORE, which ends the opening: each verb's stem ("rolled back" and "backed out" share "back"; "undid"
// "und").
const REVERSED_WORDS = anyOfWords([
  'revert',
  'back',
  'und',
  'delet',
  'remov',
  'drop',
  'abandon',
  'reject',
  'discard',
]);

/**
 * Whether a lowercase text holds one of `words` (a pattern of anyOfWords: one pass over the text, where a search per
 * word read it once for each; up to 57 words are asked of each occurrence's sentence, and the searches were 4% of a
 * 4 M-token run's samples): where it holds none, no frame that needs one can match. The text read is folded
 * (match.ts's canonical text is lowercase), and a pattern's `i` flag without `u` lets no character beyond ASCII stand
 * for an ASCII letter, so a frame's match holds its word as written here.
 */
function mayHold(text: string, words: RegExp): boolean {
  return words.test(text);
}

const WHITE_SPACE = /\s/;

/**
 * Where the sentence that `before` ends in starts: after its last `.`, `!` or `?` followed by white space within it
 * (an ellipsis, "to the Markdown... (it added x)", marks a cut, not a sentence's end, as in stanceSpans), else 0.
 * Read backwards from its end, where that mark is near.
 */
function sentenceStartIn(before: string): number {
  for (let at = before.length - 2; at >= 0; at--) {
    const code = before.charCodeAt(at);
    if (code !== 46 && code !== 33 && code !== 63) continue;
    if (at > 0 && before.charCodeAt(at - 1) === 46) continue;
    const next = before.charCodeAt(at + 1);
    if (next === 32 || (next >= 9 && next <= 13) || (next >= 128 && WHITE_SPACE.test(before[at + 1]!)))
      return at + 1;
  }
  return 0;
}

/** A look-up of the stance at an offset of a text, the spans read once. */
export function stanceAt(text: string): (offset: number) => StanceSpan['stance'] | undefined {
  let spans: StanceSpan[] | undefined;
  return (offset) => {
    spans ??= stanceSpans(text);
    // Binary search: the last span starting at or before the offset.
    let low = 0;
    let high = spans.length - 1;
    let found: StanceSpan | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (spans[middle]!.start <= offset) {
        found = spans[middle];
        low = middle + 1;
      } else high = middle - 1;
    }
    return found !== undefined && offset < found.end ? found.stance : undefined;
  };
}

/**
 * Kinds whose facts are done work (what a file now holds, a state reached, a choice made): stated as still pending,
 * they are stated the other way. A task, a next step, a rule or an error may well be pending.
 */
export const DONE_KINDS: ReadonlySet<string> = new Set(['artifact', 'state', 'verification', 'decision']);
