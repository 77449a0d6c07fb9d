import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SAMPLE_CHARS, SAMPLE_RECORDS, sampleOfBytes, sampleOfText } from '../../src/session/sample.ts';

// A small deterministic generator, so a failing case can be made again.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const PIECES = [
  '{"type":"session","id":"a"}',
  '{"a":[1,2]}',
  '   ',
  '',
  '{"broken":',
  'null',
  '"é–😀"',
  '[1]\r',
];

/** Bytes of random lines: JSON records, blank and broken lines, multi-byte characters, bytes that are not UTF-8. */
function randomBytes(next: () => number): Buffer {
  const parts: Buffer[] = [];
  if (next() < 0.2) parts.push(Buffer.from([0xef, 0xbb, 0xbf]));
  const lines = Math.floor(next() * 90);
  for (let line = 0; line < lines; line++) {
    const choice = next();
    if (choice < 0.1) parts.push(Buffer.from([0xe2, 0x82]));
    else if (choice < 0.15) parts.push(Buffer.from([0xf0, 0x9f]));
    else if (choice < 0.2) parts.push(Buffer.from(`{"long":"${'x'.repeat(Math.floor(next() * 20_000))}"}`));
    else parts.push(Buffer.from(PIECES[Math.floor(next() * PIECES.length)]!));
    if (line < lines - 1 || next() < 0.5) parts.push(Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}

/** The sample of the bytes' text, as the file's text is decoded whole (a byte-order mark dropped). */
function sampleOfDecoded(bytes: Buffer) {
  const text = bytes.toString('utf8');
  return sampleOfText(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

describe('a sample read from bytes', () => {
  it('reads the records, the first and the head that decoding the whole text reads', () => {
    const next = random(86);
    for (let round = 0; round < 300; round++) {
      const bytes = randomBytes(next);
      const expected = sampleOfDecoded(bytes);
      // The first record asked alone, then the rest; and the records asked first.
      const firstFirst = sampleOfBytes(bytes);
      assert.deepEqual(firstFirst.first, expected.first, `round ${round}`);
      assert.deepEqual(firstFirst.records, expected.records, `round ${round}`);
      assert.equal(firstFirst.head, expected.head, `round ${round}`);
      const recordsFirst = sampleOfBytes(bytes);
      assert.deepEqual(recordsFirst.records, expected.records, `round ${round}`);
      assert.deepEqual(recordsFirst.first, expected.first, `round ${round}`);
    }
  });

  it('stops where the head ends, inside a line or at its line break', () => {
    // A number's line, cut anywhere, still parses: where the head ends tells which number is read.
    const record = '123456789';
    for (const shift of [-6, -4, -3, -2, -1, 0, 1, 2]) {
      // A long first line that ends near the head's end, then records after it.
      const first = `{"pad":"${'p'.repeat(SAMPLE_CHARS - 10 + shift)}"}`;
      const text = `${first}\n${record}\n${record}\n`;
      const bytes = Buffer.from(text);
      const expected = sampleOfText(text);
      const sample = sampleOfBytes(bytes);
      assert.deepEqual(sample.records, expected.records, `shift ${shift}`);
      assert.equal(sample.head, expected.head, `shift ${shift}`);
    }
  });

  it(`keeps ${SAMPLE_RECORDS} records at most`, () => {
    const text = Array.from({ length: SAMPLE_RECORDS + 5 }, (_, index) => `{"n":${index}}`).join('\n');
    const sample = sampleOfBytes(Buffer.from(text));
    assert.equal(sample.records.length, SAMPLE_RECORDS);
    assert.deepEqual(sample.records, sampleOfText(text).records);
  });
});
