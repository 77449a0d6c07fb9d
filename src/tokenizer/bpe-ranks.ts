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

// Pieces up to this many bytes merge by rescanning their pairs (fastest for the short pieces text is made of);
// longer ones through a heap, so a piece of n bytes costs n log n, not n² (a 100 KB run of one character took 7 s).
const RESCAN_BYTES = 256;

/**
 * Tokens of one pre-tokenized piece (`data[0..length)`, its UTF-8 bytes): tiktoken's byte-pair merge, lowest rank
 * first and leftmost among equals, counting the parts left. Exact for every piece, however long.
 */
export function countPiece(table: RankTable, data: Uint8Array, length: number): number {
  if (length <= 1) return length;
  if (rankOf(table, data, 0, length) !== -1) return 1;
  return length <= RESCAN_BYTES ? countByRescan(table, data, length) : countByHeap(table, data, length);
}

/** The merge as tiktoken writes it: find the lowest pair, merge, re-rank only the pairs beside it. */
function countByRescan(table: RankTable, data: Uint8Array, length: number): number {
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

/**
 * The same merge with the mergeable pairs in a binary heap ordered by (rank, start byte): a part is named by the
 * byte it starts at, which no merge moves, so the heap's top is exactly the pair the rescan would find (lowest
 * rank, leftmost among equals) and the count is the same, in n log n.
 */
function countByHeap(table: RankTable, data: Uint8Array, length: number): number {
  // The part starting at byte i ends at next[i] and follows the one starting at previous[i]; pairRanks[i] is the
  // rank of that part merged with the next one (-1: not a token); heapSlot[i] is its place in the heap (-1: none).
  const next = new Int32Array(length);
  const previous = new Int32Array(length);
  const pairRanks = new Int32Array(length).fill(-1);
  const heapSlot = new Int32Array(length).fill(-1);
  const heap = new Int32Array(length);
  let heapSize = 0;
  const before = (left: number, right: number) =>
    pairRanks[left]! < pairRanks[right]! || (pairRanks[left] === pairRanks[right] && left < right);
  const place = (start: number, slot: number) => {
    heap[slot] = start;
    heapSlot[start] = slot;
  };
  const siftUp = (slot: number) => {
    const start = heap[slot]!;
    while (slot > 0) {
      const parent = (slot - 1) >> 1;
      if (!before(start, heap[parent]!)) break;
      place(heap[parent]!, slot);
      slot = parent;
    }
    place(start, slot);
  };
  const siftDown = (slot: number) => {
    const start = heap[slot]!;
    for (;;) {
      let child = 2 * slot + 1;
      if (child >= heapSize) break;
      if (child + 1 < heapSize && before(heap[child + 1]!, heap[child]!)) child++;
      if (!before(heap[child]!, start)) break;
      place(heap[child]!, slot);
      slot = child;
    }
    place(start, slot);
  };
  const remove = (start: number) => {
    const slot = heapSlot[start]!;
    heapSlot[start] = -1;
    const last = heap[--heapSize]!;
    if (slot === heapSize) return;
    place(last, slot);
    siftUp(slot);
    siftDown(heapSlot[last]!);
  };
  // A part's pair rank after its neighbour changed: moved in the heap, added or taken out.
  const rerank = (start: number) => {
    const end = next[start]!;
    pairRanks[start] = end < length ? rankOf(table, data, start, next[end]!) : -1;
    const slot = heapSlot[start]!;
    if (pairRanks[start] === -1) {
      if (slot !== -1) remove(start);
    } else if (slot === -1) {
      place(start, heapSize++);
      siftUp(heapSize - 1);
    } else {
      siftUp(slot);
      siftDown(heapSlot[start]!);
    }
  };
  for (let start = 0; start < length; start++) {
    next[start] = start + 1;
    previous[start] = start - 1;
    if (start + 2 <= length) pairRanks[start] = rankOf(table, data, start, start + 2);
    if (pairRanks[start] !== -1) place(start, heapSize++);
  }
  for (let slot = (heapSize >> 1) - 1; slot >= 0; slot--) siftDown(slot);
  let parts = length;
  while (heapSize > 0) {
    const start = heap[0]!;
    const absorbed = next[start]!;
    if (heapSlot[absorbed] !== -1) remove(absorbed);
    next[start] = next[absorbed]!;
    if (next[start]! < length) previous[next[start]!] = start;
    parts--;
    rerank(start);
    if (start > 0) rerank(previous[start]!);
  }
  return parts;
}
