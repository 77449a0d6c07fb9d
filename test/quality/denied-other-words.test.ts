/**
 * A fact stated in other words only where its sentence says it the other way is contradicted, not missed
 * (src/quality/denied-other-words.ts): denied, or done work put as still to do; a fact with a negation or a wait of
 * its own is read as before.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { facetProbe as probe } from '../helpers/factories.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { statedPlainly } from '../../src/quality/own-stance.ts';

const outcome = (text: string, tested: Probe) => probeOutcome(createMatcher(text), tested);

// The task as the user put it, said in other words ("opening a pull request" for "open a PR" is the matcher's).
const openPr = probe('task', [['open pull request', 'create pull request']]);
const testsPassed = probe('state', [['29 tests passed', '29 passed']], 'cargo test passes: 29 passed');
const notCommitted = probe(
  'state',
  [['not committed', 'uncommitted changes']],
  'The edits are not committed yet',
);
const proposedLayer = probe(
  'decision',
  [['design typing layer']],
  'Proposed: Design a typing layer over the client',
);

describe('a fact said the other way in other words', () => {
  it('keeps the task stated in other words, and contradicts it where each sentence denies it', () => {
    assert.equal(outcome('The user wants the agent to open a pull request for the fix.', openPr), 'matched');
    assert.equal(
      outcome('It is false that the user wants the agent to open a pull request for the fix.', openPr),
      'contradicted',
    );
    assert.equal(
      outcome('The user wants the agent to open a pull request for the fix was not done.', openPr),
      'contradicted',
    );
    // A denial of something else beside it says nothing of it.
    assert.equal(
      outcome('The user wants the agent to open a pull request. It is false that the tests pass.', openPr),
      'matched',
    );
  });

  it('contradicts done work put as still to do, not a wait of its own', () => {
    assert.equal(outcome('cargo test: all 29 tests passed.', testsPassed), 'matched');
    assert.equal(outcome('cargo test, all 29 tests passed, is still to do.', testsPassed), 'contradicted');
    assert.equal(outcome('Design the typing layer is still to do.', proposedLayer), 'matched');
  });

  it('puts the whole sentence off where its final wait has no subject of its own, done work only', () => {
    const checked = probe('state', [['npm run check', 'check passes', 'check passed']]);
    assert.equal(outcome('fmt ran, lint is clean, `npm run check` passes.', checked), 'matched');
    // The wait is said of a clause ("`npm run check` passes"), not of a noun phrase: the sentence is put off.
    assert.equal(
      outcome('fmt ran, lint is clean, `npm run check` passes is still to do.', checked),
      'contradicted',
    );
    assert.equal(outcome('`npm run check` ran, and lint is clean is still to do.', checked), 'contradicted');
    // A wait said of a noun phrase of its own puts off only that; a wait of the fact's own agrees with it.
    assert.equal(outcome('`npm run check` passes, but the manual test is still to do.', checked), 'matched');
    assert.equal(
      outcome('Design the typing layer, and pilot it on one module is still to do.', proposedLayer),
      'matched',
    );
  });

  it('reads a fact with a negation of its own as before', () => {
    assert.equal(statedPlainly(notCommitted), false);
    assert.equal(statedPlainly(testsPassed), true);
    assert.equal(outcome('The edits are not committed yet.', notCommitted), 'matched');
  });
});
