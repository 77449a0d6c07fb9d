/**
 * A tiktoken encoding's rank table and its byte-pair count of one pre-tokenized piece. The table is an
 * open-addressing hash over one byte array, decoded straight from js-tiktoken's base64 `bpe_ranks`: no string or
 * map entry per token, so building o200k_base's 200,000 ranks takes a few milliseconds instead of the ~100 ms
 * (and the garbage) a `Map<string, number>` costs, which was most of a short command's start-up.
 */

/** Token byte sequences and their ranks, with the hash slots that find them. */
export type RankTable = {
  bytes: Uint8Array;
  /** Token i's bytes are `bytes[starts[i]..starts[i + 1])`. */
  starts: Uint32Array;
  ranks: Int32Array;
  /** Token index + 1 per slot; 0 is empty. */
  slots: Int32Array;
  mask: number;
};

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const SIXBITS = new Int8Array(128).fill(-1);
for (let index = 0; index < BASE64.length; index++) SIXBITS[BASE64.charCodeAt(index)] = index;
const SPACE = 32;
const EQUALS = 61;

/** Builds the table from js-tiktoken's `bpe_ranks`: lines of `<tag> <first rank> <base64 token>…`, ranks consecutive. */
export function buildRankTable(bpeRanks: string): RankTable {
  // Upper bounds first (every base64 field decodes to at most 3/4 of its length), then one decoding pass.
  let fields = 0;
  for (let at = 0; at < bpeRanks.length; at++) if (bpeRanks.charCodeAt(at) === SPACE) fields++;
  const bytes = new Uint8Array(Math.ceil((bpeRanks.length * 3) / 4));
  const starts = new Uint32Array(fields + 1);
  const ranks = new Int32Array(fields);
  let count = 0;
  let written = 0;
  for (let at = 0; at < bpeRanks.length;) {
    let lineEnd = bpeRanks.indexOf('\n', at);
    if (lineEnd === -1) lineEnd = bpeRanks.length;
    const fieldEnd = (from: number) => {
      const space = bpeRanks.indexOf(' ', from);
      return space === -1 || space > lineEnd ? lineEnd : space;
    };
    // A line's tag, its first rank, then its tokens.
    const tagEnd = fieldEnd(at);
    const rankEnd = fieldEnd(tagEnd + 1);
    let rank = Number.parseInt(bpeRanks.slice(tagEnd + 1, rankEnd), 10);
    for (let start = rankEnd + 1; start < lineEnd;) {
      const end = fieldEnd(start);
      starts[count] = written;
      let bits = 0;
      let held = 0;
      for (let index = start; index < end; index++) {
        const code = bpeRanks.charCodeAt(index);
        if (code === EQUALS) break;
        bits = ((bits << 6) | SIXBITS[code]!) & 0xffffff;
        held += 6;
        if (held >= 8) {
          held -= 8;
          bytes[written++] = (bits >> held) & 0xff;
        }
      }
      ranks[count++] = rank++;
      start = end + 1;
    }
    at = lineEnd + 1;
  }
  starts[count] = written;
  let size = 1;
  while (size < count * 2) size <<= 1;
  const table: RankTable = {
    bytes,
    starts: starts.subarray(0, count + 1),
    ranks: ranks.subarray(0, count),
    slots: new Int32Array(size),
    mask: size - 1,
  };
  for (let token = 0; token < count; token++) {
    let slot = hash(bytes, starts[token]!, starts[token + 1]!) & table.mask;
    while (table.slots[slot] !== 0) slot = (slot + 1) & table.mask;
    table.slots[slot] = token + 1;
  }
  return table;
}

/** FNV-1a over `data[start..end)`. */
function hash(data: Uint8Array, start: number, end: number): number {
  let value = 0x811c9dc5;
  for (let at = start; at < end; at++) value = Math.imul(value ^ data[at]!, 0x01000193);
  return value >>> 0;
}

/** The rank of `data[start..end)`, or -1 when it is not a token. */
export function rankOf(table: RankTable, data: Uint8Array, start: number, end: number): number {
  const length = end - start;
  let slot = hash(data, start, end) & table.mask;
  for (let entry = table.slots[slot]!; entry !== 0; entry = table.slots[slot]!) {
    const token = entry - 1;
    const tokenStart = table.starts[token]!;
    if (table.starts[token + 1]! - tokenStart === length) {
      let same = true;
      for (let offset = 0; offset < length; offset++) {
        if (table.bytes[tokenStart + offset] !== data[start + offset]) {
          same = false;
          break;
        }
      }
      if (same) return table.ranks[token]!;
    }
    slot = (slot + 1) & table.mask;
  }
  return -1;
}

/**
 * Tokens of one pre-tokenized piece (`data[0..length)`, its UTF-8 bytes): tiktoken's byte-pair merge, lowest rank
 * first, counting the parts left. Each merge re-ranks only the pairs beside it, as tiktoken does.
 */
export function countPiece(table: RankTable, data: Uint8Array, length: number): number {
  if (length <= 1) return length;
  if (rankOf(table, data, 0, length) !== -1) return 1;
  // parts[i] starts a part; pairRanks[i] is the rank of parts i and i + 1 merged (-1: not a token).
  const parts: number[] = [];
  for (let index = 0; index <= length; index++) parts.push(index);
  const pairRanks: number[] = [];
  for (let index = 0; index + 2 <= length; index++) pairRanks.push(rankOf(table, data, index, index + 2));
  const pairRank = (index: number) =>
    index + 2 < parts.length ? rankOf(table, data, parts[index]!, parts[index + 2]!) : -1;
  while (parts.length > 2) {
    let lowest = -1;
    let at = -1;
    for (let index = 0; index < pairRanks.length; index++) {
      const rank = pairRanks[index]!;
      if (rank !== -1 && (lowest === -1 || rank < lowest)) {
        lowest = rank;
        at = index;
      }
    }
    if (at === -1) break;
    parts.splice(at + 1, 1);
    pairRanks.splice(at + 1, 1);
    pairRanks[at] = pairRank(at);
    if (at > 0) pairRanks[at - 1] = pairRank(at - 1);
    pairRanks.length = parts.length - 2;
  }
  return parts.length - 1;
}
