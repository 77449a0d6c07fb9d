/**
 * Findings of an investigation (issue 39, coverage of decisions and state): what the evidence established, in the
 * agent's voice after it, is the state of a debugging session, and the fix the agent proposed last is a decision
 * still to take, each until the agent changes a file after it. A guess, a question, a pointer back and a heading
 * establish nothing; grep's error lines and the user's own words do not pass for either.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { findingProbes, proposedFixProbes } from '../../src/quality/derive/findings.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, session, user, shellRun as shell, editRun as edit } from '../helpers/factories.ts';

// A debugging session: the corruption seen, the hooks instrumented, the evidence read, the cause established.
const investigation: Message[] = [
  user('git status keeps failing with "fatal: unable to read e53647ba" in my worktrees; find out why.'),
  ...shell('git status', 'fatal: unable to read e53647ba1f1e5203bedff558b482f178db045555', true),
  ...edit('.git/hooks/post-commit'),
  assistant('Now let me check the go-git code that creates objects — this is likely the culprit.'),
  ...shell('cat /tmp/index-debug.log', 'post-commit: before 48f554e4 after bfb70aa9'),
  assistant(
    'The debug log confirmed the post-commit hook changes the index. That is the smoking gun.\n\n' +
      '## Root cause\n\nHere is the root cause chain:\n\n' +
      'The fix: replace `getStagedFiles` with a `git diff --cached --name-only` call instead of go-git. ' +
      'Want me to fix this?',
  ),
  user('not yet, I want to see whether it happens again'),
];

describe('a finding of an investigation', () => {
  it('is the sentence that says what the evidence showed, not a guess, a pointer back or a heading', () => {
    const probes = findingProbes(investigation, session(investigation).fileOperations);
    assert.deepEqual(
      probes.map((probe) => [probe.kind, probe.statement, probe.facets]),
      [
        [
          'state',
          'Found: The debug log confirmed the post-commit hook changes the index.',
          [['post-commit hook changes']],
        ],
      ],
    );
  });

  it('each marker of an established cause, once however often it is said', () => {
    const said = [
      assistant('The `PrepareCommitMsg` call in the commit hook is the smoking gun.'),
      assistant('The root cause is the stale cache-tree that go-git writes back.'),
      assistant('The rescue clause is what causes the compiler to warn about the alias.'),
      assistant('Confirmed: the stale cache-tree that go-git writes back is the root cause.'),
      // Guesses, plans and questions establish nothing.
      assistant('I suspect the worktree index is caused by the background fetch.'),
      assistant('We need to confirm that the hook rewrites the index.'),
      assistant('Is the hook what causes the rewrite?'),
    ];
    const probes = findingProbes(said, []);
    assert.deepEqual(
      probes.map((probe) => probe.messageIndex),
      [0, 1, 2],
    );
  });

  it('is history once the agent changes a file after it: the change is then the state', () => {
    const acted = [...investigation, ...edit('cmd/entire/cli/strategy/manual_commit_hooks.go')];
    assert.deepEqual(findingProbes(acted, session(acted).fileOperations), []);
    assert.deepEqual(proposedFixProbes(acted, session(acted).fileOperations), []);
  });

  it('is kept by a paraphrase and contradicted when stated as false, and no cheap trick keeps it', () => {
    const [finding] = deriveProbes(session(investigation)).probes.filter((probe) =>
      probe.statement?.startsWith('Found:'),
    );
    assert.ok(finding);
    assert.equal(finding.live, true);
    const outcome = (text: string) => probeOutcome(createMatcher(text), finding);
    assert.equal(outcome('Measured with md5 logging: the post-commit hook changes the index.'), 'matched');
    assert.equal(
      outcome('It is false that the debug log confirmed the post-commit hook changes the index.'),
      'contradicted',
    );
    assert.equal(outcome('fatal: unable to read e53647ba1f1e5203bedff558b482f178db045555'), 'missed');
    assert.equal(
      outcome(
        investigation
          .filter((m) => m.role === 'user')
          .map(textOf)
          .join('\n'),
      ),
      'missed',
    );
  });
});

describe('the fix the agent proposed', () => {
  it('is the last one proposed and not applied: a decision, its command the facet', () => {
    const probes = proposedFixProbes(
      [
        assistant('The fix is to rebuild the worktree index with read-tree.'),
        ...investigation,
        assistant(
          'But the fix here is the same idea: replace the `worktree.Status()` call with `git diff --cached --name-only`.',
        ),
      ],
      [],
    );
    assert.deepEqual(
      probes.map((probe) => [probe.kind, probe.statement, probe.facets]),
      [
        [
          'decision',
          'Proposed fix, not applied yet: replace the `worktree.Status()` call with `git diff --cached --name-only`.',
          [['git diff --cached --name-only']],
        ],
      ],
    );
  });

  it('is no guess of a fix, a question, a fix made or what a fix does', () => {
    const guesses = [
      assistant('A better fix would be to run GC only when the worktree indexes are clean.'),
      assistant('The cleanest fix is probably to run `git gc` at a safe point ourselves.'),
      assistant('Is the fix to run `git gc --auto` less often?'),
      // A fix made, or what it does, is no proposal.
      assistant('The fix was adding `--setting-sources user` to skip project hooks in print mode.'),
      assistant('The fix ensures that all `Text` components pick up theme changes properly!'),
    ];
    assert.deepEqual(proposedFixProbes(guesses, []), []);
  });

  it('is kept by a handoff that names the command, and grep and the user keep nothing of it', () => {
    const fix = deriveProbes(session(investigation)).probes.find((probe) =>
      probe.statement?.startsWith('Proposed fix'),
    ) as Probe;
    assert.ok(fix);
    assert.equal(fix.live, true);
    const outcome = (text: string) => probeOutcome(createMatcher(text), fix);
    assert.equal(
      outcome('Fix idea (not approved): getStagedFiles should run `git diff --cached --name-only` instead.'),
      'matched',
    );
    assert.equal(outcome('fatal: unable to read e53647ba1f1e5203bedff558b482f178db045555'), 'missed');
    // Stated as done, it is the opposite; stated as still to do, it is kept.
    assert.equal(
      outcome('I applied the fix: getStagedFiles now runs `git diff --cached --name-only`.'),
      'contradicted',
    );
    assert.equal(
      outcome('The fix has not been applied yet: getStagedFiles should run `git diff --cached --name-only`.'),
      'matched',
    );
  });
});

/** A message's text. */
function textOf(message: Message): string {
  return typeof message.content === 'string'
    ? message.content
    : message.content.map((block) => ('text' in block ? block.text : '')).join('\n');
}
