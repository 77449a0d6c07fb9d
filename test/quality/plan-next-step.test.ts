/**
 * The next step as the agent's own plan names it (issue 23): the item in progress on its to-do list, or the next
 * part of a checklist file it ticks off, while the plan is followed; scored so that a handoff naming the next step
 * in its own words keeps it and a path list, an identifier bag or an empty summary does not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes, draftProbes } from '../../src/quality/derive/derive.ts';
import { planProbes } from '../../src/quality/derive/plans.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome, scoreProbes } from '../../src/quality/probe-recall.ts';
import { contentText, type FileOperation, type Message } from '../../src/session/types.ts';
import { callsTools, session as sessionOf, toolCall, toolResult, user } from '../helpers/factories.ts';

const todos = (items: Array<[string, string]>) =>
  toolCall('TodoWrite', {
    todos: items.map(([content, status]) => ({ content, status, activeForm: content })),
  });

describe('the next step from a to-do list', () => {
  it('is the item in progress on the latest list, else its first pending one, none once all are done', () => {
    const first = todos([
      ['Port the string helpers', 'completed'],
      ['Port the math helpers', 'in_progress'],
      ['Delete the Python sources', 'pending'],
    ]);
    const messages: Message[] = [
      user('Port this Python library to a standalone Rust crate, then remove the Python sources.'),
      callsTools([first]),
      toolResult(first, 'ok'),
    ];
    const [probe] = planProbes({ messages });
    assert.equal(probe?.kind, 'next-step');
    assert.equal(probe?.statement, 'Port the math helpers');
    assert.equal(probe?.messageIndex, 1);

    const pending = todos([
      ['Port the math helpers', 'completed'],
      ['Delete the Python sources', 'pending'],
    ]);
    assert.equal(
      planProbes({ messages: [...messages, callsTools([pending])] })[0]?.statement,
      'Delete the Python sources',
    );
    const done = todos([['Delete the Python sources', 'completed']]);
    assert.deepEqual(planProbes({ messages: [...messages, callsTools([done])] }), []);
  });

  it("is kept where the user's own words state it, earning nothing in part: the user's messages copied verbatim keep it", () => {
    const list = todos([
      ['Port the math helpers', 'completed'],
      ['Delete the Python source files', 'in_progress'],
    ]);
    const session = (request: string) =>
      sessionOf([user(request), callsTools([list]), toolResult(list, 'ok')]);
    const planned = (request: string) =>
      draftProbes(session(request)).filter((probe) => probe.question.includes("agent's to-do list"));
    // A true fact is kept however a cheap trick fares on it: the headline weighs each kind the same instead.
    const stated = planned(
      'Port this Python project to Rust. Delete all the Python source files when you are done.',
    );
    assert.deepEqual(
      stated.map((probe) => [probe.statement, probe.partialCredit]),
      [['Delete the Python source files', false]],
    );
    assert.equal(
      planned('Port this Python project to Rust, with tests for every module.')[0]?.statement,
      'Delete the Python source files',
    );
  });

  it("reads Codex's update_plan the same way", () => {
    const plan = toolCall('update_plan', {
      plan: [
        { step: 'Add the retry budget', status: 'completed' },
        { step: 'Add jitter to the backoff', status: 'in_progress' },
      ],
    });
    assert.equal(
      planProbes({ messages: [user('Make retries configurable.'), callsTools([plan])] })[0]?.statement,
      'Add jitter to the backoff',
    );
  });

  it('is not the next step once the user has written since: a prompt may set other work', () => {
    const list = todos([['Delete the Python sources', 'in_progress']]);
    const messages: Message[] = [
      user('Port this Python library to Rust.'),
      callsTools([list]),
      user('Stop there: the docs are broken, fix the README first.'),
    ];
    assert.deepEqual(planProbes({ messages }), []);
  });
});

const PLAN = [
  '# Refactor plan',
  '',
  '### WP1: Extract the bash executor',
  '> One streaming bash runner for every mode.',
  '- [ ] Create `src/core/bash-executor.ts`',
  '- [ ] Verify with `npm run check`',
  '',
  '### WP2: Create InteractiveMode using AgentSession',
  '> Create a new interactive mode class that uses AgentSession.',
  '',
  '```bash',
  '# Run the new mode',
  '- [x] not an item: inside a fence',
  '```',
  '- [ ] Copy tui-renderer.ts to modes/interactive',
  '- [ ] Verify with `npm run check`',
].join('\n');

/** The agent writes the plan, then ticks WP1's items one edit at a time. */
function checklistSession(ticks: number, promptAfter = false) {
  const write = toolCall('write', { path: '/repo/docs/plan.md', content: PLAN });
  const messages: Message[] = [
    user('Write a plan in docs/plan.md, then work through it.'),
    callsTools([write]),
  ];
  const operations: FileOperation[] = [
    { kind: 'write', path: '/repo/docs/plan.md', tool: 'write', toolCallId: write.id, messageIndex: 1 },
  ];
  const items = [
    'Create `src/core/bash-executor.ts`',
    'Verify with `npm run check`',
    'Copy tui-renderer.ts to modes/interactive',
  ];
  for (const item of items.slice(0, ticks)) {
    const tick = toolCall('edit', {
      path: '/repo/docs/plan.md',
      oldText: `- [ ] ${item}`,
      newText: `- [x] ${item}`,
    });
    operations.push({
      kind: 'edit',
      path: '/repo/docs/plan.md',
      tool: 'edit',
      toolCallId: tick.id,
      messageIndex: messages.length,
    });
    messages.push(callsTools([tick]), toolResult(tick, 'ok'));
  }
  if (promptAfter) messages.push(user('Now something else: the README is out of date.'));
  return sessionOf(messages, { fileOperations: operations, cwd: '/repo' });
}

