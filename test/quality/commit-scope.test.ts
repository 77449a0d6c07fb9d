/**
 * Which files a commit took in (src/quality/derive/commit-scope.ts), and the artifact told by the subject of the
 * commit that took it: not of one run in another folder, nor of one whose `git add` named other paths.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { artifactProbes } from '../../src/quality/derive/artifacts.ts';
import { folderOf, namesPath, stagedBy, takes } from '../../src/quality/derive/commit-scope.ts';
import { commitsOf } from '../../src/quality/derive/commits.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import type { FileOperation, Message } from '../../src/session/types.ts';
import { callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

describe('the files a commit took', () => {
  it('reads what git add staged and where the commit ran', () => {
    assert.deepEqual(stagedBy('git add \'lib/a.ex\' test/a_test.exs -f && git commit -m "x"'), [
      'lib/a.ex',
      'test/a_test.exs',
    ]);
    assert.equal(stagedBy('git add -A && git commit -m "x"'), 'all');
    assert.equal(stagedBy('git add . && git status'), 'all');
    assert.equal(stagedBy('git commit -am "x"'), 'all');
    assert.deepEqual(stagedBy('git status && git diff'), []);
    assert.equal(folderOf('cd ~/M-Claude-Code && git commit -m "x"'), '~/M-Claude-Code');
    assert.equal(folderOf('git -C /srv/app/ commit -m "x"'), '/srv/app');
    assert.equal(folderOf('git commit -m "x"'), undefined);
  });

  it('takes a file in its folder and among its paths, and no other', () => {
    const home = '/home/mischa';
    assert.equal(takes({ directory: '~/M-Claude-Code' }, `${home}/M-Claude-Code/docs/SECURITY.md`), true);
    assert.equal(takes({ directory: '~/M-Claude-Code' }, `${home}/.gitignore_global`), false);
    assert.equal(takes({ directory: '~/M-Claude-Code' }, '/tmp/export_history.py'), false);
    assert.equal(takes({ directory: '/srv/app' }, '/srv/app/lib/a.ex'), true);
    assert.equal(takes({ directory: '/srv/app' }, '/srv/application/lib/a.ex'), false);
    assert.equal(takes({ paths: ['lib/a.ex', 'test/'] }, '/r/lib/a.ex'), true);
    assert.equal(takes({ paths: ['lib/a.ex', 'test/'] }, '/r/test/a_test.exs'), true);
    assert.equal(takes({ paths: ['lib/a.ex', 'test/'] }, '/r/lib/b.ex'), false);
    // Nothing known: any file.
    assert.equal(takes({}, '/tmp/x.py'), true);
    assert.equal(namesPath('transcripts-markdown/.gitignore', '/r/transcripts-markdown/.gitignore'), true);
    assert.equal(namesPath('transcripts-markdown/.gitignore', '/r/.gitignore'), false);
    assert.equal(namesPath('-f', '/r/-f'), false);
  });

  it('tells an artifact by the subject of the commit that took it, not of the first commit after its edit', () => {
    const write = (path: string) =>
      toolCall('Write', { file_path: path, content: 'def export_history():\n    pass\n' });
    const script = write('/tmp/export_history.py');
    const readme = write('/home/mischa/repo/notes.py');
    const commit = (command: string) => toolCall('Bash', { command });
    const first = commit('cd ~/repo && git add notes.py && git commit -m "Add the notes tool"');
    const second = commit('cd /tmp && git add export_history.py && git commit -m "Add the history export"');
    const messages: Message[] = [
      user('Export my chat history and keep notes.'),
      callsTools([script, readme]),
      toolResult(script, 'ok'),
      toolResult(readme, 'ok'),
      callsTools([first]),
      toolResult(first, '[main 1a2b3c4] Add the notes tool'),
      callsTools([second]),
      toolResult(second, '[main 5d6e7f8] Add the history export'),
    ];
    const operations: FileOperation[] = [script, readme].map((call) => ({
      kind: 'write',
      path: String(call.arguments['file_path']),
      tool: 'Write',
      toolCallId: call.id,
      messageIndex: 1,
    }));
    const statements = artifactProbes(messages, operations, commitsOf(toolRuns(messages))).map(
      (probe) => probe.statement,
    );
    assert.deepEqual(statements, [
      'export_history.py created: export_history — Add the history export',
      'notes.py created: export_history — Add the notes tool',
    ]);
  });

  it('reads a commit with no message on its line by the subject git prints for it', () => {
    const amend = toolCall('Bash', { command: 'git add hooks.go && git commit --amend --no-edit' });
    const refused = toolCall('Bash', { command: 'git commit --amend --no-edit' });
    const messages: Message[] = [
      user('Fix the stale comment too.'),
      callsTools([amend]),
      toolResult(amend, '[soph/do-not-truncate 70839fc] docs: update comments\n 4 files changed'),
      callsTools([refused]),
      toolResult(refused, 'error: pre-commit hook failed', true),
    ];
    assert.deepEqual(commitsOf(toolRuns(messages)), [
      { messageIndex: 2, subject: 'docs: update comments', paths: ['hooks.go'] },
    ]);
  });
});
