/**
 * Where a text's lines part as a list of unrelated lines (line-ends.ts says why): the line numbers after which it
 * parts, and the same places as canonical word positions. Read a line at a time, its words counted and not split
 * out: a kept transcript runs to millions of words. The fold is match.ts's `canonicalText`, passed in so that
 * match.ts, which holds these per indexed text, can build them where the text is at hand.
 */
import { LINE_ENDS_SENTENCE } from './meaning.ts';

/** Where a text parts: line numbers (from 0, as meaning.ts counts them) and canonical word positions. */
export type LineBreaks = {
  /** Line numbers after which the text parts. */
  lines: ReadonlySet<number>;
  /** The same breaks as canonical word positions, each halfway between two words, ascending. */
  words: Float64Array;
};

// A line's first letter or digit, past quotes and brackets.
const OPENING = /^[^\p{L}\p{N}]*([\p{L}\p{N}])/u;
// A list's item ("- ", "* ", "1. ", "2) "): the text's own list, which its sentence above may introduce ("Fixed.
// `computeX` now …" above "- src/lib/timezone.ts (new): … on top of Intl").
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)])\s+/u;

/** The breaks of `text`: after a line that ends a sentence, before one that opens no sentence and no list item. */
export function lineBreaksOf(text: string, fold: (line: string) => string): LineBreaks {
  const breaks = new LineBreaksReader();
  for (let start = 0; start <= text.length;) {
    const end = lineEnd(text, start);
    const line = text.slice(start, end);
    start = end + 1;
    breaks.add(line, fold(line));
  }
  return breaks.finish();
}

/**
 * {@link lineBreaksOf} read a line at a time, each line given with its fold: match.ts folds a long text's lines a run
 * at a time, as it folds the whole text.
 */
export class LineBreaksReader {
  readonly #parts = new Set<number>();
  readonly #words: number[] = [];
  #count = 0;
  #number = 0;
  // The last non-empty line before: a break after it waits for the next line that holds words.
  #open: { line: number; words: number } | undefined;

  /** The next line, as written and folded. */
  add(line: string, folded: string): void {
    const number = this.#number++;
    if (folded.length === 0) return;
    const open = this.#open;
    if (open !== undefined && !LIST_ITEM.test(line) && !/\p{Lu}/u.test(line.match(OPENING)?.[1] ?? 'A')) {
      this.#parts.add(open.line);
      this.#words.push(open.words - 0.5);
    }
    this.#count += wordCount(folded);
    this.#open = LINE_ENDS_SENTENCE.test(line) ? { line: number, words: this.#count } : undefined;
  }

  /** The breaks of the lines added. */
  finish(): LineBreaks {
    return { lines: this.#parts, words: Float64Array.from(this.#words) };
  }
}

/** Where the line starting at `start` ends: its line feed, or the text's end. */
function lineEnd(text: string, start: number): number {
  const end = text.indexOf('\n', start);
  return end === -1 ? text.length : end;
}

/** The words of a folded line, as `folded.split(' ').length` counts them. */
function wordCount(folded: string): number {
  let count = 1;
  for (let space = folded.indexOf(' '); space !== -1; space = folded.indexOf(' ', space + 1)) count++;
  return count;
}
