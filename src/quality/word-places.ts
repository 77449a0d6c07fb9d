/**
 * Where words occur in one text, found once per list of words: whether a span of the text holds one of them is then a
 * binary search per word, not a scan of the span. Stance readings (stance.ts) ask it several times around every
 * occurrence of every probe's spellings in a context, each time of spans of a few hundred characters.
 */

/** The places of words in a text, each list's found on first ask. */
export class WordPlaces {
  readonly #text: string;
  // For each list asked of (by identity: the lists are constants), each word's starts in the text, ascending.
  readonly #starts = new Map<readonly string[], Int32Array[]>();

  constructor(text: string) {
    this.#text = text;
  }

  /** Whether `text.slice(from, to)` holds one of `words` (as `includes` would find it). */
  holds(words: readonly string[], from: number, to: number): boolean {
    let starts = this.#starts.get(words);
    if (starts === undefined) {
      starts = words.map((word) => startsOf(this.#text, word));
      this.#starts.set(words, starts);
    }
    for (let index = 0; index < words.length; index++) {
      // The first start at or after `from` ends soonest of those inside: if it ends past `to`, every later one does.
      const found = starts[index]!;
      const at = firstAtOrAfter(found, from);
      if (at < found.length && found[at]! + words[index]!.length <= to) return true;
    }
    return false;
  }
}

/** Every start of `word` in `text`, ascending (overlapping ones too). */
function startsOf(text: string, word: string): Int32Array {
  const starts: number[] = [];
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) starts.push(at);
  return Int32Array.from(starts);
}

/** The index of the first value of ascending `values` at or after `from` (`values.length` when none). */
function firstAtOrAfter(values: Int32Array, from: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! < from) low = middle + 1;
    else high = middle;
  }
  return low;
}
