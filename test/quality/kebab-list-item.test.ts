/**
 * A kebab-case word that opens a clause after a comma and a clause of names alone is the next item of their list
 * (`auto_commit, golangci-lint test session`), a name, as a run of names with spaces between reads it (D62): an
 * identifier bag with two common words after each line states no check run by the `lint` of `golangci-lint`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';

const next: Probe = {
  id: 'next-step@189',
  kind: 'next-step',
  question: "What does the agent's task list say comes next?",
  answer: 'Next, by the agent\'s task list: "Run fmt, lint, and tests"',
  facets: [['Run fmt']],
  statement: 'Run fmt, lint, and tests',
  partialCredit: false,
  contradictions: [],
  source: 'derived',
};

const outcome = (text: string) => probeOutcome(createMatcher(text), next);
const lintIsName = (text: string) => meaningTerms(text).find((term) => term.term === 'lint')?.name;

describe('a kebab-case item of a list of names', () => {
  it('is a name after a comma and a clause of names, prose elsewhere', () => {
    assert.equal(lintIsName('early-returns, auto_commit, golangci-lint test session'), true);
    assert.equal(lintIsName('Ran the linter, golangci-lint found nothing'), false);
    assert.equal(lintIsName('golangci-lint test session'), false);
  });

  it('keeps no next step in a bag, the step said in prose still', () => {
    assert.equal(
      outcome(
        'early-returns, EventGitCommit, currentHeadHash, PrepareCommitMsgHandler, auto_commit, golangci-lint test session',
      ),
      'missed',
    );
    assert.equal(outcome('Next: run fmt, lint and tests.'), 'matched');
  });
});
