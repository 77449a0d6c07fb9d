import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getEncoding } from 'js-tiktoken';
import { countByQuotedParts } from '../../src/tokenizer/quoted-cuts.ts';

// What a tool call's JSON and its rendering hold around and inside their strings: escapes, quotes, spaces of every
// kind, punctuation that pulls line breaks in, contractions, digits, non-Latin letters.
const PARTS = [
  'word',
  'Wörter',
  "'s",
  ' ',
  '  ',
  '\\n',
  '\\"',
  '\\\\',
  '"',
  '":"',
  '=',
  ', ',
  '(',
  ')',
  '{',
  '}',
  '\t',
  '\u00a0',
  '123456',
  '🚀',
  '漢字',
  '/src/a.ts',
];

/** A random one-line text of those parts, some of them long quoted strings. */
function randomText(random: () => number): string {
  const parts: string[] = [];
  const length = 5 + Math.floor(random() * 40);
  for (let index = 0; index < length; index++) {
    if (random() < 0.2) {
      const inside = Array.from(
        { length: 10 + Math.floor(random() * 40) },
        () => PARTS[Math.floor(random() * PARTS.length)],
      );
      parts.push(`"${inside.join('')}"`);
    } else parts.push(PARTS[Math.floor(random() * PARTS.length)]!);
  }
  return parts.join('');
}

/** A seeded generator (mulberry32), so a failure repeats. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

describe('quoted cuts', () => {
  it('adds up to the whole text as js-tiktoken encodes it, for random texts of quoted strings', () => {
    for (const name of ['o200k_base', 'cl100k_base'] as const) {
      const encoding = getEncoding(name);
      const count = (text: string) => encoding.encode(text, [], []).length;
      const random = seeded(name.length);
      let split = 0;
      for (let trial = 0; trial < 200; trial++) {
        const text = randomText(random);
        const parts = countByQuotedParts(text, count, count);
        if (parts === undefined) continue;
        split++;
        assert.equal(parts, count(text), `${name}: ${JSON.stringify(text)}`);
      }
      assert.ok(split >= 30, `${name}: ${split} texts split`);
    }
  });

  it("counts each long string's inside apart, a quote after an odd run of backslashes kept inside", () => {
    const long = 'the value, with spaces, a \\"quoted\\" word and a backslash at its end \\\\';
    const text = `edit(path="a.ts", oldText="${long}", newText="${long} more")`;
    const insides: string[] = [];
    const length = (part: string) => part.length;
    const total = countByQuotedParts(text, length, (inside) => {
      insides.push(inside);
      return inside.length;
    });
    assert.equal(total, text.length);
    // From the first space cut to the last of each: both strings' insides, the shared words alike.
    assert.deepEqual(insides, [
      ' value, with spaces, a \\"quoted\\" word and a backslash at its end',
      ' value, with spaces, a \\"quoted\\" word and a backslash at its end \\\\',
    ]);
  });

  it('leaves a text of short strings, or of one with no space cut, to be counted whole', () => {
    const length = (part: string) => part.length;
    assert.equal(countByQuotedParts('read(path="src/a.ts")', length, length), undefined);
    assert.equal(countByQuotedParts(`{"data":"${'x'.repeat(200)}"}`, length, length), undefined);
    assert.equal(countByQuotedParts(`an "unclosed ${'y '.repeat(50)}`, length, length), undefined);
  });
});
