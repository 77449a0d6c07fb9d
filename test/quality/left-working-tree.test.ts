/**
 * Changes the working tree no longer holds (issue 39, precision): a file's changes committed and then left on another
 * branch, or put back before any commit took them, are history; changes that go along with a switch of branch, or
 * that a commit keeps when the files are put back, still stand.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { treeChangeOf } from '../../src/quality/derive/left-working-tree.ts';
import type { Message } from '../../src/session/types.ts';
import { artifactLivenessAt, assistant, toolExchange, user } from '../helpers/factories.ts';

/** The agent's edit of a file. */
const edit = (path: string) => toolExchange('edit', { path, oldText: 'a', newText: 'b' }, 'Edited.');
/** A shell command the agent ran, with its output. */
const shell = (command: string, output = '') => toolExchange('bash', { command }, output);

describe('a checkout that leaves changes behind', () => {
  it('makes the files of a commit on a branch the agent left history', () => {
    const messages: Message[] = [
      user('Land the first pull request, then the second.'),
      ...edit('src/parser.ts'), // 1-2
      ...shell('git add src/parser.ts && git commit -m "docs: explain the parser limits"', '[first 1a2b3c4]'),
      ...edit('src/notes.ts'), // 5-6: not committed, goes along with the switch
      ...shell('git fetch origin second && git checkout second', "Switched to branch 'second'"),
      ...edit('src/chunks.ts'), // 9-10
      assistant('The chunking change is in.'),
    ];
    assert.deepEqual(
      artifactLivenessAt(messages, { 'src/parser.ts': 1, 'src/notes.ts': 5, 'src/chunks.ts': 9 }),
      {
        'src/parser.ts': 'left-behind',
        'src/notes.ts': 'standing',
        'src/chunks.ts': 'standing',
      },
    );
  });

  it('keeps a branch made from the tree, and a file changed again after the switch', () => {
    const messages: Message[] = [
      user('Fix the parser.'),
      ...edit('src/parser.ts'),
      ...shell('git commit -am "fix the parser limits"', '[main 1a2b3c4]'),
      ...shell('git checkout -b parser-fix', "Switched to a new branch 'parser-fix'"),
      ...edit('src/lexer.ts'),
      ...shell('git commit -am "lexer"', '[parser-fix 2b3c4d5]'),
      ...shell('gh pr checkout 90', "Switched to branch 'chunking'"),
      ...edit('src/lexer.ts'),
    ];
    assert.deepEqual(artifactLivenessAt(messages, { 'src/parser.ts': 1, 'src/lexer.ts': 13 }), {
      'src/parser.ts': 'left-behind',
      'src/lexer.ts': 'standing',
    });
  });

  it('makes uncommitted changes put back history, and leaves committed ones', () => {
    const messages: Message[] = [
      user('Try the copy, then move the files instead.'),
      ...edit('src/kept.ts'),
      ...shell('git add -A && git commit -m "keep the parser limits"', '[main 1a2b3c4]'),
      ...edit('src/copied.ts'),
      ...edit('src/other.ts'),
      ...shell('git checkout -- src/copied.ts'),
      ...shell('git restore .'),
      assistant('Reverted the copies.'),
    ];
    assert.deepEqual(
      artifactLivenessAt(messages, { 'src/kept.ts': 1, 'src/copied.ts': 5, 'src/other.ts': 7 }),
      {
        'src/kept.ts': 'standing',
        'src/copied.ts': 'left-behind',
        'src/other.ts': 'left-behind',
      },
    );
  });

  it('reads what a command does to the tree', () => {
    assert.deepEqual(treeChangeOf('git fetch origin x && git checkout soph/chunking'), {
      files: ['soph/chunking'],
      maybeBranch: true,
    });
    assert.deepEqual(treeChangeOf('git switch main'), { branch: true });
    assert.deepEqual(treeChangeOf('gh pr checkout 90'), { branch: true });
    assert.deepEqual(treeChangeOf('git checkout HEAD -- a.go b.go'), { files: ['a.go', 'b.go'] });
    assert.equal(treeChangeOf('git checkout -b feature'), undefined);
    assert.equal(treeChangeOf('git switch -c feature'), undefined);
    assert.equal(treeChangeOf('git restore --staged a.go'), undefined);
    assert.equal(treeChangeOf('git status'), undefined);
  });

  it('reads a checkout of a file the agent touched as a file, not a branch', () => {
    const messages: Message[] = [
      user('Fix the parser.'),
      ...edit('src/parser.ts'),
      ...shell('git commit -am "fix the parser limits"', '[main 1a2b3c4]'),
      ...edit('src/lexer.ts'),
      ...shell('git checkout src/lexer.ts'),
    ];
    assert.deepEqual(artifactLivenessAt(messages, { 'src/parser.ts': 1, 'src/lexer.ts': 5 }), {
      'src/parser.ts': 'standing',
      'src/lexer.ts': 'left-behind',
    });
  });
});
