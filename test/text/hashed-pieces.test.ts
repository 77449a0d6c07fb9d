import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { digestOf, updateInPieces } from '../../src/text/hashed-pieces.ts';

describe('hashed pieces', () => {
  it('digest a text as a Hash of its whole UTF-8 does, short or long, astral characters across a piece edge', () => {
    const texts = [
      '',
      'a',
      'café 🚀 ünïcödé',
      'x'.repeat(65_535) + '🚀',
      'y'.repeat(65_536),
      'z'.repeat(65_537),
      '🚀'.repeat(70_000),
      'line\n'.repeat(30_000),
    ];
    for (const text of texts)
      for (const [algorithm, encoding] of [
        ['sha1', 'base64'],
        ['sha256', 'hex'],
      ] as const) {
        const whole = createHash(algorithm).update(text).digest(encoding);
        assert.equal(digestOf(algorithm, text, encoding), whole, `${algorithm} of ${text.length} characters`);
        assert.equal(updateInPieces(createHash(algorithm), text).digest(encoding), whole);
      }
  });
});
