/**
 * A try-out on a throwaway repository is no state of the work (issue 39, D109): a shell command that makes a
 * repository in a temporary folder (`cd /tmp && git init t && cd t && … git commit -m initial`, to see what
 * `git restore` does) makes no commit of the work, no check and no "last commit" the work's edits are counted from.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { workState } from '../../src/quality/derive/work-state.ts';
import type { Message } from '../../src/session/types.ts';
import { editRun, session, shellRun, user } from '../helpers/factories.ts';

const TRY_OUT =
  'cd /tmp && mkdir test-restore && cd test-restore && git init && echo "initial" > file.txt && git add file.txt && git commit -m "initial" && echo "changed" > file.txt && git restore file.txt && cat file.txt';
const TRIED =
  'Initialized empty Git repository in /private/tmp/test-restore/.git/\n[main (root-commit) 5dffb3a] initial\n 1 file changed, 1 insertion(+)\ninitial';

const work = (): Message[] => [
  user('Reset the shadow branch when the user dismissed their work.'),
  ...editRun('/repo/strategy/overlap_test.go'),
  ...shellRun(
    'git add strategy/overlap_test.go && git commit -m "Add shadow branch overlap tests"',
    '[main e5fae65] Add shadow branch overlap tests\n 1 file changed, 80 insertions(+)',
  ),
  ...shellRun(TRY_OUT, TRIED),
  ...editRun('/repo/strategy/hooks.go'),
  ...shellRun(
    'git status',
    'On branch main\nChanges not staged for commit:\n\tmodified:   strategy/hooks.go',
  ),
];

describe('a try-out on a throwaway repository', () => {
  it('is no run of the work', () => {
    assert.equal(
      toolRuns(work()).some((run) => run.command?.includes('git init')),
      false,
    );
  });

  it("leaves the work's last commit the one it made", () => {
    const built = session(work());
    const state = workState(toolRuns(built.messages), built.fileOperations ?? []);
    assert.deepEqual(
      state.commits.map((commit) => [commit.hash, commit.subject]),
      [['e5fae65', 'Add shadow branch overlap tests']],
    );
    assert.deepEqual(
      state.uncommitted.map((file) => file.path),
      ['/repo/strategy/hooks.go'],
    );
  });

  it("makes no state probe of its own, and the work's commit stays live", () => {
    const states = deriveProbes(session(work())).probes.filter((probe) => probe.kind === 'state');
    assert.deepEqual(
      states.map((probe) => [probe.statement, probe.live]),
      [
        ['committed (e5fae65): Add shadow branch overlap tests', true],
        ['The edits since the last commit (e5fae65) are not committed yet', true],
      ],
    );
  });

  it("is a run of the work when the repository is the project's own", () => {
    const init = [
      user('Set up the project.'),
      ...shellRun(
        'cd ~/project && git init && git add -A && git commit -m "Initial commit"',
        'Initialized empty Git repository in /home/me/project/.git/\n[main (root-commit) 1a2b3c4] Initial commit',
      ),
    ];
    const runs = toolRuns(init);
    assert.equal(runs.length, 1);
    assert.deepEqual(
      workState(runs, []).commits.map((commit) => commit.hash),
      ['1a2b3c4'],
    );
  });

  it('leaves out a try-out in a temporary folder that commits nothing', () => {
    const tried = [
      user('Why does clean report deleted branches that remain?'),
      ...shellRun(
        'cd /tmp && git init --bare test-branch-err && cd test-branch-err && git branch -D nonexistent 2>&1',
        "error: branch 'nonexistent' not found.",
        true,
      ),
    ];
    assert.deepEqual(toolRuns(tried), []);
  });
});
