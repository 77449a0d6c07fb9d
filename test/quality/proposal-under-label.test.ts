/**
 * What an approved proposal states (round s34, D142): a section that opens with "The problem …" states the problem,
 * not the proposal, and a bold heading that ends in a colon labels the line of prose under it, which is the point
 * ("**Your solution captures the right state:**" over "Check overlap before the prompt makes any changes"). On main
 * the statement was the two headings, which say nothing of what was decided.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agreementProbes } from '../../src/quality/derive/agreements.ts';
import { assistant, user } from '../helpers/factories.ts';

const proposal = (lines: readonly string[]) =>
  assistant(
    [
      'Ah yes, you are right, I missed that case.',
      '',
      ...lines,
      '',
      'Should I implement this approach?',
    ].join('\n'),
  );

describe('an approved proposal under labelling headings', () => {
  it('is stated by the line the heading labels, the problem section left out', () => {
    const [probe] = agreementProbes([
      user('Check the overlap when the prompt starts, not at the checkpoint.'),
      proposal([
        '**The problem with my approach:**',
        '```',
        'SaveChanges: overlap detected, continue on the old shadow branch',
        '```',
        "We would continue on the old session's branch even though its work was stashed.",
        '**Your solution captures the right state:**',
        '',
        'Record a reset flag in the session state **before** any file changes:',
        '```go',
        'state.ShouldResetShadowBranch = true',
        '```',
        '**This handles all scenarios correctly:**',
        '1. **Stash, then new work on the same files:** reset, then checkpoint',
      ]),
      user('yes'),
    ]);
    assert.equal(
      probe?.statement,
      'Proposed: Record a reset flag in the session state before any file changes; This handles all scenarios correctly',
    );
  });

  it('keeps a heading over a list, and a heading with no colon over prose', () => {
    const [probe] = agreementProbes([
      user('Fix the import cycle.'),
      proposal([
        '## Move the validators to the checkpoint package',
        '',
        'It breaks the cycle.',
        '1. Keep the ids in session',
      ]),
      user('yes'),
    ]);
    assert.equal(
      probe?.statement,
      'Proposed: Move the validators to the checkpoint package; Keep the ids in session',
    );
  });
});
