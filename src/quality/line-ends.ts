/**
 * Where a text's lines part as a list of unrelated lines: a line that ends a sentence (a full stop, a question or an
 * exclamation mark; meaning.ts `LINE_ENDS_SENTENCE`) and a next line that opens no sentence and no list item (its
 * first letter not a capital: a path, a branch, a command's output, a listed name). A probe's facets must be stated
 * on one side of such a break, so the first words of each tool result, a line each, do not join a diffstat's paths
 * to the next result's commit subject into a fact; prose, whose next sentence opens with a capital ("Run 'mix
 * format' to fix." above "Fix these issues before committing."), a list's items and a line with no full stop run
 * on as before.
 */
import { canonicalText, type TextIndex } from './match.ts';
import { LINE_ENDS_SENTENCE, type MeaningIndex } from './meaning.ts';

type LineBreaks = {
  /** Line numbers (from 0, as meaning.ts counts them) after which the text parts. */
  lines: ReadonlySet<number>;
  /** The same breaks as canonical word positions, each halfway between two words, ascending. */
  words: Float64Array;
};

const breaksOf = new WeakMap<TextIndex, LineBreaks>();

// A line's first letter or digit, past quotes and brackets.
const OPENING = /^[^\p{L}\p{N}]*([\p{L}\p{N}])/u;
// A list's item ("- ", "* ", "1. ", "2) "): the text's own list, which its sentence above may introduce ("Fixed.
// `computeX` now …" above "- src/lib/timezone.ts (new): … on top of Intl").
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)])\s+/u;

/** The breaks of `index`'s text, read once per text on first ask: most probes are found on one line, or not at all. */
function lineBreaks(index: TextIndex): LineBreaks {
  let breaks = breaksOf.get(index);
  if (breaks) return breaks;
  const lines = index.text().split('\n');
  const parts = new Set<number>();
  const words: number[] = [];
  let count = 0;
  // The last non-empty line before: a break after it waits for the next line that holds words.
  let open: { line: number; words: number } | undefined;
  lines.forEach((line, number) => {
    const folded = canonicalText(line);
    if (folded.length === 0) return;
    if (open !== undefined && !LIST_ITEM.test(line) && !/\p{Lu}/u.test(line.match(OPENING)?.[1] ?? 'A')) {
      parts.add(open.line);
      words.push(open.words - 0.5);
    }
    count += folded.split(' ').length;
    open = LINE_ENDS_SENTENCE.test(line) ? { line: number, words: count } : undefined;
  });
  breaks = { lines: parts, words: Float64Array.from(words) };
  breaksOf.set(index, breaks);
  return breaks;
}

/** Whether the text parts (see above) between words `low` and `high` of `index`'s canonical text. */
export function partedBetweenWords(index: TextIndex, low: number, high: number): boolean {
  if (low === high) return false;
  const { words } = lineBreaks(index);
  // The first break past `low`: the text parts between when it comes before `high`.
  let from = 0;
  let to = words.length;
  while (from < to) {
    const middle = (from + to) >> 1;
    if (words[middle]! < low) from = middle + 1;
    else to = middle;
  }
  return from < words.length && words[from]! < high;
}

/** Whether the text parts (see above) between meaning terms `low` and `high` of `meaning`, the terms of `index`. */
export function partedBetweenTerms(
  index: TextIndex,
  meaning: MeaningIndex,
  low: number,
  high: number,
): boolean {
  const first = meaning.lineAt(low);
  const last = meaning.lineAt(high);
  if (first === last) return false;
  const { lines } = lineBreaks(index);
  for (let line = first; line < last; line++) if (lines.has(line)) return true;
  return false;
}
