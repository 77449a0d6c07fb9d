/**
 * A request that hands over a titled document (Claude Code's accepted plan: "Implement the following plan:" and the
 * plan's `# title`): a handoff names the work by the title, so the title states the task whole, beside the opening's
 * phrase with its detail; a line the plan cites in the code ("line 232") is no number the user gave the work.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { handedTitle } from '../../src/quality/derive/handed-title.ts';
import { numberProbes, taskProbes, userRequests } from '../../src/quality/derive/requests.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

const PLAN = [
  'Implement the following plan:',
  '',
  '# Remove transcript_path Storage and Compute Dynamically',
  '',
  '## Context',
  '',
  'Currently, we store `transcript_path` in session state for each agent session. The path is provided by the agent in every hook call.',
  '',
  '## Changes',
  '',
  '- `/cmd/entire/cli/strategy/manual_commit_session.go` - Remove from struct initialization (line 232)',
  '- `/cmd/entire/cli/strategy/auto_commit.go` - Remove from struct initialization (line 949)',
].join('\n');

const read = toolCall('read', { path: 'cmd/entire/cli/session/state.go' });
const session: Message[] = [user(PLAN), callsTools([read]), toolResult(read, 'package session')];

/** The session's task probe, as a probe. */
function taskOf(messages: Message[]): Probe {
  const [draft] = taskProbes(userRequests(messages));
  assert.ok(draft, 'a task probe');
  return { ...draft, id: 'task@0', source: 'derived', contradictions: [] };
}

describe("a handed-over document's title", () => {
  it('is the heading right after a lead-in line ending in a colon, and nothing else', () => {
    assert.equal(handedTitle(PLAN), 'Remove transcript_path Storage and Compute Dynamically');
    assert.equal(
      handedTitle('Implement the following plan:\n\n# Fix `entire clean` logging\n'),
      'Fix entire clean logging',
    );
    // No lead-in, a lead-in followed by prose, a heading first: no title.
    assert.equal(handedTitle('# Remove transcript_path Storage\n\nDo it.'), undefined);
    assert.equal(handedTitle('Please look at this:\n\nthe build fails on main.'), undefined);
    assert.equal(handedTitle('Fix the build\n# a comment'), undefined);
  });

  it("is a spelling of each of the task's facets, beside the opening's phrase and its detail", () => {
    assert.deepEqual(taskOf(session).facets, [
      ['Implement the following plan', 'Remove transcript_path Storage'],
      ['store transcript_path in session', 'Remove transcript_path Storage'],
    ]);
    // A request with no title keeps its facets as before.
    const plain = [user(PLAN.replace(/^# .*$/m, '')), ...session.slice(1)];
    assert.deepEqual(taskOf(plain).facets, [
      ['Implement the following plan'],
      ['store transcript_path in session'],
    ]);
  });

  it('is no spelling where a commit of the session is named after it: a list of commit lines would keep the task', () => {
    const [draft] = taskProbes(userRequests(session), undefined, -1, [
      'Remove `transcript_path` storage and compute it per agent',
    ]);
    assert.deepEqual(draft?.facets, [['Implement the following plan'], ['store transcript_path in session']]);
    const [other] = taskProbes(userRequests(session), undefined, -1, ['Add ComputeTranscriptPath to Agent']);
    assert.equal(other?.facets[0]?.length, 2);
  });

  it('keeps the task where a handoff names the work by its title, and not where only the opening is said', () => {
    const task = taskOf(session);
    const outcome = (text: string) => probeOutcome(createMatcher(text), task);
    assert.equal(
      outcome(
        'Goal. The user gave a plan ("Remove transcript_path Storage and Compute Dynamically") for the Go repo.',
      ),
      'matched',
    );
    // What grep keeps of the request: its opening line.
    assert.notEqual(outcome('Implement the following plan:'), 'matched');
    // The handoff with the title deleted: the task is not kept whole.
    assert.notEqual(outcome('Goal. The user gave a plan for the Go repo.'), 'matched');
  });
});

describe("a line the user's text cites in the code", () => {
  const numbers = (text: string) =>
    numberProbes(userRequests([user(text), assistant('Looking.')])).map((probe) => probe.facets.at(-1)![0]);

  it('is no number the user gave the work', () => {
    assert.deepEqual(numbers(PLAN), []);
    assert.deepEqual(numbers('The bug is on line 42 of parser.ts, so retry 3 times.'), ['3 times']);
    // A count of lines is a number of the work.
    assert.deepEqual(numbers('Keep each function under 40 lines.'), ['40 lines']);
  });
});
