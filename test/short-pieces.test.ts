import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getEncoding } from 'js-tiktoken';
import { buildRankTable, countPiece, type RankTable } from '../src/tokenizer/bpe-ranks.ts';
import { SHORT_PIECE_CHARS, ShortPieceCounts } from '../src/tokenizer/short-pieces.ts';

/** The o200k_base rank table and js-tiktoken's encoder of the same ranks. */
async function o200k() {
  const ranks = (await import('js-tiktoken/ranks/o200k_base')).default as { bpe_ranks: string };
  return { table: buildRankTable(ranks.bpe_ranks), reference: getEncoding('o200k_base') };
}

/** The byte-pair count of `piece` as one pre-tokenized piece, from its UTF-8 bytes (what the piece cache holds). */
function merged(table: RankTable, piece: string): number {
  const bytes = new TextEncoder().encode(piece);
  return countPiece(table, bytes, bytes.length);
}

/** A deterministic run of pseudo-random numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

describe('short pieces', () => {
  it('counts every short ASCII piece as its bytes merge, read where it stands in a longer text', async () => {
    const { table } = await o200k();
    const counts = new ShortPieceCounts(table);
    const next = random(7);
    // Letters, digits, spaces, punctuation and control characters; every length from 1 to 8, each asked twice (the
    // second a look-up) at a place inside a longer text.
    const alphabet = ' etaoinsrETAOIN0123456789.,;:()[]{}<>/\\\'"`~!@#$%^&*-_=+?|\t\n\r\u0001\u007f';
    for (let round = 0; round < 4_000; round++) {
      const length = 1 + (round % SHORT_PIECE_CHARS);
      let piece = '';
      for (let at = 0; at < length; at++) piece += alphabet[Math.floor(next() * alphabet.length)];
      const text = `xyz${piece}zyx`;
      const expected = merged(table, piece);
      assert.equal(counts.count(text, 3, 3 + length), expected, JSON.stringify(piece));
      assert.equal(counts.count(text, 3, 3 + length), expected, `${JSON.stringify(piece)} looked up`);
    }
  });

  it('tells apart pieces whose characters pack alike but for their length or place', async () => {
    const { table } = await o200k();
    const counts = new ShortPieceCounts(table);
    // "aaaa" then "aaaaa…": the second integer of a piece of 5 to 8 characters starts at its fifth.
    const pieces = [
      'a',
      'aa',
      'aaa',
      'aaaa',
      'aaaaa',
      'aaaaaa',
      'aaaaaaa',
      'aaaaaaaa',
      ' the',
      'the ',
      ' th',
      'e th',
    ];
    // The same first four characters, one token alone and several with four more.
    pieces.push('http', 'httpqzxv', 'qzxv', 'vxzq', 'qzxvhttp');
    assert.notEqual(merged(table, 'http'), merged(table, 'httpqzxv'));
    assert.notEqual(merged(table, 'http'), merged(table, 'qzxv'));
    for (const piece of [...pieces, ...pieces.reverse()])
      assert.equal(counts.count(piece, 0, piece.length), merged(table, piece), piece);
  });

  it("counts a text's own pieces as js-tiktoken encodes them", async () => {
    const { table, reference } = await o200k();
    const counts = new ShortPieceCounts(table);
    const pattern = new RegExp((await import('js-tiktoken/ranks/o200k_base')).default.pat_str, 'gu');
    const text = `export function total(items: Item[]): number {\n  return items.reduce((sum, item) => sum + item.price, 0);\n}\nError: ENOENT: no such file, open '/src/a.ts' (node:fs:601:3) it's 12345 ok`;
    let short = 0;
    for (const match of text.matchAll(pattern)) {
      const tokens = counts.count(text, match.index, match.index + match[0].length);
      if (tokens < 0) continue;
      short++;
      assert.equal(tokens, reference.encode(match[0], [], []).length, JSON.stringify(match[0]));
    }
    assert.ok(short > 40, `${short} short pieces`);
  });

  it('leaves pieces out that are longer than 8 characters, empty, or hold NUL or a character past ASCII', async () => {
    const { table } = await o200k();
    const counts = new ShortPieceCounts(table);
    assert.equal(counts.count('abcdefghi', 0, 9), -1);
    assert.equal(counts.count('abc', 1, 1), -1);
    assert.equal(counts.count('a\u0000b', 0, 3), -1);
    assert.equal(counts.count(' ünï', 0, 4), -1);
    assert.equal(counts.count('x🚀', 0, 3), -1);
  });

  it('stays exact once it has been filled past half and emptied', { timeout: 60_000 }, async () => {
    const { table } = await o200k();
    const counts = new ShortPieceCounts(table);
    const next = random(11);
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const asked: string[] = [];
    // 70,000 distinct eight-letter pieces: more than the 32,768 the table holds before it is emptied, and than its
    // 65,536 slots (a table never emptied would look for a slot forever).
    const seen = new Set<string>();
    while (seen.size < 70_000) {
      // Every other one opens with the same four characters: its look-up tells it apart by the last four alone.
      let piece = seen.size % 2 === 0 ? 'http' : '';
      for (let at = piece.length; at < 8; at++) piece += letters[Math.floor(next() * letters.length)];
      if (seen.has(piece)) continue;
      seen.add(piece);
      asked.push(piece);
      counts.count(piece, 0, 8);
    }
    for (const piece of asked.slice(-20_000).filter((_, index) => index % 7 === 0))
      assert.equal(counts.count(piece, 0, 8), merged(table, piece), piece);
  });
});
