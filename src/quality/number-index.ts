/**
 * An index of where numbers start in a long text, bucketed by the characters right before them, so that a
 * spelling with a number in it ("port 8080", "30 s") is looked for at the few numbers it can sit on instead of
 * by a scan of the whole text: a transcript of millions of characters is searched for every probe's numbers.
 */
import { sharedRegExp } from '../text/regexp.ts';
import type { TextView } from './narrow-form.ts';

// Numbers are bucketed by up to this many characters before them; a longer prefix is checked at each candidate.
const KEY_CHARACTERS = 4;
// A text with at most this many numbers is not bucketed: each look-up checks them all.
const LISTED_STARTS = 512;

/** Places in a text where a number starts, by the text before it. */
export type NumberIndex = {
  /**
   * The offsets, ascending, where a run of ASCII digits starts (after a character that is no ASCII digit) right
   * after `prefix`.
   */
  startsAfter(prefix: string): ArrayLike<number>;
};

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/**
 * Indexes the numbers of a text (runs of ASCII digits), built once and bucketed lazily by prefix length. A narrowed
 * text's placeholders are no digits, as the characters they stand for are not.
 */
export function createNumberIndex(view: TextView): NumberIndex {
  const { text } = view;
  const all: number[] = [];
  for (let index = 0; index < text.length; index++) {
    if (isDigit(text.charCodeAt(index)) && (index === 0 || !isDigit(text.charCodeAt(index - 1))))
      all.push(index);
  }
  const starts = Int32Array.from(all);
  // Per key length, the starts by the `length` characters before them.
  const buckets = new Map<number, Map<string, Int32Array>>();
  const bucketsOf = (length: number): Map<string, Int32Array> => {
    let byKey = buckets.get(length);
    if (!byKey) {
      const lists = new Map<string, number[]>();
      for (const start of starts) {
        if (start < length) continue;
        const key = view.slice(start - length, start);
        const list = lists.get(key);
        if (list) list.push(start);
        else lists.set(key, [start]);
      }
      byKey = new Map([...lists].map(([key, list]) => [key, Int32Array.from(list)]));
      buckets.set(length, byKey);
    }
    return byKey;
  };
  // Whether `string` stands at `at`, read in the text's own characters.
  const holdsAt = (at: number, string: string): boolean =>
    view.narrowed ? view.slice(at, at + string.length) === string : text.startsWith(string, at);
  return {
    startsAfter(prefix) {
      if (prefix.length === 0) return starts;
      const keyLength = Math.min(prefix.length, KEY_CHARACTERS);
      if (starts.length <= LISTED_STARTS) {
        // A short text's few numbers are each checked, as its buckets would have sorted them: buckets are made for
        // look-ups a long text answers many times, and a summary's cost more to make than all its look-ups.
        const key = prefix.slice(-keyLength);
        return starts.filter(
          (start) =>
            start >= keyLength &&
            holdsAt(start - keyLength, key) &&
            (prefix.length === keyLength || holdsAt(Math.max(0, start - prefix.length), prefix)),
        );
      }
      const bucket = bucketsOf(keyLength).get(prefix.slice(-keyLength)) ?? new Int32Array(0);
      if (prefix.length === keyLength) return bucket;
      // As `startsWith` reads it: a position before the text's start is its start.
      return bucket.filter((start) => {
        const from = Math.max(0, start - prefix.length);
        return view.slice(from, from + prefix.length) === prefix;
      });
    },
  };
}

/** A pattern {@link matchesAtNumbers} looks for: its source, and what every match has before and after its digits. */
export type NumberShape = {
  source: string;
  /** What every match starts with, right before its number. */
  prefix: string;
  /**
   * What every match has right after its digits, unless a decimal point stands there: one of these texts, or, when
   * there are none, a character that is no word character (or the text's end).
   */
  followers: readonly string[];
};

/**
 * The matches `text.matchAll(new RegExp(source, 'gu'))` finds for a pattern whose every match starts with `prefix`
 * and goes on with a number that `prefix` does not end in: tried at each number right after `prefix` and before one
 * of its `followers`, left to right, a match never starting inside the one before, as a scan goes. A narrowed text is
 * read back around each number, as far as a match can reach: `prefix`, the run of digits and points, then no more
 * characters than the pattern's source has (its units and words are literals there), and a character each side for
 * its look-arounds.
 */
