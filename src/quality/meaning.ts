/**
 * Meaning matching, as far as a lexical matcher goes: a text read as a sequence of terms, where inflections share
 * a stem (Porter2: `moved`, `moving` → `move`), common synonyms and abbreviations read as one (`relocate` = `move`,
 * `end-to-end` = `e2e`, `don't` = `never` = `not`), number words are digits, and an identifier reads as its words
 * (`AgentSession` = `agent session`). Each term remembers whether it came from prose or from a name (an
 * identifier, a path, a number), and whether a negation stands just before it in its clause.
 *
 * A statement (a fact in a reader's words) is then looked for as the share of its terms a text states close
 * together: its names anywhere, its content words only in prose, so that a bag of identifiers or paths does not
 * pass for what they mean.
 */
import stem from 'wink-porter2-stemmer';
import {
  ANTONYMS,
  GENERIC_WORDS,
  IRREGULAR_PARTICIPLES,
  IRREGULAR_FORMS,
  KEEP_BEFORE_GERUND,
  KIND_WORDS,
  UNIT_WORDS,
  NUMBER_WORDS,
  PARTICIPLE_PREPOSITIONS,
  PHRASES,
  STOP_WORDS,
  SYNONYMS,
} from './meaning-words.ts';
import { memoizeByText, ownCopy, recentMap, type RecentMap } from '../text/text-cache.ts';
import { lineRuns } from '../text/line-runs.ts';
import { MOSTLY_REPEATED, repeatedShare } from '../text/repeated-lines.ts';
import { lowerBound } from '../text/sorted.ts';
import {
  meaningColumns,
  type MeaningColumns,
  packTerms,
  saidOtherwise,
  type MeaningIndex,
  type MeaningTerm,
  type PackedTerms,
} from './meaning-index.ts';
import { stanceSpans, type StanceSpan } from './stance.ts';
import { framedClauses } from './framed-clauses.ts';
import { clauseTokens, type ClauseToken } from './clause-tokens.ts';
import { isDotFileAt } from './dot-files.ts';
import { opensId } from './id-prefix.ts';
import { wordLists, type WordLists } from './word-list.ts';

export type { MeaningIndex, MeaningTerm } from './meaning-index.ts';
export { saidOtherwise } from './meaning-index.ts';

