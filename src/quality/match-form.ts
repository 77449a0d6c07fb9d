/**
 * The match form of a canonical text, as the matcher searches it: quote marks dropped, and a space or hyphen
 * between two word characters dropped, so `key-set`, `key set` and `keyset`, or an error quoted with or
 * without its quotes, read the same. Built in one pass; maps a match-form offset back to the canonical text.
 */

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;
const QUOTE = 39; // '
const SPACE = 32;
const HYPHEN = 45;

// Word-ness of every code unit below 128, looked up rather than matched: the pass tests most characters.
const ASCII_WORD = Array.from({ length: 128 }, (_, code) => WORD_CHARACTER.test(String.fromCharCode(code)));
const otherWordUnits = new Map<number, boolean>();

/** Whether one UTF-16 code unit is a letter, digit or underscore (a lone surrogate is not). */
function isWordUnit(code: number): boolean {
  if (code < 128) return ASCII_WORD[code]!;
  let word = otherWordUnits.get(code);
  if (word === undefined) {
    word = WORD_CHARACTER.test(String.fromCharCode(code));
    otherWordUnits.set(code, word);
  }
  return word;
}

/** Whether a character (one code unit of a string, or past its end) is a letter, digit or underscore. */
export function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && character.length > 0 && isWordUnit(character.charCodeAt(0));
}

/** A match form and where its characters sit in the canonical text it came from. */
export type MatchForm = {
  text: string;
  /** The canonical offset of the character at match-form offset `index`. */
  position(index: number): number;
  /** Match-form offsets, ascending, whose character starts the canonical text or follows a non-word character there. */
  wordEdges: Int32Array;
};

/** A growing list of offsets in one typed array: a number[] of millions costs twice the memory, and more to grow. */
export class Offsets {
  values = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
  last(): number | undefined {
    return this.length === 0 ? undefined : this.values[this.length - 1];
  }
  setLast(value: number): void {
    this.values[this.length - 1] = value;
  }
  toArray(): Int32Array {
    return this.values.slice(0, this.length);
  }
}

// The match form is joined from pieces of about this many canonical characters, so the slices awaiting a join
// stay few however long the text is.
const JOIN_CHARS = 1 << 16;

/** The match form of a canonical text (see the module comment). */
export function matchForm(canonical: string): MatchForm {
  const pieces: string[] = [];
  let parts: string[] = [];
  // Where the match form falls behind the canonical one: from match-form offset breaks[i] on, by shifts[i].
  const breaks = new Offsets();
  const shifts = new Offsets();
  const edges = new Offsets();
  let kept = 0;
  let dropped = 0;
  let runStart = 0;
  let previousKept = -1;
  for (let index = 0; index < canonical.length; index++) {
    const code = canonical.charCodeAt(index);
    let drop = code === QUOTE;
    if (!drop && (code === SPACE || code === HYPHEN) && previousKept >= 0 && isWordUnit(previousKept)) {
      let next = index + 1;
      while (canonical.charCodeAt(next) === QUOTE) next++;
      drop = next < canonical.length && isWordUnit(canonical.charCodeAt(next));
    }
    if (drop) {
      if (index > runStart) parts.push(canonical.slice(runStart, index));
      runStart = index + 1;
      dropped++;
      if (breaks.last() === kept) shifts.setLast(dropped);
      else {
        breaks.push(kept);
        shifts.push(dropped);
      }
      continue;
    }
    if (index === 0 || !isWordUnit(canonical.charCodeAt(index - 1))) edges.push(kept);
    kept++;
    previousKept = code;
    if (index + 1 - runStart >= JOIN_CHARS) {
      parts.push(canonical.slice(runStart, index + 1));
      runStart = index + 1;
    }
    if (parts.length >= 4096) {
      pieces.push(parts.join(''));
      parts = [];
    }
  }
  if (runStart < canonical.length) parts.push(canonical.slice(runStart));
  pieces.push(parts.join(''));
  return {
    text: pieces.join(''),
    wordEdges: edges.toArray(),
    position: positionMap(breaks.toArray(), shifts.toArray()),
  };
}

/** Match-form offset → canonical offset, from where the match form falls further behind and by how much. */
function positionMap(breaks: Int32Array, shifts: Int32Array): (index: number) => number {
  return (index) => {
    // The last break at or before `index`, by binary search.
    let low = 0;
    let high = breaks.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (breaks[middle]! <= index) low = middle + 1;
      else high = middle;
    }
    return index + (low === 0 ? 0 : shifts[low - 1]!);
  };
}
