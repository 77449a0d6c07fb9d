/**
 * A fact stated and then denied by the next sentence, which points back at it ("…. This was not done.", "That is
 * false.", "None of this happened."): a contradiction, read literally (stanceAround) and in other words (the meaning
 * index's stance spans). A next sentence that says something of its own ("This was not done for the CLI yet.") denies
 * nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { stanceSpans } from '../../src/quality/stance.ts';
import { derivedProbe } from '../helpers/factories.ts';

const literal = derivedProbe('artifact', {
  facets: [['src/cache.ts'], ['redis']],
  statement: 'src/cache.ts now keeps sessions in Redis',
});
const worded = derivedProbe('decision', {
  facets: [['a phrase no summary here repeats']],
  statement: 'The team chose a token bucket for the rate limiter',
});
const outcome = (text: string, probe: typeof literal) => probeOutcome(createMatcher(text), probe);

describe('a fact denied by the sentence after it', () => {
  for (const denial of [
    'This was not done.',
    'That is false.',
    'None of this happened.',
    'It never happened.',
  ])
    it(`is contradicted by "${denial}"`, () => {
      assert.equal(outcome(`src/cache.ts now keeps sessions in Redis. ${denial}`, literal), 'contradicted');
      assert.equal(
        outcome(`We picked a token bucket for the rate limiter. ${denial}`, worded),
        'contradicted',
      );
    });

  it('is matched when the next sentence says something of its own, or denies nothing', () => {
    assert.equal(
      outcome('src/cache.ts now keeps sessions in Redis. This was not done for the CLI yet.', literal),
      'matched',
    );
    assert.equal(outcome('src/cache.ts now keeps sessions in Redis. Tests pass.', literal), 'matched');
    assert.equal(outcome('We picked a token bucket for the rate limiter. It works.', worded), 'matched');
  });

  // "It happened." and "That was done." affirm what they point back at; only "neither" and "none of this" make
  // "happened" or "was done" a denial.
  for (const affirmation of ['It happened.', 'That was done.', 'This is true.', 'It was done.'])
    it(`is matched when the next sentence affirms it: "${affirmation}"`, () => {
      assert.equal(outcome(`src/cache.ts now keeps sessions in Redis. ${affirmation}`, literal), 'matched');
      assert.equal(
        outcome(`We picked a token bucket for the rate limiter. ${affirmation}`, worded),
        'matched',
      );
    });

  it('marks the sentence before the denial denied, and only it', () => {
    const text = 'Tests pass. The cache moved to Redis. This was not done.';
    assert.deepEqual(
      stanceSpans(text).map((span) => [text.slice(span.start, span.end).trim(), span.stance]),
      [
        ['The cache moved to Redis.', 'denied'],
        ['This was not done.', 'denied'],
      ],
    );
  });
});