// Extensions that make a dotted word a file name (`main.ts`), not a member access (`session.messages`).
const FILE_EXTENSIONS = new Set(
  (
    'ts tsx js jsx mjs cjs json jsonl md css scss html htm py rs go java rb ex exs heex eex toml yaml yml txt sh ' +
    'lock sql c h cc cpp hpp swift kt cs php vue svelte xml csv ini cfg env gz zip log'
  ).split(' '),
);
// A clause ends at these; a dot or comma only before a space (so `v1.2` and `main.ts` stay words).
const CLAUSE_END = /[;:?\n()[\]{}|]|!(?!=)|[.,](?=\s|$)|\s[-–—]\s/u;
// The same, kept by `split` so that the end of each clause is known.
const CLAUSE_END_KEPT = new RegExp(`(${CLAUSE_END.source})`, 'u');
// Ends that close a sentence, and with it any list it introduced.
const SENTENCE_END = /^[;!?]|^\.|^\s[-–—]\s/u;
// A line that is an item of a list: a bullet or a number.
const LIST_ITEM = /^\s*(?:[-*+•]|\d{1,3}[.)])\s/u;
const CONTRACTED_NOT = /n['’]t(?![\p{L}])/giu;
// A suggestion put as a negative question: "can't we …?", "shouldn't it …?", "why not …?" (its negation is dropped).
const SUGGESTION =
  /\b(?:can['’]t|cannot|can not|(?:could|should|would|do|does|did)n['’]t|(?:could|should|would|do|does|did|why) not)(?=\s+(?:we|you|i|it|they|this|that|just|use|make|move|put|get|add|keep)\b)/giu;
// Terse notes write a negation as logic does: "¬Oban", "stop hook shows it != stop hook causes it", "bad traceparent
// ≠ 4xx", "∅ migrations".
const NOT_SIGN = /¬|≠|!=|∅/gu;
// git's status header "Changes not staged for commit" names no commit, made or to make: read as "not staged" (its
// "commit" beside a branch named after a ticket stated that ticket committed).
const GIT_NOT_STAGED = /\bnot staged for commit\b/giu;
// A line break written as its escape, standing as a word of prose: "stop at \n, reset" says "stop at a new line". Not
// in code: a string's escape is quoted or joined to its words (`"\n"`, `a\nb`, `${x}\n`).
const ESCAPED_LINE_BREAK = /(?<=^|[\s`])\\n(?=$|[\s`,;.:)])/gu;
// A check mark after what it is said of ("7 unit tests ✓", "lint ✔") says it passed; one before a commit's hash
// ("fum.1 ✔ 3bb8701") says the work was done there, and one opening a line ("✓ Logged in as …") marks the line.
const PASS_MARK = /(?<=[\p{L}\p{N}_)`'"])\s*[✓✔✅](?!\s*[0-9a-f]{7,40}\b)/gu;
// Terse notes' shorthand for a preposition: "w/" with, "w/o" without ("cp w/o transcript" denies the transcript), "b4"
// before. Read as a word, not as a name ("w/o" would read as a path) or a lone letter between the words it links.
const SHORT_PREPOSITION = /(?<![\p{L}\p{N}_$./\\@#-])(?:w\/o|w\/|b4)(?![\p{L}\p{N}_$/])/giu;
const PREPOSITION_OF: Readonly<Record<string, string>> = {
  'w/o': ' without ',
  'w/': ' with ',
  b4: ' before ',
};

/** A text with a terse note's prepositions written out ("start w/ packages/services" = "start with …"). */
export function withPrepositionsSpelled(text: string): string {
  return text.replace(SHORT_PREPOSITION, (shorthand) => PREPOSITION_OF[shorthand.toLowerCase()]!);
}
// A cheap test for a line that may hold a sentence-level stance (most lines hold none: no spans to read).
const STANCE_WORDS = /\b(?:false|untrue|true|case|never|not|n't|none|pending|still|yet|remains?)\b/i;
// How many terms after a negation it reaches.
const NEGATION_REACH = 3;
const NEGATION_TERM = 'not';
// The term of "instead of" and "rather than": what follows it is the alternative set aside.
const CONTRAST_TERM = 'instead';
// Words that end a negation's reach within its clause: what comes after them is not what is denied.
const NEGATION_ENDS = new Set([
  'until',
  'unless',
  'but',
  'except',
  'before',
  'after',
  'once',
  'as',
  'because',
]);
// Function words a short phrase can lose without saying less: articles, prepositions, copulas, the auxiliary of a
// perfect ("git status has broken" is "git status broken"), and who it belongs to ("our git status", "this file").
const LIGHT_WORDS = new Set(
  (
    'a an the of to for in on at by with from into as and or is are was were be been s vs versus has have had ' +
    'i we you it its them our my your their this these those'
  ).split(' '),
);
const COPULAS = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being']);

// The word of time that a negation of its clause reaches in one spelling and not in another (see isOpposed).
const YET_TERM = 'yet';

/**
 * The term of "successfully" said of a write or a creation ("Task 5 created successfully: Update tests …", "File
 * created successfully at …", "Successfully wrote 148 bytes"): the tool's report that its call went through, no check
 * passing (elsewhere "successfully" reads as `pass`). No word folds to it: the stemmer shortens every prose word.
 */
export const REPORTED_SUCCESS = 'successfully';
// The acts a tool reports done "successfully": what it wrote or made, not a check run.
const REPORTED_ACTS = new Set(
  'created wrote written updated replaced saved added deleted removed edited modified applied changed'.split(
    ' ',
  ),
);
// A negation right before a participle denies that participle, not the object of a preposition after it: "changes not
// staged for commit" deny the staging, not a commit ("don't commit" is not said). Not "to", which a denied act reaches
// through ("not allowed to push"); nor after an auxiliary, where the participle is the act denied ("must not be
// changed in src/db").
const PARTICIPLE = new RegExp(`^[a-z]{2,}ed$|^(?:${IRREGULAR_PARTICIPLES.join('|')})$`);
const AFTER_PARTICIPLE: ReadonlySet<string> = new Set(PARTICIPLE_PREPOSITIONS);
const KEEP_GERUND_VERBS: ReadonlySet<string> = new Set(KEEP_BEFORE_GERUND);
// A gerund after such a verb: "building", "working", "using" (not "thing", "string", "during").
const GERUND = /^(?:[a-z]{4,}|us)ing$/;

// Words a generation holds at most: a session's vocabulary, kept through a suite (its sessions share most of their
// words) and aged only as it fills.
const foldedWords = recentMap<string, string>(50_000, undefined, 'run');
let synonymOf: Map<string, string> | undefined;

/** Whether this process has made the synonym table yet (no module may make it as it loads: a test checks). */
export function synonymTableMade(): boolean {
  return synonymOf !== undefined;
}

/** The term a lowercase prose word reads as (memoized: a transcript repeats its words). */
function foldWord(word: string): string {
  let folded = foldedWords.get(word);
  if (folded === undefined) {
    synonymOf ??= synonymTable();
    // A string of its own: the word may be a slice of the whole text, and its stem the word itself.
    const own = ownCopy(word);
    const number = NUMBER_WORDS.get(own);
    const stemmed = number ?? stem(own);
    folded = synonymOf.get(own) ?? synonymOf.get(stemmed) ?? stemmed;
    foldedWords.set(own, folded);
  }
  return folded;
}

// Inflections whose stems a listed word's stem may miss (`added` → `ad`, `add` → `add`).
const INFLECTIONS = ['s', 'es', 'ed', 'd', 'ing'];

function synonymTable(): Map<string, string> {
  const table = new Map<string, string>();
  const join = (word: string, canonical: string) => {
    for (const form of [
      word,
      ...INFLECTIONS.map((ending) => word + ending),
      ...(word.endsWith('e') ? [`${word.slice(0, -1)}ing`] : []),
    ]) {
      if (!table.has(form)) table.set(form, canonical);
      const stemmed = stem(form);
      if (!table.has(stemmed)) table.set(stemmed, canonical);
    }
  };
  for (const group of SYNONYMS) {
    const canonical = stem(group[0]!);
    // A negation word has no inflections: its would-be forms are other words ("noted" and "notes" stem to `note`,
    // "nod" is a nod), and a "rule about where working notes go" denies nothing.
    for (const word of group)
      if (canonical === NEGATION_TERM) table.set(word, canonical);
      else join(word, canonical);
  }
  for (const [form, verb] of IRREGULAR_FORMS) table.set(form, table.get(verb) ?? stem(verb));
  return table;
}

let opposites: Map<string, Set<string>> | undefined;

/** The terms that state the opposite of a term ({@link ANTONYMS}). */
function oppositesOf(term: string): ReadonlySet<string> | undefined {
  if (!opposites) {
    opposites = new Map();
    for (const [one, other] of ANTONYMS) {
      const a = foldWord(one);
      const b = foldWord(other);
      if (!opposites.has(a)) opposites.set(a, new Set());
      if (!opposites.has(b)) opposites.set(b, new Set());
      opposites.get(a)!.add(b);
      opposites.get(b)!.add(a);
    }
  }
  return opposites.get(term);
}

// Patterns with a Unicode class outside brackets are made once here: the bundle builds such a pattern by `new RegExp`
// where it is written, which in a function made it again at every call.
const LOWER_THEN_UPPER = /([\p{Ll}\p{N}])(\p{Lu})/gu;
const UPPER_THEN_WORD = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;
const LETTERS_ONLY = /^\p{L}+$/u;
const MIXED_CASE = /\p{Ll}\p{Lu}|\p{Lu}{2,}\p{Ll}/u;

/** Words of an identifier: `AgentSession` → agent, session; `run_print_mode` → run, print, mode. */
function identifierWords(token: string): string[] {
  return token
    .replace(LOWER_THEN_UPPER, '$1 $2')
    .replace(UPPER_THEN_WORD, '$1 $2')
    .split(/[_$\s]+/u)
    .filter((part) => part.length > 0)
    .map((part) => part.toLowerCase());
}

// `joined`: a later word of one identifier (the `session` of `ValidateSessionID`), not a name of its own.
type Word = { word: string; name: boolean; folded?: string; part?: true; joined?: true };

// Two to five capitals and a plural `s`: an acronym's plural ("PRs", "FKs", "APIs", "TODOs" is read as TODO's).
const PLURAL_ACRONYM = /^\p{Lu}{2,5}s$/u;

// Lowercase words joined by slashes, and nothing else; participles that do not end in -ed ("built", "done").
const PARTICIPLE_LIST = /^\p{Ll}+(?:\/\p{Ll}+)+$/u;
let participles: ReadonlySet<string> | undefined;
// Names or words joined by slashes, each opening with a letter, none with a dot: a list, or a path of folders only.
const NAME_LIST = /^[\p{L}_][\p{L}\p{N}_-]*(?:\/[\p{L}_][\p{L}\p{N}_-]*)+$/u;
// An acronym: two to five capitals ("SDK", "TUI", "RPC").
const ACRONYM = /^\p{Lu}{2,5}$/u;
// The address of a pull request: a host, then GitHub's `…/pull/201` (`…/pulls/201` in its API).
const PULL_REQUEST_ADDRESS = /^(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)+\/.+\/pulls?\/(\d+)\/?$/i;

/** The words of one raw token, each marked as prose or name. */
function tokenWords(token: string): Word[] {
  if (/^\d+(?:\.\d+)?$/u.test(token)) return [{ word: token, name: true, folded: token }];
  // A function with its arity (`start_session/2`, `Otel.setup/0`, Elixir's and Erlang's way) is its name, no path.
  const arity = /^([\p{L}_][\p{L}\p{N}_.]*)\/\d+$/u.exec(token);
  if (arity) return tokenWords(arity[1]!).map((word) => ({ ...word, name: true }));
  const lower = token.toLowerCase();
  // A terse note's slash list of participles is words, not a path: "NOT compiled/tested/committed/closed" denies the
  // commit ("credo'd/committed/closed": the letter an apostrophe leaves is no word). A folder of a path is seldom a
  // participle, and "lib/generated/seed" is not a list of them.
  if (PARTICIPLE_LIST.test(token)) {
    const parts = token.split('/').filter((part) => part.length > 1);
    participles ??= new Set([...IRREGULAR_FORMS.map(([form]) => form), 'done']);
    if (parts.length > 1 && parts.every((part) => part.endsWith('ed') || participles!.has(part)))
      return parts.map((word) => ({ word, name: false }));
  }
  // A terse note's slash list of names is its items, not a path: "ValidateSessionID/ToolUseID/AgentID → checkpoint",
  // "totalMembers/contributors/viewers", "thinkingOff/Minimal/Low". A folder is seldom named in mixed case, and a
  // path with a file's extension or a dot folder stays a path.
  if (NAME_LIST.test(token) && MIXED_CASE.test(token))
    return token.split('/').flatMap((part) => tokenWords(part));
  // A terse note's slash list of words with an acronym among them is its items too: "(no SDK/keys)", "3 run modes
  // (TUI/print-json/RPC)". A folder is seldom named in capitals, and a path with a file's extension stays a path.
  if (NAME_LIST.test(token) && token.split('/').some((part) => ACRONYM.test(part)))
    return token.split('/').flatMap((part) => tokenWords(part));
  // A pull request's address names the pull request, not a file called by its number: "pushed, and opened as
  // https://github.com/o/r/pull/201" says PR 201 was opened, as "opened PR #201" does.
  const pull = PULL_REQUEST_ADDRESS.exec(token)?.[1];
  if (pull !== undefined)
    return [
      { word: 'pr', name: false },
      { word: pull, name: true, folded: pull },
    ];
  const extension = /\.([a-z0-9]{1,6})$/.exec(lower)?.[1];
  if (token.includes('/') || token.includes('\\') || (extension && FILE_EXTENSIONS.has(extension))) {
    // A file reads as the words of its name without the extension (`core/agent-session.ts` = agent, session), so a
    // handoff that writes `agent-session` or `AgentSession` names it too; its folders are left out.
    const base = token.split(/[/\\]/).filter(Boolean).pop() ?? token;
    const stemName = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
    return tokenWords(stemName.length > 0 ? stemName : base).map((word) => ({ ...word, name: true }));
  }
  if (/[./@#-]/.test(token)) {
    const parts = token.split(/[./@#-]+/);
    // Words joined by a dot are code (`session.message_count`, `Spotter.Transcripts.Message`): names, not prose;
    // a hyphen joins prose (`single-session`), and `e.g` is an abbreviation.
    const code = token.includes('.') && parts.some((part) => part.length > 1);
    const several = parts.filter(Boolean).length > 1;
    // The words are fresh objects of this call: marked in place, with no copy per word.
    const words = parts.flatMap((part) => tokenWords(part));
    for (const word of words) {
      if (code) word.name = true;
      if (several) word.part = true;
    }
    return words;
  }
  if (LETTER.test(token) && DIGIT.test(token) && !synonymOf?.has(lower) && lower !== 'e2e')
    return [{ word: lower, name: true, folded: lower }];
  // A word of the synonym table written in mixed case is that word ("GitHub" is what "gh" stands for, "IDs" ids).
  if (LETTERS_ONLY.test(token) && synonymOf?.has(lower)) return [{ word: lower, name: false }];
  // An acronym's plural is the acronym ("the missing FKs", "stacked PRs", "URLs"), not an identifier of the words
  // "F" and "Ks": the stemmer leaves a plural with no vowel alone, so the `s` goes here.
  if (PLURAL_ACRONYM.test(token)) return tokenWords(token.slice(0, -1));
  if (token.includes('_') || token.includes('$') || MIXED_CASE.test(token))
    return identifierWords(token).map((word, at): Word =>
      at > 0 ? { word, name: true, joined: true } : { word, name: true },
    );
  return [{ word: lower, name: false }];
}

// Tokens a generation remembers the words of: a text repeats its names and words.
const tokenWordCache = recentMap<string, readonly Word[]>(50_000, undefined, 'run');

/** {@link tokenWords}, remembered per token: the same objects each time, which no reader may change. */
function wordsOfToken(token: string): readonly Word[] {
  let words = tokenWordCache.get(token);
  if (words === undefined) {
    // A token's words depend on the synonym table (a word with digits in it may be a synonym): read it first.
    synonymOf ??= synonymTable();
    words = tokenWords(token);
    tokenWordCache.set(ownCopy(token), words);
  }
  return words;
}

/**
 * The words of a well-known dotfile written with its dot (dot-files.ts): a file's name, though its word alone is
 * prose ("repo .gitignore: *.env, *secret*" names the file and says what it holds; "gitignore" would be a word).
 */
function dotFileWords(token: string): readonly Word[] {
  return wordsOfToken(token).map((word) => ({ ...word, name: true }));
}

let phrasesByFirstWord: Map<string, Array<(typeof PHRASES)[number]>> | undefined;

/** The phrases that open with a word, in {@link PHRASES}' order (the first that matches wins). */
function phrasesOpeningWith(word: string): ReadonlyArray<(typeof PHRASES)[number]> | undefined {
  if (!phrasesByFirstWord) {
    phrasesByFirstWord = new Map();
    for (const phrase of PHRASES) {
      const first = phrase[0][0]!;
      const known = phrasesByFirstWord.get(first);
      if (known) known.push(phrase);
      else phrasesByFirstWord.set(first, [phrase]);
    }
  }
  return phrasesByFirstWord.get(word);
}

/** The fewest items in a row, with only spaces between them, that make a list of names rather than a phrase. */
const RUN_ITEMS = 3;

// A kebab-case name as an identifier bag picks it (`phx-click`, `multi-line`): an item beside names, though its
// words read as prose in a sentence.
const KEBAB = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/u;

/**
 * Which tokens of a clause are items of a run of names: {@link RUN_ITEMS} or more names or kebab-case words in a row,
 * at least one of them a name, with nothing but spaces between them ("hook_event get_req_header multi-line
 * hook_script … session paths"), as a bag of identifiers writes them. A number is no item (a terse note counts
 * things: "mix.exs +6 deps"), nor is a name set off by punctuation ("3bb8701 — TranscriptRenderer: …", "a.ts, b.ts").
 */
function namesInRuns(
  clause: string,
  tokens: readonly ClauseToken[],
  tokenWords: ReadonlyArray<readonly Word[]>,
): boolean[] {
  const names = tokens.map(({ text }, token) => {
    const words = tokenWords[token]!;
    return words.length > 0 && words.every((word) => word.name) && !/^\d+(?:\.\d+)?$/u.test(text);
  });
  const items = tokens.map(({ text }, token) => names[token]! || KEBAB.test(text));
  const inRun = new Array<boolean>(tokens.length).fill(false);
  let start = 0;
  for (let token = 1; token <= tokens.length; token++) {
    const previous = tokens[token - 1]!;
    const joined =
      token < tokens.length &&
      items[token] &&
      items[token - 1] &&
      onlySpaces(clause, previous.index + previous.text.length, tokens[token]!.index);
    if (joined) continue;
    if (token - start >= RUN_ITEMS && names.slice(start, token).some(Boolean)) inRun.fill(true, start, token);
    start = token;
  }
  return inRun;
}

/** Whether `text` from `start` to `end` is one space or more and nothing else (`/^ +$/` of the slice, read in place). */
function onlySpaces(text: string, start: number, end: number): boolean {
  if (end <= start) return false;
  for (let at = start; at < end; at++) if (text.charCodeAt(at) !== 32) return false;
  return true;
}

/** The terms of one clause, phrases folded and function words dropped. */
function clauseTerms(
  clause: string,
  terms: MeaningTerm[],
  line: number,
  clauseNumber: number,
  leadIn: LeadIn | undefined,
  question = false,
  stance?: StanceSpan['stance'],
  listing = false,
  afterNames = false,
): void {
  const words: Word[] = [];
  // "can't we get that from the settings manager?" suggests getting it there: a question put in the negative
  // asks for the thing, it does not deny it.
  const stated = question ? clause.replace(SUGGESTION, 'so') : clause;
  const spelled = withPrepositionsSpelled(
    stated
      .replace(CONTRACTED_NOT, ' not')
      .replace(NOT_SIGN, ' not ')
      .replace(PASS_MARK, ' passed')
      .replace(GIT_NOT_STAGED, 'not staged'),
  );
  const tokens = clauseTokens(spelled);
  // A clause of one hyphenated word is an item of a list of names ("auto-compaction, read-only, AgentSession"),
  // not a sentence: its words are no prose.
  // So is a file's listing run onto one line ({@link isJoinedListing}): its words are the file's text.
  const hyphenated = tokens.length === 1 && tokens[0]!.text.includes('-');
  const listed = listing || hyphenated;
  // Each word's token, and the tokens that are items of a run of names ({@link RUN_ITEMS} or more, only spaces between).
  const tokenOf: number[] = [];
  // Each token's words, looked up once (a long context's tokens are new strings, hashed at their first look-up).
  // (Plain loops: this runs for every clause read, and a callback made per call loses its optimized code at a full
  // collection; match.ts's classes say more.)
  const wordsByToken: Array<readonly Word[]> = [];
  for (const token of tokens)
    wordsByToken.push(
      isDotFileAt(spelled, token.index, token.text) ? dotFileWords(token.text) : wordsOfToken(token.text),
    );
  const inRun = namesInRuns(spelled, tokens, wordsByToken);
  // A kebab-case word that opens a clause after a comma and a clause of names alone is the next item of their list
  // ("auto_commit, golangci-lint test session"), a name as D62 reads it in a run of names with spaces between.
  if (afterNames && tokens.length > 0 && KEBAB.test(tokens[0]!.text)) inRun[0] = true;
  for (let token = 0; token < wordsByToken.length; token++) {
    for (const word of wordsByToken[token]!) {
      words.push(word);
      tokenOf.push(token);
    }
  }
  let negationLeft = 0;
  let negatedBefore = false;
  const clauseStart = terms.length;
  const afterArrow = arrowsBefore(spelled, tokens);
  for (let index = 0; index < words.length; index++) {
    const current = words[index]!;
    // "lookup removed => no repo open => docstring stale": a note's arrow leads to what follows from the negated
    // step, which the negation does not reach (an arrow is no clause end: "X -> pure builders" says what X became).
    if (afterArrow !== undefined && tokenOf[index] !== tokenOf[index - 1] && afterArrow.has(tokenOf[index]!))
      negationLeft = 0;
    // In a listed clause every word is a name's, and so is every word of an item of a run of names (a kebab-case word
    // among identifiers: "hook_event multi-line hook_script").
    const currentName = listed || current.name || inRun[tokenOf[index]!]!;
    let term: string | undefined;
    // A hyphenated word alone in its clause that spells a word of the language ("Test-driven:" is TDD) is that word,
    // in prose; another (a hook's file `pre-commit`, "auto-compaction") stays an item of a list of names.
    let spelled = false;
    if (!currentName || (hyphenated && !listing && !current.name)) {
      const phrase = phraseAt(phrasesOpeningWith(current.word), words, index);
      if (phrase) {
        term = phrase[1];
        index += phrase[0].length - 1;
        spelled = currentName;
      }
    }
    if (term === undefined) {
      // "don't stop until every function is ported": what follows `until` is wanted, not denied.
      if (!currentName && NEGATION_ENDS.has(current.word)) negationLeft = 0;
      const previous = words[index - 1];
      if (
        negationLeft > 0 &&
        !currentName &&
        AFTER_PARTICIPLE.has(current.word) &&
        previous !== undefined &&
        !previous.name &&
        PARTICIPLE.test(previous.word) &&
        words[index - 2] !== undefined &&
        foldWord(words[index - 2]!.word) === NEGATION_TERM
      )
        negationLeft = 0;
      if (!currentName && STOP_WORDS.has(current.word) && !NUMBER_WORDS.has(current.word)) continue;
      // "I think we should …", "I don't think we need suffixes": the speaker's opinion frames the clause and states
      // nothing itself; its negation is the clause's ("we don't need suffixes"), so it reaches on past the frame.
      if (!currentName && opinionFrame(words, index)) continue;
      term = current.folded ?? foldWord(current.word);
      if (
        current.word === 'successfully' &&
        (REPORTED_ACTS.has(words[index - 1]?.word ?? '') || REPORTED_ACTS.has(words[index + 1]?.word ?? ''))
      )
        term = REPORTED_SUCCESS;
      // "Continue building the monitor" keeps building it; a lone "continue" is a go-ahead (KEEP_BEFORE_GERUND).
      const next = words[index + 1];
      if (!currentName && KEEP_GERUND_VERBS.has(current.word) && next && !next.name && GERUND.test(next.word))
        term = foldWord('keep');
    }
    // A word of a name negates nothing: `--noEmit` is the flag, not "no" before what follows it.
    if (term === NEGATION_TERM && currentName) continue;
    if (term === NEGATION_TERM && current.word === 'without' && negatedBefore) {
      // "never truncate output without an expand control": what a denied act goes without is what is asked for.
      negationLeft = 0;
      continue;
    }
    if (term === NEGATION_TERM) {
      negatedBefore = true;
      // "end-to-end tests are not wanted": after a copula, a negation also reaches back over the last two terms. Not in
      // a sentence that denies itself ("… are not committed yet was not done"): its "was not" is that denial, which
      // the stance reads, and reaching back would deny the inner negation's words twice; nor in one whose frame denies
      // that denial ("It is false that the retry budget was not done", 'affirmed'): the two cancel, and deny nothing.
      const copula =
        stance !== 'denied' && stance !== 'affirmed' && COPULAS.has(words[index - 1]?.word ?? '');
      for (let back = terms.length - 1; copula && back >= Math.max(clauseStart, terms.length - 2); back--)
        if (terms[back]!.term !== NEGATION_TERM) terms[back]!.negated = true;
      terms.push({ term, name: false, negated: false, line, clause: clauseNumber });
      negationLeft = NEGATION_REACH;
      continue;
    }
    const added: MeaningTerm = {
      term,
      name: currentName && !spelled,
      // A sentence that denies all of itself ("It is false that …") turns each of its terms the other way.
      negated: negationLeft > 0 !== (stance === 'denied'),
      line,
      clause: clauseNumber,
    };
    if (stance === 'pending') added.pending = true;
    else if (stance === 'denied') added.denied = true;
    if (leadIn !== undefined) {
      added.leadIn = leadIn.clause;
      if (leadIn.from < leadIn.clause) added.leadInFrom = leadIn.from;
    }
    if (current.part) added.part = true;
    if (current.joined && currentName) added.joined = true;
    const token = tokenOf[index]!;
    if (token !== tokenOf[index - 1]) added.opens = true;
    if (inRun[token]) added.inRun = true;
    terms.push(added);
    if (negationLeft > 0) negationLeft--;
  }
}

// The verbs of a speaker's opinion put in the first person ("I think", "we believe"): a frame, not a fact.
const OPINION_VERBS: ReadonlySet<string> = new Set(['think', 'believe', 'suppose', 'reckon']);
const FIRST_PERSON: ReadonlySet<string> = new Set(['i', 'we']);

/**
 * Whether the word at `index` is the verb of a first-person opinion frame: "I think", "we believe", "I don't think"
 * (its contraction spelled out, "i do not think"), "I do think".
 */
function opinionFrame(words: readonly Word[], index: number): boolean {
  if (!OPINION_VERBS.has(words[index]!.word)) return false;
  let at = index - 1;
  if (words[at]?.word === 'not') at--;
  if (words[at]?.word === 'do') at--;
  const subject = words[at];
  return subject !== undefined && !subject.name && FIRST_PERSON.has(subject.word);
}

// A note's arrow between two tokens: `->`, `=>`, `→`.
const ARROW = /->|=>|\u2192/;

/** The tokens of a clause that an arrow stands right before, or undefined when the clause holds none. */
function arrowsBefore(clause: string, tokens: readonly ClauseToken[]): ReadonlySet<number> | undefined {
  if (!ARROW.test(clause)) return undefined;
  const after = new Set<number>();
  for (let token = 1; token < tokens.length; token++) {
    const previous = tokens[token - 1]!;
    if (ARROW.test(clause.slice(previous.index + previous.text.length, tokens[token]!.index)))
      after.add(token);
  }
  return after;
}

/** The first of `phrases` whose words are `words`' from `index` on, none of them a name's. */
function phraseAt<T extends readonly [readonly string[], ...unknown[]]>(
  phrases: readonly T[] | undefined,
  words: readonly Word[],
  index: number,
): T | undefined {
  if (phrases === undefined) return undefined;
  for (const phrase of phrases) {
    const sequence = phrase[0];
    let all = true;
    for (let offset = 0; offset < sequence.length && all; offset++) {
      const word = words[index + offset];
      all = word !== undefined && word.word === sequence[offset] && !word.name;
    }
    if (all) return phrase;
  }
  return undefined;
}

/** The clause a list hangs from, and the first clause of its sentence. */
type LeadIn = { clause: number; from: number };

/** A text as meaning terms, in order (see the module comment). */
export function meaningTerms(text: string): MeaningTerm[] {
  const sink = new TermList();
  readTerms(text, sink);
  return sink.terms;
}

// The sinks are classes, not closures made per call: a closure's optimized code is lost with it at a full collection
// (match.ts's classes say more).

/** Where {@link readTerms} hands a text's terms, each clause's in order. */
type TermSink = { clause(terms: MeaningTerm[]): void };

/** Terms collected in order. */
class TermList implements TermSink {
  readonly terms: MeaningTerm[] = [];
  clause(terms: MeaningTerm[]): void {
    for (const term of terms) this.terms.push(term);
  }
}

/** Terms added to a meaning index's columns. */
class ColumnSink implements TermSink {
  readonly columns: MeaningColumns;
  constructor(columns: MeaningColumns) {
    this.columns = columns;
  }
  clause(terms: MeaningTerm[]): void {
    for (const term of terms) this.columns.add(term);
  }
}

/**
 * Indexes a text's meaning terms; `mostlyRepeated`, where the caller has already counted whether the text is mostly
 * lines it repeats (match.ts, folding it), spares counting it again.
 */
export function indexMeaning(text: string, mostlyRepeated?: boolean): MeaningIndex {
  const columns = meaningColumns();
  const lines = foldedLines(text);
  const memo = lineMemoFor(text, lines, mostlyRepeated);
  if (memo === undefined) readLines(lines, new ColumnSink(columns));
  else indexLines(lines, columns, memo);
  return columns.finish(sentenceEnds(text));
}

// A line's last mark, after any closing quote, bracket or backtick: a full stop (not an ellipsis's), "?" or "!".
/** A line's end that ends a sentence: a full stop (no ellipsis), a question or an exclamation mark, closing marks aside. */
export const LINE_ENDS_SENTENCE = /(?<!\.)[.?!]["'’”)\]`*_]*[ \t\r]*$/;

