/**
 * The working loop of a session that keeps its plan as a checklist: ticking the plan's box for each piece of work is
 * a step of the loop (issue 39: pi's "per work package: `npm run check` until clean, tick its checkbox in
 * refactor.md, commit" had only two steps the loop read, so it gave no probe).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { routineProbe } from '../../src/quality/derive/routine.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

function run(name: string, args: Record<string, unknown>, output: string): Message[] {
  const call = toolCall(name, args);
  return [callsTools([call]), toolResult(call, output)];
}

/** One work package: the check, the plan's box ticked (or another edit), a commit. */
function workPackage(item: string, tick: boolean): Message[] {
  return [
    ...run('bash', { command: 'npm run check' }, 'Checked 231 files in 130ms. No fixes applied.'),
    ...run(
      'edit',
      {
        path: '/repo/docs/plan.md',
        oldText: `- [ ] ${item}\n- [ ] Verify with \`npm run check\``,
        newText: tick ? `- [x] ${item}\n- [x] Verify with \`npm run check\`` : `- [ ] ${item} (started)`,
      },
      'Successfully replaced text in /repo/docs/plan.md.',
    ),
    ...run('bash', { command: `git add -A && git commit -m "${item}"` }, `[main 1a2b3c4] ${item}`),
  ];
}

describe("a plan's box ticked for each piece of work", () => {
  it('is a step of the working loop, named by the plan file', () => {
    const messages = [
      user('Implement the plan in docs/plan.md one work package at a time.'),
      ...workPackage('Create bash-executor.ts', true),
      ...workPackage('Create AgentSession', true),
    ];
    const probe = routineProbe(toolRuns(messages))!;
    assert.equal(
      probe.statement,
      'For each piece of work: `npm run check`, tick its checkbox in plan.md, commit',
    );
    assert.deepEqual(probe.facets, [['npm run check']]);
  });

  it('is no step where an edit of the plan ticks nothing, and then two steps make no loop', () => {
    const messages = [
      user('Implement the plan in docs/plan.md one work package at a time.'),
      ...workPackage('Create bash-executor.ts', false),
      ...workPackage('Create AgentSession', false),
    ];
    assert.equal(routineProbe(toolRuns(messages)), undefined);
  });
});
