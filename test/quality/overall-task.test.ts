/**
 * The session's overall task (issue 39): the first request that says what is wanted is the goal even when the agent
 * answered it before working and the work came on the next request, and an exclamation before it does not open it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { taskProbes, userRequests } from '../../src/quality/derive/requests.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

const checkout = toolCall('bash', { command: 'gh pr checkout 89' });
const stacked: Message[] = [
  user('help! soph made a bunch of stacked PRs - help me do them in order'),
  assistant('Which one comes first?'),
  user("let's start with #89, check out his branch"),
  callsTools([checkout]),
  toolResult(checkout, "Switched to branch 'soph/do-not-truncate'"),
];

describe('the overall task', () => {
  it('is the first request that says what is wanted, though the work started on the next one', () => {
    const [task] = taskProbes(userRequests(stacked));
    assert.equal(task?.messageIndex, 0);
    assert.deepEqual(task?.facets, [['stacked PRs']]);
    assert.match(task!.statement ?? task!.answer, /stacked PRs/);
  });

  it('is none while the agent never worked, and a greeting is no task', () => {
    assert.deepEqual(taskProbes(userRequests(stacked.slice(0, 3))), []);
    const [task] = taskProbes(userRequests([user('hi!'), ...stacked.slice(2)]));
    assert.notEqual(task?.messageIndex, 0);
  });
});