/**
 * The test of which lines of a text end a sentence (meaning-index.ts `endsSentence`), the lines found on first ask:
 * most texts are never asked.
 */
function sentenceEnds(text: string): (line: number) => boolean {
  let ends: Set<number> | undefined;
  return (line) => {
    if (ends === undefined) {
      ends = new Set();
      let number = 0;
      let from = 0;
      for (;;) {
        const to = text.indexOf('\n', from);
        const end = to === -1 ? text.length : to;
        // The last few characters of the line are all the test needs.
        if (LINE_ENDS_SENTENCE.test(text.slice(Math.max(from, end - 8), end))) ends.add(number);
        if (to === -1) break;
        number++;
        from = to + 1;
      }
    }
    return ends.has(line);
  };
}

// Texts up to this long have their lines' terms remembered (summaries: the strategies of a session copy the same
// lines, extractive ones most of all).
const REMEMBERED_TEXT_CHARS = 1 << 16;

// Longer texts up to this long have theirs remembered in a memo of their own, which holds at most this many characters
// of lines a generation: a context that keeps the session's messages (a kept tail under a summary, the session with
// its tool outputs masked or pruned) holds mostly lines another strategy's context holds too, and each was read again
// for every context. A longer text (a long session's whole transcript or its masked copy) is read through a memo of
// its own only when most of it is lines it repeats (repeated-lines.ts): else its lines push each other out of the memo before
// any comes again, and remembering them cost a fifth more CPU and 30-40 MiB more (a 5 M-character text of lines all
// different), where one whose lines repeat (the 4 M-token bench session masked: 43,648 lines, 3,266 different) took
// two fifths of the CPU read through the memo.
const PACKED_TEXT_CHARS = 1 << 21;

