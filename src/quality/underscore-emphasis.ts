/** Markdown's underscore emphasis (`_word_`, `__word__`) taken out of a text normalized for matching (match.ts). */
import { codePointTest } from '../text/character-class.ts';

/**
 * `_emphasis_` only where underscores wrap text at word edges (inside, only `snake_case` underscores), so
 * `snake_case` and `__init__.py` stay intact.
 */
export const UNDERSCORE_EMPHASIS =
  /(^|[^\p{L}\p{N}_])(_{1,3})([^\s_](?:(?:[^_\n]|(?<=[\p{L}\p{N}])_(?=[\p{L}\p{N}])){0,300}?[^\s_])?)\2(?=[^\p{L}\p{N}_.]|\.(?![\p{L}\p{N}])|$)/gmu;

/**
 * `_emphasis_` marks removed ({@link UNDERSCORE_EMPHASIS}). The pattern tries every place of the text (its match opens
 * with any character but a word's), which made it the costliest pass over a transcript; a match never spans a line
 * and opens with underscores after a line start or a character that is no letter, digit or underscore, so only the
 * lines holding such underscores (a few in a transcript's thousands) are read by it.
 */
export function withoutUnderscoreEmphasis(text: string): string {
  const parts: string[] = [];
  let done = 0;
  for (let at = text.indexOf('_'); at >= 0; at = text.indexOf('_', at + 1)) {
    if (at < done || (at > 0 && isWordUnit(text.charCodeAt(at - 1)))) continue;
    const start = text.lastIndexOf('\n', at) + 1;
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    parts.push(text.slice(done, start), text.slice(start, end).replace(UNDERSCORE_EMPHASIS, '$1$3'));
    done = end;
  }
  if (done === 0) return text;
  parts.push(text.slice(done));
  return parts.join('');
}

/** Whether one UTF-16 code unit is surely a letter, digit or underscore (a lone surrogate is not). */
const isWordUnit = codePointTest(/[\p{L}\p{N}_]/u);
