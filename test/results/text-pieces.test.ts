import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { jsonPieces, joinedPieces, redactedPieces } from '../../src/results/text-pieces.ts';
import { contentHash } from '../../src/results/record.ts';
import { redactSecrets } from '../../src/providers/secrets.ts';

const piece = 1 << 16;
const key = `sk-proj-${'A1b2'.repeat(8)}`;

// A prompt whose pieces end right before a space: a key, a URL credential and a key-named query value next to the
// cuts (each ends where a cut falls, or starts right after one), quotes, escapes, line breaks and surrogate pairs.
const prompt =
  `${'a'.repeat(piece - 3)}😀 ${key} "q"\n${'b'.repeat(piece - 40)}\\n https://user:pw@host/x?api_key=secret123&b=1 ` +
  `${'c'.repeat(piece)} ${key}\t✓ <&> end\ud800`;

describe('text pieces', () => {
  it('are the JSON text of an object of strings, cut only right before a space of a value', () => {
    const object = { system: 'You "compress"\nthe history.', prompt };
    const pieces = [...jsonPieces(object)()];
    assert.equal(pieces.join(''), JSON.stringify(object));
    assert.ok(pieces.length > 4, 'the prompt is more than one piece');
    const body = pieces.slice(pieces.indexOf(',"prompt":"') + 1, -2);
    for (const next of body.slice(1))
      assert.equal(next[0], ' ', 'each piece after the first starts at a space');
    assert.equal(joinedPieces(jsonPieces({})), '{}');
    assert.equal(contentHash(jsonPieces(object)), contentHash(JSON.stringify(object)));
  });

  it('are made once for a prompt up to a MiB of characters (hashed, then written), afresh for a longer one', () => {
    const object = { system: 's', prompt };
    const pieces = jsonPieces(object);
    assert.equal(pieces(), pieces(), 'the same pieces, read twice');
    assert.equal([...pieces()].join(''), JSON.stringify(object));
    const long = { system: 's', prompt: `${prompt} `.repeat(Math.ceil((1 << 20) / prompt.length)) };
    const longPieces = jsonPieces(long);
    assert.notEqual(longPieces(), longPieces(), 'made afresh at each read');
    assert.equal([...longPieces()].join(''), JSON.stringify(long));
  });

  it('are redacted piece by piece as the whole text is, and whole when a key value holds a space', () => {
    const object = { system: 's', prompt };
    const whole = redactSecrets(JSON.stringify(object));
    assert.notEqual(whole, JSON.stringify(object), 'the text holds what is redacted');
    assert.equal(joinedPieces(redactedPieces(jsonPieces(object))), whole);
    const spaced = 'a key with spaces in it';
    const previous = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = spaced;
    try {
      // The value runs across the first cut (right before the space after 'a').
      const holding = { system: 's', prompt: `${'d'.repeat(piece - 2)} ${spaced} ${'e'.repeat(piece)}` };
      assert.ok([...jsonPieces(holding)()].some((one) => one.startsWith(' key with')));
      const redacted = [...redactedPieces(jsonPieces(holding))()];
      assert.equal(redacted.length, 1, 'redacted whole');
      assert.equal(redacted[0], redactSecrets(JSON.stringify(holding)));
      assert.ok(redacted[0]!.includes(`${'d'.repeat(8)} *** ${'e'.repeat(8)}`));
    } finally {
      if (previous === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = previous;
    }
  });

  it('hash a long string a piece at a time as it is hashed whole', () => {
    for (const text of [
      prompt,
      `${'x'.repeat(piece - 1)}😀${'y'.repeat(piece)}`,
      `${'z'.repeat(piece - 1)}\ud800y`,
    ]) {
      assert.equal(contentHash(text), createHash('sha256').update(text).digest('hex'));
    }
  });
});
