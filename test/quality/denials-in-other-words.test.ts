/**
 * Denials told in other words than a fact's facets (issue 39, item 6; round s22, D93): a rule's topic said lifted,
 * allowed or no rule at all; a choice's pick said rejected or reverted, or the way it set aside gone back to; a file
 * said reverted, deleted or not written by its path alone; a next step's check said already rerun and passing; a
 * passing family of checks said not run or failing by the family's word ("the tests"). Each is a contradiction; the
 * true sentences beside them are not, nor is a run said not repeated since ("not run again after the edit").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { session, shellRun, user } from '../helpers/factories.ts';
import { retryBudgetSession } from '../helpers/retry-budget-session.ts';

const { probes } = deriveProbes(retryBudgetSession());

/** The live derived probe of a kind whose statement or answer says `about`. */
function probeAbout(kind: string, about: RegExp, from: readonly Probe[] = probes): Probe {
  const probe = from.find(
    (candidate) =>
      candidate.kind === kind &&
      candidate.live !== false &&
      about.test(`${candidate.statement ?? ''} ${candidate.answer}`),
  );
  assert.ok(probe, `no live ${kind} probe states ${about}: ${from.map((one) => one.answer).join(' | ')}`);
  return probe;
}

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

/** Asserts each text's outcome for a probe. */
function expectOutcomes(probe: Probe, expected: Record<string, string>) {
  for (const [text, want] of Object.entries(expected)) assert.equal(outcome(probe, text), want, text);
}

/** Asserts that no text contradicts a probe. */
function expectNotContradicted(probe: Probe, texts: readonly string[]) {
  for (const text of texts) assert.notEqual(outcome(probe, text), 'contradicted', text);
}

describe('a rule said lifted or allowed in other words', () => {
  const rule = probeAbout('constraint', /new dependencies/);

  it('is contradicted by its topic said lifted, allowed, no rule, or never ruled out', () => {
    expectOutcomes(rule, {
      'The no-new-dependencies rule no longer applies.': 'contradicted',
      'The rule against adding new dependencies was lifted.': 'contradicted',
      'New dependencies may be added freely.': 'contradicted',
      'Adding new dependencies is allowed now.': 'contradicted',
      'There is no rule against adding new dependencies.': 'contradicted',
      'There is no ban on new dependencies.': 'contradicted',
      'The user never said not to add new dependencies.': 'contradicted',
      'We are free to add new dependencies.': 'contradicted',
    });
  });

  it('is not contradicted where the rule holds, or where another rule is lifted or another thing allowed', () => {
    expectOutcomes(rule, {
      'The user said not to add new dependencies.': 'matched',
      'Do not add new dependencies; adding tests is allowed.': 'matched',
      'Do not add new dependencies (the rule on docs was lifted).': 'matched',
      'The user never said to add new dependencies; do not add any.': 'matched',
    });
    expectNotContradicted(rule, [
      'New dependencies may not be added.',
      'Adding new dependencies is not allowed.',
      'The rule against adding new dependencies still applies.',
      'There is a rule against adding new dependencies.',
      'The rule against adding new dependencies was not lifted.',
      "New dependencies may be added only with the user's approval.",
    ]);
  });
});

