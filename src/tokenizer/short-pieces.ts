/**
 * Token counts of short ASCII pieces, looked up by their characters read in place: most of a transcript's pieces are
 * a word or a mark of up to 8 ASCII characters, and each one looked up by its text was a new string to slice, hash
 * and compare (the piece cache's look-up was the largest self-time item of a suite session's counting).
 */
import { countPiece, type RankTable } from './bpe-ranks.ts';

// Pieces of up to this many characters, each one of 1–127, are packed 7 bits a character into two integers of 28
// bits (four characters each), the first character of each highest, so no two pieces share a key.
export const SHORT_PIECE_CHARS = 8;
// Slots of the open-addressed table (a power of two); it is emptied when half full, so a probe stays short. A
// session's short pieces are a few thousand distinct ones.
const SLOT_BITS = 16;
const SLOTS = 1 << SLOT_BITS;
const MAX_FILLED = SLOTS >> 1;

/** Counts of short ASCII pieces, kept by their packed characters: 16 bytes a slot, 1 MiB in all. */
export class ShortPieceCounts {
  readonly #table: RankTable;
  readonly #low = new Int32Array(SLOTS);
  readonly #high = new Int32Array(SLOTS);
  // 0: an empty slot (every piece counts at least 1).
  readonly #tokens = new Int32Array(SLOTS);
  readonly #bytes = new Uint8Array(SHORT_PIECE_CHARS);
  #filled = 0;

  constructor(table: RankTable) {
    this.#table = table;
  }

  /** The tokens of `text[start, end)` when it is a piece of 1–8 ASCII characters (none of them NUL), else -1. */
  count(text: string, start: number, end: number): number {
    const length = end - start;
    if (length > SHORT_PIECE_CHARS || length < 1) return -1;
    let low = 0;
    let high = 0;
    for (let at = start; at < end; at++) {
      const code = text.charCodeAt(at);
      if (code === 0 || code > 127) return -1;
      if (at - start < 4) low = (low << 7) | code;
      else high = (high << 7) | code;
    }
    // One byte is always a token of its own.
    if (length === 1) return 1;
    let slot = slotOf(low, high);
    for (let tokens = this.#tokens[slot]!; tokens !== 0; tokens = this.#tokens[slot]!) {
      if (this.#low[slot] === low && this.#high[slot] === high) return tokens;
      slot = (slot + 1) & (SLOTS - 1);
    }
    const bytes = this.#bytes;
    for (let at = start; at < end; at++) bytes[at - start] = text.charCodeAt(at);
    const tokens = countPiece(this.#table, bytes, length);
    if (this.#filled >= MAX_FILLED) {
      // Emptied rather than aged: the table's memory is fixed, and the pieces come back in the next text.
      this.#tokens.fill(0);
      this.#filled = 0;
      slot = slotOf(low, high);
    }
    this.#low[slot] = low;
    this.#high[slot] = high;
    this.#tokens[slot] = tokens;
    this.#filled++;
    return tokens;
  }
}

/** The first slot a packed piece is looked for in. */
function slotOf(low: number, high: number): number {
  return Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b) >>> (32 - SLOT_BITS);
}
