/**
 * A clause's tokens (src/quality/clause-tokens.ts) are scanned a code point at a time instead of matched by a regular
 * expression: they must be exactly the matches of that expression, offsets included, on every text.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { clauseTokens, TOKEN_PATTERN } from '../../src/quality/clause-tokens.ts';

/** What the regular expression finds, in the scan's shape. */
const matched = (text: string) =>
  [...text.matchAll(TOKEN_PATTERN)].map((match) => ({ text: match[0], index: match.index }));

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

describe('clause tokens', () => {
  it('reads runs joined by . / \\ @ # - only when another run follows', () => {
    assert.deepEqual(clauseTokens('see src/a.ts. then end-to-end, pkg@1.2 -x $HOME #12 a--b'), [
      { text: 'see', index: 0 },
      { text: 'src/a.ts', index: 4 },
      { text: 'then', index: 14 },
      { text: 'end-to-end', index: 19 },
      { text: 'pkg@1.2', index: 31 },
      { text: 'x', index: 40 },
      { text: '$HOME', index: 42 },
      { text: '12', index: 49 },
      { text: 'a', index: 52 },
      { text: 'b', index: 55 },
    ]);
    assert.deepEqual(clauseTokens(''), []);
    assert.deepEqual(clauseTokens('... -- //'), []);
  });

  it('reads a letter outside the Basic Plane as one character and a lone surrogate as none', () => {
    // 𝒳 (U+1D4B3) is a letter written as a surrogate pair; 😀 is a symbol; a lone high surrogate is no letter.
    const text = 'x𝒳y 😀 a\ud835b é-ü 名前.ts ٣٤';
    assert.deepEqual(clauseTokens(text), matched(text));
    assert.deepEqual(
      clauseTokens(text).map((token) => token.text),
      ['x𝒳y', 'a', 'b', 'é-ü', '名前.ts', '٣٤'],
    );
  });

  it('finds what the regular expression finds on random text', () => {
    const alphabet = [
      'a',
      'Z',
      '7',
      '_',
      '$',
      '.',
      '/',
      '\\',
      '@',
      '#',
      '-',
      ' ',
      ',',
      '𝒳',
      '😀',
      '\ud835',
      'é',
      '\u0301',
      ':',
    ];
    const next = random(45);
    for (let round = 0; round < 3000; round++) {
      const length = Math.floor(next() * 24);
      let text = '';
      for (let index = 0; index < length; index++) text += alphabet[Math.floor(next() * alphabet.length)];
      assert.deepEqual(clauseTokens(text), matched(text), JSON.stringify(text));
    }
  });

  it('finds what the regular expression finds on every line of the sample transcripts', () => {
    const samples = join(import.meta.dirname, '../samples');
    let lines = 0;
    for (const file of readdirSync(samples)) {
      if (!/\.(?:jsonl|json|md)$/.test(file)) continue;
      for (const line of readFileSync(join(samples, file), 'utf8').split('\n')) {
        assert.deepEqual(clauseTokens(line), matched(line), `${file}: ${line.slice(0, 80)}`);
        lines++;
      }
    }
    assert.ok(lines > 1000, `only ${lines} lines read`);
  });
});
