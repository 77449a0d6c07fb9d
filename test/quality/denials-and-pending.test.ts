/**
 * Denials and pending states a summary writes of a live fact (issue 39, item 6): a check that ran said not run ("`npm
 * test`: not run", "was not run yet"), a request said never asked ("The user did not ask for …"), a list of commits
 * said to be only local together, and a veto credited only where the user's no is of the thing named; a commit or a
 * choice said reverted or dropped, a rule said lifted, a next step said done, "no commits yet" after a commit (D87).
 * Each is a contradiction, not a match; the true statements beside them stay kept, and a denial after a semicolon
 * reaches no further back.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { canonicalText, createMatcher } from '../../src/quality/match.ts';
import { statesOpposite } from '../../src/quality/opposite.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { refusedAfter } from '../../src/quality/refusal.ts';
import { retryBudgetSession } from '../helpers/retry-budget-session.ts';

const { probes } = deriveProbes(retryBudgetSession());

/** The live derived probe whose statement says `about`. */
function probeAbout(about: RegExp): Probe {
  const probe = probes.find(
    (candidate) => candidate.live !== false && about.test(`${candidate.statement ?? ''} ${candidate.answer}`),
  );
  assert.ok(
    probe,
    `no live probe states ${about}: ${probes.map((candidate) => candidate.answer).join(' | ')}`,
  );
  return probe;
}

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

/** Asserts each text's outcome for a probe. */
function expectOutcomes(probe: Probe, expected: Record<string, string>) {
  for (const [text, want] of Object.entries(expected)) assert.equal(outcome(probe, text), want, text);
}

describe('a check that ran, said not run', () => {
  const tests = probeAbout(/`npm test` was run last; it passed/);
  const typeCheck = probeAbout(/`npx tsc --noEmit` fails/);

  it('is contradicted, by its command with a label or a predicate, passing or failing', () => {
    expectOutcomes(tests, {
      'npm test passes (12 passed).': 'matched',
      'npm test: not run.': 'contradicted',
      'npm test was not run.': 'contradicted',
      'npm test (12 passed) was not run yet.': 'contradicted',
    });
    expectOutcomes(typeCheck, {
      'npx tsc --noEmit fails.': 'matched',
      'npx tsc --noEmit: fails with TS2304.': 'matched',
      'npx tsc --noEmit: not run yet.': 'contradicted',
    });
  });

  it('is not contradicted by another check said not run, nor by a run not repeated since', () => {
    expectOutcomes(tests, {
      'npm test: 12 passed. Lint: not run.': 'matched',
      'npm test passed (12 passed); npx tsc --noEmit: not run yet.': 'matched',
      'npm test: 12 passed, not run again since.': 'matched',
    });
    expectOutcomes(typeCheck, { 'npx tsc --noEmit fails; not run again since the edit.': 'matched' });
  });
});

describe('a request said never asked', () => {
  const task = probeAbout(/HTTP client/);
  const current = probeAbout(/current request/);

  it('is contradicted by "the user did not ask / never asked / nobody asked for" before it', () => {
    expectOutcomes(task, {
      'The user asked to add a retry budget to the HTTP client and to run the tests with npm test.':
        'matched',
      'The user did not ask for a retry budget in the HTTP client or for the tests with npm test.':
        'contradicted',
      'The user never asked to add a retry budget to the HTTP client or to run the tests with npm test.':
        'contradicted',
      'Nobody asked for a retry budget in the HTTP client or for the tests with npm test.': 'contradicted',
    });
    expectOutcomes(current, { 'The user did not ask to wire the budget into timeout.ts.': 'contradicted' });
  });

  it('reaches no further than its clause: what the user did ask for after a comma or a turn is kept', () => {
    expectOutcomes(task, {
      'The user did not ask for new tests, only to add a retry budget to the HTTP client and run the tests with npm test.':
        'matched',
      'Task: add a retry budget to the HTTP client (the user never asked for a rewrite), then run the tests with npm test.':
        'matched',
    });
    expectOutcomes(probeAbout(/new dependencies/), {
      'Do not add new dependencies; the user did not ask for any.': 'matched',
    });
  });
});

