/**
 * What a facet may demand (docs/derived-probes.md#facets): the words a faithful paraphrase keeps, never conversational
 * filler, a reaction or a typo. A facet spelling is kept when none of its plain words is a slip of the keyboard (written
 * once, one letter away from a word the session uses: "thet", "havea") or filler ("that's better", "nothing
 * happens", "horrible"); identifiers, paths and numbers always pass. A probe whose facet keeps no spelling takes a
 * phrase of its statement instead.
 */
import type { DraftProbe } from './draft.ts';
import { isContentWord, keyPhrase, wordsOf } from './phrases.ts';
import { SALIENT_MESSAGES, type Salience } from './salience.ts';

// Words of a reaction or a judgement, not of the matter: a summary in fresh words has no reason to repeat them.
const FILLER = new Set(
  (
    'better worse best worst happens happen happened something anything everything horrible terrible ' +
    'awful amazing great nice perfect fine wrong weird strange idiot monster shit shitty dumb stupid crap ' +
    'wow jesus lol hmm yeah okay ok alright please thanks sorry maybe guess feel seems seem looks look should ' +
    'would could might'
  ).split(' '),
);

/** Whether a word is filler, also compared ("nicer", "worst" of "nice", "bad" aside: those are in the list). */
export function isFiller(lower: string): boolean {
  if (FILLER.has(lower)) return true;
  const base = /^(\w{3,}?)(?:r|st|er|est)$/.exec(lower);
  return (
    base !== null &&
    [base[1]!, `${base[1]}e`].some((word) => FILLER.has(word) || FILLER.has(word.slice(0, -1)))
  );
}

