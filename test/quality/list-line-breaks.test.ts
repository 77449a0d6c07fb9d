/**
 * D94: a list of unrelated lines joins no fact across a line's end. Where a line ends a sentence and the next opens
 * none (no capital: a path, a branch, a command's output), the two are separate items, and a probe's facets must be
 * stated on one side (line-ends.ts): the first words of each tool result, a line each, no longer join a diffstat's
 * paths to the next result's commit subject. Prose runs on: a next sentence opening with a capital, a list item with
 * no full stop, a numbered or bulleted item.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome, scoreProbes } from '../../src/quality/probe-recall.ts';
import { isLive } from '../../src/quality/probes.ts';
import { messageText } from '../../src/session/grep-lines.ts';
import type { Session } from '../../src/session/types.ts';
import { resultHeadsBag } from '../helpers/result-heads.ts';
import { derivedProbe, editRun, session, shellRun, user } from '../helpers/factories.ts';

/** A session of our own making: two files edited, their diffstat shown, then the commit. */
function chunkingSession(): Session {
  return session([
    user('Archive the transcript chunk files in multi-session checkpoints, then commit.'),
    ...editRun('/repo/cmd/cli/checkpoint/committed.go'),
    ...editRun('/repo/cmd/cli/checkpoint/checkpoint_test.go'),
    ...shellRun(
      'git diff --stat',
      ' cmd/cli/checkpoint/checkpoint_test.go | 60 +++\n cmd/cli/checkpoint/committed.go      | 11 ++-\n 2 files changed, 71 insertions(+)',
    ),
    ...shellRun(
      'git commit -am "fix: archive transcript chunk files in multi-session checkpoints"',
      '[soph/chunking cd13935] fix: archive transcript chunk files in multi-session checkpoints\n 2 files changed, 71 insertions(+), 2 deletions(-)',
    ),
  ]);
}

test('a session of our own making: the heads bag does not join the diffstat to the commit subject below it', () => {
  const history = chunkingSession();
  const { probes } = deriveProbes(history);
  const artifact = probes.filter(isLive).find((probe) => probe.file?.endsWith('/committed.go'));
  assert.ok(artifact, 'the artifact of committed.go is derived');
  assert.deepEqual(artifact.facets, [['committed.go'], ['archive transcript chunk files']]);
  const heads = resultHeadsBag(history);
  assert.match(
    heads,
    /^cmd\/cli\/checkpoint\/checkpoint_test\.go 60 cmd\/cli\/checkpoint\/committed\.go 11 - 2 files changed\.\nsoph\/chunking cd13935 fix archive transcript chunk files in\.$/m,
  );
  const outcome = (text: string) => scoreProbes(createMatcher(text), probes).probeOutcomes[artifact.id];
  // The commit's words on the next item are not said of the file the listing names (nor is a listing prose).
  assert.equal(outcome(heads), 'missed');
  // The whole transcript keeps it (the commit names what it archives, the diffstat the file, in one result each, as
  // before), and a summary that says it keeps it, in one sentence or across its sentences.
  assert.equal(outcome(history.messages.map(messageText).join('\n')), 'matched');
  assert.equal(outcome('Changed committed.go to archive transcript chunk files (cd13935).'), 'matched');
  assert.equal(
    outcome('Changed committed.go.\nThis archives transcript chunk files; committed as cd13935.'),
    'matched',
  );
  assert.equal(
    outcome('- committed.go, checkpoint_test.go\n- fix: archive transcript chunk files'),
    'matched',
  );
  assert.equal(
    outcome('1. Edited committed.go.\n2. Archive transcript chunk files there; cd13935.'),
    'matched',
  );
});

test('a line ending a sentence parts from a next line that opens no sentence, in both readings', () => {
  const artifact = {
    ...derivedProbe('artifact', { facets: [['committed.go'], ['archive transcript chunk files']] }),
    file: 'cmd/cli/checkpoint/committed.go',
  };
  const matched = (text: string) => probeOutcome(createMatcher(text), artifact) === 'matched';
  assert.equal(matched('Files: committed.go.\nsoph/chunking: archive transcript chunk files.'), false);
  // In other words (meaning.ts: "archives … chunked") as well as literally.
  assert.equal(matched('Files: committed.go.\nsoph/chunking: archives the transcript chunk files.'), false);
  assert.equal(matched('Files: committed.go.\nSoph/chunking: archives the transcript chunk files.'), true);
  assert.equal(matched('Files: committed.go\nsoph/chunking: archive transcript chunk files.'), true);
  // A list's items run on from the sentence above them, whatever they open with.
  assert.equal(matched('Archived transcript chunk files (cd13935).\n- committed.go: new helper'), true);
  assert.equal(matched('Archived transcript chunk files (cd13935).\ncommitted.go: new helper'), false);
  // A refusal's lines are one message: its next sentence opens with a capital.
  const rule = derivedProbe('constraint', { facets: [['mix format'], ['before committing']] });
  const text =
    "Pre-commit validation failed:\n\n[FORMAT] Code is not formatted.\nRun 'mix format' to fix.\n\nFix these issues before committing.";
  assert.equal(probeOutcome(createMatcher(text), rule), 'matched');
  assert.equal(probeOutcome(createMatcher(text.replace('Fix these', 'fix these')), rule), 'missed');
});