export function matchesAtNumbers<T>(
  view: TextView,
  numbers: NumberIndex,
  { source, prefix, followers }: NumberShape,
  matches: { matchAt(start: number, found: string): T },
): T[] {
  const sticky = sharedRegExp(source, 'uy');
  const found: T[] = [];
  let searchFrom = 0;
  const starts = numbers.startsAfter(prefix);
  const { text } = view;
  // A follower with a character above U+00FF is not read in a narrowed text (a placeholder stands there): such a
  // pattern is tried at every number after its prefix.
  const followersRead = !view.narrowed || !followers.some(hasWideCharacter);
  for (let index = 0; index < starts.length; index++) {
    const start = starts[index]! - prefix.length;
    if (start < searchFrom) continue;
    // Most of a long text's numbers (a transcript's ids, counts and line numbers) are followed by none of a
    // pattern's followers, and a pattern tried there costs more than this look: a 4 M-token transcript's 971
    // number spellings were looked up in about 0.72 s CPU, 0.25 s so (round s35's P84).
    if (followersRead && !followedAsMatches(text, starts[index]!, followers)) continue;
    let match: RegExpExecArray | null;
    let narrowed = false;
    let from = 0;
    let reach = 0;
    if (view.narrowed) {
      from = Math.max(0, start - LOOK_AROUND);
      reach = starts[index]!;
      while (reach < text.length && isDigitOrPoint(text.charCodeAt(reach))) reach++;
      reach += source.length + LOOK_AROUND;
      narrowed = view.narrowedWithin(from, reach);
    }
    if (narrowed) {
      // A window of the text's own characters: where none is narrowed, the narrowed text is searched in place.
      const window = view.slice(from, reach);
      if (start > from && isLowSurrogate(window, start - from) && isHighSurrogate(window, start - from - 1))
        continue;
      sticky.lastIndex = start - from;
      match = sticky.exec(window);
    } else {
      // A Unicode pattern never starts a match between the two halves of a surrogate pair.
      if (start > 0 && isLowSurrogate(text, start) && isHighSurrogate(text, start - 1)) continue;
      sticky.lastIndex = start;
      match = sticky.exec(text);
    }
    if (!match) continue;
    found.push(matches.matchAt(start, match[0]));
    searchFrom = start + Math.max(1, match[0].length);
  }
  return found;
}

/**
 * Whether the run of digits at `digits` is followed as a match's number is ({@link NumberShape}'s `followers`): a
 * decimal point, the text's end and a character the text holds narrowed (a placeholder, below U+0020) are left to the
 * pattern, as is a character above U+007F where no word character may follow (`\p{L}` holds some). A follower is
 * compared in the held text: where it holds a placeholder, the text's own character is above U+00FF, which no
 * follower read here holds.
 */
function followedAsMatches(text: string, digits: number, followers: readonly string[]): boolean {
  let after = digits;
  while (after < text.length && isDigit(text.charCodeAt(after))) after++;
  if (after >= text.length) return true;
  const code = text.charCodeAt(after);
  if (code === 46) return true;
  if (followers.length === 0) return !isAsciiWordCharacter(code);
  for (let at = 0; at < followers.length; at++) if (text.startsWith(followers[at]!, after)) return true;
  return false;
}

// `[A-Za-z0-9_]`: the word characters below U+0080.
const isAsciiWordCharacter = (code: number): boolean =>
  isDigit(code) || code === 95 || ((code | 32) >= 97 && (code | 32) <= 122);
const hasWideCharacter = (text: string): boolean => /[^\u0000-\u00ff]/.test(text);

// Code units read before a match and after its end: a look-behind or look-ahead reads a character (two for a pair).
const LOOK_AROUND = 4;
const isDigitOrPoint = (code: number): boolean => isDigit(code) || code === 46;
const isHighSurrogate = (text: string, at: number) => (text.charCodeAt(at) & 0xfc00) === 0xd800;
const isLowSurrogate = (text: string, at: number) => (text.charCodeAt(at) & 0xfc00) === 0xdc00;