// A word that names something (an identifier, a path, a number, a code): written as it is, whatever its count.
const NAME = /[\d_/.@#$:-]|[a-z][A-Z]|^[A-Z]{2,}/;

/** Whether a facet word is one a paraphrase keeps. */
export function isFacetWord(word: string, salience: Salience): boolean {
  const plain = word.replace(/^['"`(]+|['"`),.:;!?]+$/g, '');
  if (plain.length === 0 || NAME.test(plain)) return true;
  const lower = plain.toLowerCase();
  if (isFiller(lower)) return false;
  return !isContentWord(plain) || !isTypo(lower, salience);
}

// Endings of an inflected word, with what its base ends on in their place ("edits", "tries", "moved", "adding").
const INFLECTIONS: ReadonlyArray<readonly [string, string]> = [
  ['s', ''],
  ['es', ''],
  ['ies', 'y'],
  ['ed', ''],
  ['d', ''],
  ['ing', ''],
  ['ing', 'e'],
];

// Letters a one-letter slip may put in a word.
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
// Words shorter than this are too close to too many others to call a slip.
const MIN_TYPO_LETTERS = 4;
// A word this long is far enough from any other for two slips in it to be still the word the session uses
// ("enviromenta" for "environment": a letter dropped and one added); a shorter one two letters away is often another
// word ("handlers", "handled").
const MIN_TWO_SLIP_LETTERS = 10;

/** The words one slip away from a word: a letter dropped, two swapped, one changed or one added. */
function oneSlipAway(word: string): string[] {
  const near: string[] = [];
  for (let at = 0; at <= word.length; at++) {
    const [head, tail] = [word.slice(0, at), word.slice(at)];
    if (tail.length > 0) near.push(head + tail.slice(1));
    if (tail.length > 1) near.push(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      near.push(head + letter + tail);
      if (tail.length > 0) near.push(head + letter + tail.slice(1));
    }
  }
  return near;
}

/** The words a letter dropped or two swapped make of a word (the cheap half of a second slip). */
function droppedOrSwapped(word: string): string[] {
  const near: string[] = [];
  for (let at = 0; at < word.length; at++) {
    near.push(word.slice(0, at) + word.slice(at + 1));
    if (at + 1 < word.length) near.push(word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2));
  }
  return near;
}

/**
 * Whether a word is a slip of the keyboard: written once in the session, and one letter away (a letter dropped, added,
 * changed or two swapped) from a word the session uses in two messages or more ("thet" for "that", "havea" for
 * "have", "reda" for "read", "implementatino"), or a long word two slips away ({@link twoSlipsOf}).
 */
function isTypo(word: string, salience: Salience): boolean {
  if (!isSlipCandidate(word, salience)) return false;
  const near = oneSlipAway(word);
  return (
    near.some((once) => isUsed(once, word, salience)) || twoSlipsFrom(word, near, salience) !== undefined
  );
}

/** Whether a word may be a slip at all: long enough, all letters, written once, no inflection of a word used. */
function isSlipCandidate(word: string, salience: Salience): boolean {
  if (word.length < MIN_TYPO_LETTERS || salience(word) >= SALIENT_MESSAGES || !/^[a-z]+$/.test(word))
    return false;
  // A word the session uses, inflected ("edits" of "edit", "committed" of "commit"), is that word, not a slip.
  return !INFLECTIONS.some(
    ([ending, base]) => word.endsWith(ending) && isUsed(word.slice(0, -ending.length) + base, word, salience),
  );
}

/** Whether a word other than `word` is one the session uses in two messages or more. */
function isUsed(candidate: string, word: string, salience: Salience): boolean {
  return candidate !== word && salience(candidate) >= SALIENT_MESSAGES;
}

/**
 * The word a long word stands for two slips away, one of them a letter dropped or two swapped ("enviromenta" for
 * "environment"), where no word is one slip away; of several, the one the session uses most. Not a word that holds the
 * other whole or is held in it ("completely" of "complete", "uncommitted" of "committed"): that is another word.
 */
function twoSlipsOf(word: string, salience: Salience): string | undefined {
  if (word.length < MIN_TWO_SLIP_LETTERS || !isSlipCandidate(word, salience)) return undefined;
  const near = oneSlipAway(word);
  return near.some((once) => isUsed(once, word, salience)) ? undefined : twoSlipsFrom(word, near, salience);
}

/** {@link twoSlipsOf} of a slip candidate with no word one slip away, given the words one slip away (`near`). */
function twoSlipsFrom(word: string, near: readonly string[], salience: Salience): string | undefined {
  if (word.length < MIN_TWO_SLIP_LETTERS) return undefined;
  let meant: string | undefined;
  for (const once of near)
    for (const twice of droppedOrSwapped(once))
      if (
        isUsed(twice, word, salience) &&
        !word.includes(twice) &&
        !twice.includes(word) &&
        (meant === undefined || salience(twice) > salience(meant))
      )
        meant = twice;
  return meant;
}

/**
 * A spelling with each long word two slips from the session's word read as that word ("personal info with
 * enviromenta" → "personal info with environment"): a summary in fresh words writes the word meant. A one-letter slip
 * is not mended but left out with its spelling: it is as often another word the session wrote once ("whole" beside
 * "while").
 */
export function withSlipsMended(spelling: string, salience: Salience): string {
  return spelling
    .split(/(\s+)/)
    .map((piece) => {
      const plain = piece.replace(/^['"`(]+|['"`),.:;!?]+$/g, '');
      if (plain.length === 0 || NAME.test(plain) || !isContentWord(plain)) return piece;
      const meant = twoSlipsOf(plain.toLowerCase(), salience);
      return meant === undefined ? piece : piece.replace(plain, meant);
    })
    .join('');
}

/** Whether a spelling says something a paraphrase keeps: its words all pass, and one of them is a content word. */
export function isGoodSpelling(spelling: string, salience: Salience): boolean {
  const words = wordsOf(spelling);
  return (
    words.every((word) => isFacetWord(word, salience)) &&
    words.some((word) => isContentWord(word) && !isFiller(word.toLowerCase()))
  );
}

// A shell command's plumbing: where its output goes (`2>&1`, `> /dev/null`, `| head -20`), which no handoff repeats.
const PLUMBING = /\s*(?:\d?>&\d|\d?>\s*\/dev\/null|\|\s*(?:head|tail|grep|less|cat)\b.*$)/g;
// A one-letter flag at the end of a command, its value cut off (`git commit -m` of a command cut before its
// message, `go build -o`); a long flag (`--noEmit`) says something on its own.
const BARE_FLAG = /\s+-[A-Za-z]$/;

/**
 * A spelling without a command's plumbing and a bare flag it ends on: "read-tree HEAD 2>&1" is "read-tree HEAD",
 * "git commit -m" is "git commit". A handoff names the command, not where its output went.
 */
export function withoutPlumbing(spelling: string): string {
  const plain = spelling.replace(PLUMBING, '').trim();
  const unflagged = plain.replace(BARE_FLAG, '');
  const cleaned = unflagged.split(/\s+/).length >= 2 ? unflagged : plain;
  return cleaned.length > 0 ? cleaned : spelling;
}

// A verb that says only that a thing is to be had or employed, not what it is: "use one branch" asks for one branch,
// as "make", "get" and "have" (stopwords of a key phrase, phrases.ts) say nothing of their object.
const LIGHT_VERB = /^(?:use|uses|used|using)\s+/i;
// What a facet must keep of itself without its light verb: two content words, or it says too little to ask for.
const MIN_LEFT_CONTENT_WORDS = 2;

/**
 * A spelling without a light verb that opens it ("use one branch" is also "one branch"): a faithful paraphrase names
 * the thing ("one shadow branch per base commit") without the user's verb. Kept whole where less than two content
 * words would be left ("use it") or a negation follows ("use no mocks").
 */
export function withoutLightVerb(spelling: string): string {
  const opening = LIGHT_VERB.exec(spelling);
  if (!opening) return spelling;
  const rest = spelling.slice(opening[0].length);
  const words = wordsOf(rest);
  if (/^(?:no|not|none|never)$/i.test(words[0] ?? '')) return spelling;
  return words.filter((word) => isContentWord(word) && !isFiller(word.toLowerCase())).length >=
    MIN_LEFT_CONTENT_WORDS
    ? rest
    : spelling;
}

/**
 * The draft with each facet's filler and typo spellings left out; a facet left with none is replaced by a phrase of
 * the statement (or the answer) made of words a paraphrase keeps, or dropped when there is none. A draft left with no
 * facet and no statement is no fact a summary can state: undefined.
 */
export function withCleanFacets(draft: DraftProbe, salience: Salience): DraftProbe | undefined {
  const facets = draft.facets.flatMap((spellings) => {
    // Its spelling without an opening light verb beside it, not in its place: the verb's word may be what
    // spreads a phrase said in other words over a wider span ("using … fixing … path" for "use the correct path").
    // Not a decision's: its pick is the phrase as said ("use a token bucket"), whose undoing ("we dropped the plan to
    // use a token bucket") is read around the whole phrase (undone-in-other-words.ts, probe-reading.ts).
    const mended = spellings.flatMap((spelling) => {
      const plain = withSlipsMended(withoutPlumbing(spelling), salience);
      const light = draft.kind === 'decision' ? plain : withoutLightVerb(plain);
      return light === plain ? [plain] : [plain, light];
    });
    const kept = [...new Set(mended)].filter((spelling) => isGoodSpelling(spelling, salience));
    if (kept.length > 0) return [kept];
    const phrase = keyPhrase(draft.statement ?? draft.answer, 4, (word) => isFacetWord(word, salience));
    return phrase && !draft.facets.some((other) => other.includes(phrase)) ? [[phrase]] : [];
  });
  if (facets.length > 0) return { ...draft, facets };
  // Nothing of it a paraphrase would keep, and no statement to read it by: no fact a summary can state.
  return draft.statement === undefined ? undefined : draft;
}
