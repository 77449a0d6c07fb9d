/**
 * A state of done work said not done or still to come is a contradiction (issue 39, item 6; round s23, D101): a
 * commit made, a commit pushed, a check passed, a build green, said "did not add", "was not committed", "never
 * passed", "has not been pushed", "still needs to be pushed", "is still pending". On main the commit's hash, or its
 * "commit <hash>" spelling, kept the state beside a denied doing ("Commit 1a2b3c4 did not add a retry budget") or a
 * wait ("… (1a2b3c4) is still pending", "1a2b3c4 still needs to be pushed"). The state as it is, a state whose own
 * fact is a negation or a wait, a present negation, a wait of another doing, and a wait said before the state was
 * reached stay kept.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes, toProbes } from '../../src/quality/derive/derive.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { verificationProbes } from '../../src/quality/derive/verification.ts';
import { workProbes } from '../../src/quality/derive/work-probes.ts';
import { workState } from '../../src/quality/derive/work-state.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, shellRun, user } from '../helpers/factories.ts';
import { retryBudgetSession } from '../helpers/retry-budget-session.ts';

/** The state probes derivation drafts from a history: where its work stands, and its checks' last runs. */
function stateProbes(messages: Message[]): Probe[] {
  const runs = toolRuns(messages);
  return toProbes(
    [...workProbes(workState(runs, []), messages, messages.length), ...verificationProbes(runs)],
    'derived',
  );
}

/** A session that runs its tests and its build, commits and pushes. */
const shipped = stateProbes([
  user('Add a retry budget to the HTTP client, run the tests and the build, commit it and push the branch.'),
  ...shellRun('mix test', '40 tests, 0 failures'),
  ...shellRun('npm run build', 'Build succeeded.'),
  ...shellRun(
    'git add lib/retry.ex && git commit -m "feat: add the retry budget"',
    '[feat/retry 1a2b3c4] feat: add the retry budget\n 1 file changed, 40 insertions(+)',
  ),
  ...shellRun('git push origin feat/retry', '   0a1b2c3..1a2b3c4  feat/retry -> feat/retry'),
  assistant('Committed and pushed.'),
]);

/** The live state probe whose answer says `about`. */
function stateAbout(probes: readonly Probe[], about: RegExp): Probe {
  const probe = probes.find((one) => one.kind === 'state' && one.live !== false && about.test(one.answer));
  assert.ok(probe, `no live state probe says ${about}: ${probes.map((one) => one.answer).join(' | ')}`);
  return probe;
}

/** Asserts each text's outcome for a probe. */
function expectOutcomes(probe: Probe, expected: Record<string, string>) {
  for (const [text, want] of Object.entries(expected))
    assert.equal(probeOutcome(createMatcher(text), probe), want, text);
}