describe('a live error said fixed', () => {
  const error = probeAbout(/TS2304/);

  it('is contradicted where its name is said fixed, resolved or gone', () => {
    assert.equal(error.kind, 'error');
    expectOutcomes(error, {
      "npx tsc --noEmit fails with TS2304: Cannot find name 'RetryBudgetExceeded' in timeout.ts.": 'matched',
      "TS2304 (Cannot find name 'RetryBudgetExceeded') is fixed.": 'contradicted',
      "The TS2304 error Cannot find name 'RetryBudgetExceeded' was resolved.": 'contradicted',
      "Fixed TS2304: Cannot find name 'RetryBudgetExceeded' in timeout.ts.": 'contradicted',
      "TS2304 Cannot find name 'RetryBudgetExceeded' no longer occurs.": 'contradicted',
    });
  });

  it('is kept where the fix is not done, or is of something else', () => {
    expectOutcomes(error, {
      "Open error: TS2304 Cannot find name 'RetryBudgetExceeded' in timeout.ts; not fixed yet.": 'matched',
      "Fixed the import in client.ts, but TS2304: Cannot find name 'RetryBudgetExceeded' still fails in timeout.ts.":
        'matched',
      "TS2304 Cannot find name 'RetryBudgetExceeded' is still to be fixed.": 'matched',
      "The earlier TypeError was fixed; TS2304 Cannot find name 'RetryBudgetExceeded' is open.": 'matched',
      "Next: fix TS2304 Cannot find name 'RetryBudgetExceeded' in timeout.ts.": 'matched',
    });
  });

  it('is the truth of an error fixed before the cut (history), and of an authored probe', () => {
    const fixed = { ...error, live: false };
    const authored = { ...error, source: 'sidecar' as const };
    for (const probe of [fixed, authored])
      assert.equal(outcome(probe, "TS2304 (Cannot find name 'RetryBudgetExceeded') is fixed."), 'matched');
  });
});

describe('commits listed together', () => {
  const pushed = {
    subject: ['dbe5100'],
    said: ['committed locally'],
    within: 'sentences' as const,
    own: ['pushed'],
  };
  const says = (text: string) => statesOpposite(createMatcher(text), pushed);

  it('share what the sentence says after the list', () => {
    assert.equal(
      says('a0y.1 (commit dbe5100), a0y.2 (66e1a0a) and a0y.3 (f0b86dd) are closed and committed locally.'),
      true,
    );
    assert.equal(says('dbe5100 and 66e1a0a are committed locally.'), true);
  });

  it('do not share what is said of another commit after a word of its own', () => {
    assert.equal(says('dbe5100 is pushed, 66e1a0a is committed locally only.'), false);
    assert.equal(says('a0y.1 (dbe5100) pushed; a0y.2 (66e1a0a) committed locally.'), false);
  });
});

describe('a refusal told in prose after a mention', () => {
  /** Whether the user's no is read right after `thing` in `text`. */
  function refused(text: string, thing: string): boolean {
    const canonical = canonicalText(text);
    const end = canonical.indexOf(canonicalText(thing)) + canonicalText(thing).length;
    return refusedAfter(canonical, end);
  }

  it('refuses what the sentence named when it names nothing else', () => {
    assert.equal(refused('The agent offered to set gc.auto 0, but the user declined.', 'gc.auto 0'), true);
    assert.equal(
      refused('The agent offered to set gc.auto 0, but the user said no to it.', 'gc.auto 0'),
      true,
    );
    assert.equal(refused('Setting gc.auto 0 was offered (he said no)', 'gc.auto 0'), true);
    assert.equal(
      refused(
        'The agent offered gc.auto 0, but the user rejected the offer, saying it may hide the bug.',
        'gc.auto 0',
      ),
      true,
    );
  });

  it('refuses the other thing where the refusal names one', () => {
    assert.equal(
      refused(
        'We ran git read-tree HEAD to rebuild the index, but the user rejected the chmod -x change.',
        'read-tree HEAD',
      ),
      false,
    );
    assert.equal(refused('We set gc.auto 0, and the user declined a second worktree.', 'gc.auto 0'), false);
  });
});

describe('a check not run after a semicolon (D87)', () => {
  const tests = probeAbout(/`npm test` was run last; it passed/);

  it('denies only its own clause when it names a check of its own', () => {
    expectOutcomes(tests, {
      'npm test passes (12 passed); the e2e suite was not run.': 'matched',
      'npm test passes (12 passed); the integration tests were not run.': 'matched',
      'npm test: 12 passed; lint was not run.': 'matched',
      'npm test: 12 passed; `npm run lint` was not run yet.': 'matched',
    });
  });

  it('still denies what it points back to, or the check itself', () => {
    expectOutcomes(tests, {
      'npm test passes (12 passed); it was not run.': 'contradicted',
      'Lint passes; npm test (12 passed) was not run.': 'contradicted',
      'npm test passes (12 passed); that was not done.': 'contradicted',
    });
  });
});

