/**
 * Text matching for probes and paths, as a careful reviewer reads: robust to case, quotes, Markdown,
 * hyphenation, spacing and unit spellings; strict at word edges and path-segment edges; aware of a
 * negation right next to a needle. A text is indexed once and answers every look-up from that index.
 */

import { formPosition, formUnits, isWordCharacter, wordStartsOf } from './match-form.ts';
import { memoizeByText, ownCopy, recentMap } from '../text/text-cache.ts';
import { indexMeaning, withPrepositionsSpelled, type MeaningIndex } from './meaning.ts';
import {
  createNeedleIndex,
  KEY_CHARACTERS,
  type NeedleForm,
  type NeedleIndex,
  needleForm,
} from './needle-index.ts';
import { createNumberIndex, matchesAtNumbers, type NumberIndex } from './number-index.ts';
import {
  narrowFormOf,
  narrowView,
  plainView,
  unitsString,
  type NarrowForm,
  type TextView,
} from './narrow-form.ts';
import {
  FoundMatch,
  FoundOccurrence,
  NumberMatch,
  type NegationReader,
  type Occurrence,
} from './found-occurrence.ts';
export type { Occurrence } from './found-occurrence.ts';
import { SENTENCE_REACH, stanceAround, type Stance } from './stance.ts';
import { withoutUnderscoreEmphasis } from './underscore-emphasis.ts';
import { lineRuns } from '../text/line-runs.ts';
import { MOSTLY_REPEATED, repeatedShare } from '../text/repeated-lines.ts';
import { isDeniedInClause, isNegated } from './clause-negation.ts';
import { lineBreaksOf, LineBreaksReader, type LineBreaks } from './line-breaks.ts';