/** The same session, the agent then reading part of its plan again. */
function readAfter(ticks: number) {
  const session = checklistSession(ticks);
  const read = toolCall('read', { path: '/repo/docs/plan.md', offset: 8, limit: 10 });
  const operation: FileOperation = {
    kind: 'read',
    path: '/repo/docs/plan.md',
    tool: 'read',
    toolCallId: read.id,
    messageIndex: session.messages.length,
  };
  return sessionOf(
    [...session.messages, callsTools([read]), toolResult(read, PLAN.split('\n').slice(8).join('\n'))],
    {
      fileOperations: [...session.fileOperations, operation],
      cwd: '/repo',
    },
  );
}

describe('the next step from a checklist file', () => {
  it('is the next heading whose items are all open after the last ticked one, with the line that says what it is for', () => {
    const [probe] = planProbes(checklistSession(2));
    assert.equal(
      probe?.statement,
      'WP2: Create InteractiveMode using AgentSession: Create a new interactive mode class that uses AgentSession.',
    );
    assert.equal(probe?.messageIndex, 4, 'where the plan was last ticked');
    assert.match(probe!.question, /checklist docs\/plan\.md/);
    assert.deepEqual(
      planProbes(readAfter(2)),
      [probe],
      'a read of the plan after its last tick changes nothing',
    );
  });

  it('is the next open item where no part after the last ticked one is untouched', () => {
    assert.equal(planProbes(checklistSession(3))[0]?.statement, 'Verify with `npm run check`');
  });

  it('names nothing before any item is ticked, or once the user has written since', () => {
    assert.deepEqual(planProbes(checklistSession(0)), [], 'a plan not yet worked through');
    assert.deepEqual(planProbes(checklistSession(2, true)), []);
  });

  it('is derived as a live next step that a handoff in its own words keeps and cheap tricks do not', () => {
    const session = checklistSession(2);
    const probe = deriveProbes(session).probes.find(
      (item) => item.kind === 'next-step' && item.messageIndex === 4,
    );
    assert.ok(probe, 'derived and kept by lint');
    assert.equal(probe.live, true);
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(
      outcome('Next: work package 2, build the interactive mode as a new class on top of AgentSession.'),
      'matched',
    );
    assert.equal(outcome(''), 'missed');
    assert.equal(
      outcome('docs/plan.md\nsrc/core/bash-executor.ts\nsrc/modes/interactive/interactive-mode.ts'),
      'missed',
    );
    assert.equal(outcome('InteractiveMode, AgentSession, bash-executor, WP2, npm run check'), 'missed');
    assert.equal(
      outcome('Next: no interactive mode class; AgentSession is not used by a new mode.'),
      'contradicted',
    );
    const transcript = session.messages
      .map((message) =>
        message.role === 'user' ? contentText(message.content) : JSON.stringify(message.content),
      )
      .join('\n');
    assert.equal(outcome(transcript), 'matched', 'the full transcript');
  });

  it('a handoff without the next step drops that probe alone', () => {
    const { probes } = deriveProbes(checklistSession(2));
    const outcomes = (text: string) => scoreProbes(createMatcher(text), probes).probeOutcomes;
    const rest = 'The user wants a plan in docs/plan.md, and the agent to work through it part by part.';
    const next = ' Next: work package 2, build the interactive mode as a new class on top of AgentSession.';
    const [whole, without] = [outcomes(rest + next), outcomes(rest)];
    const changed = Object.keys(whole).filter((id) => whole[id] !== without[id]);
    assert.deepEqual(changed, ['next-step@4']);
    assert.equal(without['next-step@4'], 'missed');
  });
});

describe("the user's last request beside a plan", () => {
  /** Two requests with detail, the second before the agent ticks its plan (or without any tick). */
  function twoRequests(ticked: boolean) {
    const base = checklistSession(ticked ? 2 : 0);
    const write = toolCall('write', {
      path: '/repo/src/legacy.ts',
      content: 'export const legacy = true;\n',
    });
    const messages: Message[] = [
      user(
        'Untangle the run modes into one shared session class. Each mode should become a thin layer over the session.',
      ),
      ...base.messages.slice(1, 2),
      user(
        'Keep the old entry points around for reference while you work. Put the new entry point beside the old one so both can be compared.',
      ),
      callsTools([write]),
      ...base.messages.slice(2),
    ];
    const shift = 2;
    const operations = base.fileOperations.map((operation, at) =>
      at === 0 ? operation : { ...operation, messageIndex: operation.messageIndex + shift },
    );
    operations.push({
      kind: 'write',
      path: '/repo/src/legacy.ts',
      tool: 'write',
      toolCallId: write.id,
      messageIndex: 3,
    });
    return sessionOf(messages, { fileOperations: operations, cwd: '/repo' });
  }
  const kindsByMessage = (session: ReturnType<typeof twoRequests>) =>
    Object.fromEntries(
      draftProbes(session)
        .filter((probe) => probe.kind === 'task' || probe.kind === 'next-step')
        .map((probe) => [probe.messageIndex, probe.kind]),
    );

  it('is the task being worked on, as a reader files it, with no plan', () => {
    assert.deepEqual(kindsByMessage(twoRequests(false)), { 0: 'task', 2: 'task' });
  });

  it('is a task beside the next step the plan names after it', () => {
    assert.deepEqual(kindsByMessage(twoRequests(true)), { 0: 'task', 2: 'task', 6: 'next-step' });
  });
});