describe('a bare verb a rule forbids, its doing said fine', () => {
  const { probes: ruled } = deriveProbes(
    session([
      user(
        "Fix the lint errors in lib/http/client.ts and run npm run lint when done. Review each change, but don't commit.",
      ),
      ...shellRun('npm run lint', 'lib/http/client.ts: 0 problems'),
    ]),
  );
  const rule = probeAbout('constraint', /don't commit/, ruled);

  it('is contradicted by the doing, the subject of its clause, said fine or allowed', () => {
    expectOutcomes(rule, {
      'Committing on your own initiative is fine.': 'contradicted',
      'Committing is allowed now: the user said so.': 'contradicted',
      "Don't commit.": 'matched',
      'Committing is not fine.': 'matched',
    });
  });

  it('is not contradicted where a condition keeps the rule, or the doing is not the subject', () => {
    expectNotContradicted(rule, [
      'Committing is fine only when the user asks.',
      'The agent said committing is fine.',
    ]);
  });
});

describe('a choice reversed in other words', () => {
  const choice = probeAbout('decision', /token bucket/);

  it('is contradicted by its pick said rejected, reverted or replaced, or the way set aside gone back to', () => {
    expectOutcomes(choice, {
      'We went back to a fixed retry counter instead of a token bucket.': 'contradicted',
      'The token bucket was rejected in favour of a fixed retry counter.': 'contradicted',
      'We reverted the token bucket and use a fixed retry counter.': 'contradicted',
      'The token bucket was replaced by a fixed retry counter.': 'contradicted',
    });
  });

  it('is kept where the way set aside is rejected, or the reversal is denied or of another thing', () => {
    expectOutcomes(choice, {
      'The fixed retry counter was rejected in favour of a token bucket.': 'matched',
      'We did not go back to a fixed retry counter; we use a token bucket.': 'matched',
      'Use a token bucket instead of a fixed retry counter; the token bucket was not rejected.': 'matched',
      'We use a token bucket instead of a fixed retry counter; the old backoff was reverted.': 'matched',
    });
  });

  it('reads only its pick and the way set aside, not a facet that tells how it is done', () => {
    const detailed = {
      ...choice,
      statement: 'use a token bucket with a refill rate per second',
      facets: [['use a token bucket'], ['refill rate']],
    };
    expectNotContradicted(detailed, ['A request over the refill rate was rejected.']);
    assert.equal(outcome(detailed, 'The token bucket was rejected.'), 'contradicted');
  });
});

describe('a file said undone by its path alone', () => {
  const file = probeAbout('artifact', /retry_budget\.ts/);

  it('is contradicted where the path, the subject of its clause, is said reverted, deleted or not written', () => {
    expectOutcomes(file, {
      'We reverted retry_budget.ts.': 'contradicted',
      'lib/http/retry_budget.ts was deleted.': 'contradicted',
      'retry_budget.ts: not written yet.': 'contradicted',
      'It is false that retry_budget.ts adds a retry budget.': 'contradicted',
      'The file lib/http/retry_budget.ts was never written.': 'contradicted',
      '- retry_budget.ts: deleted': 'contradicted',
    });
  });

  it('is kept where another thing of the file, or another file, is undone', () => {
    expectOutcomes(file, {
      'Tests for retry_budget.ts were not written yet; lib/http/retry_budget.ts adds a retry budget.':
        'matched',
      'lib/http/retry_budget.ts adds a retry budget; it was not reverted.': 'matched',
      'We reverted timeout.ts; retry_budget.ts adds a retry budget.': 'matched',
      'retry_budget.ts adds a retry budget (was never deleted).': 'matched',
    });
    expectNotContradicted(file, ['retry_budget.ts: not added to git yet.']);
  });

  it('is the truth of a probe whose fact is the deletion', () => {
    const deleted = { ...file, answer: 'lib/http/retry_budget.ts: deleted', statement: undefined };
    assert.notEqual(outcome(deleted, 'lib/http/retry_budget.ts was deleted.'), 'contradicted');
  });
});

describe("a next step's check said already rerun and passing", () => {
  const next = probeAbout('next-step', /npx tsc/);

  it('is contradicted; the rerun before the step, failing, is not', () => {
    expectOutcomes(next, {
      'npx tsc was already rerun and passes.': 'contradicted',
      'npx tsc was already rerun after the edit: fails.': 'matched',
      'npx tsc was already rerun and still fails.': 'matched',
    });
  });
});

describe('a passing family of checks said not run or failing by its word', () => {
  const tests = probeAbout('state', /`npm test` was run last; it passed/);

  it('is contradicted by "the tests were not run", "the test suite was not run", "the tests fail"', () => {
    expectOutcomes(tests, {
      'The tests were not run.': 'contradicted',
      'The test suite was not run.': 'contradicted',
      'The tests fail.': 'contradicted',
    });
  });

  it('is not contradicted by a run not repeated since, or not run elsewhere', () => {
    expectOutcomes(tests, {
      'npm test passes (12 passed); the tests were not run again after the edit.': 'matched',
      'npm test: 12 passed; the tests were not run in CI.': 'matched',
      'npm test passes (12 passed); npm test was not run again after the edit.': 'matched',
    });
    expectNotContradicted(tests, ['The tests were not run again after the edit.']);
  });

  it('is read by the family word only where no run of the family failed', () => {
    const fixed = deriveProbes(
      session([
        user('Fix the failing test in lib/http/client.ts and run npm test.'),
        ...shellRun('npm test', 'FAIL test/client.test.ts\nTests: 1 failed, 11 passed, 12 total', true),
        ...shellRun('npm test', 'PASS test/client.test.ts\nTests: 12 passed, 12 total'),
      ]),
    ).probes;
    const state = probeAbout('state', /`npm test` was run last; it passed/, fixed);
    expectNotContradicted(state, ['The tests failed at first.', 'The tests fail.']);
    assert.equal(outcome(state, 'npm test fails.'), 'contradicted');
  });
});
