/**
 * The compact form of a canonical text, as the matcher searches it: quote marks dropped, and a space or hyphen
 * between two word characters dropped, so `key-set`, `key set` and `keyset`, or an error quoted with or
 * without its quotes, read the same. Built in one pass; maps a compact offset back to the canonical text.
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

/** A compact text and where its characters sit in the canonical text it came from. */
export type CompactText = {
  text: string;
  /** The canonical offset of the character at compact offset `index`. */
  position(index: number): number;
  /** Compact offsets, ascending, whose character starts the canonical text or follows a non-word character there. */
  wordEdges: Int32Array;
};

/** Compacts a canonical text (see the module comment). */
export function compactText(canonical: string): CompactText {
  const parts: string[] = [];
  // Where the compact text falls behind the canonical one: from compact offset breaks[i] on, by shifts[i].
  const breaks: number[] = [];
  const shifts: number[] = [];
  let kept = 0;
  let dropped = 0;
  let runStart = 0;
  let previousKept = -1;
  const edges: number[] = [];
  const drop = (index: number) => {
    if (index > runStart) parts.push(canonical.slice(runStart, index));
    runStart = index + 1;
    dropped++;
    if (breaks.at(-1) === kept) shifts[shifts.length - 1] = dropped;
    else {
      breaks.push(kept);
      shifts.push(dropped);
    }
  };
  for (let index = 0; index < canonical.length; index++) {
    const code = canonical.charCodeAt(index);
    if (code === QUOTE) {
      drop(index);
      continue;
    }
    if ((code === SPACE || code === HYPHEN) && previousKept >= 0 && isWordUnit(previousKept)) {
      let next = index + 1;
      while (canonical.charCodeAt(next) === QUOTE) next++;
      if (next < canonical.length && isWordUnit(canonical.charCodeAt(next))) {
        drop(index);
        continue;
      }
    }
    if (index === 0 || !isWordUnit(canonical.charCodeAt(index - 1))) edges.push(kept);
    kept++;
    previousKept = code;
  }
  if (runStart < canonical.length) parts.push(canonical.slice(runStart));
  const breakAt = Int32Array.from(breaks);
  const shiftBy = Int32Array.from(shifts);
  return {
    text: parts.join(''),
    wordEdges: Int32Array.from(edges),
    position(index) {
      // The last break at or before `index`, by binary search.
      let low = 0;
      let high = breakAt.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (breakAt[middle]! <= index) low = middle + 1;
        else high = middle;
      }
      return index + (low === 0 ? 0 : shiftBy[low - 1]!);
    },
  };
}
