/**
 * The branch the work is on (issue 39, facets a paraphrase keeps): a handoff names the branch ("on the refactor
 * branch"), not the command that made it; a path list or an identifier bag that only holds the name keeps nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { workProbes } from '../../src/quality/derive/work-probes.ts';
import type { WorkState } from '../../src/quality/derive/work-state.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';

const work: WorkState = {
  commits: [],
  tickets: [],
  uncommitted: [],
  committed: false,
  branch: { name: 'refactor', command: 'git checkout -b refactor', messageIndex: 3 },
};

const branchProbe = (): Probe => {
  const draft = workProbes(work, [], 10).find((probe) => probe.statement?.includes('on branch'))!;
  return { ...draft, id: 'state@3', source: 'derived', contradictions: [] };
};

const outcome = (summary: string) => probeOutcome(createMatcher(summary), branchProbe());

describe('the branch the work is on', () => {
  it('is kept by a handoff that names the branch in its own words, or by the command', () => {
    assert.equal(outcome('All work is committed on the refactor branch, one commit per package.'), 'matched');
    assert.equal(outcome('We are on branch refactor.'), 'matched');
    assert.equal(outcome('Ran git checkout -b refactor first.'), 'matched');
  });

  it('is not kept by the name alone, or by another branch', () => {
    assert.equal(outcome('refactor, AgentSession, main.ts, print-mode.ts'), 'missed');
    assert.equal(outcome('The work is on the main branch.'), 'missed');
    assert.equal(outcome(''), 'missed');
  });
});
