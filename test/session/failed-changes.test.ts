/**
 * A write or edit whose result is an error modified nothing, in every format: each importer marks the failure as its
 * agent records it (an `is_error`, a status, an exit code, Codex's refusals), and extractFileOperations drops the
 * change. A change with no result at all (the session ended first) still counts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractFileOperations, fileLists } from '../../src/session/file-operations.ts';
import { miniSweAgentFileTargets, piFileTargets } from '../../src/session/importers/file-targets.ts';
import { loadSession } from '../../src/session/load.ts';
import { toolCallsOf } from '../../src/session/types.ts';
import { callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';
import { jsonLines, samplePath, writeTemporary } from './samples.ts';

const errorsOf = (session: Awaited<ReturnType<typeof loadSession>>) =>
  session.messages.flatMap((message) =>
    message.role === 'toolResult' && message.isError ? [message.toolName] : [],
  );

describe('a write or edit that failed modifies nothing', () => {
  it('the rule: an error result drops a change, a missing result keeps it, a read is left to its importer', () => {
    const failed = toolCall('edit', { path: 'src/failed.ts' });
    const applied = toolCall('write', { path: 'src/applied.ts' });
    const unanswered = toolCall('edit', { path: 'src/unanswered.ts' });
    const read = toolCall('read', { path: 'src/missing.ts' });
    const messages = [
      user('Rename the option.'),
      callsTools([failed, applied, read]),
      toolResult(failed, 'Could not find the exact text in src/failed.ts.', true),
      toolResult(applied, 'Wrote src/applied.ts'),
      toolResult(read, 'ENOENT: no such file or directory', true),
      callsTools([unanswered]),
    ];
    assert.deepEqual(
      extractFileOperations(messages, piFileTargets).map(
        (operation) => `${operation.kind} ${operation.path}`,
      ),
      ['write src/applied.ts', 'read src/missing.ts', 'edit src/unanswered.ts'],
    );
  });

  it("a change a shell command line makes on the way counts whatever the line's exit status", () => {
    // The exit status is the last command's: the script failed, but the file was written before it ran.
    const script = toolCall('bash', {
      command: "cat <<'EOF' > repro.py\nraise SystemExit(1)\nEOF\npython repro.py",
    });
    const missing = toolCall('bash', { command: 'cat notes.md' });
    const messages = [
      callsTools([script, missing]),
      toolResult(script, 'Traceback …', true),
      toolResult(missing, 'cat: notes.md: No such file or directory', true),
    ];
    assert.deepEqual(fileLists(extractFileOperations(messages, miniSweAgentFileTargets)), {
      read: [],
      modified: ['repro.py'],
    });
  });

  it('pi: an edit whose text was not found', async () => {
    const header = {
      type: 'session',
      version: 3,
      id: 'pi-failed',
      timestamp: '2026-01-05T08:00:00.000Z',
      cwd: '/w',
    };
    const entry = (id: string, parentId: string | null, message: unknown) => ({
      type: 'message',
      id,
      parentId,
      timestamp: '2026-01-05T08:00:01.000Z',
      message,
    });
    const call = (id: string, name: string, path: string) => ({
      role: 'assistant',
      content: [{ type: 'toolCall', id, name, arguments: { path } }],
      stopReason: 'toolUse',
    });
    const result = (id: string, name: string, text: string, isError: boolean) => ({
      role: 'toolResult',
      toolCallId: id,
      toolName: name,
      content: [{ type: 'text', text }],
      isError,
    });
    const file = await writeTemporary(
      'pi.jsonl',
      jsonLines(
        header,
        entry('e1', null, { role: 'user', content: 'Bump the version.' }),
        entry('e2', 'e1', call('c1', 'edit', 'package.json')),
        entry('e3', 'e2', result('c1', 'edit', 'Could not find the exact text in package.json.', true)),
        entry('e4', 'e3', call('c2', 'edit', 'CHANGELOG.md')),
        entry('e5', 'e4', result('c2', 'edit', 'Successfully replaced text in CHANGELOG.md.', false)),
      ),
    );
    const session = await loadSession(file);
    assert.deepEqual(errorsOf(session), ['edit']);
    assert.deepEqual(fileLists(session.fileOperations), { read: [], modified: ['CHANGELOG.md'] });
  });

  it('Claude Code: an Edit whose string was not found, a Write refused; an Edit the session ended on counts', async () => {
    let previous: string | null = null;
    let index = 0;
    const line = (type: 'user' | 'assistant', content: unknown[]) => {
      const uuid = `l${++index}`;
      const record = {
        parentUuid: previous,
        isSidechain: false,
        type,
        sessionId: 'cc-failed',
        version: '2.1.30',
        cwd: '/w',
        uuid,
        timestamp: `2026-02-01T10:00:0${index}.000Z`,
        message:
          type === 'assistant'
            ? { id: `msg_${index}`, type: 'message', role: 'assistant', model: 'claude-opus-4-5', content }
            : { role: 'user', content },
      };
      previous = uuid;
      return record;
    };
    const use = (id: string, name: string, file_path: string) => ({
      type: 'tool_use',
      id,
      name,
      input: { file_path },
    });
    const answer = (id: string, text: string, is_error: boolean) => ({
      type: 'tool_result',
      tool_use_id: id,
      content: text,
      is_error,
    });
    const file = await writeTemporary(
      'claude-code.jsonl',
      jsonLines(
        line('user', [{ type: 'text', text: 'Rename getUser to fetchUser.' }]),
        line('assistant', [use('t1', 'Edit', '/w/src/user.ts')]),
        line('user', [
          answer(
            't1',
            '<tool_use_error>String to replace not found in file.\nString: getUser(</tool_use_error>',
            true,
          ),
        ]),
        line('assistant', [use('t2', 'Write', '/w/src/api.ts')]),
        line('user', [answer('t2', 'File has not been read yet. Read it first before writing to it.', true)]),
        line('assistant', [use('t3', 'Edit', '/w/src/routes.ts')]),
        line('user', [answer('t3', 'The file /w/src/routes.ts has been updated.', false)]),
        line('assistant', [use('t4', 'Edit', '/w/docs/api.md')]),
      ),
    );
    const session = await loadSession(file);
    assert.deepEqual(errorsOf(session), ['Edit', 'Write']);
    assert.deepEqual(fileLists(session.fileOperations), {
      read: [],
      modified: ['/w/docs/api.md', '/w/src/routes.ts'],
    });
  });

  it('Codex: a patch that did not verify or that the user rejected, a read the sandbox refused', async () => {
    const at = (second: number) => `2025-10-20T09:00:${String(second).padStart(2, '0')}.000Z`;
    let second = 0;
    const item = (payload: Record<string, unknown>) => ({
      timestamp: at(++second),
      type: 'response_item',
      payload,
    });
    const patch = (header: string) => `*** Begin Patch\n${header}\n+x\n*** End Patch`;
    const shell = (call_id: string, script: string) =>
      item({
        type: 'function_call',
        name: 'shell',
        arguments: JSON.stringify({ command: ['bash', '-lc', script] }),
        call_id,
      });
    const output = (call_id: string, text: string) =>
      item({ type: 'function_call_output', call_id, output: text });
    const succeeded = (text: string) =>
      JSON.stringify({ output: text, metadata: { exit_code: 0, duration_seconds: 0 } });
    const file = await writeTemporary(
      'codex.jsonl',
      jsonLines(
        {
          timestamp: at(0),
          type: 'session_meta',
          payload: { id: 'codex-failed', cwd: '/w', cli_version: '0.40.0' },
        },
        item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Fix the parser.' }] }),
        item({
          type: 'custom_tool_call',
          call_id: 'verify',
          name: 'apply_patch',
          input: patch('*** Update File: src/parse.py'),
        }),
        item({
          type: 'custom_tool_call_output',
          call_id: 'verify',
          output:
            'apply_patch verification failed: Failed to find expected lines in src/parse.py:\nreturn tokens',
        }),
        shell('rejected', `apply_patch <<'EOF'\n${patch('*** Add File: src/extra.py')}\nEOF`),
        output('rejected', 'patch rejected by user'),
        shell('sandbox', 'sed -n 1,40p src/lexer.py'),
        output(
          'sandbox',
          'failed in sandbox MacosSeatbelt with execution error: sandbox denied exec error, exit code: 1, stdout: , stderr: ',
        ),
        shell('read', 'sed -n 1,40p src/tokens.py'),
        output('read', succeeded('TOKENS = []\n')),
        item({
          type: 'custom_tool_call',
          call_id: 'applied',
          name: 'apply_patch',
          input: patch('*** Update File: src/main.py'),
        }),
        item({
          type: 'custom_tool_call_output',
          call_id: 'applied',
          output: succeeded('Success. Updated the following files:\nM src/main.py\n'),
        }),
        // The session ended before this patch's output was written.
        item({
          type: 'custom_tool_call',
          call_id: 'unanswered',
          name: 'apply_patch',
          input: patch('*** Add File: NOTES.md'),
        }),
      ),
    );
    const session = await loadSession(file);
    assert.equal(session.messages.flatMap(toolCallsOf).length, 6);
    assert.deepEqual(errorsOf(session), ['apply_patch', 'shell', 'shell']);
    assert.deepEqual(fileLists(session.fileOperations), {
      read: ['src/tokens.py'],
      modified: ['NOTES.md', 'src/main.py'],
    });
  });

  it('Gemini CLI: a replace that failed, and a cat that exited 1 though Gemini CLI calls it a success', async () => {
    const response = (id: string, name: string, body: Record<string, unknown>) => [
      { functionResponse: { id, name, response: body } },
    ];
    const shellOutput = (command: string, output: string, exitCode: number) =>
      `Command: ${command}\nDirectory: (root)\nOutput: ${output}\nError: (none)\nExit Code: ${exitCode}\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 4242`;
    const call = (
      id: string,
      name: string,
      args: Record<string, unknown>,
      body: Record<string, unknown>,
      status: string,
    ) => ({
      id,
      name,
      args,
      result: response(id, name, body),
      status,
      timestamp: '2025-10-29T10:36:02.000Z',
    });
    const chat = {
      sessionId: 'gemini-failed',
      projectHash: 'cde655816f6d',
      startTime: '2025-10-29T10:36:00.000Z',
      lastUpdated: '2025-10-29T10:36:03.000Z',
      messages: [
        { id: 'u1', timestamp: '2025-10-29T10:36:00.000Z', type: 'user', content: 'Rename --old to --new.' },
        {
          id: 'g1',
          timestamp: '2025-10-29T10:36:02.000Z',
          type: 'gemini',
          content: '',
          model: 'gemini-2.5-pro',
          toolCalls: [
            call(
              'replace-1',
              'replace',
              { file_path: '/w/cli.py', old_string: '--old', new_string: '--new' },
              { error: 'Failed to edit, 0 occurrences found for old_string in /w/cli.py. No edits made.' },
              'error',
            ),
            call(
              'shell-1',
              'run_shell_command',
              { command: 'cat /w/missing.py' },
              {
                output: shellOutput('cat /w/missing.py', 'cat: /w/missing.py: No such file or directory', 1),
              },
              'success',
            ),
            call(
              'shell-2',
              'run_shell_command',
              { command: 'cat /w/README.md' },
              { output: shellOutput('cat /w/README.md', '# cli', 0) },
              'success',
            ),
            call(
              'write-1',
              'write_file',
              { file_path: '/w/NEWS.md', content: '--new replaces --old' },
              { output: 'Successfully created and wrote to new file: /w/NEWS.md.' },
              'success',
            ),
          ],
        },
      ],
    };
    const session = await loadSession(await writeTemporary('session-failed.json', JSON.stringify(chat)));
    assert.deepEqual(errorsOf(session), ['replace', 'run_shell_command']);
    assert.deepEqual(fileLists(session.fileOperations), { read: ['/w/README.md'], modified: ['/w/NEWS.md'] });
  });

  it('OpenCode: an edit in error, and a cat whose metadata says it exited 1', async () => {
    const tool = (callID: string, name: string, state: Record<string, unknown>) => ({
      id: `prt_${callID}`,
      type: 'tool',
      callID,
      tool: name,
      state,
    });
    const exported = {
      info: { id: 'ses_failed', version: '1.2.10', directory: '/w', title: 'Rename' },
      messages: [
        {
          info: { id: 'msg_1', role: 'user', time: { created: 1775200000000 } },
          parts: [{ id: 'prt_1', type: 'text', text: 'Rename --old to --new.' }],
        },
        {
          info: { id: 'msg_2', role: 'assistant', time: { created: 1775200001000 } },
          parts: [
            { id: 'prt_2', type: 'step-start' },
            tool('edit-1', 'edit', {
              status: 'error',
              input: { filePath: '/w/cli.py', oldString: '--old', newString: '--new' },
              error: 'oldString not found in content',
            }),
            tool('bash-1', 'bash', {
              status: 'completed',
              input: { command: 'cat /w/missing.py' },
              output: 'cat: /w/missing.py: No such file or directory',
              metadata: { exit: 1 },
            }),
            tool('write-1', 'write', {
              status: 'completed',
              input: { filePath: '/w/NEWS.md', content: '--new' },
              output: '',
              metadata: {},
            }),
            { id: 'prt_3', type: 'step-finish', tokens: { input: 10, output: 5 } },
          ],
        },
      ],
    };
    const session = await loadSession(await writeTemporary('opencode.json', JSON.stringify(exported)));
    assert.equal(session.format, 'opencode');
    assert.deepEqual(errorsOf(session), ['edit', 'bash']);
    assert.deepEqual(fileLists(session.fileOperations), { read: [], modified: ['/w/NEWS.md'] });
  });

  it('Aider: a block that failed to match, and a new file the user declined', async () => {
    const session = await loadSession(samplePath('aider.chat.history.md'));
    const calls = session.messages.flatMap(toolCallsOf);
    // docs/slug.md: one block, whose new file the user declined (`Create new file? … n`); the failed
    // tests/test_slug.py block leaves that file modified by its other, applied blocks.
    assert.equal(calls.filter((call) => call.arguments.path === 'docs/slug.md').length, 1);
    assert.deepEqual(errorsOf(session), ['search_replace', 'search_replace']);
    assert.equal(fileLists(session.fileOperations).modified.includes('docs/slug.md'), false);
  });

  it("an Anthropic messages array: the text editor's str_replace in error", async () => {
    const use = (id: string, command: string, path: string) => ({
      type: 'tool_use',
      id,
      name: 'str_replace_based_edit_tool',
      input: { command, path },
    });
    const request = {
      system: 'You edit files.',
      messages: [
        { role: 'user', content: 'Rename a to b in a.py and create b.py.' },
        { role: 'assistant', content: [use('t1', 'str_replace', '/w/a.py'), use('t2', 'create', '/w/b.py')] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              is_error: true,
              content: 'No replacement was performed, old_str did not appear verbatim in /w/a.py.',
            },
            { type: 'tool_result', tool_use_id: 't2', content: 'File created successfully at: /w/b.py' },
          ],
        },
      ],
    };
    const session = await loadSession(await writeTemporary('request.json', JSON.stringify(request)));
    assert.equal(session.format, 'anthropic-messages');
    assert.deepEqual(errorsOf(session), ['str_replace_based_edit_tool']);
    assert.deepEqual(fileLists(session.fileOperations), { read: [], modified: ['/w/b.py'] });
  });
});
