/** The pre-tokenizer pattern matched window by window over a text too long to match at once, with exact pieces. */

/**
 * The pre-tokenizer pattern is matched on windows of at most this many characters. V8 keeps a backtracking entry
 * per character of a piece whose classes overlap (`[\p{Lo}…]*[\p{Lo}…]+` over a run of CJK letters, astral
 * characters such as emoji): a piece of some 4 million of them overflowed the stack ("Maximum call stack size
 * exceeded") before this bound.
 */
export const PATTERN_WINDOW_CHARS = 1 << 20;
// A piece that ends this close to a window's end may go on past it (a lookahead, a contraction): it is read again.
// It also covers every read past a piece's end but the runs of unsettledFrom: three characters at most.
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
 * Counts a text longer than a window window by window, each piece exactly the whole text's. A piece is settled when
 * nothing the pattern read to find it lay at the window's end: it ends at least 16 characters before the end (a
 * lookahead, a contraction, the character that stops a run), and it does not start where {@link unsettledFrom} says
 * a run goes on to the end. The window after starts at the first piece not settled. (Until 2026-11-30 the first
 * condition alone: a line break, 17 or more spaces and a line break across the edge was cut after its first line
 * break, one token too many at some offsets.) A piece that fills a whole window is longer than the piece chunk and
 * counted in chunks anyway: its chunks up to the last whole one in the window are counted, and the pattern goes on
 * from there; a window of nothing but white space is settled up to its run's last line break, wherever that is.
 */
export function countWindowed(text: string, counting: WindowedCounting): number {
  const { sticky, pattern, countOne, pieceChunkChars } = counting;
  const windowChars = counting.windowChars ?? PATTERN_WINDOW_CHARS;
  const lettersBackOff = sticky.source.includes(CAPITALS_THEN_SMALL);
  let tokens = 0;
  for (let start = 0; start < text.length;) {
    const end = Math.min(start + windowChars, text.length);
    const window = text.slice(start, end);
    const last = end === text.length;
    const unsettled = last ? window.length : unsettledFrom(window, lettersBackOff);
    let resume = window.length;
    sticky.lastIndex = 0;
    for (let at = 0; at < window.length; at = sticky.lastIndex) {
      if (at >= unsettled) {
        resume = at;
        break;
      }
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
      const lineBreaks = unsettled === 0 ? whiteRunThroughLineBreak(text, start) : start;
      if (lineBreaks > start) {
        // A window of white space with a line break in its run: `\s*[\r\n]+`, to the run's last line break.
        tokens += countOne(text.slice(start, lineBreaks));
        resume = lineBreaks - start;
      } else {
        // One piece fills the window: count its whole chunks in it, never splitting a surrogate pair. (Also a window
        // of letters whose first piece ends short only because no small letter came: `ǂ` before a million capitals
        // is counted as one piece; either way a piece past MAX_PIECE_CHARS, whose count may differ a little.)
        let cut = Math.floor((window.length - WINDOW_MARGIN_CHARS) / pieceChunkChars) * pieceChunkChars;
        const code = window.charCodeAt(cut - 1);
        if (code >= 0xd800 && code <= 0xdbff) cut--;
        tokens += countOne(window.slice(0, cut));
        resume = cut;
      }
    }
    start += resume;
  }
  return tokens;
}

/**
 * Where the pieces a window cannot settle begin: a piece that starts here or later may have read the window's end,
 * where the whole text goes on, however far it ends before it. Two alternatives of the pattern read a run to its end
 * and then back off: white space (`\s*[\r\n]+` ends at the run's last line break, `\s+(?!\S)` one short of its end)
 * and, in o200k_base, letters (`[C1]*[C2]+` reads capitals and other letters to the end of their run, then falls back
 * to the last one that is also a small letter's class: `ǂ` and 40 capitals is one piece before a small letter, two
 * before a space). So a piece that starts in the white space the window ends in, or in (or one character before, its
 * prefix) the letters the window ends in, capitals then small letters, with three characters' room for `'re`, is
 * read again in the next window. Every other alternative reads at most the character after its piece (or three
 * digits), which the margin covers.
 */
function unsettledFrom(window: string, lettersBackOff: boolean): number {
  let white = window.length;
  while (white > 0 && isWhiteSpace(window.charCodeAt(white - 1))) white--;
  if (!lettersBackOff) return white;
  let letters = Math.max(0, window.length - 2);
  letters = backOver(window, letters, SMALL_LETTER_CLASS, SMALL_ASCII);
  letters = backOver(window, letters, CAPITAL_LETTER_CLASS, CAPITAL_ASCII);
  return Math.min(white, letters - 1);
}

// The alternative that backs off over letters (o200k_base's; cl100k_base's `\\p{L}+` ends where its run does).
const CAPITALS_THEN_SMALL = '[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}';
// o200k_base's two letter classes, one character at a position (`lastIndex`); both hold \p{Lm}, \p{Lo} and \p{M}.
const CAPITAL_LETTER_CLASS = /[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]/uy;
const SMALL_LETTER_CLASS = /[\p{Ll}\p{Lm}\p{Lo}\p{M}]/uy;
// The ASCII characters in each class, so that ASCII text never runs a pattern here.
const CAPITAL_ASCII = (code: number): boolean => code >= 65 && code <= 90;
const SMALL_ASCII = (code: number): boolean => code >= 97 && code <= 122;

/** Where the run of characters of `letterClass` that ends at `end` starts (code points, never half a pair). */
function backOver(text: string, end: number, letterClass: RegExp, ascii: (code: number) => boolean): number {
  let at = end;
  while (at > 0) {
    const code = text.charCodeAt(at - 1);
    if (code < 128) {
      if (!ascii(code)) break;
      at--;
      continue;
    }
    const size =
      code >= 0xdc00 && code <= 0xdfff && at >= 2 && isHighSurrogate(text.charCodeAt(at - 2)) ? 2 : 1;
    letterClass.lastIndex = at - size;
    if (!letterClass.test(text)) break;
    at -= size;
  }
  return at;
}

/**
 * Where the piece starting at `start`, in a run of white space longer than a window, ends when the run holds a
 * line break: after the run's last one (`\s*[\r\n]+`); `start` when it holds none.
 */
function whiteRunThroughLineBreak(text: string, start: number): number {
  let end = start;
  while (end < text.length && isWhiteSpace(text.charCodeAt(end))) end++;
  for (let at = end - 1; at >= start; at--) {
    const code = text.charCodeAt(at);
    if (code === LINE_FEED || code === CARRIAGE_RETURN) return at + 1;
  }
  return start;
}

const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;

/** Whether a UTF-16 code unit is one of JavaScript's `\s` (all of them are in the Basic Multilingual Plane). */
function isWhiteSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