describe('a state of done work said not done or still to come', () => {
  const commit = stateAbout(deriveProbes(retryBudgetSession()).probes, /^Committed 1a2b3c4/);
  const pushed = stateAbout(shipped, /1a2b3c4.*pushed/);
  const tests = stateAbout(shipped, /mix test/);
  const build = stateAbout(shipped, /npm run build/);

  it('is the states the sessions reached', () => {
    assert.deepEqual(commit.facets[0], ['1a2b3c4']);
    assert.ok(commit.facets[1]?.includes('add a retry budget'));
    assert.ok(commit.facets[1]?.includes('commit 1a2b3c4'));
    assert.match(pushed.answer, /pushed to origin\/feat\/retry/);
    assert.match(tests.answer, /passed: 40 tests, 0 failures/);
    assert.match(build.answer, /passed/);
  });

  it('is contradicted where the doing is denied beside the hash that names it', () => {
    expectOutcomes(commit, {
      'Commit 1a2b3c4 did not add a retry budget.': 'contradicted',
      "Commit 1a2b3c4 didn't add a retry budget.": 'contradicted',
      'We did not commit 1a2b3c4 to add a retry budget.': 'contradicted',
      'Commit 1a2b3c4 never added a retry budget.': 'contradicted',
      'Commit 1a2b3c4 (add a retry budget) was never committed.': 'contradicted',
      'The commit 1a2b3c4 (add a retry budget) was not made.': 'contradicted',
    });
    expectOutcomes(pushed, {
      'Commit 1a2b3c4 did not add the retry budget.': 'contradicted',
      'Commit 1a2b3c4 has not been pushed.': 'contradicted',
      'The retry budget was not committed.': 'contradicted',
    });
  });

  it('is contradicted where the doing is said still to come', () => {
    expectOutcomes(commit, {
      'Adding a retry budget (1a2b3c4) is still pending.': 'contradicted',
      'Adding a retry budget (1a2b3c4) is pending.': 'contradicted',
    });
    expectOutcomes(pushed, {
      'Commit 1a2b3c4 still needs to be pushed.': 'contradicted',
      'Commit 1a2b3c4 (the retry budget) has yet to be pushed.': 'contradicted',
      'Commit 1a2b3c4 is not yet pushed to feat/retry.': 'contradicted',
      'Pushing 1a2b3c4 to feat/retry is pending.': 'contradicted',
      'We still need to push commit 1a2b3c4, which adds the retry budget.': 'contradicted',
      'Adding the retry budget (1a2b3c4) is still pending.': 'contradicted',
    });
  });

  it('is contradicted where a check is said never passed or still to run', () => {
    expectOutcomes(tests, {
      'mix test never passed.': 'contradicted',
      '40 tests never passed.': 'contradicted',
    });
    expectOutcomes(build, {
      'npm run build did not pass.': 'contradicted',
      'The build never passed.': 'contradicted',
      'npm run build still needs to be run.': 'contradicted',
      'We still need to run npm run build.': 'contradicted',
      'npm run build has not been run yet.': 'contradicted',
      'Running npm run build is still pending.': 'contradicted',
    });
  });

  it('stays kept as it is, and beside a present negation or another doing’s wait', () => {
    expectOutcomes(commit, {
      'Committed 1a2b3c4: add a retry budget.': 'matched',
      'Commit 1a2b3c4 adds a retry budget; the docs were not updated.': 'matched',
      'Nothing left to commit; 1a2b3c4 added a retry budget.': 'matched',
      'Commit 1a2b3c4 adds a retry budget and does not touch the timeout.': 'matched',
      'Commit 1a2b3c4 did not change the API; it adds a retry budget.': 'matched',
      'The bug never reproduced after commit 1a2b3c4, which adds a retry budget.': 'matched',
    });
    expectOutcomes(pushed, {
      'Commit 1a2b3c4 adds the retry budget, pushed to origin/feat/retry.': 'matched',
      'Nothing left to commit: 1a2b3c4 adds the retry budget, pushed to origin/feat/retry.': 'matched',
      'Commit 1a2b3c4 adds the retry budget, pushed; the docs still need to be written.': 'matched',
      'Commit 1a2b3c4 adds the retry budget (pushed, not yet released).': 'matched',
      'We still need to update the docs for commit 1a2b3c4, which adds the retry budget, pushed to origin/feat/retry.':
        'matched',
    });
    expectOutcomes(tests, { 'No tests fail: 40 tests, 0 failures.': 'matched' });
    expectOutcomes(build, { 'Build passed: npm run build.': 'matched' });
  });

  it('stays kept where a wait said before the state was reached is followed by the state', () => {
    // An agent says "still need to push" before it pushes: its transcript states the state after the wait.
    expectOutcomes(pushed, {
      'Commit 1a2b3c4 still needs to be pushed. Pushed: commit 1a2b3c4 adds the retry budget, pushed to origin/feat/retry.':
        'matched',
      'We still needed to push. Commit 1a2b3c4 added the retry budget and was pushed to origin/feat/retry.':
        'matched',
    });
    expectOutcomes(commit, {
      'Adding a retry budget is still pending. Committed 1a2b3c4: add a retry budget.': 'matched',
    });
  });

  it('is not read for a state whose own fact is a thing not done', () => {
    // The state's own words are the wait: a summary repeating them states it.
    const uncommitted = {
      ...pushed,
      answer: 'The edits since the last commit (1a2b3c4) are not committed yet',
      statement: 'The edits since the last commit (1a2b3c4) are not committed yet',
      facets: [['1a2b3c4'], ['not committed yet', 'uncommitted edits', 'still uncommitted']],
    };
    expectOutcomes(uncommitted, {
      'The edits since the last commit (1a2b3c4) are not committed yet.': 'matched',
      'Uncommitted edits since 1a2b3c4: still uncommitted.': 'matched',
    });
  });
});