/**
 * A line's clauses read alone, packed for a meaning index (meaning-index.ts): clause numbers from 0 (the line's first
 * clause), the lead-in it leaves open, and what the line weighs in a memo (its characters).
 */
type LineTerms = { packed: PackedTerms; count: number; bullets: LeadIn | undefined; chars: number };

/**
 * Lines a generation remembers the terms of (text-cache.ts ages them as sessions are released), by the lead-in from
 * above they were read under: none, one whose sentence began before it, one whose sentence began with it. A map for
 * each, keyed by the line itself: a key of the two joined was a new string to flatten and hash at every look-up.
 */
type LineMemo = readonly [
  RecentMap<string, LineTerms>,
  RecentMap<string, LineTerms>,
  RecentMap<string, LineTerms>,
];

/** A memo of {@link LineMemo}'s shape: `make` called once for each of its three maps. */
function lineMemo(make: () => RecentMap<string, LineTerms>): LineMemo {
  return [make(), make(), make()];
}

// Characters of lines a generation of the short texts' memo holds at most (weighed as the long texts' memo is). Its
// lives through the run, aged only as it fills: the summaries of a suite's sessions share lines across sessions, not
// only within one (a 100-session bench suite read 8,269 lines, 4,889 of them read before and let go as sessions were
// released).
const SHORT_LINES_CHARS = 1 << 20;
const shortTextLines = lineMemo(() =>
  recentMap<string, LineTerms>(20_000, { of: (line) => line.chars, max: SHORT_LINES_CHARS }, 'run'),
);
const longTextLines = lineMemo(() =>
  recentMap<string, LineTerms>(1 << 18, { of: (line) => line.chars, max: PACKED_TEXT_CHARS }),
);

/** The memo a text's lines (folded) are read through, or undefined for a text read afresh. */
function lineMemoFor(text: string, lines: readonly string[], mostlyRepeated?: boolean): LineMemo | undefined {
  if (text.length <= REMEMBERED_TEXT_CHARS) return shortTextLines;
  if (text.length <= PACKED_TEXT_CHARS) return longTextLines;
  // A memo of the text's own, let go with it: held in the shared one until the session was released, a 4 M-token
  // session's masked lines raised the run's peak by about 20 MiB.
  const repeats = mostlyRepeated ?? repeatedShare(lines, text.length) >= MOSTLY_REPEATED;
  return repeats ? lineMemo(() => new Map()) : undefined;
}

/** Reads a text's terms clause by clause, handing each clause's terms to `sink` in order. */
function readTerms(text: string, sink: TermSink): void {
  // Folded a run of lines at a time, as the whole text folded would be cut (a line break is a boundary no
  // compatibility form crosses): folding a whole transcript at once made ICU copy it twice outside the heap (40 MB at
  // 4 M tokens), and folding each line alone cost a call for each.
  readLines(foldedLines(text), sink);
}

/** {@link readTerms} of a text's lines, folded. */
function readLines(lines: readonly string[], sink: TermSink): void {
  let clauses = 0;
  // The clause a list hangs from: one ending in a colon with a word of prose. A colon that ends its line opens the
  // bullets under it; one inside a line, the rest of that line. A sentence's end closes either.
  let bullets: LeadIn | undefined;
  for (let lineNumber = 0; lineNumber < lines.length; lineNumber++) {
    const line = lines[lineNumber]!;
    if (bullets !== undefined && !LIST_ITEM.test(line)) bullets = undefined;
    const read: MeaningTerm[][] = [];
    ({ clauses, bullets } = readLine(line, lineNumber, clauses, bullets, read));
    for (const clause of read) sink.clause(clause);
  }
}

/**
 * {@link readTerms} into a meaning index's columns with each line read once through `memo` (for each way a list's
 * lead-in from the lines above can reach it): its clauses, as read alone and packed, go in where the line stands each
 * time it comes, with no copy of each term.
 */
function indexLines(lines: readonly string[], columns: MeaningColumns, memo: LineMemo): void {
  let clauses = 0;
  let bullets: LeadIn | undefined;
  for (let lineNumber = 0; lineNumber < lines.length; lineNumber++) {
    const line = lines[lineNumber]!;
    if (bullets !== undefined && !LIST_ITEM.test(line)) bullets = undefined;
    // A lead-in from above reads the same wherever it is, but for whether its sentence began before it.
    const above = bullets === undefined ? undefined : bullets.from < bullets.clause ? SPANNING : SINGLE;
    const remembered = memo[above === undefined ? 0 : above === SPANNING ? 1 : 2];
    let known = remembered.get(line);
    if (known === undefined) {
      const read: MeaningTerm[][] = [];
      const after = readLine(line, 0, 0, above, read);
      known = {
        packed: packTerms(read),
        count: after.clauses,
        bullets: after.bullets,
        chars: line.length + 1,
      };
      remembered.set(ownCopy(line), known);
    }
    const place = { line: lineNumber, base: clauses, above: bullets };
    columns.addLine(known.packed, place.line, place.base, place.above);
    bullets = known.bullets === undefined ? undefined : placed(known.bullets, place);
    clauses += known.count;
  }
}

// Characters of a long text folded (NFKC) at a time.
const FOLDED_CHARS = 1 << 16;

/** The lines of a text folded (NFKC), a run of lines at a time. */
function foldedLines(text: string): string[] {
  if (text.length <= FOLDED_CHARS) return text.normalize('NFKC').split('\n');
  const lines: string[] = [];
  for (const run of lineRuns(text, FOLDED_CHARS))
    for (const line of run.normalize('NFKC').split('\n')) lines.push(line);
  return lines;
}

// A lead-in from the lines above as a line is read alone: clause numbers no clause of the line has (theirs count
// from 0), whose sentence began before it (SPANNING) or with it (SINGLE).
const SPANNING: LeadIn = { clause: -1, from: -2 };
const SINGLE: LeadIn = { clause: -1, from: -1 };

/** Where a line read alone stands: its line, its first clause's number, the lead-in from the lines above. */
type LinePlace = { line: number; base: number; above: LeadIn | undefined };

/** A clause number of a line read alone, where the line stands (the lead-in's from above, the line's renumbered). */
function placedClause(clause: number, place: LinePlace, of: 'clause' | 'from'): number {
  return clause >= 0 ? clause + place.base : place.above![of];
}

/** A lead-in of a line read alone, where the line stands. */
function placed(leadIn: LeadIn, place: LinePlace): LeadIn {
  if (leadIn === SPANNING || leadIn === SINGLE) return place.above!;
  return {
    clause: placedClause(leadIn.clause, place, 'clause'),
    from: placedClause(leadIn.from, place, 'from'),
  };
}

/** Reads one line's clauses (the first numbered `clauses`), under the lead-in of a list above it if any. */
function readLine(
  written: string,
  lineNumber: number,
  clauses: number,
  bullets: LeadIn | undefined,
  into: MeaningTerm[][],
): { clauses: number; bullets: LeadIn | undefined } {
  // Its line breaks written as escapes are the words they stand for, read before its clauses and lists are.
  const line = written.includes('\\n') ? written.replace(ESCAPED_LINE_BREAK, ' new line ') : written;
  let leadIn = bullets;
  // The first clause of the sentence being read: a lead-in is the whole of it up to its colon.
  let sentenceFrom = clauses;
  const parts = line.split(CLAUSE_END_KEPT);
  // The stance of a clause is its sentence's where its last character stands (stance.ts).
  const stances = STANCE_WORDS.test(line) ? stanceSpans(line) : [];
  const denied = deniedListItems(parts);
  const lists = wordLists(parts);
  // The clause each part of a word list was read as: its items' terms carry the list's first clause.
  const partClauses = lists.items.size > 0 ? new Map<number, number>() : undefined;
  const listing = isJoinedListing(line);
  let offset = 0;
  // The clause before ended in a comma and held names alone: an item of a list of names.
  let afterNames = false;
  // The last clause with words: a colon after it ends the line, one before it introduces the rest of the line.
  let lastWords = parts.length - 1;
  while (lastWords > 0 && parts[lastWords]!.trim().length === 0) lastWords -= 2;
  for (let part = 0; part < parts.length; part += 2) {
    const end = parts[part + 1];
    const clauseEnd = offset + parts[part]!.length;
    offset = clauseEnd + (end?.length ?? 0);
    // "Note: the transcript files still hold the old name" states that they hold it: a sentence's opening label
    // that asks the reader to heed what follows frames it and states nothing itself.
    const heedLabel =
      clauses === sentenceFrom && end?.startsWith(':') === true && HEED_LABEL.test(parts[part]!);
    if (parts[part]!.trim().length > 0 && !heedLabel) {
      const terms: MeaningTerm[] = [];
      const stance = stanceAt(stances, clauseEnd);
      clauseTerms(
        parts[part]!,
        terms,
        lineNumber,
        clauses,
        leadIn,
        end?.startsWith('?') === true,
        stance,
        listing,
        afterNames,
      );
      if (denied.has(part))
        for (const term of terms) if (term.term !== NEGATION_TERM) term.negated = stance !== 'denied';
      if (partClauses !== undefined) {
        partClauses.set(part, clauses);
        markListItem(terms, lists, part, partClauses);
      }
      const last = part >= lastWords;
      let prose = false;
      for (let term = 0; term < terms.length && !prose; term++) prose = !terms[term]!.name;
      afterNames = !prose && terms.length > 0 && end?.trim() === ',';
      if (end?.startsWith(':') && prose) {
        leadIn = { clause: clauses, from: sentenceFrom };
        if (last) bullets = leadIn;
      } else if (end?.startsWith(':') && !last && terms.length > 0) {
        for (const term of terms) term.gloss = clauses + 1;
      }
      clauses++;
      into.push(terms);
    }
    if (end !== undefined && SENTENCE_END.test(end)) {
      leadIn = bullets = undefined;
      sentenceFrom = clauses;
    }
  }
  return { clauses, bullets };
}

