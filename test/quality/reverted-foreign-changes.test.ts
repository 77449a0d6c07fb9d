/**
 * Changes the agent did not make, put back to keep them out of its work (issue 39, wingman's EW6: "the fmt/lint tasks
 * strip the `//nolint:ireturn` comments from auto_commit.go, manual_commit.go and registry.go: revert them with `git
 * checkout --` before committing"): a decision probe; none where the agent puts back its own edits.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import {
  revertedForeignChangeProbes,
  revertedForeignChanges,
} from '../../src/quality/derive/reverted-foreign-changes.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { FileOperation, Message } from '../../src/session/types.ts';
import { assistant, user, shellRun as shell } from '../helpers/factories.ts';

const SESSION: Message[] = [
  user('Add the retry budget to the client and commit it.'),
  assistant('I added the budget to src/client.go.'),
  ...shell('make fmt lint', 'gofmt -s -w .\nlint: 0 issues'),
  ...shell('git status --short', ' M src/client.go\n M src/legacy/a.go\n M src/legacy/b.go'),
  assistant(
    'The formatter also rewrote src/legacy/a.go and b.go; those edits are unrelated, so I revert them.',
  ),
  ...shell('git -C /repo checkout -- src/legacy/a.go src/legacy/b.go', ''),
  ...shell(
    'git add src/client.go && git commit -m "add a retry budget"',
    '[main 1a2b3c4] add a retry budget',
  ),
];
/** An edit of the agent's, at message 1. */
const edit = (path: string): FileOperation => ({
  kind: 'edit',
  path,
  tool: 'Edit',
  toolCallId: 'e1',
  messageIndex: 1,
});
// The agent's own edit: src/client.go.
const OPERATIONS: FileOperation[] = [edit('/repo/src/client.go')];

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('changes the agent did not make, put back', () => {
  it('are read from a checkout of files the agent never wrote or edited', () => {
    assert.deepEqual(revertedForeignChanges(toolRuns(SESSION), OPERATIONS), {
      files: ['src/legacy/a.go', 'src/legacy/b.go'],
      command: 'git -C /repo checkout -- src/legacy/a.go src/legacy/b.go',
      messageIndex: 8,
    });
    const [probe] = revertedForeignChangeProbes(toolRuns(SESSION), OPERATIONS);
    assert.equal(
      probe!.statement,
      'Unrelated edits to a.go and b.go from a tool the agent ran are reverted with `git checkout --` and kept out of its commits',
    );
  });

  it('are a live decision a handoff keeps with why, and a path list or the bare command does not', () => {
    const probes = deriveProbes({ messages: SESSION, fileOperations: OPERATIONS }).probes;
    const reverted = probes.find(
      (probe) => probe.kind === 'decision' && probe.statement?.includes('git checkout'),
    )!;
    assert.ok(reverted, 'a decision probe of the changes put back');
    assert.ok(isLive(reverted));
    for (const kept of [
      'make fmt also rewrites src/legacy/a.go and b.go; those edits are noise: undo them with `git checkout --` before any commit.',
      'legacy/{a,b}.go lint edits -> not ours -> `git checkout --` them pre-commit.',
    ])
      assert.equal(outcome(reverted, kept), 'matched', kept);
    for (const missed of [
      'src/legacy/a.go\nsrc/legacy/b.go\nsrc/client.go',
      'Add the retry budget to the client and commit it.',
    ])
      assert.equal(outcome(reverted, missed), 'missed', missed);
  });

  it('gives none where the agent puts back its own edits, or the whole tree', () => {
    const own: FileOperation[] = [...OPERATIONS, edit('/repo/src/legacy/a.go')];
    assert.deepEqual(revertedForeignChangeProbes(toolRuns(SESSION), own), []);
    const whole = [user('Undo everything.'), ...shell('git checkout -- .', '')];
    assert.deepEqual(revertedForeignChangeProbes(toolRuns(whole), []), []);
  });
});
