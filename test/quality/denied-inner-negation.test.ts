/**
 * A fact that is itself a negation ("The edits … are not committed yet"), stated and then said not done ("… was not
 * done"), is denied: the sentence's denial is its stance (stance.ts), and its "was not" no longer reaches back over
 * the copula to deny the inner negation's words a second time (meaning.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';

const uncommitted: Probe = {
  id: 'state@209',
  kind: 'state',
  check: 'git commit',
  question: "Which of the agent's edits are not committed yet?",
  answer:
    'The edits since the last commit (5dffb3a) are not committed yet: shadow_branch_overlap_test.go, manual_commit.go (2 files).',
  facets: [
    [
      'are uncommitted',
      'is uncommitted',
      'still uncommitted',
      'uncommitted changes',
      'uncommitted edits',
      'not yet committed',
      'nothing committed',
      'nothing has been committed',
      'not staged for commit',
      'changes to be committed',
    ],
  ],
  statement: 'The edits since the last commit (5dffb3a) are not committed yet',
  contradictions: [],
  source: 'derived',
};

const outcome = (text: string) => probeOutcome(createMatcher(text), uncommitted);
const negated = (text: string, word: string) =>
  meaningTerms(text).find((term) => term.term === meaningTerms(word)[0]!.term)?.negated;

describe('a negative fact said not done', () => {
  it('reads the inner negation turned round by the denial', () => {
    assert.equal(negated('The edits are not committed yet was not done.', 'committed'), false);
    assert.equal(negated('The edits are not committed yet.', 'committed'), true);
    // Without an inner negation the denial still denies the fact's words.
    assert.equal(negated('The edits are committed was not done.', 'committed'), true);
  });

  it('keeps the fact stated, contradicts it said not done or false', () => {
    assert.equal(outcome('The edits since the last commit (5dffb3a) are not committed yet.'), 'matched');
    assert.equal(
      outcome('The edits since the last commit (5dffb3a) are not committed yet was not done.'),
      'contradicted',
    );
    assert.equal(
      outcome('It is false that the edits since the last commit (5dffb3a) are not committed yet.'),
      'contradicted',
    );
  });
});
