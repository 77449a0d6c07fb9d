/**
 * The tokens meaning.ts reads a clause as: runs of letters, digits, `_` and `$`, joined by `.`, `/`, `\`, `@`, `#` or
 * `-` when another run follows (`src/a.ts`, `end-to-end`, `pkg@1.2`). Scanned a code point at a time, as
 * {@link TOKEN_PATTERN} matches them: a regular expression's match objects cost more than the matching, and every
 * clause of a long context (millions of characters) is read this way.
 */
import { codePointTest } from '../text/character-class.ts';

/** What the scan finds, as `text.matchAll(TOKEN_PATTERN)` would (the tests hold the two to the same answers). */
export const TOKEN_PATTERN = /[\p{L}\p{N}_$]+(?:[./\\@#-][\p{L}\p{N}_$]+)*/gu;

/** One token: its text and where it starts (UTF-16 offset). */
export type ClauseToken = { readonly text: string; readonly index: number };

const isTokenCharacter = codePointTest(/^[\p{L}\p{N}_$]$/u);

/** Whether a code unit joins two runs into one token: `.`, `/`, `\`, `@`, `#`, `-`. */
function isJoiner(code: number): boolean {
  return code === 46 || code === 47 || code === 92 || code === 64 || code === 35 || code === 45;
}

/** Where the run of token characters starting at `at` ends (a code point at a time: a pair is one letter). */
function runEnd(text: string, at: number): number {
  while (at < text.length) {
    const code = text.codePointAt(at)!;
    if (!isTokenCharacter(code)) break;
    at += code > 0xffff ? 2 : 1;
  }
  return at;
}

/** Every token of `text`, in order: `[...text.matchAll(TOKEN_PATTERN)]` as `{ text, index }`. */
export function clauseTokens(text: string): ClauseToken[] {
  const tokens: ClauseToken[] = [];
  let at = 0;
  while (at < text.length) {
    const code = text.codePointAt(at)!;
    if (!isTokenCharacter(code)) {
      at += code > 0xffff ? 2 : 1;
      continue;
    }
    const start = at;
    at = runEnd(text, at);
    // A joiner belongs to the token only with a run after it: `a.ts.` ends at `ts`.
    while (
      at + 1 < text.length &&
      isJoiner(text.charCodeAt(at)) &&
      isTokenCharacter(text.codePointAt(at + 1)!)
    )
      at = runEnd(text, at + 1);
    tokens.push({ text: text.slice(start, at), index: start });
  }
  return tokens;
}
