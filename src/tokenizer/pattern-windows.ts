/** The pre-tokenizer pattern matched window by window over a text too long to match at once, with exact pieces. */

/**
 * The pre-tokenizer pattern is matched on windows of at most this many characters. V8 keeps a backtracking entry
 * per character of a piece whose classes overlap (`[\p{Lo}…]*[\p{Lo}…]+` over a run of CJK letters, astral
 * characters such as emoji): a piece of some 4 million of them overflowed the stack ("Maximum call stack size
 * exceeded") before this bound.
 */
export const PATTERN_WINDOW_CHARS = 1 << 20;
// A piece that ends this close to a window's end may go on past it (a lookahead, a contraction): it is read again.
const WINDOW_MARGIN_CHARS = 16;

/** What {@link countWindowed} needs besides the text: the pattern, twice, and the count of one piece. */
export type WindowedCounting = {
  /** The encoding's pattern with the `uy` flags: one piece where `lastIndex` says. */
  sticky: RegExp;
  /** The same pattern with `gu`, for `matchAll`. */
  pattern: RegExp;
  countOne: (piece: string) => number;
  /** The chunk a too-long piece is counted in (MAX_PIECE_CHARS of tokens.ts). */
  pieceChunkChars: number;
  /** Characters a window holds at most: {@link PATTERN_WINDOW_CHARS} but in tests. */
  windowChars?: number;
};

/**
 * Counts a text longer than a window window by window: every piece that ends well inside its window is the piece
 * of the whole text, and the window after starts where the first uncertain one did, so the count is exact. A piece
 * that fills a whole window is longer than the piece chunk and counted in chunks anyway: its chunks up to the last
 * whole one in the window are counted, and the pattern goes on from there.
 */
export function countWindowed(text: string, counting: WindowedCounting): number {
  const { sticky, pattern, countOne, pieceChunkChars } = counting;
  const windowChars = counting.windowChars ?? PATTERN_WINDOW_CHARS;
  let tokens = 0;
  for (let start = 0; start < text.length;) {
    const end = Math.min(start + windowChars, text.length);
    const window = text.slice(start, end);
    const last = end === text.length;
    let resume = window.length;
    sticky.lastIndex = 0;
    for (let at = 0; at < window.length; at = sticky.lastIndex) {
      if (!sticky.test(window) || sticky.lastIndex === at) {
        // Nothing (or nothing but an empty piece) matches here: count the rest as matchAll splits it.
        for (const match of window.slice(at).matchAll(pattern)) tokens += countOne(match[0]);
        break;
      }
      if (!last && sticky.lastIndex > window.length - WINDOW_MARGIN_CHARS) {
        resume = at;
        break;
      }
      tokens += countOne(window.slice(at, sticky.lastIndex));
    }
    if (resume === 0) {
      // One piece fills the window: count its whole chunks in it, never splitting a surrogate pair.
      let cut = Math.floor((window.length - WINDOW_MARGIN_CHARS) / pieceChunkChars) * pieceChunkChars;
      const code = window.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut--;
      tokens += countOne(window.slice(0, cut));
      resume = cut;
    }
    start += resume;
  }
  return tokens;
}
