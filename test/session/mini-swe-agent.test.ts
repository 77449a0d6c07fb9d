import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InputError } from '../../src/errors.ts';
import { fileLists } from '../../src/session/file-operations.ts';
import { shellFileTargets } from '../../src/session/importers/shell-file-targets.ts';
import { loadSession } from '../../src/session/load.ts';
import { contentText, type Message, toolCallsOf } from '../../src/session/types.ts';
import { samplePath, sampleText, writeTemporary } from './samples.ts';

const roles = (messages: Message[]) =>
  messages.map((message) =>
    message.role === 'user' && message.context ? `context: ${message.context}` : message.role,
  );
const commands = (messages: Message[]) => messages.flatMap(toolCallsOf).map((call) => call.arguments.command);
const resultText = (message: Message | undefined) =>
  message?.role === 'toolResult' ? contentText(message.content) : undefined;

describe('mini-swe-agent importer', () => {
  describe('version 1 (mini-swe-agent-1): the command is the reply’s one fenced bash block', () => {
    const file = samplePath('mini-swe-agent.traj.json');

    it('reads each command as a bash tool call and the next user message as its result', async () => {
      const session = await loadSession(file);
      assert.equal(session.format, 'mini-swe-agent');
      assert.equal(session.formatVersion, 'mini-swe-agent-1');
      // Before: 0 tool calls and 10 user messages (command outputs read as user prose).
      assert.equal(session.messages.flatMap(toolCallsOf).length, 8);
      assert.deepEqual(roles(session.messages), [
        'user',
        'assistant',
        'toolResult',
        'assistant',
        'toolResult',
        'assistant',
        'toolResult',
        'assistant',
        'context: meta',
        'assistant',
        'toolResult',
        'assistant',
        'toolResult',
        'assistant',
        'toolResult',
        'assistant',
        'toolResult',
        'assistant',
        'toolResult',
      ]);
      assert.equal(commands(session.messages)[0], 'grep -rn "def slugify" /testbed --include=*.py');
      const first = session.messages[1];
      assert.deepEqual(first?.role === 'assistant' && first.content[0], {
        type: 'text',
        text: 'THOUGHT: I need to find where slugify is defined.',
      });
    });

    it('unwraps <returncode>/<output>, marks a non-zero return code as an error, and pairs by order', async () => {
      const session = await loadSession(file);
      const results = session.messages.filter((message) => message.role === 'toolResult');
      assert.equal(resultText(results[0]), '/testbed/textkit/slug.py:4:def slugify(text):\n');
      assert.deepEqual(
        results.map((result) => result.role === 'toolResult' && result.isError),
        [false, false, false, false, false, true, false, false],
      );
      assert.deepEqual(
        results.map((result) => result.role === 'toolResult' && result.toolCallId),
        session.messages.flatMap(toolCallsOf).map((call) => call.id),
      );
    });

    it('keeps a reply with two commands as text and the harness’s complaint as context, not a prompt', async () => {
      const session = await loadSession(file);
      const rejected = session.messages[7];
      assert.equal(rejected?.role === 'assistant' && toolCallsOf(rejected).length, 0);
      assert.match(
        rejected?.role === 'assistant' ? (rejected.content[0] as { text: string }).text : '',
        /```bash/,
      );
      assert.equal(
        session.messages.filter((message) => message.role === 'user' && !message.context).length,
        1,
      );
    });

    it('reads the submission as the output of the submit command, and the run’s facts as metadata', async () => {
      const session = await loadSession(file);
      assert.match(resultText(session.messages.at(-1)) ?? '', /^diff --git a\/textkit\/slug\.py/);
      assert.equal(session.metadata.exitStatus, 'Submitted');
      assert.equal(session.metadata.miniVersion, '1.9.1');
      assert.equal(session.metadata.model, 'anthropic/claude-sonnet-4-20250514');
      assert.equal(session.metadata.apiCalls, 9);
      assert.match(String(session.metadata.system), /^You are a helpful assistant/);
    });

    it('finds the files the commands write and edit', async () => {
      const session = await loadSession(file);
      assert.deepEqual(fileLists(session.fileOperations).modified, [
        '/testbed/tests/test_slug_digits.py',
        '/testbed/textkit/slug.py',
      ]);
    });
  });

  describe('version 2 (mini-swe-agent-1.1) with tool calls', () => {
    const file = samplePath('mini-swe-agent-toolcall.traj.json');

    it('pairs tool messages by id, ends on the exit message’s submission, keeps usage and time', async () => {
      const session = await loadSession(file);
      assert.equal(session.formatVersion, 'mini-swe-agent-1.1');
      assert.deepEqual(roles(session.messages), [
        'user',
        'assistant',
        'toolResult',
        'toolResult',
        'assistant',
        'toolResult',
        'assistant',
        'context: meta',
        'assistant',
        'toolResult',
      ]);
      assert.deepEqual(
        session.messages.flatMap((message) => (message.role === 'toolResult' ? [message.toolCallId] : [])),
        ['call_a1', 'call_a2', 'call_b1', 'call_c1'],
      );
      const first = session.messages[1];
      assert.deepEqual(first?.role === 'assistant' && [first.usage, first.model, first.timestamp], [
        { input: 1800, output: 120 },
        'gpt-5-mini-2025-08-07',
        1760000003000,
      ]);
      assert.match(resultText(session.messages.at(-1)) ?? '', /^diff --git a\/cli\.py/);
      assert.equal(session.metadata.exitStatus, 'Submitted');
    });
  });

  it('reads version 2 text mode: the parsed actions and the observation’s return code', async () => {
    const document = {
      info: { mini_version: '2.2.8', exit_status: 'LimitsExceeded' },
      messages: [
        { role: 'system', content: 'Use bash.' },
        { role: 'user', content: 'Count the files.' },
        {
          role: 'assistant',
          content: 'Listing.\n\n```mswea_bash_command\nls | wc -l\n```',
          extra: { actions: [{ command: 'ls | wc -l' }], timestamp: 1760000000.5 },
        },
        {
          role: 'user',
          content: '<returncode>2</returncode>\n<output>\nls: cannot open directory\n</output>',
          extra: { raw_output: 'ls: cannot open directory\n', returncode: 2, timestamp: 1760000001 },
        },
        { role: 'exit', content: 'LimitsExceeded', extra: { exit_status: 'LimitsExceeded', submission: '' } },
      ],
      trajectory_format: 'mini-swe-agent-1.1',
    };
    const session = await loadSession(
      await writeTemporary('text.traj.json', JSON.stringify(document, null, 2)),
    );
    assert.deepEqual(roles(session.messages), ['user', 'assistant', 'toolResult']);
    const [, assistant, result] = session.messages;
    assert.deepEqual(assistant?.role === 'assistant' && assistant.content, [
      { type: 'text', text: 'Listing.' },
      { type: 'toolCall', id: 'action_2_0', name: 'bash', arguments: { command: 'ls | wc -l' } },
    ]);
    assert.deepEqual(result?.role === 'toolResult' && [result.isError, contentText(result.content)], [
      true,
      'ls: cannot open directory\n',
    ]);
    assert.equal(session.metadata.exitStatus, 'LimitsExceeded');
  });

  it('names the file, line and field of a malformed message', async () => {
    const text = (await sampleText('mini-swe-agent-toolcall.traj.json')).replace(
      '"id": "call_b1"',
      '"id": 7',
    );
    const file = await writeTemporary('bad.traj.json', text);
    await assert.rejects(loadSession(file), (error: Error) => {
      assert.ok(error instanceof InputError);
      assert.match(error.message, /bad\.traj\.json:\d+: messages\.5\.tool_calls\.0\.id: /);
      return true;
    });
  });

  it('refuses SWE-agent’s own .traj by name, exit 2 rather than reading it wrong', async () => {
    await assert.rejects(loadSession(samplePath('swe-agent.traj')), (error: Error) => {
      assert.ok(error instanceof InputError);
      assert.match(
        error.message,
        /swe-agent\.traj: a SWE-agent trajectory .* is not supported; mini-swe-agent's \*\.traj\.json is$/,
      );
      return true;
    });
  });
});

describe('shell file targets (mini-swe-agent’s bash tool)', () => {
  it('reads the idioms the agent is taught: heredoc into a file, sed -i, tee, >>', () => {
    assert.deepEqual(shellFileTargets("cat <<'EOF' > src/new.py\nx = 1 > 0\nEOF"), [
      { kind: 'write', path: 'src/new.py' },
    ]);
    assert.deepEqual(shellFileTargets("cd /repo && sed -i 's/a/b/g' a.py b.py"), [
      { kind: 'edit', path: 'a.py' },
      { kind: 'edit', path: 'b.py' },
    ]);
    assert.deepEqual(shellFileTargets('echo done | tee -a log.txt'), [{ kind: 'edit', path: 'log.txt' }]);
    assert.deepEqual(shellFileTargets('echo x >>notes.md'), [{ kind: 'edit', path: 'notes.md' }]);
    assert.deepEqual(shellFileTargets("nl -ba src/app.py | sed -n '10,20p'"), [
      { kind: 'read', path: 'src/app.py' },
    ]);
  });

  it('does not take a stream, a quoted > or a heredoc’s text for a file', () => {
    assert.deepEqual(shellFileTargets('python run.py 2>&1 > /dev/null'), []);
    assert.deepEqual(shellFileTargets('python -m pytest -q 2> errors.txt'), []);
    assert.deepEqual(shellFileTargets('grep -n "a > b" src/cmp.py'), []);
    assert.deepEqual(shellFileTargets("python - <<'EOF'\nopen('x.txt', 'w').write('>')\nEOF"), []);
  });
});
