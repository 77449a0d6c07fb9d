/**
 * How stance.ts reads an occurrence's sentence, frame by frame, where the reading was made cheaper: the frames anchored
 * at their text's start (a denying opening, a "never asked" opening, a clause after the thing that says it lifted,
 * reverted or done) are tried without a look for their words first, and a pending heading ("Todo: …") is read at the
 * opening's last colon, on the few characters before it, not through the whole opening.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stanceAround } from '../../src/quality/stance.ts';

const THING = 'retry budget';

/** The stance of the first "retry budget" in a folded (lowercase) text. */
function stanceOf(text: string): string | undefined {
  const start = text.indexOf(THING);
  assert.ok(start >= 0, text);
  return stanceAround(text, start, start + THING.length);
}

describe('stance frames', () => {
  it('reads a pending heading at the opening’s last colon, its word edge and what follows it', () => {
    assert.equal(stanceOf('todo: retry budget'), 'pending');
    assert.equal(stanceOf('still to do: the retry budget and the cache'), 'pending');
    assert.equal(stanceOf('not yet done yet   : retry budget'), 'pending');
    assert.equal(stanceOf('NOT YET DONE YET: retry budget'), 'pending');
    // Far from the opening's start, after a colon of its own.
    assert.equal(
      stanceOf(
        'the notes for the release of the service, written after the review on monday: remaining: retry budget',
      ),
      'pending',
    );
    // The longest heading, and a word that ends in it, far from the opening's start: read on its characters and the
    // one before them.
    const notes = 'the notes for the release of the service, written after the review on monday, say';
    assert.equal(stanceOf(`${notes} not yet done yet: retry budget`), 'pending');
    assert.equal(stanceOf(`${notes} xnot yet done yet: retry budget`), undefined);
    assert.equal(stanceOf(`${notes}_todo: retry budget`), undefined);
    // A word that only ends in a heading's word; a later colon whose words are no heading; a sentence mark after it.
    assert.equal(stanceOf('xtodo: retry budget'), undefined);
    assert.equal(stanceOf('todo: fix: retry budget'), undefined);
    assert.equal(stanceOf('pending: v1.2 retry budget'), undefined);
    assert.equal(stanceOf('remaining items retry budget'), undefined);
  });

  it('reads the frames anchored at their text’s start where they open it, and nowhere else', () => {
    assert.equal(stanceOf('it is false that the retry budget was added.'), 'denied');
    assert.equal(stanceOf('we said it is false that the retry budget was added.'), undefined);
    assert.equal(stanceOf('the user did not ask for the retry budget.'), 'denied');
    assert.equal(stanceOf('the user did not ask for the cache, only the retry budget.'), undefined);
    assert.equal(stanceOf('the rule on the retry budget was lifted.'), 'lifted');
    assert.equal(stanceOf('the retry budget no longer applies.'), 'lifted');
    assert.equal(stanceOf('the retry budget (1a2b3c4) was since dropped.'), 'reversed');
    assert.equal(stanceOf('we reverted the retry budget'), 'reversed');
    assert.equal(stanceOf('the retry budget is done.'), 'done');
    assert.equal(stanceOf('the retry budget, which the tests check, is done.'), undefined);
    assert.equal(stanceOf('we added the retry budget. this was not done.'), 'denied');
    assert.equal(stanceOf('we added the retry budget. this was the plan.'), undefined);
  });
});
