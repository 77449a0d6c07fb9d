/** A long string hashed a piece at a time: hashed whole, its UTF-8 copy is as large as the text, outside the heap. */
import * as crypto from 'node:crypto';
import type { Hash } from 'node:crypto';

// Node 20.12 and later hash a string in one call, with no Hash object made for it; Node 20 before it has none.
const hashInOneCall: typeof crypto.hash | undefined = crypto.hash;

// Characters of a long text encoded for hashing at a time.
const HASHED_PIECE_CHARS = 1 << 16;

/** `hash.update(text)`, 64k characters at a time; a piece never ends inside a surrogate pair, so the bytes are the same. */
export function updateInPieces(hash: Hash, text: string): Hash {
  if (text.length <= HASHED_PIECE_CHARS) return hash.update(text);
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + HASHED_PIECE_CHARS);
    if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end++;
    hash.update(text.slice(start, end));
    start = end;
  }
  return hash;
}

/**
 * The digest of `text`: in one call where Node has one and the text is short (a token count's block, hashed for each
 * look-up), else {@link updateInPieces} through a Hash. The same digest either way.
 */
export function digestOf(algorithm: string, text: string, encoding: 'base64' | 'hex'): string {
  if (hashInOneCall !== undefined && text.length <= HASHED_PIECE_CHARS)
    return hashInOneCall(algorithm, text, encoding);
  return updateInPieces(crypto.createHash(algorithm), text).digest(encoding);
}
