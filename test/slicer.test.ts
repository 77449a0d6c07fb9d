import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InputError } from '../src/errors.ts';
import type { Message } from '../src/session/types.ts';
import { type Slice, sliceMessages, validateSliceOptions } from '../src/session/slicer.ts';
import { assistant, toolExchange, user } from './helpers/factories.ts';

/** A deterministic pseudo-random generator (mulberry32), so property runs are reproducible. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** A session of user turns, assistant texts and tool exchanges with random token counts. */
function randomSession(
  seed: number,
  length: number,
  maxTokens: number,
): { messages: Message[]; tokens: number[] } {
  const next = random(seed);
  const messages: Message[] = [];
  while (messages.length < length) {
    const pick = next();
    if (pick < 0.2) messages.push(user('u'));
    else if (pick < 0.4) messages.push(assistant('a'));
    else messages.push(...toolExchange('read', { path: 'a.ts' }, 'x'));
  }
  const tokens = messages.map(() => 1 + Math.floor(next() * next() * maxTokens));
  return { messages, tokens };
}

function sum(tokens: number[], start: number, end: number): number {
  let total = 0;
  for (let index = start; index < end; index++) total += tokens[index]!;
  return total;
}

function checkProperties(
  messages: Message[],
  tokens: number[],
  slices: Slice[],
  sliceTokens: number,
  overlapTokens: number,
) {
  assert.equal(slices[0]!.start, 0, 'covers from the first message');
  assert.equal(slices.at(-1)!.end, messages.length, 'covers up to the last message');
  slices.forEach((slice, index) => {
    assert.equal(slice.index, index);
    assert.ok(slice.end > slice.start, 'a slice is never empty');
    assert.equal(slice.tokens, sum(tokens, slice.start, slice.end), 'tokens are the sum of its messages');
    if (slice.start > 0)
      assert.notEqual(messages[slice.start]!.role, 'toolResult', 'never starts with an orphaned tool result');
    if (slice.end < messages.length) {
      assert.notEqual(
        messages[slice.end]!.role,
        'toolResult',
        'never ends between a tool call and its result',
      );
    }
    if (!slice.oversized) assert.ok(slice.tokens <= sliceTokens, 'fits the slice size unless oversized');
    const previous = slices[index - 1];
    if (previous) {
      assert.ok(slice.start > previous.start, 'starts move forward');
      assert.ok(slice.end > previous.end, 'every slice covers something new');
      assert.ok(slice.start <= previous.end, 'no gap between slices');
      const overlap = sum(tokens, slice.start, previous.end);
      assert.equal(slice.overlapTokens, overlap, 'reports its overlap');
      assert.ok(overlap <= overlapTokens, 'overlap within bounds');
    }
  });
}

describe('slicer', () => {
  it('covers every message in order, with bounded overlap, over many random sessions', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { messages, tokens } = randomSession(seed, 5 + (seed % 80), 3000);
      const sliceTokens = 2000 + (seed % 7) * 1000;
      const overlapTokens = (seed % 4) * 400;
      const slices = sliceMessages(messages, tokens, { sliceTokens, overlapTokens });
      checkProperties(messages, tokens, slices, sliceTokens, overlapTokens);
    }
  });

  it('keeps slices within the target size unless one unit alone exceeds it', () => {
    const { messages, tokens } = randomSession(7, 300, 900);
    const slices = sliceMessages(messages, tokens, { sliceTokens: 5000, overlapTokens: 500 });
    for (const slice of slices) {
      if (!slice.oversized)
        assert.ok(slice.tokens <= 5000, `slice ${slice.index} has ${slice.tokens} tokens`);
    }
    assert.ok(slices.length >= Math.ceil(sum(tokens, 0, tokens.length) / 5000));
  });

  it('never separates an assistant tool call from its tool results', () => {
    const [call, result] = toolExchange('bash', { command: 'npm test' }, 'ok');
    const messages = [user('go'), call, result, assistant('done')];
    const slices = sliceMessages(messages, [10, 10, 10, 10], { sliceTokens: 15, overlapTokens: 0 });
    assert.deepEqual(
      slices.map((slice) => [slice.start, slice.end]),
      [
        [0, 1],
        [1, 3],
        [3, 4],
      ],
    );
  });

  it('gives a message larger than a slice its own slice, marked oversized', () => {
    const messages = [user('a'), user('huge'), user('b')];
    const slices = sliceMessages(messages, [100, 50_000, 100], { sliceTokens: 1000, overlapTokens: 200 });
    const huge = slices.find((slice) => slice.start === 1);
    assert.ok(huge);
    assert.equal(huge.end, 2);
    assert.equal(huge.oversized, true);
    assert.equal(slices.filter((slice) => slice.oversized).length, 1);
  });

  it('repeats whole messages from the previous slice as overlap', () => {
    const messages = Array.from({ length: 10 }, (_, index) => user(`m${index}`));
    const slices = sliceMessages(messages, Array(10).fill(100), { sliceTokens: 400, overlapTokens: 200 });
    assert.deepEqual(
      slices.map((slice) => [slice.start, slice.end, slice.overlapTokens]),
      [
        [0, 4, 0],
        [2, 6, 200],
        [4, 8, 200],
        [6, 10, 200],
      ],
    );
  });

  it('handles tiny and empty inputs', () => {
    assert.deepEqual(sliceMessages([], [], { sliceTokens: 10, overlapTokens: 0 }), []);
    const one = sliceMessages([user('hi')], [1], { sliceTokens: 10, overlapTokens: 5 });
    assert.deepEqual(one, [{ index: 0, start: 0, end: 1, tokens: 1, overlapTokens: 0, oversized: false }]);
    const zeros = sliceMessages([user('a'), user('b')], [0, 0], { sliceTokens: 1, overlapTokens: 0 });
    assert.equal(zeros.at(-1)!.end, 2);
  });

  it('rejects options that cannot make progress, naming the flag', () => {
    assert.throws(
      () => validateSliceOptions({ sliceTokens: 0, overlapTokens: 0 }),
      (error: Error) => {
        return error instanceof InputError && error.message.includes('--slice-tokens');
      },
    );
    assert.throws(
      () => validateSliceOptions({ sliceTokens: 100, overlapTokens: 100 }),
      /--overlap-tokens \(100\) must be smaller than --slice-tokens \(100\)/,
    );
  });
});
