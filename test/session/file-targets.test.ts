import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { patchFileTargets } from '../../src/session/importers/apply-patch.ts';
import {
  anyAgentFileTargets,
  claudeCodeFileTargets,
  codexFileTargets,
  piFileTargets,
} from '../../src/session/importers/file-targets.ts';
import type { ToolResultMessage } from '../../src/session/types.ts';
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
    // A read through the shell counts only with a result that is no error.
    assert.deepEqual(piFileTargets(toolCall('bash', { command: 'cat a.ts' })), []);
  });

  describe('reads through a shell, one rule in every importer', () => {
    const ok = { isError: false } as ToolResultMessage;
    const failed = { isError: true } as ToolResultMessage;
    const readers = [
      ['cat src/a.ts', ['src/a.ts']],
      ["sed -n '1,200p' src/a.ts", ['src/a.ts']],
      ['head -40 README.md && tail -n 5 CHANGELOG.md', ['README.md', 'CHANGELOG.md']],
      ['less docs/x.md', ['docs/x.md']],
      ['grep -n foo src/a.ts', []],
      ['npm test > out.txt', []],
    ] as const;
    const agents = [
      ['pi', piFileTargets, 'bash', 'command'],
      ['Claude Code', claudeCodeFileTargets, 'Bash', 'command'],
      ['Codex exec_command', codexFileTargets, 'exec_command', 'cmd'],
      ['Codex shell', codexFileTargets, 'shell', 'command'],
      ['any agent', anyAgentFileTargets, 'bash', 'command'],
    ] as const;
    for (const [agent, targets, tool, argument] of agents) {
      it(`${agent}: cat, sed -n, head, tail, less count when the command succeeded`, () => {
        for (const [command, paths] of readers) {
          const call = toolCall(tool, { [argument]: command });
          assert.deepEqual(
            targets(call, ok).map((target) => [target.kind, target.path]),
            paths.map((path) => ['read', path]),
            command,
          );
          assert.deepEqual(targets(call, failed), [], `${command} failed`);
          assert.deepEqual(targets(call, undefined), [], `${command} without a result`);
        }
      });
    }

    for (const [agent, targets, tool, argument] of agents) {
      it(`${agent}: a heredoc written into a file is a write, wherever the redirection stands; a scratch file is none`, () => {
        const written = (command: string) =>
          targets(toolCall(tool, { [argument]: command }), ok).map((target) => [target.kind, target.path]);
        assert.deepEqual(written("cat > pkg/validators.go << 'EOF'\npackage pkg\nEOF"), [
          ['write', 'pkg/validators.go'],
        ]);
        assert.deepEqual(written('cat <<EOF >> notes.md\n- one more\nEOF'), [['edit', 'notes.md']]);
        assert.deepEqual(written("tee docs/a.md <<'EOF'\n# A\nEOF"), [['write', 'docs/a.md']]);
        // A script for one command, in a scratch folder, and a command's output sent to a file are no work's files.
        assert.deepEqual(written("cat > /tmp/fix.py << 'EOF'\nprint(1)\nEOF\npython /tmp/fix.py"), []);
        assert.deepEqual(written('go test ./... > test.log'), []);
        // The heredoc's body is text, not commands: a redirection written inside it writes nothing.
        assert.deepEqual(written("cat > run.sh << 'EOF'\necho hi > other.txt\nEOF"), [['write', 'run.sh']]);
      });
    }

    it('a Codex exec_command output that says the process exited non-zero is an error', async () => {
      const { toolOutput } = await import('../../src/session/importers/codex-content.ts');
      const output = (code: number) =>
        `Chunk ID: 4f2a\nWall time: 0.0512 seconds\nProcess exited with code ${code}\nOriginal token count: 9\nOutput:\ncat: nope.ts: No such file or directory\n`;
      assert.equal(toolOutput(output(1)).isError, true);
      assert.equal(toolOutput(output(0)).isError, false);
      assert.equal(toolOutput('Exit code: 2\nWall time: 1 seconds\nOutput:\nboom').isError, true);
      // Text that only mentions an exit code further down is not a header.
      assert.equal(toolOutput(`${'x'.repeat(500)}\nProcess exited with code 1`).isError, false);
    });

    it('a Codex output that refuses the call without an exit code is an error', async () => {
      const { toolOutput } = await import('../../src/session/importers/codex-content.ts');
      for (const refusal of [
        'apply_patch verification failed: Failed to find expected lines in a.py:\nreturn 1',
        'patch rejected by user',
        'exec command rejected by user',
        'failed in sandbox MacosSeatbelt with execution error: sandbox denied exec error, exit code: 1, stdout: , stderr: ',
      ])
        assert.equal(toolOutput(refusal).isError, true, refusal);
      assert.equal(toolOutput('Success. Updated the following files:\nM a.py').isError, false);
    });

    it('a Codex argv that hands a script to a shell is that script', () => {
      const argv = (...command: string[]) => toolCall('shell', { command });
      const paths = (call: ReturnType<typeof argv>) =>
        codexFileTargets(call, ok).map((target) => target.path);
      assert.deepEqual(paths(argv('bash', '-lc', "sed -n '1,200p' 'src/(app)/page.tsx'")), [
        'src/(app)/page.tsx',
      ]);
      assert.deepEqual(paths(argv('/bin/zsh', '-c', 'cat a.ts && head -5 b.ts')), ['a.ts', 'b.ts']);
      assert.deepEqual(paths(argv('cat', 'c.ts')), ['c.ts']);
      assert.deepEqual(paths(argv('python', '-c', 'cat d.ts')), []);
    });
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
