/**
 * A file said not written (src/quality/artifact-denied.ts; issue 39, round s36 D148): an artifact is contradicted where
 * a sentence naming its file denies what it says of the file ("It is false that …", "… was not done", "The user never
 * asked for …"), puts it as still to do ("… is still to do", "Still to do: …"), or negates a write verb said of the
 * file ("was not changed", "did not touch"). A sentence that denies something else of the file, its commit or its
 * run, or another clause's matter, contradicts nothing; nor does a denial where the text keeps the file written
 * elsewhere.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { retryBudgetSession } from '../helpers/retry-budget-session.ts';

/** The live artifact probe of retry_budget.ts, as derived from the session that creates it. */
function budgetProbe(): Probe {
  const probe = deriveProbes(retryBudgetSession()).probes.find(
    (one) => one.kind === 'artifact' && one.live !== false && /retry_budget\.ts$/.test(one.file ?? ''),
  );
  assert.ok(probe, 'no live artifact probe of retry_budget.ts');
  return probe;
}

/** Asserts each text's outcome for a probe. */
function expectOutcomes(probe: Probe, expected: Record<string, string>) {
  for (const [text, want] of Object.entries(expected))
    assert.equal(probeOutcome(createMatcher(text), probe), want, text);
}

describe('a file said not written', () => {
  const budget = budgetProbe();

  it('is kept where a sentence says it written', () => {
    expectOutcomes(budget, { 'lib/http/retry_budget.ts adds a retry budget.': 'matched' });
  });

  it('is contradicted where a sentence naming it is denied whole or put off', () => {
    expectOutcomes(budget, {
      'It is false that lib/http/retry_budget.ts adds a retry budget.': 'contradicted',
      'lib/http/retry_budget.ts adds a retry budget was not done.': 'contradicted',
      'lib/http/retry_budget.ts adds a retry budget is still to do.': 'contradicted',
      'The user never asked for lib/http/retry_budget.ts to add a retry budget.': 'contradicted',
      'Still to do: lib/http/retry_budget.ts adds a retry budget.': 'contradicted',
      'It is false that retry_budget.ts was created.': 'contradicted',
    });
    // A predicate after a semicolon or a conjunction whose clause has a verb of its own, no subject there, is said of
    // the sentence (as stance.ts reads it); one with a noun phrase for its subject is said of that alone, and denies
    // no write of the file (the sentence, read denied whole by stance.ts, keeps nothing either).
    expectOutcomes(budget, {
      'lib/http/retry_budget.ts adds a retry budget; the caller is then switched over was not done.':
        'contradicted',
      'lib/http/retry_budget.ts adds a retry budget and a failure only logs a warning was not done.':
        'contradicted',
      'lib/http/retry_budget.ts adds a retry budget (the cap and the reset) is still to do.': 'contradicted',
      'lib/http/retry_budget.ts adds a retry budget; the docs were not written.': 'missed',
      'lib/http/retry_budget.ts adds a retry budget, and the dashboard tests are pending.': 'matched',
    });
  });

  it('is contradicted where a write verb said of the file is negated', () => {
    expectOutcomes(budget, {
      'retry_budget.ts was not changed.': 'contradicted',
      'We did not touch retry_budget.ts.': 'contradicted',
      'lib/http/retry_budget.ts has never been written.': 'contradicted',
    });
  });

  it('is not contradicted where the sentence denies something else of the file, or its commit', () => {
    expectOutcomes(budget, {
      'It is false that the tests of retry_budget.ts fail.': 'missed',
      'retry_budget.ts: the callers were not touched.': 'missed',
      'retry_budget.ts was not deleted.': 'missed',
      'lib/http/retry_budget.ts adds a retry budget (not yet pushed).': 'matched',
    });
    // The whole sentence is read denied by its "was not committed" (stance.ts), so it keeps nothing; it denies no write.
    expectOutcomes(budget, {
      'lib/http/retry_budget.ts adds a retry budget, which was not committed.': 'missed',
      'lib/http/retry_budget.ts adds a retry budget. It was not committed.': 'missed',
    });
  });

  it('is kept where the text keeps it outside the denial too', () => {
    expectOutcomes(budget, {
      'lib/http/retry_budget.ts adds a retry budget. Since the review retry_budget.ts was not changed.':
        'matched',
      'lib/http/retry_budget.ts adds a retry budget. Still to do: retry_budget.ts is touched by the docs pass.':
        'matched',
    });
  });
});
