/**
 * A file's change said not done in other words (issue 39, item 6; round s23, D100): its doing negated in the past
 * ("were not switched", "did not switch", "never switched", "have not been switched") or said still to come ("not yet
 * switched", "still need to switch", "are yet to switch", "… is pending") contradicts the artifact where its clause
 * names the file and a word of the change; on main 20 of these 23 read kept, the file named and a word of the change
 * beside it (artifact-described.ts), and 3 missed. What the file now does said with a negation ("no longer blocks", "does not call … any
 * more"), a removal, a negation in a relative or a condition, and another doing's wait after a conjunction stay kept.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';
import { retryBudgetSession } from '../helpers/retry-budget-session.ts';

const SETTINGS = 'src/settings/teams/page.tsx';

/** A caller's edit with no words of its own, then the agent's list of changes saying what it did. */
function callerSession() {
  const edit = toolCall('edit', {
    path: SETTINGS,
    old_string: '<TeamSheet team={team} />',
    new_string: '<TeamSheet teamId={selectedTeamId} initialTeam={selectedTeamInitial} />',
  });
  return session([
    user('The team sheet should load its own data. Please rework it and its callers.'),
    callsTools([edit]),
    toolResult(edit, 'Edited.'),
    assistant(
      `Changes:\n- \`${SETTINGS}:21\` switch callers over to the new sheet API, keeping selected IDs in state.`,
    ),
  ]);
}

/** The live artifact probe of `file` in a session's derived probes. */
function artifactOf(probes: readonly Probe[], file: RegExp): Probe {
  const probe = probes.find(
    (one) => one.kind === 'artifact' && one.live !== false && file.test(one.file ?? ''),
  );
  assert.ok(probe, `no live artifact probe of ${file}`);
  return probe;
}

/** Asserts each text's outcome for a probe. */
function expectOutcomes(probe: Probe, expected: Record<string, string>) {
  for (const [text, want] of Object.entries(expected))
    assert.equal(probeOutcome(createMatcher(text), probe), want, text);
}

describe("a file's change said not done in other words", () => {
  const caller = artifactOf(deriveProbes(callerSession()).probes, /page\.tsx$/);
  const budget = artifactOf(deriveProbes(retryBudgetSession()).probes, /retry_budget\.ts$/);

  it('is the change the list says', () => {
    assert.deepEqual(caller.facets, [['page.tsx'], ['switch callers']]);
    assert.match(caller.statement ?? '', /switch callers over to the new sheet API/);
  });

  it('is contradicted by its doing negated in the past', () => {
    expectOutcomes(caller, {
      'page.tsx: the callers were not switched over to the new sheet API.': 'contradicted',
      'page.tsx: we did not switch callers over to the new sheet API.': 'contradicted',
      "page.tsx: the callers didn't switch over to the new sheet API.": 'contradicted',
      'page.tsx: the callers never switched over to the new sheet API.': 'contradicted',
      'page.tsx: the callers have not been switched over to the new sheet API.': 'contradicted',
      "page.tsx: we haven't switched the callers over to the new sheet API.": 'contradicted',
      'The callers in page.tsx were not switched over to the new sheet API.': 'contradicted',
      'We did not switch the callers of page.tsx over to the new sheet API.': 'contradicted',
      'In page.tsx, the callers were not switched over to the new sheet API.': 'contradicted',
    });
    expectOutcomes(budget, {
      'retry_budget.ts: the retry budget was not added.': 'contradicted',
      'retry_budget.ts: we did not add the retry budget.': 'contradicted',
      'retry_budget.ts never added a retry budget.': 'contradicted',
    });
  });

  it('is contradicted by its doing said still to come', () => {
    expectOutcomes(caller, {
      'page.tsx: the callers are not yet switched over to the new sheet API.': 'contradicted',
      'page.tsx: callers not yet switched over to the new sheet API.': 'contradicted',
      'page.tsx: the callers still need to switch over to the new sheet API.': 'contradicted',
      'page.tsx: the callers are yet to switch over to the new sheet API.': 'contradicted',
      'page.tsx: switching the callers over to the new sheet API is yet to be done.': 'contradicted',
      'page.tsx: switching the callers over to the new sheet API is pending.': 'contradicted',
      'page.tsx: switching callers over to the new sheet API is still to do.': 'contradicted',
    });
    expectOutcomes(budget, {
      'retry_budget.ts: the retry budget has not been added yet.': 'contradicted',
      'retry_budget.ts: the retry budget still needs to be added.': 'contradicted',
      'retry_budget.ts: adding the retry budget is pending.': 'contradicted',
      'retry_budget.ts: the retry budget is yet to be added.': 'contradicted',
    });
  });

  it('stays kept where a negation or a removal is what the file now does', () => {
    expectOutcomes(caller, {
      'page.tsx: switched the callers over to the new sheet API.': 'matched',
      'page.tsx (settings and dashboard): the callers now switch over to the new sheet API.': 'matched',
      'page.tsx no longer blocks on the lock; the callers switch over to the new sheet API.': 'matched',
      'page.tsx: the callers switch over to the new sheet API and no longer build the team by hand.':
        'matched',
      'page.tsx: the callers were switched over to the new sheet API; the old team prop was removed.':
        'matched',
      'page.tsx: the callers do not call the old API any more; they switch over to the new sheet API.':
        'matched',
      'page.tsx no longer switches callers by hand; it uses the new sheet API.': 'matched',
      'page.tsx: the callers were switched over to the new sheet API; they do not pass the team any more.':
        'matched',
    });
  });

  it('stays kept where the wait is another doing, or the negation sits in a relative or a condition', () => {
    expectOutcomes(caller, {
      'page.tsx: the callers switch over to the new sheet API, but the tests were not written yet.':
        'matched',
      'page.tsx: the callers switch over to the new sheet API and the dashboard tests are pending.':
        'matched',
      'page.tsx: the callers switch over to the new sheet API; tests still need to be written.': 'matched',
      'page.tsx: the callers switch over to the new sheet API, falling back when a team was not loaded.':
        'matched',
      'page.tsx: switched the callers that were not using the new sheet API over to it.': 'matched',
      'page.tsx: the callers were not switched again after the review; they use the new sheet API.':
        'matched',
      'page.tsx: the callers switch over to the new sheet API (not yet committed).': 'matched',
      'page.tsx: switched the callers over to the new sheet API, not yet committed.': 'matched',
      'page.tsx: the callers switch over to the new sheet API, which is not yet released.': 'matched',
    });
    expectOutcomes(budget, {
      'lib/http/retry_budget.ts adds a retry budget.': 'matched',
      'Tests for retry_budget.ts were not written yet; lib/http/retry_budget.ts adds a retry budget.':
        'matched',
      'retry_budget.ts adds a retry budget (was never deleted).': 'matched',
    });
  });

  it('reads a clause saying only that the file was not touched as not telling it, not as a contradiction', () => {
    expectOutcomes(caller, { 'page.tsx: the callers were not touched.': 'missed' });
  });

  it('is not read for a change whose own words hold a negation or a wait', () => {
    // The statement's wait is the change itself: a summary repeating it does not deny the change.
    const waiting = {
      ...caller,
      statement: 'page.tsx changed: callers still need to pass a team id; the sheet loads the rest',
    };
    assert.equal(
      probeOutcome(
        createMatcher('page.tsx: callers still need to pass a team id; the sheet loads the rest.'),
        waiting,
      ),
      'matched',
    );
  });
});
