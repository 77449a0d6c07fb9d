/**
 * A scored text's lines, split once per text index and shared by the rules that read a line as written (the meaning
 * terms drop prepositions, extensions and marks those rules need): the meaning index counts lines as the text has
 * them, so `lines[meaning.lineAt(position)]` is the line a term stands on.
 */
import type { TextIndex } from './match.ts';

const split = new WeakMap<TextIndex, string[]>();

/** The lines of `index`'s text, split at `\n` on first use and kept while the index lives. */
export function textLines(index: TextIndex): string[] {
  let lines = split.get(index);
  if (!lines) split.set(index, (lines = index.text().split('\n')));
  return lines;
}