describe('a commit or a choice said undone (D87)', () => {
  const commit = probeAbout(/Committed 1a2b3c4/);
  const decision = probeAbout(/token bucket/);

  it('is contradicted where it is said reverted, dropped or rejected', () => {
    expectOutcomes(commit, {
      'Commit 1a2b3c4 was reverted.': 'contradicted',
      'We reverted commit 1a2b3c4 (add a retry budget).': 'contradicted',
    });
    expectOutcomes(decision, {
      'We dropped the plan to use a token bucket instead of a fixed retry counter.': 'contradicted',
      'The plan to use a token bucket (instead of a fixed retry counter) was abandoned.': 'contradicted',
    });
  });

  it('is kept where another thing is undone, where the ruled-out way is rejected, or said in other words', () => {
    expectOutcomes(commit, {
      'Committed 1a2b3c4 (feat: add a retry budget to the HTTP client).': 'matched',
      'Committed 1a2b3c4; the timeout.ts change was reverted.': 'matched',
      'Commit 1a2b3c4 adds a retry budget; the lint fix was dropped.': 'matched',
    });
    expectOutcomes(decision, {
      'Use a token bucket instead of a fixed retry counter.': 'matched',
      'We use a token bucket; a fixed retry counter was rejected.': 'matched',
      'A token bucket replaces the fixed retry counter, since bursts should be allowed.': 'matched',
      'Use a token bucket instead of a fixed retry counter; the exponential backoff idea was rejected.':
        'matched',
    });
  });

  it('is the truth of a fact that is itself an undoing', () => {
    const reverted = { ...commit, answer: 'Reverted 1a2b3c4', statement: 'Commit 1a2b3c4 was reverted' };
    assert.equal(outcome(reverted, 'Commit 1a2b3c4 was reverted.'), 'matched');
  });
});

describe('a commit made, where the summary says nothing was committed (D87)', () => {
  const commit = probeAbout(/Committed 1a2b3c4/);

  it('is contradicted by a sentence or a bullet that says only that', () => {
    expectOutcomes(commit, {
      'No commits yet.': 'contradicted',
      'Nothing has been committed yet.': 'contradicted',
      '- No commits yet': 'contradicted',
      'Git: nothing committed so far.': 'contradicted',
      'Added the retry budget; tests pass. We have not committed anything yet.': 'contradicted',
    });
  });

  it('is kept where the sentence says something narrower, or of another thing', () => {
    expectOutcomes(commit, {
      'Commit 1a2b3c4 adds a retry budget; nothing has been committed since.': 'matched',
      'Commit 1a2b3c4 adds a retry budget. No commits since then.': 'matched',
      'Committed 1a2b3c4 (add a retry budget). timeout.ts: nothing committed yet.': 'matched',
      'Committed 1a2b3c4 (add a retry budget); no commits on the timeout branch yet.': 'matched',
    });
  });

  it('reads only a commit named by its hash', () => {
    assert.equal(outcome(probeAbout(/`npm test` was run last/), 'No commits yet.'), 'missed');
  });
});

describe('a rule said lifted (D87)', () => {
  const rule = probeAbout(/new dependencies/);

  it('is contradicted where the rule is said lifted or no longer to apply', () => {
    expectOutcomes(rule, {
      '"Do not add new dependencies" no longer applies.': 'contradicted',
      'The rule to not add new dependencies was lifted.': 'contradicted',
    });
  });

  it('is kept where it still applies, or where another rule is lifted', () => {
    expectOutcomes(rule, {
      'Do not add new dependencies.': 'matched',
      'Do not add new dependencies; the rule against editing docs/http.md no longer applies.': 'matched',
      'Do not add new dependencies (the user lifted the rule about the docs).': 'matched',
      'Do not add new dependencies. The rule against touching docs was lifted.': 'matched',
    });
  });
});

describe('a next step said done (D87)', () => {
  const next = probeAbout(/^Next: fix TS2304/);

  it('is contradicted where the step is said finished', () => {
    assert.equal(next.kind, 'next-step');
    expectOutcomes(next, {
      'Rerunning npx tsc is done.': 'contradicted',
      'Fixed TS2304; the rerun of npx tsc is complete.': 'contradicted',
    });
  });

  it('is kept where it is said next, and where other work is said done', () => {
    expectOutcomes(next, {
      'Next: fix TS2304 in timeout.ts, then run npx tsc again.': 'matched',
      'Next: fix TS2304, then rerun npx tsc until it passes.': 'matched',
      'Done: the retry budget; next: rerun npx tsc after the fix.': 'matched',
      'The retry budget is done. Next: fix TS2304, then run npx tsc again until it passes.': 'matched',
    });
  });
});
