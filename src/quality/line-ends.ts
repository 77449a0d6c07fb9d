/**
 * Where a text's lines part as a list of unrelated lines: a line that ends a sentence (a full stop, a question or an
 * exclamation mark; meaning.ts `LINE_ENDS_SENTENCE`) and a next line that opens no sentence and no list item (its
 * first letter not a capital: a path, a branch, a command's output, a listed name). A probe's facets must be stated
 * on one side of such a break, so the first words of each tool result, a line each, do not join a diffstat's paths
 * to the next result's commit subject into a fact; prose, whose next sentence opens with a capital ("Run 'mix
 * format' to fix." above "Fix these issues before committing."), a list's items and a line with no full stop run
 * on as before.
 */
import type { TextIndex } from './match.ts';
import { apartInList, type MeaningIndex } from './meaning.ts';
import { lowerBound } from '../text/sorted.ts';

/** Whether the text parts (see above) between words `low` and `high` of `index`'s canonical text. */
export function partedBetweenWords(index: TextIndex, low: number, high: number): boolean {
  if (low === high) return false;
  const { words } = index.lineBreaks();
  // The first break past `low`: the text parts between when it comes before `high`.
  const from = lowerBound(words, low);
  return from < words.length && words[from]! < high;
}

/** Whether the text parts (see above) between meaning terms `low` and `high` of `meaning`, the terms of `index`. */
export function partedBetweenTerms(
  index: TextIndex,
  meaning: MeaningIndex,
  low: number,
  high: number,
): boolean {
  // Two items of a word list ("cmd, changed, commit") are no fact said together (word-list.ts).
  if (apartInList(meaning, low, high)) return true;
  const first = meaning.lineAt(low);
  const last = meaning.lineAt(high);
  if (first === last) return false;
  const { lines } = index.lineBreaks();
  for (let line = first; line < last; line++) if (lines.has(line)) return true;
  return false;
}
