/**
 * A one-line text counted from the insides of its long quoted strings, each counted once and cached: a tool call's
 * arguments are counted as their JSON (`{"path":"a.ts","oldText":"…"}`) with the message, and a prompt sends them
 * again as its calls line (`[Assistant tool calls]: edit(path="a.ts", oldText="…")`), each argument the same JSON
 * string in both. The text is cut at the first and the last space cut (space-cuts.ts) inside each such string, so the
 * count is exact whatever is quoted where: a cut is one by its two characters alone, and reading the quotes only
 * chooses where to look for them. Where each calls line was counted afresh, they were two thirds of the characters a
 * suite session's requests counted that the session's first count had not (round s35, P85).
 */
import { firstSpaceCut, lastSpaceCut } from './space-cuts.ts';

// A quoted string shorter than this is counted with what surrounds it: its inside would save little.
const MIN_QUOTED_CHARS = 64;

const BACKSLASH = 92; // \

/**
 * `countPieces(text)` as the sum of the parts between the cuts (see the module comment), each long string's inside
 * counted by `countInside` (a cached count); undefined when the text holds no such string.
 */
export function countByQuotedParts(
  text: string,
  countPieces: (text: string) => number,
  countInside: (text: string) => number,
): number | undefined {
  let tokens = 0;
  let from = 0;
  for (let open = text.indexOf('"'); open >= 0;) {
    const close = closingQuote(text, open);
    if (close < 0) break;
    if (close - open > MIN_QUOTED_CHARS) {
      const quoted = text.slice(open, close);
      const first = firstSpaceCut(quoted);
      const last = first < 0 ? -1 : lastSpaceCut(quoted);
      if (last > first) {
        tokens += countPieces(text.slice(from, open + first)) + countInside(quoted.slice(first, last));
        from = open + last;
      }
    }
    open = text.indexOf('"', close + 1);
  }
  return from === 0 ? undefined : tokens + countPieces(text.slice(from));
}

/** The quote that closes the JSON string opening at `open` (one after no backslash, or an even run of them), or -1. */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at >= 0; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}
