/**
 * How far the numbered task list has got (issue 39, explain's X21: "#1–#9, #11 and #12 are completed; #10 is the only
 * pending task"): one state probe, kept by a handoff that says the open item is open, not by one that only names it as
 * work to do, nor by the list's subjects or a path list.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { numberRanges, taskListProgressProbe } from '../../src/quality/derive/task-list-progress.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

/** A tool call and its result. */
function exchange(name: string, args: Record<string, unknown>, output: string): Message[] {
  const call = toolCall(name, args);
  return [callsTools([call]), toolResult(call, output)];
}

const SUBJECTS = [
  'Add summary types to checkpoint.go',
  'Create the summary generator',
  'Render the summary in explain output',
  'Move the summarize code into its own package',
  'Address the review feedback',
];

/** Five tasks made, four completed out of order, the fourth left open. */
const WORK: Message[] = [
  user('Add AI summaries to the explain command.'),
  ...SUBJECTS.flatMap((subject, at) =>
    exchange('TaskCreate', { subject }, `Task #${at + 1} created successfully: ${subject}`),
  ),
  ...['1', '2', '3', '5'].flatMap((taskId) =>
    exchange('TaskUpdate', { taskId, status: 'completed' }, `Updated task #${taskId} status`),
  ),
  ...exchange(
    'TaskList',
    {},
    SUBJECTS.map((subject, at) => `#${at + 1} [${at === 3 ? 'pending' : 'completed'}] ${subject}`).join('\n'),
  ),
  assistant('Status: 4/5 tasks completed and pushed. Shall we move on to the package refactor?'),
];

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe("the task list's progress", () => {
  it('writes numbers as ranges of three or more, and pairs as two items', () => {
    assert.equal(numberRanges([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12]), '#1–#9, #11 and #12');
    assert.equal(numberRanges([2, 1, 3, 5]), '#1–#3 and #5');
    assert.equal(numberRanges([4]), '#4');
  });

  it('is one live state probe: the done items by number, the open ones left to do', () => {
    const probe = taskListProgressProbe(WORK)!;
    assert.equal(probe.statement, 'Task list: #1–#3 and #5 done, #4 left to do');
    const derived = deriveProbes({ messages: WORK }).probes.find((each) =>
      each.statement?.startsWith('Task list:'),
    )!;
    assert.ok(derived, 'derived and kept by probes lint');
    assert.ok(isLive(derived));
    for (const kept of [
      'To-do list: #1 to #3 and #5 are finished, #4 is the only one still open.',
      'todos: #1-3, #5 done; ONLY #4 open.',
    ])
      assert.equal(outcome(derived, kept), 'matched', kept);
    for (const lost of [
      'Most to-do items are finished.',
      "Next: let's tackle #4, moving the summarize code into its own package.",
      SUBJECTS.join('\n'),
    ])
      assert.equal(outcome(derived, lost), 'missed', lost);
    assert.equal(outcome(derived, 'It is false that #1–#3 and #5 are done and #4 is left.'), 'contradicted');
  });

  it('has none for a list all done, all open but one, or of one or two items', () => {
    const allDone = [
      ...WORK,
      ...exchange('TaskUpdate', { taskId: '4', status: 'completed' }, 'Updated task #4 status'),
    ];
    assert.equal(taskListProgressProbe(allDone), undefined);
    const barelyStarted = WORK.slice(0, 1 + SUBJECTS.length * 2 + 2);
    assert.equal(taskListProgressProbe(barelyStarted), undefined);
    assert.equal(taskListProgressProbe(WORK.slice(0, 5)), undefined);
  });
});
