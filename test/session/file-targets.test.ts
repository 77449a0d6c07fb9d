import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { patchFileTargets } from '../../src/session/importers/apply-patch.ts';
import {
  anyAgentFileTargets,
  claudeCodeFileTargets,
  codexFileTargets,
  piFileTargets,
} from '../../src/session/importers/file-targets.ts';
import { toolCall } from '../helpers/factories.ts';

describe('file targets', () => {
  it('reads the headers of an apply_patch patch', () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: docs/new.md',
      '+hello',
      '*** Update File: src/app.py',
      '*** Move to: src/main.py',
      '@@',
      '-a',
      '+b',
      '*** Delete File: src/old.py',
      '*** End Patch',
    ].join('\n');
    assert.deepEqual(patchFileTargets(patch), [
      { kind: 'write', path: 'docs/new.md' },
      { kind: 'edit', path: 'src/app.py' },
      { kind: 'write', path: 'src/main.py' },
      { kind: 'edit', path: 'src/old.py' },
    ]);
  });

  it('knows pi tools', () => {
    assert.deepEqual(piFileTargets(toolCall('read', { path: 'a.ts' })), [{ kind: 'read', path: 'a.ts' }]);
    assert.deepEqual(piFileTargets(toolCall('bash', { command: 'cat a.ts' })), []);
  });

  it('knows Claude Code tools, MCP tools included', () => {
    assert.deepEqual(claudeCodeFileTargets(toolCall('NotebookEdit', { notebook_path: 'n.ipynb' })), [
      { kind: 'edit', path: 'n.ipynb' },
    ]);
    assert.deepEqual(claudeCodeFileTargets(toolCall('Grep', { pattern: 'x', path: 'src' })), []);
    assert.deepEqual(claudeCodeFileTargets(toolCall('mcp__filesystem__read_file', { path: '/etc/hosts' })), [
      { kind: 'read', path: '/etc/hosts' },
    ]);
  });

  it('knows Codex tools: patches as freeform input, as argv and in a heredoc', () => {
    const patch = '*** Begin Patch\n*** Update File: a.py\n*** End Patch';
    const expected = [{ kind: 'edit', path: 'a.py' }];
    assert.deepEqual(codexFileTargets(toolCall('apply_patch', { input: patch })), expected);
    assert.deepEqual(codexFileTargets(toolCall('shell', { command: ['apply_patch', patch] })), expected);
    const heredoc = `apply_patch <<'EOF'\n${patch}\nEOF`;
    assert.deepEqual(codexFileTargets(toolCall('shell', { command: ['bash', '-lc', heredoc] })), expected);
    assert.deepEqual(codexFileTargets(toolCall('shell', { command: ['bash', '-lc', 'ls'] })), []);
    assert.deepEqual(codexFileTargets(toolCall('fs__write_file', { path: 'b.txt' })), [
      { kind: 'write', path: 'b.txt' },
    ]);
  });

  it('guesses for transcripts of unknown agents from common tool names and argument names', () => {
    assert.deepEqual(anyAgentFileTargets(toolCall('Read', { file_path: 'a.ts' })), [
      { kind: 'read', path: 'a.ts' },
    ]);
    assert.deepEqual(
      anyAgentFileTargets(toolCall('str_replace_editor', { command: 'create', path: 'b.ts' })),
      [{ kind: 'write', path: 'b.ts' }],
    );
    assert.deepEqual(anyAgentFileTargets(toolCall('create_file', { filePath: 'c.ts' })), [
      { kind: 'write', path: 'c.ts' },
    ]);
    assert.deepEqual(anyAgentFileTargets(toolCall('search', { path: 'src' })), []);
  });
});