// A label that only asks the reader to heed what follows ("Note:", "**NB**:", "- Notes:"), opening its sentence.
const HEED_LABEL = /^[\s*_#>+•-]*(?:notes?|nb)[\s*_]*$/iu;

/**
 * Marks a clause's terms as an item of a word list (word-list.ts): all of them for an item, those of its last word
 * for the clause whose last word opens the list (its other words are the frame the list is said in).
 */
function markListItem(
  terms: MeaningTerm[],
  lists: WordLists,
  part: number,
  partClauses: ReadonlyMap<number, number>,
): void {
  if (lists.leads.has(part)) {
    let last = terms.length - 1;
    while (last > 0 && !terms[last]!.opens) last--;
    for (let term = Math.max(0, last); term < terms.length; term++)
      terms[term]!.list = partClauses.get(part)!;
    return;
  }
  const first = lists.items.get(part);
  if (first === undefined) return;
  for (const term of terms) term.list = partClauses.get(first)!;
}

/** Whether the terms at two positions stand in two items of one word list (word-list.ts): not said together. */
export function apartInList(index: MeaningIndex, a: number, b: number): boolean {
  const list = index.listAt(a);
  return list >= 0 && list === index.listAt(b) && index.clauseAt(a) !== index.clauseAt(b);
}

// A line's words, as written between spaces.
const LINE_WORDS = /\S+/gu;
// A line number of a listing: digits alone, as a read numbers a file's lines.
const LINE_NUMBER = /^\d{1,6}$/u;
const OPENS_WITH_NUMBER = /^\s*\d{1,6}\s/u;
// A full stop ending a line.
const SENTENCE_STOP = /\.\s*$/u;
// How many of a listing's line numbers, in a row, a line must hold to be read as one.
const LISTING_NUMBERS = 3;

/**
 * Whether a line is a file's numbered lines run onto one line ("1 defmodule SpotterWeb.SubagentLive do 2 use
 * Phoenix.LiveView 3", "48 49 doc 50 Add the current trace"): it opens with a number, and the next numbers follow as
 * words of their own, {@link LISTING_NUMBERS} in all. Its words are the file's text, code or its comments, not words
 * said of the file or the work. A count listed with commas ("1 file changed, 2 insertions(+), 3 deletions(-)") is
 * a sentence, whatever its numbers.
 */
function isJoinedListing(line: string): boolean {
  // Most lines open with no number: no words are split for them.
  if (!OPENS_WITH_NUMBER.test(line)) return false;
  // The line's own full stop is no part of its last word ("… 2 use Phoenix.LiveView 3.").
  const words = line.replace(SENTENCE_STOP, '').match(LINE_WORDS);
  if (!words || !LINE_NUMBER.test(words[0]!)) return false;
  let next = Number(words[0]) + 1;
  let found = 1;
  for (let at = 1; at < words.length && found < LISTING_NUMBERS; at++)
    if (LINE_NUMBER.test(words[at]!) && Number(words[at]) === next && !words[at - 1]!.endsWith(',')) {
      found++;
      next++;
    }
  return found >= LISTING_NUMBERS;
}

/** The stance of the sentence span that `clauseEnd` (a clause's last character) stands in, if any. */
function stanceAt(
  stances: ReturnType<typeof stanceSpans>,
  clauseEnd: number,
): StanceSpan['stance'] | undefined {
  for (const span of stances) if (span.start < clauseEnd && clauseEnd <= span.end) return span.stance;
  return undefined;
}

// A clause whose last few words a negation reaches ("it has not been compiled"), and a list's last item ("committed
// or pushed", "or closed").
const DENIES_TO_END = /(?:\b(?:not|never|no|nor|cannot)|n't)(?:\s+\S+){0,3}\s*$/i;
const LAST_ITEM = /(?:^|\s)(?:or|nor)\s+\S/i;
// The most words an item of such a list has ("run through credo", "closed in bd").
const LIST_ITEM_WORDS = 4;

/**
 * The parts of a line (as split by CLAUSE_END_KEPT: text at even indexes, ends at odd) that are items of a list a
 * denied clause opens: "it has not been compiled, tested, run through credo, committed or pushed" denies each of
 * them, where a negation's reach ends at the clause. Only a list of short items joined by commas and closed by "or"
 * or "nor": "it does not compile, tests fail" denies nothing after its comma.
 */
function deniedListItems(parts: readonly string[]): ReadonlySet<number> {
  const items = new Set<number>();
  for (let head = 0; head + 2 < parts.length; head += 2) {
    if (parts[head + 1]?.trim() !== ',' || !DENIES_TO_END.test(parts[head]!)) continue;
    const run: number[] = [];
    for (let part = head + 2; part < parts.length; part += 2) {
      const words = parts[part]!.trim().split(/\s+/).filter(Boolean);
      if (words.length === 0 || words.length > LIST_ITEM_WORDS + 1) break;
      const closes = LAST_ITEM.test(parts[part]!);
      // An item that denies on its own opens a denial of its own, unless it is the "nor" that closes the list.
      if (!closes && DENIES_TO_END.test(parts[part]!)) break;
      run.push(part);
      if (closes) {
        for (const item of run) items.add(item);
        break;
      }
      if (parts[part + 1]?.trim() !== ',') break;
    }
  }
  return items;
}

/** A number of a statement, with the terms right before and after it (what it measures). */
type StatementNumber = { value: string; before?: string; after?: string };

/** A distinct term of a statement. */
export type StatementTerm = {
  term: string;
  name: boolean;
  negated: boolean;
  weight: number;
  /**
   * Stated plainly, but where a text may deny it and still say the same: in a clause with a negation whose reach is
   * not known ("Do not keep separate debug code paths for session and subagent pages": "no page gets its own debug
   * code"), or in the alternative set against what was chosen ("instead of silently skipping": "not skip").
   */
  unsure?: true;
  /** A word said of any work or file (GENERIC_WORDS): alone, it states none of the statement. */
  generic?: true;
  /**
   * A word an artifact's statement shares with other files' (their ticket, their commit's title): alone, such words
   * state no one file's change, so a window needs a word of the file's own (artifact-context.ts).
   */
  shared?: true;
  /** A word of the artifact's file name: written as a name it is the file's own, even when the title shares it. */
  namesFile?: true;
  /**
   * A word of a name the statement also says in prose ("redact" of redact_text and "redaction patterns"): a name, but
   * said in prose on a line that names the artifact's file it tells what the file does (`statementCoverage`'s
   * `fileLines`).
   */
  saidInProse?: true;
  /**
   * The clauses of the statement it is said in, when each is an item of a list the statement writes itself (three
   * clauses or more joined by commas): a text's word list states two terms together only where the statement lists
   * them apart itself (word-list.ts).
   */
  clauses?: readonly number[];
};

/** A statement read once: its distinct terms (names and content words) and its numbers. */
export type StatementReading = {
  /** Each distinct term, with its weight (how much it tells this statement from the others read with it). */
  terms: ReadonlyArray<StatementTerm>;
  numbers: readonly StatementNumber[];
  /** The file's name said as a verb ("routed" of router.ex): the file's own words too, though no term of it. */
  fileForms?: readonly string[];
  /**
   * Terms one of which a window must write, on its line (inside it, read over lines): what tells the
   * statement from every other report of its subject (a commit's state: its hash or a word of committing,
   * commit-told.ts).
   */
  needs?: ReadonlySet<string>;
  /**
   * The runs of terms an artifact's statement shares with other files' (their ticket's or commit's title, in order,
   * artifact-context.ts): a text that says a word of the file's name only inside such a run says the title.
   */
  titleRuns?: ReadonlyArray<readonly string[]>;
};

const isNumber = (term: string): boolean => /^\d+(?:\.\d+)?$/.test(term);

/** Reads a statement: its distinct terms (negated when every occurrence is), a negation kept as the `not` term. */
export function readStatement(
  statement: string,
  weightOf: (term: string) => number = () => 1,
): StatementReading {
  const sequence = meaningTerms(statement);
  const negatedClauses = new Set(
    sequence.filter((term) => term.term === NEGATION_TERM).map((term) => term.clause),
  );
  const contrast = sequence.findIndex((term) => term.term === CONTRAST_TERM && !term.name);
  const seen = new Map<string, StatementTerm>();
  sequence.forEach((term, position) => {
    const unsure = negatedClauses.has(term.clause) || (contrast >= 0 && position > contrast);
    const known = seen.get(term.term);
    if (known) {
      // A term written both as a name and in prose is a name (it may be matched either way).
      if (known.name !== term.name) known.saidInProse = true;
      known.name ||= term.name;
      known.negated &&= term.negated;
      if (unsure) known.unsure = true;
    } else
      seen.set(term.term, {
        term: term.term,
        name: term.name,
        negated: term.negated,
        weight: weightOf(term.term),
        ...(unsure ? { unsure: true as const } : {}),
      });
  });
  for (const term of seen.values()) if (term.negated) delete term.unsure;
  const listed = listedClauses(statement);
  if (listed.size > 0)
    for (const term of seen.values()) {
      const clauses = new Set(sequence.filter((said) => said.term === term.term).map((said) => said.clause));
      if ([...clauses].every((clause) => listed.has(clause))) term.clauses = [...clauses];
    }
  const generic = genericTerms();
  for (const term of seen.values()) if (generic.has(term.term)) term.generic = true;
  // A number that measures something; one inside an id (`spotter-4te.1`, `gqc.5`) names a thing instead.
  // What a number measures is told by the two terms before it, unless those are an id or another count ("after
  // a0y.3, 386 tests"; "297 tests and 14 doctests"): then by the term after it.
  const measures = (term: MeaningTerm | undefined) =>
    term !== undefined && !(term.part && term.name) && !isNumber(term.term);
  const numbers = sequence.flatMap((term, position) =>
    isNumber(term.term) && !term.part
      ? [
          {
            value: term.term,
            before:
              position >= 2 && measures(sequence[position - 2]) && measures(sequence[position - 1])
                ? `${sequence[position - 2]!.term} ${sequence[position - 1]!.term}`
                : undefined,
            // After it, only a word of prose measures it ("386 tests"; not the next name of a list).
            after: sequence[position + 1]?.name === false ? sequence[position + 1]!.term : undefined,
          },
        ]
      : [],
  );
  // A negation is how a term is stated, not a term to find: "does not exist" in an error line says nothing of
  // "no unit tests".
  for (const term of seen.values()) if (term.term === NEGATION_TERM) seen.delete(term.term);
  return { terms: [...seen.values()], numbers };
}

let genericTermSet: ReadonlySet<string> | undefined;

/** GENERIC_WORDS as terms: made on first use, not as the module loads (folding words builds the synonym table). */
function genericTerms(): ReadonlySet<string> {
  return (genericTermSet ??= new Set(meaningTerms(GENERIC_WORDS.join(' ')).map((term) => term.term)));
}

/**
 * The content words of a statement that tell what it says: not names, and not words said of any work or file
 * ("hello" and "goodbye" of "Edit a.txt, change hello to goodbye", not "change", which a gloss after each file of a
 * path list states too). Null when it has none: then every content word tells it.
 */
function distinctiveOf(reading: StatementReading): ((term: StatementTerm) => boolean) | null {
  const distinctive = (term: StatementTerm) => !term.name && term.generic !== true;
  return reading.terms.some(distinctive) ? distinctive : null;
}

/**
 * Reads statements together, each term weighted by how few of them use it (inverse document frequency): a word
 * every fact of a session shares ("agent", "session") tells less about which fact a text keeps than a rare one.
 */
export function readStatements(statements: readonly string[]): StatementReading[] {
  const documents = new Map<string, number>();
  for (const statement of statements)
    for (const term of new Set(meaningTerms(statement).map((term) => term.term)))
      documents.set(term, (documents.get(term) ?? 0) + 1);
  const weightOf = (term: string) => Math.log(1 + statements.length / (documents.get(term) ?? 1));
  return statements.map((statement) => readStatement(statement, weightOf));
}

/** How much of a statement a text states in its best window. */
export type StatementCoverage = {
  /** Share of the statement's terms stated together (0–1). */
  share: number;
  /**
   * Share of its content (prose) terms among them; null when it has none. 0 when none of them is distinctive (only
   * words said of any work or file: GENERIC_WORDS) and the statement has distinctive ones.
   */
  contentShare: number | null;
  /** That window opposes the statement: a term negated the other way, an opposite word, another number. */
  opposed: boolean;
  /**
   * That window states one of the statement's most telling terms (the heaviest: what tells it from the statements
   * read with it), not only words it shares with them.
   */
  telling: boolean;
};

/**
 * Where a text says a word of an artifact's own, when its statement shares words with other files' (StatementTerm
 * `shared`), in order; undefined when it shares none (any window may state it). Its own words are those it shares
 * with no other file, a word of its file's name written as a name, and its file's name said as a verb.
 */
function ownPositions(index: MeaningIndex, reading: StatementReading): number[] | undefined {
  if (!reading.terms.some((term) => term.shared === true)) return undefined;
  const positions: number[] = [];
  for (const term of reading.terms) {
    const entry = index.positions.get(term.term);
    if (!entry) continue;
    if (term.shared !== true) positions.push(...(term.name ? entry.all : entry.prose));
    else if (term.namesFile === true) {
      // A word of the file's name written as a name, not as the prefix of an id (`spotter-fum.2` names no spotter.css).
      const prose = new Set(entry.prose);
      positions.push(...entry.all.filter((position) => !prose.has(position) && !opensId(index, position)));
    }
  }
  for (const form of reading.fileForms ?? []) positions.push(...(index.positions.get(form)?.prose ?? []));
  return positions.sort((a, b) => a - b);
}

/** Words of prose a clause needs, and more than its names, to be a sentence rather than words pasted after names. */
const SENTENCE_PROSE = 3;

/**
 * Whether the clause of a position is a sentence: {@link SENTENCE_PROSE} words of prose or more, and more of them than
 * of names ("running regex redaction over the raw text"), not a few words pasted beside a bag's names
 * ("pane_id ets.insert active_registry.ex handle_info session pane").
 */
function inSentence(index: MeaningIndex, position: number): boolean {
  const clause = index.clauseAt(position);
  let prose = 0;
  let names = 0;
  const tally = (at: number) => {
    if (index.nameAt(at)) names++;
    else prose++;
  };
  for (let at = position; at >= 0 && index.clauseAt(at) === clause; at--) tally(at);
  for (let at = position + 1; at < index.length && index.clauseAt(at) === clause; at++) tally(at);
  return prose >= SENTENCE_PROSE && prose > names;
}

/**
 * Where a text writes one of `terms`, in order: said either way, since a window that denies the statement ("It is
 * false that … committed") must still be found to contradict it.
 */
function neededPositions(index: MeaningIndex, terms: ReadonlySet<string>): number[] {
  const positions: number[] = [];
  for (const term of terms) positions.push(...(index.positions.get(term)?.all ?? []));
  return positions.sort((a, b) => a - b);
}

/**
 * Whether the text says something of the names from `start` to `end`: a word of prose among them. A statement of
 * names alone ("GetRewindPoints: each point also gets SessionID = metadata.SessionID") is stated by a sentence that
 * relates them in any words ("GetRewindPoints sets SessionID from metadata.SessionID"), not by a bag of them.
 */
function relates(index: MeaningIndex, start: number, end: number): boolean {
  for (let position = start; position <= end; position++) if (!index.at(position)!.name) return true;
  return false;
}

/** Whether a sorted list holds a position from `start` to `end`. */
function holds(sorted: readonly number[], start: number, end: number): boolean {
  const at = lowerBound(sorted, start);
  return at < sorted.length && sorted[at]! <= end;
}

/**
 * The best window of `window` terms for a statement: the largest share of its terms stated in it (names anywhere,
 * content words in prose), with whether that window opposes it.
 */
export function statementCoverage(
  index: MeaningIndex,
  reading: StatementReading,
  window: number,
  options: {
    oneLine?: boolean;
    opposingSignals?: number;
    pendingOpposes?: boolean;
    stanceOnly?: boolean;
    wordLists?: boolean;
    /** A position whose term is not read (its hits left out), as if the text did not hold it there. */
    unread?: (position: number) => boolean;
    /** The lines that name an artifact's file, where a word of a name said in prose is content (`saidInProse`). */
    fileLines?: ReadonlySet<number>;
    /** A next step's lack is ended by its act said first in its clause (statement-match.ts `stepEndsLack`). */
    stepEndsLack?: boolean;
  } = {},
): StatementCoverage {
  const lineOf = (position: number) => index.lineAt(position);
  const fileLines = options.fileLines;
  const total = reading.terms.reduce((sum, term) => sum + term.weight, 0);
  const contentTotal = reading.terms.reduce((sum, term) => sum + (term.name ? 0 : term.weight), 0);
  const isDistinctive = distinctiveOf(reading);
  // A hit that tells the statement: a distinctive content word, or a name written out in prose ("the hook
  // handlers"), not one read from a path or identifier the text lists, nor a generic word a name shares ("edit" of
  // edit_basic.txt).
  const hits: Array<{ position: number; term: number; tells: boolean; content: boolean }> = [];
  reading.terms.forEach((term, termIndex) => {
    const entry = index.positions.get(term.term);
    if (!entry) return;
    const unread = options.unread;
    if (!term.name) {
      const tells = isDistinctive?.(term) ?? true;
      for (const position of entry.prose)
        if (unread === undefined || !unread(position))
          hits.push({ position, term: termIndex, tells, content: true });
      return;
    }
    // Both lists ascend (the index adds positions in order), so one pass tells which positions are prose.
    const generic = term.generic === true;
    const besideFile = fileLines !== undefined && term.saidInProse === true && !generic;
    let prose = 0;
    for (const position of entry.all) {
      if (unread !== undefined && unread(position)) continue;
      while (prose < entry.prose.length && entry.prose[prose]! < position) prose++;
      const inProse = entry.prose[prose] === position;
      hits.push({
        position,
        term: termIndex,
        tells: !generic && inProse,
        content: besideFile && inProse && fileLines.has(lineOf(position)) && inSentence(index, position),
      });
    }
  });
  const lost = { share: 0, contentShare: contentTotal === 0 ? null : 0, opposed: false, telling: false };
  if (total === 0 || hits.length === 0) return lost;
  hits.sort((a, b) => a.position - b.position);
  // Where its terms are shared with other files' statements, a window must say a word of the file's own: on its
  // line, when the statement is read on one line (the window itself may hold only the title's words: "ProjectReviewLive
  // is routed at /projects/:id/review" tells router.ex beside the ticket's words), else inside it.
  const own = ownPositions(index, reading);
  const ownLines = own && options.oneLine === true ? new Set(own.map(lineOf)) : undefined;
  const needed = reading.needs && neededPositions(index, reading.needs);
  const neededLines = needed && options.oneLine === true ? new Set(needed.map(lineOf)) : undefined;
  const saysOwn = (start: number, end: number) =>
    (own === undefined || (ownLines ? ownLines.has(lineOf(start)) : holds(own, start, end))) &&
    (needed === undefined || (neededLines ? neededLines.has(lineOf(start)) : holds(needed, start, end)));
  const counts = new Array<number>(reading.terms.length).fill(0);
  // Hits of each name term said in prose beside its file's name, in the window: content though a name's word.
  const proseCounts = new Array<number>(reading.terms.length).fill(0);
  let covered = 0;
  let contentCovered = 0;
  const heaviest = Math.max(...reading.terms.map((term) => term.weight));
  let telling = 0;
  let tellingHits = 0;
  let best = { covered: -1, content: 0, start: 0, end: 0, telling: false };
  let left = 0;
  for (let right = 0; right < hits.length; right++) {
    const hit = hits[right]!;
    const entering = reading.terms[hit.term]!;
    counts[hit.term] = counts[hit.term]! + 1;
    if (hit.tells) tellingHits++;
    if (counts[hit.term] === 1) {
      covered += entering.weight;
      if (!entering.name) contentCovered += entering.weight;
      if (entering.weight >= heaviest - 1e-9) telling++;
    }
    if (entering.name && hit.content && ++proseCounts[hit.term]! === 1) contentCovered += entering.weight;
    // A window holds one item of a word list: its start moves past the last hit of another item of the list.
    const floor = options.wordLists === true ? listFloor(index, reading, hits, left, right) : left;
    while (
      left < floor ||
      hit.position - hits[left]!.position >= window ||
      (options.oneLine === true && lineOf(hits[left]!.position) !== lineOf(hit.position))
    ) {
      const leaving = hits[left++]!;
      if (leaving.tells) tellingHits--;
      const term = reading.terms[leaving.term]!;
      if (--counts[leaving.term]! === 0) {
        covered -= term.weight;
        if (!term.name) contentCovered -= term.weight;
        if (term.weight >= heaviest - 1e-9) telling--;
      }
      if (term.name && leaving.content && --proseCounts[leaving.term]! === 0) contentCovered -= term.weight;
    }
    if (
      covered > best.covered + 1e-9 &&
      saysOwn(hits[left]!.position, hit.position) &&
      (contentTotal > 0 || relates(index, hits[left]!.position, hit.position))
    )
      best = {
        covered,
        // Content words said of any work or file alone ("the changes made for this task") state none of it.
        content: isDistinctive === null || tellingHits > 0 ? contentCovered : 0,
        start: hits[left]!.position,
        end: hit.position,
        telling: telling > 0,
      };
  }
  if (best.covered < 0) return lost;
  return {
    share: best.covered / total,
    // Capped: a name's word said in prose adds content the statement's own content words do not total.
    contentShare: contentTotal === 0 ? null : Math.min(1, best.content / contentTotal),
    opposed: opposedWindow(index, best, reading, options),
    telling: best.telling,
  };
}

/**
 * The first hit a window ending at hit `right` may start at for the word lists it holds (word-list.ts): past the last
 * hit from `left` on that stands in another item of the list `right`'s hit is an item of; `left` when there is none.
 */
function listFloor(
  index: MeaningIndex,
  reading: StatementReading,
  hits: ReadonlyArray<{ position: number; term: number }>,
  left: number,
  right: number,
): number {
  const { position, term } = hits[right]!;
  const list = index.listAt(position);
  if (list < 0) return left;
  for (let hit = right - 1; hit >= left; hit--) {
    const at = hits[hit]!.position;
    if (index.clauseAt(at) < list) break;
    if (apartInList(index, at, position) && saidInOneClause(reading, hits[hit]!.term, term)) return hit + 1;
  }
  return left;
}

/** The fewest clauses joined by commas that make a statement a list of its own. */
const STATEMENT_LIST_ITEMS = 3;

/**
 * The clauses of a one-line statement that are items of a list it writes itself: {@link STATEMENT_LIST_ITEMS} or
 * more clauses in a row joined by commas ("general purpose for this repo, specific things of the code, general
 * purpose for the dev workflow"), numbered as meaningTerms numbers them.
 */
function listedClauses(statement: string): ReadonlySet<number> {
  const listed = new Set<number>();
  if (statement.includes('\n')) return listed;
  const parts = statement.normalize('NFKC').split(CLAUSE_END_KEPT);
  let clause = 0;
  let run: number[] = [];
  const close = () => {
    if (run.length >= STATEMENT_LIST_ITEMS) for (const item of run) listed.add(item);
    run = [];
  };
  for (let part = 0; part < parts.length; part += 2) {
    if (parts[part]!.trim().length === 0) {
      close();
      continue;
    }
    run.push(clause++);
    if (parts[part + 1]?.trim() !== ',') close();
  }
  close();
  return listed;
}

/**
 * Whether a statement says two of its terms in one clause: where it lists them itself ("general purpose for this
 * repo, specific things of the code, the dev workflow"), a text's list may state them item by item.
 */
function saidInOneClause(reading: StatementReading, a: number, b: number): boolean {
  const first = reading.terms[a]!.clauses;
  const second = reading.terms[b]!.clauses;
  // Only terms of two items of the statement's own list are said apart.
  return first === undefined || second === undefined || first.some((clause) => second.includes(clause));
}

/** Whether a statement's best window (see {@link statementCoverage}) opposes it. */
function opposedWindow(
  index: MeaningIndex,
  best: { start: number; end: number },
  reading: StatementReading,
  options: {
    oneLine?: boolean;
    opposingSignals?: number;
    pendingOpposes?: boolean;
    stanceOnly?: boolean;
    stepEndsLack?: boolean;
  },
): boolean {
  const { terms: window, start } = opposingWindow(index, best, options.oneLine === true);
  return isOpposed(
    options.oneLine === true ? statingClauses(window, reading) : window,
    reading,
    options.opposingSignals ?? Math.max(OPPOSING_SIGNALS, Math.ceil(reading.terms.length * OPPOSING_SHARE)),
    options.pendingOpposes === true,
    options.stanceOnly === true,
    options.stepEndsLack === true ? stepOpeners(index, window, start) : undefined,
  );
}

/**
 * The terms of a window that open their clause's prose: the first word of prose in it, only names before it (a step
 * said as its act: "Next: set the log level getter", "clean.go: set the log level getter before Init").
 */
function stepOpeners(
  index: MeaningIndex,
  window: readonly MeaningTerm[],
  start: number,
): ReadonlySet<MeaningTerm> {
  const openers = new Set<MeaningTerm>();
  if (window.length === 0) return openers;
  // The window's first term may stand after others of its clause: read back from where the window starts.
  let proseBefore = false;
  for (let at = start - 1; at >= 0 && index.clauseAt(at) === window[0]!.clause; at--)
    if (!index.nameAt(at)) proseBefore = true;
  let clause = window[0]!.clause;
  for (const term of window) {
    if (term.clause !== clause) {
      clause = term.clause;
      proseBefore = false;
    }
    if (term.name) continue;
    if (!proseBefore) openers.add(term);
    proseBefore = true;
  }
  return openers;
}

/**
 * Where a window's opposite is looked for: the window itself, or on one line also the few terms around it in its
 * clauses, where a clause that reverses it ends ("end-to-end tests are optional" after "unit tests for every module").
 */
function opposingWindow(
  index: MeaningIndex,
  best: { start: number; end: number },
  oneLine: boolean,
): { terms: readonly MeaningTerm[]; start: number } {
  if (!oneLine) return { terms: index.slice(best.start, best.end + 1), start: best.start };
  // Within the clauses the window begins and ends in: the next sentence on the line ("no PyO3 bindings. Remove
  // the Python sources at the end") says something else.
  const first = index.clauseAt(best.start);
  const last = index.clauseAt(best.end);
  let start = best.start;
  let end = best.end;
  while (start > 0 && best.start - start < NEGATION_REACH && index.clauseAt(start - 1) === first) start--;
  while (end + 1 < index.length && end - best.end < NEGATION_REACH && index.clauseAt(end + 1) === last) end++;
  return { terms: index.slice(start, end + 1), start };
}

/**
 * The terms of a window in the clauses that state the statement: those holding two of its terms or more. A clause
 * with one of its words says something else ("Remove the Python sources at the end" beside "standalone Rust library,
 * no Python bindings" reverses nothing of it).
 */
function statingClauses(window: readonly MeaningTerm[], reading: StatementReading): readonly MeaningTerm[] {
  const own = new Set(reading.terms.map((term) => term.term));
  // A label and the clause it leads into are one where a sentence's stance covers both ("It is false that in
  // progress: spotter-fum.3"), framed-clauses.ts.
  const clauseOf = framedClauses(window);
  const held = new Map<number, Set<string>>();
  for (const term of window) {
    if (!own.has(term.term)) continue;
    const clause = clauseOf(term.clause);
    const terms = held.get(clause) ?? new Set<string>();
    terms.add(term.term);
    held.set(clause, terms);
  }
  return window.filter((term) => (held.get(clauseOf(term.clause))?.size ?? 0) >= 2);
}

// Signals needed to call a window opposed: one alone (a stray "not" near a shared word) was wrong four times in
// five on the tuning cuts; a real reversal usually moves two ("unit tests wanted; end-to-end tests are not").
const OPPOSING_SIGNALS = 2;
// A long fact (a reader's, of thirty terms) shares many words with a summary, and two of them turn up the other way
// by chance ("not committed" beside "committed" said of another file): it needs a signal for every tenth term.
const OPPOSING_SHARE = 0.1;

/**
 * Whether a window opposes a statement: at least `needed` ({@link OPPOSING_SIGNALS} for a reader's fact) of a content term negated the other way,
 * an opposite word in place of one of its words, another number beside what one of its numbers measures.
 */
function isOpposed(
  window: readonly MeaningTerm[],
  reading: StatementReading,
  needed: number,
  pendingOpposes: boolean,
  stanceOnly = false,
  stepOpeners?: ReadonlySet<MeaningTerm>,
): boolean {
  let signals = 0;
  const own = new Set(reading.terms.map((term) => term.term));
  // What the statement counts, and by which values ("0 failures": failures by 0).
  const counted = new Map<string, Set<string>>();
  for (const number of reading.numbers)
    if (number.after !== undefined)
      counted.set(number.after, (counted.get(number.after) ?? new Set()).add(number.value));
  // Done work stated as still to do ("the retry budget is still to do") is stated the other way.
  if (pendingOpposes) {
    if (window.some((term) => term.pending && own.has(term.term))) signals += needed;
  }
  for (const term of reading.terms) {
    if (term.name || term.term === NEGATION_TERM) continue;
    // "yet" tells when, and a negation on it is its clause's: "Nothing has been committed yet" says what "the edits
    // are not committed yet" says, though only the second negates its "yet".
    if (term.term === YET_TERM) continue;
    // What a file now holds is said with its own negations ("no chalk left", "never started"): only a sentence that
    // denies itself states it the other way.
    const found = window.filter(
      (candidate) =>
        candidate.term === term.term && !candidate.name && (!stanceOnly || candidate.denied === true),
    );
    if (stanceOnly && found.length === 0) continue;
    // A term the statement may hold either way is not reversed by a text that denies it.
    if (term.unsure && found.every((candidate) => candidate.negated)) continue;
    if (found.length > 0 && found.every((candidate) => candidate.negated !== term.negated)) {
      // A next step's lack ("not set") said as the act that ends it, first in its clause ("set the getter"): the step.
      if (
        stepOpeners !== undefined &&
        term.negated &&
        found.every((candidate) => !saidOtherwise(candidate) && stepOpeners.has(candidate))
      )
        continue;
      signals++;
    } else if (found.length === 0 && !term.negated) {
      // The statement's own tally is no verdict against it: "`mix test` passes: 410 tests, 0 failures" is not
      // reversed by the output's "410 tests, 0 failures" for want of "passes". Another count ("2 failures") or the
      // word as a verdict ("the tests fail") still is.
      const opposite = oppositesOf(term.term);
      if (
        opposite &&
        window.some(
          (candidate, at) =>
            opposite.has(candidate.term) &&
            !candidate.negated &&
            // In a reader's fact, read on two signals or more, a word the fact says itself is its own, not the other
            // way ("saw it fail (red), then fixed the code (green)"); a probe's short statement, read on one, keeps
            // its own antonyms as reversals ("keep the REST client while we migrate" on a line of the move).
            !(needed >= OPPOSING_SIGNALS && own.has(candidate.term)) &&
            !(at > 0 && counted.get(candidate.term)?.has(window[at - 1]!.term) === true),
        )
      )
        signals++;
    }
  }
  for (const number of reading.numbers) {
    // The value stated where the statement states it: the same two terms before it (or the term after it).
    const at = (position: number) =>
      number.before !== undefined
        ? position >= 2 && `${window[position - 2]!.term} ${window[position - 1]!.term}` === number.before
        : number.after !== undefined && window[position + 1]?.term === number.after;
    const stated = window.filter((term, position) => isNumber(term.term) && !term.part && at(position));
    // Another value in its place is a contradiction on its own ("above 90%" for "above 70%").
    if (stated.length > 0 && stated.every((term) => !sameValue(term.term, number.value))) signals += needed;
  }
  return signals >= needed;
}

/** Whether two numbers state one value: equal, or one rounds the other ("about 1500 lines" for 1508 lines). */
function sameValue(a: string, b: string): boolean {
  const [x, y] = [Number(a), Number(b)];
  if (x === y) return true;
  const round = (value: number) => value >= 100 && value % 10 === 0;
  return (round(x) || round(y)) && Math.abs(x - y) <= ROUNDING * Math.max(x, y);
}

// How far a round number may stand from the value it rounds.
const ROUNDING = 0.02;

/** Where each term list of a position sits, searched by binary search. */
function nearest(positions: readonly number[], from: number, to: number): number | undefined {
  const at = lowerBound(positions, from);
  return at < positions.length && positions[at]! <= to ? positions[at] : undefined;
}

let kindTerms: ReadonlySet<string> | undefined;
let unitTerms: ReadonlySet<string> | undefined;

/**
 * A phrase's terms without a word that only says what kind of thing the name beside it is ("existing
 * CommittedMetadata struct" is stated by "the existing CommittedMetadata"), while a word of prose is left to say
 * something of it: a name alone is what an identifier bag holds. A unit of code is often named in prose, its name a
 * plain word ("the checkpoint package"): a word saying it is one (`package`, `module`, `crate`) need not be written
 * beside such a word either, where two words are left, one of prose ("validators into checkpoint" states
 * `validators to checkpoint package`; `session package` keeps its two words).
 */
function withoutKindWords(terms: readonly MeaningTerm[]): readonly MeaningTerm[] {
  const kinds = (kindTerms ??= new Set(KIND_WORDS.map((word) => foldWord(word))));
  const units = (unitTerms ??= new Set(UNIT_WORDS.map((word) => foldWord(word))));
  const besideName = (at: number) => terms[at - 1]?.name === true || terms[at + 1]?.name === true;
  const kept = terms.filter(
    (term, at) =>
      term.name || !((kinds.has(term.term) && besideName(at)) || (units.has(term.term) && terms.length > 2)),
  );
  return kept.length < terms.length && kept.some((term) => !term.name) ? kept : terms;
}

/**
 * Where a short phrase (a probe facet's spelling) is stated by meaning: the positions of its first term where each
 * of its other terms stands within a few terms, in prose for its content words, negated as the phrase negates it
 * (with `oneLine`, on the first term's line too: a list of one-word lines states no two of its words together).
 * A phrase of function words or negation alone has no meaning to find.
 */
export function phrasePositions(
  index: MeaningIndex,
  phrase: string,
  oneLine = false,
  stance?: PhraseStance,
): number[] {
  const terms = phraseTerms(phrase);
  if (terms.length === 0) return [];
  const span = terms.length + 1;
  // Plain loops and module-level helpers, no callbacks made per call: this runs for every facet of every context, and a
  // closure's optimized code is lost with the closures at a full collection (match.ts's classes say more).
  const lists: number[][] = [];
  for (let at = 0; at < terms.length; at++) {
    const term = terms[at]!;
    const list =
      stance === undefined
        ? candidatePositions(index, term, terms[at + 1])
        : stancePositions(index, term, stance, terms[at + 1]);
    if (list.length === 0) return [];
    lists.push(list);
  }
  const found: number[] = [];
  for (const start of lists[0]!) {
    // A phrase is said within one sentence: a line that ends one ("… staged for commit.") and the next ("diff --git
    // …") are two statements, whose words beside each other make no phrase.
    const [from, to] = sentenceOf(index, start, span);
    const line = index.lineAt(start);
    let all = true;
    for (let position = 1; position < lists.length && all; position++) {
      const list = lists[position]!;
      all = oneLine
        ? onLineWithin(index, list, from, to, line, start)
        : nearestWith(index, list, from, to, start) !== undefined;
    }
    if (all) found.push(start);
  }
  return found;
}

/**
 * Where `term` stands in prose (anywhere, for a name), negated as it is: a word stated the other way round is not the
 * phrase ("no unit tests" is not "unit tests"), a name neither ("1a2b3c4 was not committed" is not "commit 1a2b3c4").
 */
function candidatePositions(index: MeaningIndex, term: MeaningTerm, next?: MeaningTerm): number[] {
  const entry = index.positions.get(term.term);
  if (!entry) return [];
  const positions = termPositions(index, term, entry, next);
  const found: number[] = [];
  for (const position of positions) if (index.negatedAt(position) === term.negated) found.push(position);
  return found;
}

/**
 * Where a phrase's term may stand: anywhere for a name, in prose for a word; a count the phrase says in words before
 * the phrase's next word ("one branch") also where its digits stand as a token of their own with that word after them
 * in their clause, a few terms on ("1 shadow br per base commit"): not inside an id or a version (`4te.1`, `v1.2`), not
 * after the word ("branch 1 is stale"), not opening a line (a list's or a listing's number).
 */
function termPositions(
  index: MeaningIndex,
  term: MeaningTerm,
  entry: { all: readonly number[]; prose: readonly number[] },
  next: MeaningTerm | undefined,
): readonly number[] {
  if (term.name) return entry.all;
  if (next === undefined || next.name || !isNumber(term.term) || entry.all.length === entry.prose.length)
    return entry.prose;
  const following = index.positions.get(next.term)?.prose;
  if (!following) return entry.prose;
  const found: number[] = [];
  for (const position of entry.all) {
    const at = index.at(position)!;
    if (!at.name || (at.part !== true && countedAfter(index, position, following))) found.push(position);
  }
  return found;
}

/**
 * Whether a position of `following` stands within {@link COUNTED_WITHIN} terms after `position`, in its clause, and
 * `position` is no number that opens its line: a list's or a listing's ("1. Shadow Branch …", a read's "1→# Shadow
 * Branch …"), which numbers the line rather than counting.
 */
function countedAfter(index: MeaningIndex, position: number, following: readonly number[]): boolean {
  if (position === 0 || index.lineAt(position - 1) !== index.lineAt(position)) return false;
  const clause = index.clauseAt(position);
  for (const at of following)
    if (at > position && at <= position + COUNTED_WITHIN && index.clauseAt(at) === clause) return true;
  return false;
}

// How far after a count the word it counts may stand: an adjective or two between ("1 shadow br").
const COUNTED_WITHIN = 3;

/**
 * How {@link phrasePositions} reads its terms' sentences, where it is given: `affirmed`, as said but not in a sentence
 * that puts it as still to do (with `pending`: done work); `otherWay`, only where a sentence's stance says it the other
 * way, in a sentence that denies itself read as written before the denial turned it ("It is false that the tests
 * pass" says "the tests pass", denied) or, with `pending`, as said in one that puts it as still to do; `negated`,
 * negated where the phrase is not, by its own clause's negation in a sentence with no stance ("We did not keep plain
 * callbacks"); `unframed`, as said in a sentence that does not deny itself (a word a denial turned states nothing of
 * a fact's own negation: "It is false that before anything is committed, …" says nothing is not committed).
 */
export type PhraseStance = { read: 'affirmed' | 'otherWay' | 'negated' | 'unframed'; pending: boolean };

/** {@link candidatePositions} read under a sentence's stance (see {@link PhraseStance}). */
function stancePositions(
  index: MeaningIndex,
  term: MeaningTerm,
  stance: PhraseStance,
  next?: MeaningTerm,
): number[] {
  const entry = index.positions.get(term.term);
  if (!entry) return [];
  const positions = termPositions(index, term, entry, next);
  const found: number[] = [];
  for (const position of positions)
    if (readUnder(stance, index.negatedAt(position) === term.negated, index.stanceAt(position)))
      found.push(position);
  return found;
}

/**
 * Whether a term is read under `stance`, given whether it stands as said (its negation the phrase's own) and its
 * sentence's stance: `affirmed`, as said and not put as still to do (with `pending`); `otherWay`, turned by a sentence
 * that denies itself, or as said in one that puts it as still to do (with `pending`); `negated`, negated as the phrase
 * is not, in a sentence with no stance; `unframed`, as said in a sentence that does not deny itself.
 */
export function readUnder(
  stance: PhraseStance,
  asSaid: boolean,
  said: 'denied' | 'pending' | undefined,
): boolean {
  if (stance.read === 'negated') return said === undefined && !asSaid;
  if (stance.read === 'unframed') return said !== 'denied' && asSaid;
  const pending = stance.pending && said === 'pending';
  return stance.read === 'affirmed'
    ? asSaid && !pending
    : (said === 'denied' && !asSaid) || (pending && asSaid);
}

/** Whether a position of `list` lies in `[from, to]` on `line`, not in another item of a word list than `start`. */
function onLineWithin(
  index: MeaningIndex,
  list: readonly number[],
  from: number,
  to: number,
  line: number,
  start: number,
): boolean {
  for (const at of list)
    if (at >= from && at <= to && index.lineAt(at) === line && !apartInList(index, at, start)) return true;
  return false;
}

/** {@link nearest}, leaving out a position in another item of a word list than `start` (word-list.ts). */
function nearestWith(
  index: MeaningIndex,
  positions: readonly number[],
  from: number,
  to: number,
  start: number,
): number | undefined {
  const found = nearest(positions, from, to);
  if (found === undefined || !apartInList(index, found, start)) return found;
  for (let at = lowerBound(positions, from); at < positions.length && positions[at]! <= to; at++)
    if (!apartInList(index, positions[at]!, start)) return positions[at];
  return undefined;
}

/**
 * The positions from `span` terms before `start` to `span` after it, cut at the end of a line that ends a sentence
 * (meaning-index.ts `endsSentence`): the terms a phrase through `start` may take.
 */
function sentenceOf(index: MeaningIndex, start: number, span: number): [number, number] {
  const line = index.lineAt(start);
  let from = start;
  while (from > Math.max(0, start - span)) {
    const before = index.lineAt(from - 1);
    if (before !== line && endsBetween(index, before, line)) break;
    from--;
  }
  let to = start;
  while (to < Math.min(index.length - 1, start + span)) {
    const after = index.lineAt(to + 1);
    if (after !== line && endsBetween(index, line, after)) break;
    to++;
  }
  return [from, to];
}

/** Whether a line from `first` up to (not including) `last` ends a sentence. */
function endsBetween(index: MeaningIndex, first: number, last: number): boolean {
  for (let line = first; line < last; line++) if (index.endsSentence(line)) return true;
  return false;
}

/**
 * The terms {@link phrasePositions} looks a phrase up by, read once per phrase: a probe's spellings are looked up in
 * every context scored, and reading them was as much of a look-up as the look-up. None when the phrase has no
 * meaning to find.
 */
const phraseTerms = memoizeByText(
  (phrase): readonly MeaningTerm[] => {
    // A short phrase is all meaning: one that loses a word other than an article, a preposition or a copula ("same
    // transaction" without "same") would say less than it does, and is left to literal matching.
    const words = phrase.toLowerCase().match(PHRASE_WORD) ?? [];
    if (words.some((word) => STOP_WORDS.has(word) && !LIGHT_WORDS.has(word) && !NUMBER_WORDS.has(word)))
      return [];
    // A mark the terms drop says part of it ("✔ 3bb8701": done at that commit, where the hash alone is a name).
    if (OTHER_SYMBOL.test(phrase)) return [];
    return withoutKindWords(meaningTerms(phrase).filter((term) => term.term !== NEGATION_TERM));
  },
  20_000,
  'run',
);

// Made once (see LOWER_THEN_UPPER).
const PHRASE_WORD = /[\p{L}\p{N}_]+/gu;
const OTHER_SYMBOL = /\p{So}/u;
