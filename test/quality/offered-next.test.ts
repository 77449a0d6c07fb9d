/**
 * The next step the agent handed back as an offer (issue 39, D135): the history ends on the agent's message, whose
 * last sentence offers the next piece of work ("**PR #91** next?", "Should I finish wiring up the flag, or leave
 * it?"). Nothing when the user answered, when the agent is still calling tools, or when the offer names nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { offeredNextProbes } from '../../src/quality/derive/offered-next.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, toolCall, user } from '../helpers/factories.ts';

const STACK = [
  user('Review the stacked PRs in order.'),
  assistant(
    'Stack 1:\n1. **PR #90** - add chunking\n2. **PR #91** - Move token usage calculation into agent logic',
  ),
  user('ok the comments on #90 are answered?'),
  assistant('Done. All review comments addressed.\n\nReady to merge. **PR #91** next?'),
];

/** The probe as the scorer reads it. */
function scored(messages: readonly Message[]) {
  const [probe, ...rest] = offeredNextProbes(messages);
  assert.equal(rest.length, 0);
  return {
    ...probe!,
    id: `next-step@${probe!.messageIndex}`,
    source: 'derived' as const,
    contradictions: [],
  };
}

describe("the next step the agent's closing offer names", () => {
  it('takes the unit a closing question names, with the subject of the title it was listed with', () => {
    const probe = scored(STACK);
    assert.equal(probe.kind, 'next-step');
    assert.equal(probe.messageIndex, 3);
    assert.equal(probe.statement, 'Next, once the user agrees: move on to PR #91');
    assert.deepEqual(probe.facets, [
      ['#91', 'PR #91', 'PR 91', 'pull request #91', 'pull request 91'],
      ['token usage', 'token usage calculation'],
    ]);
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(outcome('#90 is ready to merge; then #91 (token usage into agent logic).'), 'matched');
    assert.equal(outcome('Next: PR #91, moving token usage calculation into the agents.'), 'matched');
    assert.equal(outcome('#90 #91 chunking.go committed.go gemini.go'), 'missed');
    // The good note with its next step deleted keeps everything but it.
    assert.equal(outcome('#90 is ready to merge; all review comments on it are answered.'), 'missed');
    assert.equal(outcome('PR #91 (token usage) is done and merged.'), 'contradicted');
  });

  it('takes the first step an offer names, up to its alternative', () => {
    const probe = scored([
      user('How does it fail on a long transcript?'),
      assistant(
        'It fails cleanly. Should I finish wiring up the `--model` flag with `sonnet` as default, or leave the code as-is for now?',
      ),
    ]);
    assert.deepEqual(probe.facets, [['--model flag with sonnet']]);
    assert.equal(
      probe.statement,
      'Next, once the user agrees: finish wiring up the `--model` flag with `sonnet` as default, or leave the code as-is for now',
    );
  });

  it('takes a numbered unit the offer names as the step', () => {
    const probe = scored([
      user('Carry out the plan.'),
      assistant('WP14: Create main-new.ts and wire everything together.\n\nWP13 is done.'),
      user('go on'),
      assistant(
        'WP13 committed. Should I continue with WP14 now, or would you like to stop here and review?',
      ),
    ]);
    assert.equal(
      probe.statement,
      'Next, once the user agrees: continue with WP14 now, or would you like to stop here and review',
    );
    assert.deepEqual(probe.facets[0], ['WP14']);
    assert.equal(probe.facets.length, 2);
  });

  it('reads an offer the user answered, a turn still calling tools, or an offer naming nothing as no next step', () => {
    assert.deepEqual(offeredNextProbes([...STACK, user('yes go ahead')]), []);
    assert.deepEqual(
      offeredNextProbes([
        user('Fix it.'),
        callsTools([toolCall('Bash', { command: 'go test ./...' })], 'Running the tests. PR #91 next?'),
      ]),
      [],
    );
    assert.deepEqual(
      offeredNextProbes([user('Tidy it.'), assistant('That removes the map. Want me to make that change?')]),
      [],
    );
    assert.deepEqual(
      offeredNextProbes([user('Tidy it.'), assistant('Both work. Which approach would you prefer?')]),
      [],
    );
    assert.deepEqual(
      offeredNextProbes([user('Tidy it.'), assistant('All set. What should we tackle next?')]),
      [],
    );
  });
});
