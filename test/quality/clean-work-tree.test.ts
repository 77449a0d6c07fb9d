/**
 * The edits not committed are the work tree's (issue 39, D96): a run that shows the tree clean (the user committed the
 * edits themselves) leaves none of the edits before it to commit, and a file in the repository's .git directory (a
 * hook instrumented for debugging) is git's own, never committed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { workProbes } from '../../src/quality/derive/work-probes.ts';
import { workState } from '../../src/quality/derive/work-state.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, editRun, session, shellRun, user } from '../helpers/factories.ts';

const CLEAN = 'On branch fix/gc\nYour branch is up to date.\n\nnothing to commit, working tree clean';
const DIRTY = 'On branch fix/gc\nChanges not staged for commit:\n  modified:   docs/LIMITS.md';

/** The files the work state counts as not committed after these messages, and the probe's statement, if any. */
function pending(messages: Message[]): { files: string[]; statement: string | undefined } {
  const built = session([user('Document the index corruption and log the hooks.'), ...messages]);
  const state = workState(toolRuns(built.messages), built.fileOperations ?? []);
  // The transcript has to say the edits are not committed somewhere, or no probe is drafted at all.
  const said = [...built.messages, assistant('The edits are not committed.')];
  const probe = workProbes(state, said, said.length).find((draft) =>
    /not committed yet/.test(draft.statement ?? ''),
  );
  return { files: state.uncommitted.map((file) => file.path), statement: probe?.statement };
}

describe('edits not committed, in the work tree', () => {
  it('are none where a later run shows the tree clean', () => {
    const result = pending([...editRun('/repo/docs/LIMITS.md'), ...shellRun('git status', CLEAN)]);
    assert.deepEqual(result.files, []);
    assert.equal(result.statement, undefined);
  });

  it('are those after the clean tree, and all of them where the tree was never shown clean', () => {
    const after = pending([...shellRun('git status', CLEAN), ...editRun('/repo/docs/LIMITS.md')]);
    assert.deepEqual(after.files, ['/repo/docs/LIMITS.md']);
    assert.equal(after.statement, 'Nothing was committed in this session; the edits are not committed yet');
    const dirty = pending([...editRun('/repo/docs/LIMITS.md'), ...shellRun('git status', DIRTY)]);
    assert.deepEqual(dirty.files, ['/repo/docs/LIMITS.md']);
    // The words alone, said of something else, are no clean tree.
    const quoted = pending([
      ...editRun('/repo/docs/LIMITS.md'),
      ...shellRun('cat notes.txt', 'expect: nothing to commit here'),
    ]);
    assert.deepEqual(quoted.files, ['/repo/docs/LIMITS.md']);
    // Another directory's clean tree says nothing of the work's.
    for (const elsewhere of ['git -C ../tools status', 'cd ../tools && git status'])
      assert.deepEqual(pending([...editRun('/repo/docs/LIMITS.md'), ...shellRun(elsewhere, CLEAN)]).files, [
        '/repo/docs/LIMITS.md',
      ]);
  });

  it('leave out a file of the .git directory, not a file whose name only contains ".git"', () => {
    const hooks = pending([...editRun('/repo/.git/hooks/post-commit'), ...editRun('.git/hooks/pre-push')]);
    assert.deepEqual(hooks.files, []);
    assert.equal(hooks.statement, undefined);
    const tracked = pending([...editRun('/repo/.github/workflows/ci.yml'), ...editRun('/repo/.gitignore')]);
    assert.deepEqual(tracked.files, ['/repo/.github/workflows/ci.yml', '/repo/.gitignore']);
  });

  it('the clean tree and the hooks together, as the session left them, state nothing not committed', () => {
    const result = pending([
      ...editRun('/repo/docs/LIMITS.md'),
      ...shellRun('git status', CLEAN),
      ...editRun('/repo/.git/hooks/post-commit'),
    ]);
    assert.equal(result.statement, undefined);
  });
});