// Line-level Markdown marks, removed before whitespace is folded (they need line starts).
const FENCE_LINE = /^[ \t]*(?:`{3,}|~{3,})[^\n]*$/gm;
// Horizontal rules (`---`, `***`, `===`) and table delimiter rows (`|---|:-:|`).
const RULE_LINE = /^[ \t]*(?:[-*_=][ \t]*){3,}$|^(?=[^\n]*\|)(?=[^\n]*-)[ \t|:-]+$/gm;
const HEADING_MARK = /^[ \t]{0,3}#{1,6}[ \t]+/gm;
const QUOTE_MARK = /^[ \t]*(?:>[ \t]?)+/gm;
const LIST_MARK = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm;
// `[text](target "title")` and images keep both the text and the target (the target is often a path).
const LINK = /!?\[([^\]\n]*)\]\(([^)\s]*)(?:[ \t]+"[^"\n]*")?\)/g;
// `\_` and friends: a Markdown escape is the character itself.
const ESCAPE = /\\([\\`*_{}[\]()#+\-.!|~<>])/g;
const QUOTES = /["'‘’‚‛′“”„‟″«»`]/g;
const DASHES = /[‐‑‒–—―−]/g;
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;
const WHITESPACE = /\s+/g;

/**
 * Unit spellings of a number, each folded to one: `1 GiB` = `1Gi`, `2 s` = `2 seconds`, `30 %` = `30 percent`.
 * Bytes keep their base (GB is not GiB); a unit only counts right after a number.
 */
const UNITS: ReadonlyArray<[canonical: string, spellings: string]> = [
  ['gib', 'gib|gi|gibibytes?'],
  ['mib', 'mib|mi|mebibytes?'],
  ['kib', 'kib|ki|kibibytes?'],
  ['tib', 'tib|ti|tebibytes?'],
  ['gb', 'gb|gigabytes?'],
  ['mb', 'mb|megabytes?'],
  ['kb', 'kb|kilobytes?'],
  ['tb', 'tb|terabytes?'],
  ['ms', 'ms|msecs?|millis|milliseconds?'],
  ['s', 's|secs?|seconds?'],
  ['min', 'mins?|minutes?'],
  ['h', 'h|hrs?|hours?'],
  ['d', 'days?'],
  ['%', '%|percent|per cent|pct'],
];
const UNIT = new RegExp(
  `(\\d+(?:\\.\\d+)?)[ -]?(${UNITS.map(([, spellings]) => spellings).join('|')})(?![\\p{L}\\p{N}_])`,
  'gu',
);

// A unit opening a line: a number ending the line before would fold it (`5` then `ms` is `5ms`).
const LEADING_UNIT = new RegExp(
  `^(?:${UNITS.map(([, spellings]) => spellings).join('|')})(?![\\p{L}\\p{N}_])`,
  'u',
);

const UNIT_SPELLINGS = UNITS.map(([canonical, spellings]) => ({
  canonical,
  pattern: new RegExp(`^(?:${spellings})$`),
}));
const canonicalUnits = recentMap<string, string>(10_000);

/** The one spelling of a unit. */
function canonicalUnit(spelling: string): string {
  let canonical = canonicalUnits.get(spelling);
  if (canonical === undefined) {
    // Stored as a string of its own: the spelling may be a slice of the whole text being normalized.
    const own = ownCopy(spelling);
    canonical = UNIT_SPELLINGS.find(({ pattern }) => pattern.test(own))?.canonical ?? own;
    canonicalUnits.set(own, canonical);
  }
  return canonical;
}

// Long texts are normalized in pieces of about this many characters: each pass copies its piece, and a copy of a
// 64k-character one (128 KB two bytes a character) went to the large-object space, which only a full collection
// frees; pieces of this size stay in the young generation, where they cost next to nothing once dropped.
const NORMALIZE_CHUNK_CHARS = 1 << 13;

/**
 * Text folded for matching: Unicode-compatible forms, lowercase, Markdown marks (emphasis, code ticks, headings,
 * bullets, quotes, table pipes, link syntax) removed, every quote mark as `'`, every dash as `-`, all whitespace
 * folded to single spaces; letters, digits and path characters (`/ . _ -`) stay as they are.
 */
export function normalizeForMatch(text: string): string {
  if (text.length > SHORT_TEXT_CHARS && text.length <= LINE_FOLDED_CHARS) return foldedByLine(text);
  if (text.length <= NORMALIZE_CHUNK_CHARS) return normalizeLines(text);
  // A long text (a whole transcript) is folded in pieces cut at line breaks, so that the passes' intermediate
  // copies stay small. Every step but the whitespace folding works within a line, and the folded pieces,
  // joined by one space, are the folded whole.
  const parts: string[] = [];
  for (const run of lineRuns(text, NORMALIZE_CHUNK_CHARS)) {
    const part = normalizeLines(run);
    if (part.length > 0) parts.push(part);
  }
  return parts.join(' ');
}

// Texts up to this long (summaries, their kept tails) are folded a line at a time, each line's fold remembered: the
// contexts of a session are mostly the same lines (the strategies compact one session, extractive ones alike).
const LINE_FOLDED_CHARS = 1 << 15;
const foldedLine = memoizeByText(normalizeLines, 20_000, 'run');

/**
 * {@link normalizeLines} of a text, its lines folded one by one and the non-empty folds joined by a space: every step
 * but the whitespace folding works within a line (as for a long text's pieces), and a line folds to nothing or to
 * words without white space at either end.
 */
function foldedByLine(text: string): string {
  const parts: string[] = [];
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const part = foldedLine(text.slice(start, end));
    if (part.length > 0) parts.push(part);
    start = end + 1;
  }
  return parts.join(' ');
}

function normalizeLines(text: string): string {
  // A terse note's `w/`, `w/o`, `b4` are the words they stand for, in a facet's literal reading too ("start w/
  // packages/services" states "start with packages/services").
  const marked = withPrepositionsSpelled(text.normalize('NFKC'))
    .replace(INVISIBLE, '')
    .replace(FENCE_LINE, ' ')
    .replace(RULE_LINE, ' ')
    .replace(HEADING_MARK, '')
    .replace(QUOTE_MARK, '')
    .replace(LIST_MARK, '')
    .replace(LINK, '$1 $2')
    .replace(ESCAPE, '$1')
    .replaceAll('*', '')
    .replaceAll('`', '')
    .replaceAll('~~', '');
  return withoutUnderscoreEmphasis(marked)
    .replaceAll('|', ' ')
    .replace(QUOTES, "'")
    .replace(DASHES, '-')
    .toLowerCase()
    .replace(WHITESPACE, ' ')
    .trim();
}

/** {@link normalizeForMatch}, then every number with a unit in one spelling (`1gib`, `2s`). */
export function canonicalText(text: string): string {
  // A probe's spellings and phrases are read again for every context scored: a short text is folded once.
  return text.length > SHORT_TEXT_CHARS ? canonicalTextOf(text) : canonicalShortText(text);
}

const SHORT_TEXT_CHARS = 200;
const canonicalShortText = memoizeByText((text) => canonicalTextOf(text), 20_000, 'run');

/**
 * How a text's lines are folded for its line breaks: a short text's through the short-text memo (its lines are the
 * ones the other contexts of a session fold too), a long one's without it: a transcript's hundreds of thousands of
 * lines, each copied into the memo, raised a 4 M-token run's peak by about 40 MiB.
 */
function lineFold(text: string): (line: string) => string {
  return text.length <= LINE_FOLDED_CHARS ? canonicalText : canonicalTextOf;
}

function canonicalTextOf(text: string): string {
  return withUnitsFolded(normalizeForMatch(text));
}

/** A folded text with every number's unit in one spelling. */
function withUnitsFolded(folded: string): string {
  return folded.replace(UNIT, (_match, number: string, unit: string) => `${number}${canonicalUnit(unit)}`);
}

// A line of its own put between a long text's lines when a run of them is folded at once: no pass of the fold reads
// across a line break, and none changes this character (private use: no space, letter, mark or quote), so the run's
// fold splits at it into its lines' folds. Folding each line alone cost a call of every pass a line, the most of
// reading a transcript's line breaks.
const LINE_MARK = '\uE000';
const MARKED_BREAK = `\n${LINE_MARK}\n`;

/** {@link normalizeLines} of each line of `run` (lines of a long text), in order. */
function foldedLinesOf(run: string): string[] {
  if (run.includes(LINE_MARK)) return run.split('\n').map(normalizeLines);
  const folds = normalizeLines(run.replaceAll('\n', MARKED_BREAK)).split(LINE_MARK);
  for (let line = 0; line < folds.length; line++) folds[line] = folds[line]!.trim();
  return folds;
}

/**
 * {@link canonicalText} of a text longer than {@link LINE_FOLDED_CHARS}, and its line breaks with each line folded
 * as {@link lineFold} folds it, from one fold of its lines: the canonical text is its lines' folds, those that are not
 * empty, joined by a space (as normalizeForMatch joins a long text's pieces), its units folded.
 */
function canonicalLongText(text: string): {
  canonical: string;
  lineBreaks: LineBreaks;
  mostlyRepeated: boolean;
} {
  const breaks = new LineBreaksReader();
  const parts: string[] = [];
  const kept: string[] = [];
  // A text mostly of lines it repeats has each of its lines folded once: the rest are read from this memo.
  const mostlyRepeated = repeatedShare(linesOf(text), text.length) >= MOSTLY_REPEATED;
  const known = mostlyRepeated ? new Map<string, LineFold>() : undefined;
  for (const run of lineRuns(text, NORMALIZE_CHUNK_CHARS)) {
    const lines = run.split('\n');
    kept.length = 0;
    if (known) {
      const folds = lineFoldsThrough(known, lines);
      for (let line = 0; line < lines.length; line++) {
        const { fold, units } = folds[line]!;
        if (fold.length > 0) kept.push(fold);
        breaks.add(lines[line]!, units);
      }
    } else {
      const folds = foldedLinesOf(run);
      for (let line = 0; line < lines.length; line++) {
        const fold = folds[line]!;
        if (fold.length > 0) kept.push(fold);
        breaks.add(lines[line]!, withUnitsFolded(fold));
      }
    }
    if (kept.length > 0) parts.push(kept.join(' '));
  }
  return { canonical: withUnitsFolded(parts.join(' ')), lineBreaks: breaks.finish(), mostlyRepeated };
}

/** The lines of a long text, split a run at a time: an array of all of a transcript's was megabytes. */
function* linesOf(text: string): Generator<string> {
  for (const run of lineRuns(text, NORMALIZE_CHUNK_CHARS)) yield* run.split('\n');
}

/** A line's {@link normalizeLines} fold, and that fold with its units folded (what its line breaks read). */
type LineFold = { fold: string; units: string };

/**
 * The folds of `lines` (a run of a long text's lines), those not in `known` folded together as {@link foldedLinesOf}
 * folds a run (a line folds alone: any of them may be left out) and added to it.
 */
function lineFoldsThrough(known: Map<string, LineFold>, lines: readonly string[]): LineFold[] {
  const unknown = new Set<string>();
  for (const line of lines) if (!known.has(line)) unknown.add(line);
  if (unknown.size > 0) {
    const unread = [...unknown];
    const folds = foldedLinesOf(unread.join('\n'));
    for (let line = 0; line < unread.length; line++) {
      const fold = folds[line]!;
      known.set(unread[line]!, { fold, units: withUnitsFolded(fold) });
    }
  }
  return lines.map((line) => known.get(line)!);
}

// Path characters that may not touch a path needle: `old-src/a.ts` and `a.ts.bak` are other files.
const PATH_CHARACTER = /[\p{L}\p{N}_.~-]/u;
// Characters that may not follow a path needle (a `.` may, when no word character follows it).
const PATH_FOLLOWER = /[\p{L}\p{N}_~-]/u;

/**
 * A pattern (global, Unicode) whose every match starts with `prefix`, then a number: looked for at the text's
 * numbers; `source` is the pattern's, read without compiling it (look-ups compile a sticky one of their own);
 * `valueOf` reads a match's value, the same for every pattern of one source.
 */
export type NumberPattern = {
  pattern: RegExp;
  source: string;
  prefix: string;
  /**
   * What a match has right after its digits unless a decimal point stands there: one of these texts (its unit's
   * names, or the words after its number), or, when empty, no word character: the number index tries the pattern only
   * at numbers so followed (number-index.ts).
   */
  followers: readonly string[];
  valueOf(match: string): number | undefined;
};

/** A match of a {@link NumberPattern}: an occurrence with the text matched and the value the pattern reads in it. */
export type NumberOccurrence = Occurrence & { text: string; readonly value: number | undefined };

/** A text indexed once for many look-ups (a summary can be a whole transcript; there can be hundreds of probes). */
export type TextIndex = {
  /** The canonical text (normalized, units folded); a long text's is made anew at each read (narrow-form.ts). */
  readonly normalized: string;
  /**
   * The characters `[start, end)` of {@link normalized}, read without making the whole text: what a look-up reads
   * beside an occurrence, which on a long text would otherwise copy all of it each time.
   */
  slice(start: number, end: number): string;
  /** Every occurrence of a needle, in order. */
  occurrences(needle: string): Occurrence[];
  /** Whether the text contains this needle. */
  has(needle: string): boolean;
  /** Whether the text contains any of these needles (spellings of one thing). */
  hasAny(needles: readonly string[]): boolean;
  /** Every match of a pattern (global) over the canonical text, as occurrences with the text matched. */
  find(pattern: RegExp): ReadonlyArray<Occurrence & { text: string }>;
  /** {@link find} for a {@link NumberPattern}, answered from an index of the text's numbers, with each match's value. */
  findNumbers(pattern: NumberPattern): readonly NumberOccurrence[];
  /** The text read as meaning terms (meaning.ts), built on first use: most probes match without it. */
  meaning(): MeaningIndex;
  /** The text as given, its lines kept (read again from its source: the index does not hold it). */
  text(): string;
  /** Where the text parts as a list of unrelated lines (line-ends.ts), read once per text. */
  lineBreaks(): LineBreaks;
  /**
   * Look-ups on the same index that keep their answers to themselves: a summary that is this very text (a
   * transcript kept whole) is scored with them, and what its probes found goes with it, not with the index.
   */
  withOwnAnswers(): TextIndex;
};

/** The ways a needle may be written: itself, and a `./`-relative path without its `./`; prepared once a run. */
const formsOf = memoizeByText(
  (needle): NeedleForm[] => {
    const canonical = canonicalText(needle);
    return (canonical.startsWith('./') ? [canonical, canonical.slice(2)] : [canonical]).map(needleForm);
  },
  20_000,
  'run',
);

/**
 * Indexes `text` once and answers look-ups against it. With `reread`, which gives the same text again, the index does
 * not hold the text itself (its meaning terms, rarely needed, read it again): a transcript can be made anew.
 */
export function createMatcher(text: string, reread?: () => string): TextIndex {
  // The text is read here once; only `source`, not the text, goes on with the index.
  return new Lookups(new IndexedText(text, reread ?? (() => text), reread !== undefined));
}

// The classes below hold what closures made per text held before: a closure's optimized code is held weakly by its
// feedback vector, so once a suite's texts were collected a full collection dropped it and the next text's closures
// were interpreted, warmed and compiled again (round s19's P41: hundreds of TurboFan compiles a suite). A class's
// methods are made once, with the module, and keep their code.

/**
 * What look-ups on one text read, built once however many look-ups share it: the canonical text, its match form
 * and where that form's characters sit in it; the word, needle and number indexes and the meaning terms on first use.
 */
class IndexedText {
  /** The canonical text; a long text's narrowed to one byte a character (narrow-form.ts) when it can be. */
  readonly canonical: TextView;
  /** The match form; a long text's narrowed to one byte a character (narrow-form.ts) when it can be. */
  readonly formText: string;
  readonly narrow: NarrowForm | undefined;
  readonly reader: NegationReader;
  /** The text as given, read again from its source (the index does not hold it). */
  readonly text: () => string;
  // Where the match form falls behind the canonical text: the form itself is not held (a long text's is held
  // narrowed in `formText`, and its word edges only until the needle index is built).
  readonly #breaks: Int32Array;
  readonly #shifts: Int32Array;
  readonly #long: boolean;
  // The canonical text as a string, as the scan for word starts reads it.
  readonly #normalized: string;
  // Read only to build the needle index, which the first look-up in all but a short text does: held no longer than
  // that.
  #wordEdges: Int32Array | undefined;
  #wordStarts: Int32Array | undefined;
  #index: NeedleIndex | undefined;
  #numbers: NumberIndex | undefined;
  #meaning: MeaningIndex | undefined;
  #lineBreaks: LineBreaks | undefined;
  // Whether a long text is mostly lines it repeats, as its fold found: its meaning is read with the same choice.
  #mostlyRepeated: boolean | undefined;

  constructor(text: string, source: () => string, rereads = false) {
    // A long text's line breaks are read with its canonical text, from the same fold of its lines.
    const long = text.length > LINE_FOLDED_CHARS ? canonicalLongText(text) : undefined;
    const canonicalString = long?.canonical ?? canonicalText(text);
    const form = formUnits(canonicalString);
    const narrowed = form.units.length >= INDEXED_TEXT_CHARS;
    // A long form is narrowed from its units, never made a string of two bytes a character first.
    const narrow = narrowed ? narrowFormOf(form.units) : undefined;
    this.#breaks = form.breaks;
    this.#shifts = form.shifts;
    this.#long = narrowed;
    this.narrow = narrow;
    this.formText = narrow?.text ?? unitsString(form.units);
    this.canonical = narrowed ? narrowView(canonicalString) : plainView(canonicalString);
    // Scanned a code unit at a time (word starts): a narrowed text's placeholders are no spaces, as the characters
    // they stand for are not (white space is folded to spaces).
    this.#normalized = this.canonical.text;
    this.#wordEdges = form.wordEdges;
    this.reader = this.canonical.narrowed
      ? new NarrowedReader(this.canonical)
      : new PlainReader(this.#normalized);
    this.text = source;
    // A text read again from its source (a transcript) is read for its line breaks now, while it is at hand: read
    // again at the first probe found, a 4 M-token transcript raised the run's peak by about 80 MiB.
    this.#mostlyRepeated = long?.mostlyRepeated;
    if (long) this.#lineBreaks = long.lineBreaks;
    else if (rereads) this.#lineBreaks = lineBreaksOf(text, lineFold(text));
  }

  lineBreaks(): LineBreaks {
    if (this.#lineBreaks) return this.#lineBreaks;
    const text = this.text();
    return (this.#lineBreaks = lineBreaksOf(text, lineFold(text)));
  }

  /** Match-form offset → canonical offset. */
  position(offset: number): number {
    return formPosition(this.#breaks, this.#shifts, offset);
  }

  /** The index of the word (a run of non-space characters) at or before canonical `offset`. */
  wordAt(offset: number): number {
    const wordStarts = (this.#wordStarts ??= wordStartsOf(this.#normalized));
    let low = 0;
    let high = wordStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (wordStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** The needle index of a long text (its match form's word edges are let go once it is built). */
  needleIndex(): NeedleIndex {
    if (!this.#index) {
      this.#index = createNeedleIndex(this.formText, this.#wordEdges!, !this.#long);
      this.#wordEdges = undefined;
    }
    return this.#index;
  }

  numbers(): NumberIndex {
    return (this.#numbers ??= createNumberIndex(this.canonical));
  }

  meaning(): MeaningIndex {
    return (this.#meaning ??= indexMeaning(this.text(), this.#mostlyRepeated));
  }

  /** A match of `found` at canonical `start`. */
  matchAt(start: number, found: string): FoundMatch {
    return new FoundMatch(this.reader, start, start + found.length, this.wordAt(start), found);
  }

  /** The matches of a number pattern, each with the value `valueOf` reads in it. */
  numberMatches(
    source: string,
    prefix: string,
    followers: readonly string[],
    valueOf: (text: string) => number | undefined,
  ): NumberMatch[] {
    return matchesAtNumbers(
      this.canonical,
      this.numbers(),
      { source, prefix, followers },
      {
        matchAt: (start: number, found: string) =>
          new NumberMatch(this.reader, start, start + found.length, this.wordAt(start), found, valueOf),
      },
    );
  }
}

/** A text's clauses read around an occurrence, where the text is held as it is. */
class PlainReader implements NegationReader {
  readonly #text: string;
  constructor(text: string) {
    this.#text = text;
  }
  negated(start: number, end: number): boolean {
    return isNegated(this.#text, start, end);
  }
  deniedInClause(start: number, end: number): boolean {
    return isDeniedInClause(this.#text, start, end);
  }
  stance(start: number, end: number): Stance | undefined {
    return stanceAround(this.#text, start, end);
  }
}

/**
 * A text's clauses read around an occurrence, where the text is held narrowed: a reader reads at most this far
 * around an occurrence (stance.ts, clause-negation.ts), so that much of the narrowed text is read back.
 */
class NarrowedReader implements NegationReader {
  readonly #view: TextView;
  constructor(view: TextView) {
    this.#view = view;
  }
  negated(start: number, end: number): boolean {
    return readAround(this.#view, isNegated, start, end);
  }
  deniedInClause(start: number, end: number): boolean {
    return readAround(this.#view, isDeniedInClause, start, end);
  }
  stance(start: number, end: number): Stance | undefined {
    return readAround(this.#view, stanceAround, start, end);
  }
}

/** `read` of `[start, end)` in a narrowed view, given the characters around it as they are. */
function readAround<T>(
  view: TextView,
  read: (text: string, start: number, end: number) => T,
  start: number,
  end: number,
): T {
  const from = Math.max(0, start - READER_REACH);
  // Where no character around is narrowed, the narrowed text reads as the text itself.
  if (!view.narrowedWithin(from, end + READER_REACH)) return read(view.text, start, end);
  return read(view.slice(from, end + READER_REACH), start - from, end - from);
}

/**
 * Whether a line of a longer text (a whole line: no line break in it) holds one of `needles` under the matching rules
 * wherever it stands, so that the longer text holds it too: every step of the folding but the white space works within
 * a line, and the longer text's canonical form holds the line's between spaces, with two exceptions told here by
 * answering false: a unit opening the line, which a number ending the line before folds into (`5` then `ms`), and an
 * occurrence at the line's end when a number ends it (the next line's unit would touch it).
 */
export function lineHolds(line: string, needles: readonly string[]): boolean {
  const index = lineIndex(line);
  const canonical = index.normalized;
  if (LEADING_UNIT.test(canonical)) return false;
  const code = canonical.charCodeAt(canonical.length - 1);
  const openEnd = code >= 48 && code <= 57 ? canonical.length : Number.POSITIVE_INFINITY;
  for (const needle of needles) {
    for (const occurrence of index.occurrences(needle)) if (occurrence.end < openEnd) return true;
  }
  return false;
}

// The index of a line {@link lineHolds} reads, by its text: a path is asked of the lines that write it, and the
// paths of a session's summaries are written on the same lines (of 215 lines a 20-session suite indexed, 107 had
// been indexed before).
const lineIndex = memoizeByText(createMatcher, 500);

/** Orders occurrences by where they start. */
const byStart = (a: Occurrence, b: Occurrence): number => a.start - b.start;

/** Look-ups on an indexed text, each needle's and pattern's answer kept for the next probe that asks. */
class Lookups implements TextIndex {
  readonly #indexed: IndexedText;
  readonly #canonical: TextView;
  readonly #held: string;
  readonly #placeholder: string | undefined;
  readonly #memo = new Map<string, Occurrence[]>();
  readonly #presence = new Map<string, boolean>();
  // Patterns are looked for again by other probes (one pattern serves every value of a unit): found once.
  readonly #patterns = new Map<string, FoundMatch[]>();
  readonly #numberPatterns = new Map<string, NumberMatch[]>();

  constructor(indexed: IndexedText) {
    this.#indexed = indexed;
    this.#canonical = indexed.canonical;
    this.#held = indexed.canonical.text;
    this.#placeholder = indexed.canonical.placeholder;
  }

  get normalized(): string {
    return this.#canonical.whole();
  }

  slice(start: number, end: number): string {
    return this.#canonical.slice(start, end);
  }

  occurrences(needle: string): Occurrence[] {
    let found = this.#memo.get(needle);
    if (!found) {
      const all: Occurrence[] = [];
      for (const variant of formsOf(needle)) this.#scan(variant, all);
      found = all.sort(byStart);
      this.#memo.set(needle, found);
    }
    return found;
  }

  // Presence needs one occurrence, not all of them with their words and negations.
  has(needle: string): boolean {
    const known = this.#memo.get(needle);
    if (known) return known.length > 0;
    let found = this.#presence.get(needle);
    if (found === undefined) {
      found = false;
      for (const variant of formsOf(needle)) {
        if (this.#scan(variant, undefined)) {
          found = true;
          break;
        }
      }
      this.#presence.set(needle, found);
    }
    return found;
  }

  hasAny(needles: readonly string[]): boolean {
    for (const needle of needles) if (this.has(needle)) return true;
    return false;
  }

  find(pattern: RegExp): FoundMatch[] {
    const key = `${pattern.flags}/${pattern.source}`;
    let found = this.#patterns.get(key);
    if (!found) {
      found = [];
      for (const match of this.#canonical.whole().matchAll(pattern))
        found.push(this.#indexed.matchAt(match.index, match[0]));
      this.#patterns.set(key, found);
    }
    return found;
  }

  findNumbers({ source, prefix, followers, valueOf }: NumberPattern): NumberMatch[] {
    const key = `${source}\u0000${prefix}`;
    let found = this.#numberPatterns.get(key);
    if (!found) {
      // The first pattern of this source reads the values for all: a source reads one value in a text.
      found = this.#indexed.numberMatches(source, prefix, followers, valueOf);
      this.#numberPatterns.set(key, found);
    }
    return found;
  }

  meaning(): MeaningIndex {
    return this.#indexed.meaning();
  }

  text(): string {
    return this.#indexed.text();
  }

  lineBreaks(): LineBreaks {
    return this.#indexed.lineBreaks();
  }

  withOwnAnswers(): TextIndex {
    return new Lookups(this.#indexed);
  }

  // A canonical character, read in the narrowed text unless the placeholder stands there.
  #characterAt(offset: number): string | undefined {
    const character = this.#held[offset];
    return character !== undefined && character === this.#placeholder
      ? this.#canonical.charAt(offset)
      : character;
  }

  /**
   * Visits each place `variant` occurs, as canonical `[start, end)`: adds each to `all`, or with no `all` stops at
   * the first; whether it occurs at all.
   */
  #scan(variant: NeedleForm, all: Occurrence[] | undefined): boolean {
    const { text: needle } = variant;
    if (needle.length === 0) return false;
    const { narrow, formText } = this.#indexed;
    // In a narrowed form the needle is looked for narrowed too, and its wide characters checked where it is found.
    const searched = narrow ? narrow.searchable(needle) : needle;
    if (searched === undefined) return false;
    const checkWide = searched !== needle;
    let any = false;
    // A needle that starts with a word character starts at a word edge (both kinds of needle check the
    // character before), so in all but a short text only those places are tried: a summary is searched for
    // every spelling of its session's probes, most of which it holds nowhere.
    if (formText.length >= SEARCHED_BY_INDEX_CHARS && variant.checkStart && needle.length >= KEY_CHARACTERS) {
      for (const offset of this.#indexed.needleIndex().candidates(searched)) {
        if (!formText.startsWith(searched, offset)) continue;
        if (checkWide && !narrow!.wideCharactersMatch(needle, offset)) continue;
        if (this.#visit(variant, offset, all)) {
          any = true;
          if (!all) return true;
        }
      }
      return any;
    }
    for (
      let offset = formText.indexOf(searched);
      offset >= 0;
      offset = formText.indexOf(searched, offset + 1)
    ) {
      if (checkWide && !narrow!.wideCharactersMatch(needle, offset)) continue;
      if (this.#visit(variant, offset, all)) {
        any = true;
        if (!all) return true;
      }
    }
    return any;
  }

  /** Whether `variant` found at match-form `offset` stands there at its edges; if so, added to `all`. */
  #visit(variant: NeedleForm, offset: number, all: Occurrence[] | undefined): boolean {
    const indexed = this.#indexed;
    const start = indexed.position(offset);
    const end = indexed.position(offset + variant.text.length - 1) + 1;
    const before = this.#characterAt(start - 1);
    const after = this.#characterAt(end);
    if (variant.path) {
      if (before !== undefined && PATH_CHARACTER.test(before)) return false;
      if (after !== undefined && PATH_FOLLOWER.test(after)) return false;
      // `a.ts.` ends a sentence; `a.ts.bak` is another file.
      if (after === '.' && isWordCharacter(this.#characterAt(end + 1))) return false;
    } else {
      if (variant.checkStart && isWordCharacter(before)) return false;
      if (variant.checkEnd && isWordCharacter(after)) return false;
    }
    all?.push(new FoundOccurrence(indexed.reader, start, end, indexed.wordAt(start)));
    return true;
  }
}

// Texts at least this long are held narrowed (narrow-form.ts) and their needle index sized for millions of words.
const INDEXED_TEXT_CHARS = 1 << 18;
// Texts at least this long are searched through a {@link NeedleIndex}; shorter ones (a probe's answer) are scanned.
const SEARCHED_BY_INDEX_CHARS = 1 << 11;
// How far around an occurrence its readers read: stanceAround's sentence, the farthest (clause-negation.ts reads 160
// before and 60 after), and a character more each way for a look-behind at the window's edge.
const READER_REACH = SENTENCE_REACH + 1;
