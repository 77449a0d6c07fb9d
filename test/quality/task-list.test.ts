/**
 * Claude Code's task tools as the agent's plan (issue 39): TaskCreate and TaskUpdate build the list, TaskList's print
 * is what it is (a subagent's updates are out of sight), and its pending item is the next step across prompts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planProbes } from '../../src/quality/derive/plans.ts';
import { taskList } from '../../src/quality/derive/task-list.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

/** A tool call and its result. */
function exchange(name: string, args: Record<string, unknown>, output: string): Message[] {
  const call = toolCall(name, args);
  return [callsTools([call]), toolResult(call, output)];
}

const create = (subject: string, id: number) =>
  exchange('TaskCreate', { subject, description: subject }, `Task #${id} created successfully: ${subject}`);
const update = (taskId: string, status: string) =>
  exchange('TaskUpdate', { taskId, status }, `Updated task #${taskId} status`);

describe('the task list', () => {
  const built: Message[] = [
    user('Add AI summaries to the explain command.'),
    ...create('Add summary types to checkpoint.go', 1),
    ...create('Render the summary in explain output', 2),
    ...create('Move the summarize code into its own package', 3),
    ...update('1', 'completed'),
    ...update('2', 'in_progress'),
  ];

  it('is built from TaskCreate and TaskUpdate, and its item in progress is the next step', () => {
    const list = taskList(built)!;
    assert.deepEqual(
      list.items.map((item) => [item.id, item.status]),
      [
        ['1', 'completed'],
        ['2', 'in_progress'],
        ['3', 'pending'],
      ],
    );
    assert.equal(planProbes({ messages: built })[0]?.statement, 'Render the summary in explain output');
  });

  it("takes TaskList's print as the list, and keeps a pending item the next step after a new prompt", () => {
    const messages: Message[] = [
      ...built,
      ...exchange(
        'TaskList',
        {},
        '#1 [completed] Add summary types to checkpoint.go\n#2 [completed] Render the summary in explain output\n#3 [pending] Move the summarize code into its own package',
      ),
      user('Now merge the text-output branch into this one.'),
    ];
    assert.equal(planProbes({ messages })[0]?.statement, 'Move the summarize code into its own package');
    assert.equal(taskList([user('Hello.')]), undefined);
    const done = [...messages, ...update('3', 'completed')];
    assert.deepEqual(planProbes({ messages: done }), []);
  });
});
