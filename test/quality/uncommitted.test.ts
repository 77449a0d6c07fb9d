/**
 * The agent's edits not in git at the cut (issue 39): after its last commit, or all of them when it never committed;
 * a summary saying they are not committed keeps the fact, one saying the opposite or "It is false that …" does not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { workProbes } from '../../src/quality/derive/work-probes.ts';
import type { WorkState } from '../../src/quality/derive/work-state.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, toolCall, toolResult } from '../helpers/factories.ts';

const status = toolCall('bash', { command: 'git status' });
// What the transcript shows of the fact: without it the whole session could not keep it, and no probe is drafted.
const shown: Message[] = [
  callsTools([status]),
  toolResult(status, 'Changes not staged for commit:\n  modified:   src/config.ts'),
];

const state = (committed: boolean): WorkState => ({
  commits: committed ? [{ messageIndex: 4, subject: 'feat: reorganize the modes', hash: '83a6c26' }] : [],
  tickets: [],
  uncommitted: [{ path: '/repo/src/config.ts', messageIndex: 9 }],
  committed,
});

const uncommitted = (work: WorkState): Probe => {
  const draft = workProbes(work, shown, 10).find((probe) => probe.statement?.includes('not committed yet'))!;
  return { ...draft, id: 'state@9', source: 'derived', contradictions: [] };
};

describe('edits not committed', () => {
  it('are stated after the last commit, and as nothing committed when the agent never committed', () => {
    assert.equal(
      uncommitted(state(true)).statement,
      'The edits since the last commit (83a6c26) are not committed yet',
    );
    assert.equal(
      uncommitted(state(false)).statement,
      'Nothing was committed in this session; the edits are not committed yet',
    );
    const stated = (work: WorkState, messages: Message[]) =>
      workProbes(work, messages, 10).some((probe) => probe.statement?.includes('not committed'));
    assert.match(uncommitted(state(true)).answer, /: config\.ts \(1 file\)\.$/);
    assert.equal(stated({ ...state(true), uncommitted: [] }, shown), false);
    assert.equal(stated(state(true), []), false);
  });

  it('are kept by a summary saying so, and not by one stating them as false or as committed', () => {
    const probe = uncommitted(state(true));
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(outcome('The config.ts fix is not committed.'), 'matched');
    assert.equal(outcome('config.ts has uncommitted changes; npm run check passes.'), 'matched');
    assert.equal(outcome(`It is false that ${probe.statement}.`), 'contradicted');
    assert.equal(outcome(`${probe.statement} was not done.`), 'contradicted');
    assert.notEqual(outcome('The config.ts fix is committed as 9f1c2d3.'), 'matched');
    assert.equal(outcome('src/config.ts'), 'missed');
  });
});
