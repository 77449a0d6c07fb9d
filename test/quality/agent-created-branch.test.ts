/**
 * The branch the agent made for the work is a rule of the work (issue 39, pi's A2 and B20: "all work happens on the
 * git branch `refactor`"): a constraint while the agent is still on it, none once it has switched to another, and none
 * for a branch it only switched to.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createdBranchProbes } from '../../src/quality/derive/agent-created-branch.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, user, shellRun as shell, editRun as edit } from '../helpers/factories.ts';

const REFACTOR: Message[] = [
  user('We are going to refactor the agent session code. ok, create a branch refactor'),
  ...shell('cd /repo && git checkout -b refactor', "Switched to a new branch 'refactor'"),
  ...edit('src/agent-session.ts'),
  ...shell('npm run check', 'All checks passed.'),
  ...shell('git commit -am "Extract AgentSession"', '[refactor 1a2b3c4] Extract AgentSession'),
  assistant('AgentSession is extracted and committed.'),
];

const branchRule = (messages: Message[]): Probe | undefined =>
  deriveProbes({ messages }).probes.find(
    (probe) => probe.question === 'Which git branch does the work happen on?',
  );

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('the branch the agent made for the work', () => {
  it('is a live constraint while the agent is still on it', () => {
    const probe = branchRule(REFACTOR);
    assert.ok(probe, 'a constraint for the branch made');
    assert.equal(probe.kind, 'constraint');
    assert.equal(probe.statement, 'The work happens on the git branch refactor');
    assert.ok(isLive(probe));
  });

  it('is kept by a handoff that names the branch in its own words, and reversed by working on main', () => {
    const probe = branchRule(REFACTOR)!;
    for (const kept of [
      'Everything happens on the git branch named refactor.',
      'State @ refactor branch: AgentSession extracted.',
      'pi-mono coding-agent refactor, branch `refactor`:',
    ])
      assert.equal(outcome(probe, kept), 'matched', kept);
    assert.equal(outcome(probe, 'Everything happens directly on main; no feature branch.'), 'contradicted');
    assert.equal(outcome(probe, 'The work is on the main branch.'), 'contradicted');
    assert.equal(
      outcome(probe, 'It is false that the work happens on the git branch refactor.'),
      'contradicted',
    );
  });

  it('is not kept by a path list or the name alone', () => {
    const probe = branchRule(REFACTOR)!;
    for (const missed of ['refactor, src/agent-session.ts, AgentSession', ''])
      assert.equal(outcome(probe, missed), 'missed', missed);
  });

  it('is no rule once the agent has switched to another branch, or for a branch it only switched to', () => {
    const left = [...REFACTOR, ...shell('git checkout main', "Switched to branch 'main'")];
    assert.equal(branchRule(left), undefined);
    const only = { branch: { name: 'soph/chunking', command: 'git switch soph/chunking', messageIndex: 2 } };
    assert.deepEqual(createdBranchProbes(only, []), []);
    const made = { branch: { name: 'feat/x', command: 'git switch -c feat/x', messageIndex: 2 } };
    assert.equal(createdBranchProbes(made, [])[0]?.statement, 'The work happens on the git branch feat/x');
  });
});
