/**
 * Where a text may be cut inside a line with its token count unchanged: before a space that follows a character other
 * than white space. No piece of either encoding's pre-tokenizer (o200k_base, cl100k_base) holds such a pair: a space
 * opens a piece (` ?[^\s\p{L}\p{N}]+`, `[^\r\n\p{L}\p{N}]?\p{L}+`) or sits in a run of white space, never after
 * another character of its piece. Nor does matching a piece that starts before the cut read past the space: each
 * alternative stops at the first character that ends its run of letters, digits, punctuation or white space, and the
 * contractions (`'s`, `'re`…) fail at the space itself; and no piece looks behind. So the pieces before the cut are the
 * pieces of the text up to it, those after it the pieces of the rest, and count(text) = count(before) + count(after),
 * whatever precedes or follows the text.
 */

const SPACE = 32;
const WHITE_SPACE = /\s/;

/** The first cut of `text` (see the module comment), or -1. */
export function firstSpaceCut(text: string): number {
  for (let at = text.indexOf(' ', 1); at >= 0; at = text.indexOf(' ', at + 1))
    if (!isWhiteSpace(text.charCodeAt(at - 1))) return at;
  return -1;
}

/** The last cut of `text` (see the module comment), or -1. */
export function lastSpaceCut(text: string): number {
  for (let at = text.lastIndexOf(' '); at >= 1; at = text.lastIndexOf(' ', at - 1))
    if (!isWhiteSpace(text.charCodeAt(at - 1))) return at;
  return -1;
}

/**
 * The count of `prefix + body + suffix` from the count of `body` and the joins: the text before the body's first cut
 * and after its last counted with the prefix and the suffix, in place of the same without them (the module comment
 * says why it is exact); undefined when the body has no cut.
 */
export function countAroundBody(
  parts: { prefix: string; body: string; suffix: string; bodyTokens: number },
  countPieces: (text: string) => number,
): number | undefined {
  const { prefix, body, suffix, bodyTokens } = parts;
  const first = firstSpaceCut(body);
  if (first < 0) return undefined;
  const last = lastSpaceCut(body);
  const head = body.slice(0, first);
  const tail = body.slice(last);
  return (
    countPieces(prefix + head) -
    countPieces(head) +
    bodyTokens -
    countPieces(tail) +
    countPieces(tail + suffix)
  );
}

/**
 * `count(text)` as the counts of its two sides at its last cut within its first `within` characters (the whole's when
 * it is no longer, or has no cut there): the head is then counted, and cached by `count`, on its own, and a text cut
 * at `within` (a long tool result as a prompt carries it) is counted from it by {@link countFromHead}. Where each was
 * counted afresh, once a session, these were a tenth of a suite session's counting (round s34, P80).
 */
export function countByHead(text: string, within: number, count: (text: string) => number): number {
  if (text.length <= within) return count(text);
  const cut = lastSpaceCut(text.slice(0, within));
  return cut < 1 ? count(text) : count(text.slice(0, cut)) + count(text.slice(cut));
}

/** The count of `text` from the known count of its part up to its last cut and the rest's; undefined if not known. */
export function countFromHead(
  text: string,
  known: (text: string) => number | undefined,
  countPieces: (text: string) => number,
): number | undefined {
  const cut = lastSpaceCut(text);
  const headTokens = cut < 1 ? undefined : known(text.slice(0, cut));
  return headTokens === undefined ? undefined : headTokens + countPieces(text.slice(cut));
}

/** Whether the character is white space as the pre-tokenizer's `\s` reads it. */
function isWhiteSpace(code: number): boolean {
  if (code === SPACE || (code >= 9 && code <= 13)) return true;
  return code >= 128 && WHITE_SPACE.test(String.fromCharCode(code));
}
