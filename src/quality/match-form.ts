/**
 * The match form of a canonical text, as the matcher searches it: quote marks dropped, and a space or hyphen
 * between two word characters dropped, so `key-set`, `key set` and `keyset`, or an error quoted with or
 * without its quotes, read the same. Built in one pass; maps a match-form offset back to the canonical text.
 */

import { codePointTest } from '../text/character-class.ts';
import { narrowUnits, unitsString, type NarrowUnits } from './narrow-form.ts';

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;
const QUOTE = 39; // '
const SPACE = 32;
const HYPHEN = 45;

/** Whether one UTF-16 code unit is a letter, digit or underscore (a lone surrogate is not). */
const isWordUnit = codePointTest(WORD_CHARACTER);

/** Whether a character (one code unit of a string, or past its end) is a letter, digit or underscore. */
export function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && character.length > 0 && isWordUnit(character.charCodeAt(0));
}

/** A match form and where its characters sit in the canonical text it came from. */
export type MatchForm = {
  text: string;
  /** Where the match form falls further behind the canonical text (match-form offsets, ascending), and by how much. */
  breaks: Int32Array;
  shifts: Int32Array;
  /** Match-form offsets, ascending, whose character starts the canonical text or follows a non-word character there. */
  wordEdges: Int32Array;
};

/**
 * A growing list of offsets in typed arrays: a number[] of millions costs twice the memory, and more to grow. Filled
 * chunks are kept, not copied into one twice as large: a long text's lists grew by doubling, and each step held the
 * old array beside the new one (tens of MB outside the heap at 4 M tokens), then one more copy of the exact length.
 */
export class Offsets {
  private filled: Int32Array[] = [];
  private current: Int32Array;
  private used = 0;
  length = 0;
  /**
   * `most` bounds how many offsets the list will hold: a short text's list (a needle's, a probe answer's, a summary's)
   * starts no larger than that, where three 4 KB chunks were zeroed for every text matched, however short.
   */
  constructor(most = FIRST_CHUNK) {
    this.current = new Int32Array(Math.max(1, Math.min(FIRST_CHUNK, most)));
  }
  push(value: number): void {
    if (this.used === this.current.length) {
      this.filled.push(this.current);
      this.current = new Int32Array(Math.min(LAST_CHUNK, this.current.length * 2));
      this.used = 0;
    }
    this.current[this.used++] = value;
    this.length++;
  }
  last(): number | undefined {
    // The current chunk holds the last value whenever there is one: a chunk is added only to push into it.
    return this.length === 0 ? undefined : this.current[this.used - 1];
  }
  setLast(value: number): void {
    this.current[this.used - 1] = value;
  }
  /** The offsets in one array of their length. */
  toArray(): Int32Array {
    const all = new Int32Array(this.length);
    let at = 0;
    for (const chunk of this.filled) {
      all.set(chunk, at);
      at += chunk.length;
    }
    all.set(this.current.subarray(0, this.used), at);
    return all;
  }
}

// A list's first chunk, and the size chunks grow to (256 KB): a short text's lists stay small.
const FIRST_CHUNK = 1024;
const LAST_CHUNK = 1 << 16;

/** The match form of a canonical text (see the module comment). */
export function matchForm(canonical: string): MatchForm {
  const { units, ...offsets } = formUnits(canonical);
  return { text: unitsString(units), ...offsets };
}

/**
 * {@link matchForm} with the form's code units as written, not yet a string: a long text's are narrowed as they are
 * (narrow-form.ts), and its form as a string is never made.
 */
export function formUnits(canonical: string): Omit<MatchForm, 'text'> & { units: NarrowUnits } {
  // The form's code units are written as they are kept: a long text's form was joined from a slice per word (a space
  // between two words is dropped), millions of strings at 4 M tokens.
  const units = narrowUnits(canonical.length);
  const { bytes, present, widePositions, wideCodes } = units;
  // Where the match form falls behind the canonical one: from match-form offset breaks[i] on, by shifts[i].
  // None of the lists holds more offsets than the text has characters.
  const breaks = new Offsets(canonical.length);
  const shifts = new Offsets(canonical.length);
  const edges = new Offsets(canonical.length);
  let kept = 0;
  let dropped = 0;
  // Whether the character before (kept or not) and the last one kept are word characters: each character is
  // classed once, where asking again for the one before cost a look-up a character.
  let afterWord = false;
  let keptWord = false;
  for (let index = 0; index < canonical.length; index++) {
    const code = canonical.charCodeAt(index);
    const word = isWordUnit(code);
    let drop = code === QUOTE;
    if (!drop && (code === SPACE || code === HYPHEN) && keptWord) {
      let next = index + 1;
      while (canonical.charCodeAt(next) === QUOTE) next++;
      drop = next < canonical.length && isWordUnit(canonical.charCodeAt(next));
    }
    if (drop) {
      dropped++;
      if (breaks.last() === kept) shifts.setLast(dropped);
      else {
        breaks.push(kept);
        shifts.push(dropped);
      }
      afterWord = word;
      continue;
    }
    if (!afterWord) edges.push(kept);
    if (code < 256) {
      bytes[kept] = code;
      present[code] = 1;
    } else {
      widePositions.push(kept);
      wideCodes.push(code);
    }
    kept++;
    afterWord = word;
    keptWord = word;
  }
  return {
    units: { ...units, length: kept },
    wordEdges: edges.toArray(),
    breaks: breaks.toArray(),
    shifts: shifts.toArray(),
  };
}

/**
 * The canonical offset of the character at match-form offset `index`, from a form's `breaks` and `shifts` (a plain
 * function, not a closure per text: see match.ts's classes).
 */
export function formPosition(breaks: Int32Array, shifts: Int32Array, index: number): number {
  // The last break at or before `index`, by binary search.
  let low = 0;
  let high = breaks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (breaks[middle]! <= index) low = middle + 1;
    else high = middle;
  }
  return index + (low === 0 ? 0 : shifts[low - 1]!);
}

const SPACE_CHARACTER = /\s/;

/** Whether one UTF-16 code unit is white space (`\s`). */
function isSpaceUnit(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  return code >= 128 && SPACE_CHARACTER.test(String.fromCharCode(code));
}

/** Where each word (a run of non-space characters) of a text starts. */
export function wordStartsOf(text: string): Int32Array {
  const starts = new Offsets(text.length);
  let previousSpace = true;
  for (let index = 0; index < text.length; index++) {
    const space = isSpaceUnit(text.charCodeAt(index));
    if (!space && previousSpace) starts.push(index);
    previousSpace = space;
  }
  return starts.toArray();
}
