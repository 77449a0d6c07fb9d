/**
 * A file the agent wrote as a copy of the user's own message restates the request (docs/derived-probes.md): its
 * artifact probe says nothing of the agent's work, so it is left out; a file of the agent's own words, or a copy the
 * agent went on to edit, keeps its probe.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, editRun, session, toolExchange, user } from '../helpers/factories.ts';

const PLAN = [
  '# Retry Budget - Implementation Plan',
  '## Context',
  'Requests to the billing service fail under load and the client gives up after the first error.',
  '## Steps',
  '1. Add a RetryBudget type in src/retry/budget.ts holding attempts and the backoff base.',
  '2. Wrap every billing call in withRetry, spending one attempt per failed request.',
  '3. Stop retrying once the budget is spent and surface the last error to the caller.',
  '4. Cover the budget with unit tests for spent, reset and jittered backoff.',
].join('\n');

/** The user's plan, the agent's work on it, then the plan (or other words) written to `file`. */
function planSession(written: string, file = 'notes/RETRY_PLAN.md', after: Message[] = []): Message[] {
  return [
    user(`Implement the following plan:\n\n${PLAN}`),
    ...editRun('src/retry/budget.ts', 'Added RetryBudget with attempts and backoff base.'),
    assistant('The retry budget is in src/retry/budget.ts and every billing call goes through withRetry.'),
    user("Write the plan to a temporary plan file, don't commit."),
    ...toolExchange('write', { path: file, content: written }, `Wrote ${file}.`),
    assistant(`The plan is in ${file}.`),
    ...after,
  ];
}

/** The files of the artifact probes derived at the end. */
const artifactFiles = (messages: Message[]) =>
  deriveProbes(session(messages))
    .probes.filter((probe) => probe.kind === 'artifact')
    .map((probe) => probe.file);

describe('a file written as a copy of the user’s message', () => {
  it('gets no artifact probe: it restates the request', () => {
    assert.ok(!artifactFiles(planSession(PLAN)).includes('notes/RETRY_PLAN.md'));
  });

  it('is no copy when it holds the agent’s own words, or when the agent edited it after', () => {
    const own = [
      '# Retry budget: what was built',
      'RetryBudget in src/retry/budget.ts counts the attempts left for each billing request.',
      'withRetry spends one attempt per failure and waits a jittered backoff between attempts.',
      'A spent budget surfaces the last error; the caller decides whether to queue the request.',
      'Still open: the unit tests for reset and for the jitter bounds are not written yet.',
    ].join('\n');
    assert.ok(artifactFiles(planSession(own)).includes('notes/RETRY_PLAN.md'));
    const edited = planSession(PLAN, 'notes/RETRY_PLAN.md', [
      ...editRun('notes/RETRY_PLAN.md', 'Marked step 1 and step 2 done in the plan.'),
    ]);
    assert.ok(artifactFiles(edited).includes('notes/RETRY_PLAN.md'));
  });
});
