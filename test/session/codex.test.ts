import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileLists } from '../../src/session/file-operations.ts';
import { loadSession } from '../../src/session/load.ts';
import { contentText, type Message, toolCallsOf } from '../../src/session/types.ts';
import { jsonLines, samplePath, sampleText, writeTemporary } from './samples.ts';

const roles = (messages: Message[]) => messages.map((message) => message.role);
const allText = (messages: Message[]) =>
  messages.map((message) =>
    message.role === 'assistant'
      ? message.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
      : contentText(message.content),
  );

describe('Codex importer', () => {
  describe('rollouts with the {timestamp, type, payload} envelope', () => {
    it('reads session_meta as metadata: id, cwd, CLI version', async () => {
      const session = await loadSession(samplePath('codex.jsonl'));
      assert.equal(session.format, 'codex');
      assert.equal(session.id, '0199f0aa-codex-sample');
      assert.equal(session.cwd, '/work/calc');
      assert.equal(session.formatVersion, '0.46.0');
      assert.equal(session.metadata.layout, 'envelope');
      assert.deepEqual(session.metadata.models, ['gpt-5-codex']);
    });

    it('turns response items into turns: user, reasoning + calls, paired outputs', async () => {
      const session = await loadSession(samplePath('codex.jsonl'));
      assert.deepEqual(roles(session.messages), [
        'user',
        'user',
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
        'assistant',
        'user',
        'assistant',
        'toolResult',
        'assistant',
      ]);
      assert.deepEqual(session.messages[2], {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: '**Inspecting calc.py**' },
          {
            type: 'toolCall',
            id: 'call_sed',
            name: 'shell',
            arguments: { command: ['bash', '-lc', 'sed -n 1,80p calc.py'], workdir: '/work/calc' },
          },
        ],
        model: 'gpt-5-codex',
        timestamp: Date.parse('2025-10-20T09:00:03.000Z'),
        usage: { input: 2000, output: 200, cacheRead: 1000 },
      });
    });

    it('does not duplicate event_msg lines whose content is in a response_item', async () => {
      const session = await loadSession(samplePath('codex.jsonl'));
      const texts = allText(session.messages);
      assert.equal(
        texts.filter((text) => text === 'Add a divide function to calc.py that rejects zero.').length,
        1,
      );
      assert.equal(texts.filter((text) => text.startsWith('divide() is added')).length, 1);
    });

    it('keeps developer instructions out of the conversation, counted as metadata', async () => {
      const session = await loadSession(samplePath('codex.jsonl'));
      assert.equal(session.metadata.developerMessages, 1);
      assert.ok(!allText(session.messages).some((text) => text.includes('permissions instructions')));
    });

    it('pairs outputs by call_id, unwraps JSON shell output and marks a non-zero exit as an error', async () => {
      const session = await loadSession(samplePath('codex.jsonl'));
      const results = session.messages.filter((message) => message.role === 'toolResult');
      assert.deepEqual(
        results.map(
          (result) => result.role === 'toolResult' && [result.toolCallId, result.toolName, result.isError],
        ),
        [
          ['call_sed', 'shell', false],
          ['call_patch', 'apply_patch', false],
          ['call_test', 'shell', true],
          ['call_mcp', 'docs__read_file', false],
          ['call_heredoc', 'shell', false],
          ['call_plan', 'update_plan', false],
        ],
      );
      assert.deepEqual(results[0]?.role === 'toolResult' && results[0].content, [
        { type: 'text', text: 'def add(a, b):\n    return a + b\n' },
      ]);
      assert.deepEqual(results[3]?.role === 'toolResult' && results[3].content, [
        { type: 'text', text: '# calc\nA tiny calculator.' },
      ]);
    });

    it('maps custom tool calls with their freeform input and keeps tool names as they are', async () => {
      const session = await loadSession(samplePath('codex.jsonl'));
      const calls = session.messages.flatMap(toolCallsOf);
      assert.deepEqual(
        calls.map((call) => call.name),
        ['shell', 'apply_patch', 'shell', 'docs__read_file', 'shell', 'update_plan'],
      );
      assert.match(String(calls[1]?.arguments.input), /^\*\*\* Begin Patch\n\*\*\* Update File: calc\.py/);
    });

    it('keeps a compacted line as a recorded compaction with the context size before it', async () => {
      const session = await loadSession(samplePath('codex.jsonl'));
      assert.deepEqual(session.compactions, [
        {
          summary:
            'Summary: divide() was added to calc.py with a zero check; tests/test_divide.py was created; old_calc.py was deleted.',
          messageIndex: 13,
          tokensBefore: 5400,
        },
      ]);
      assert.equal(session.messages.length, 17, 'the raw history goes on after the compaction');
    });

    it('counts unknown record types and ignores them', async () => {
      const session = await loadSession(samplePath('codex.jsonl'));
      assert.equal(session.stats.unknownLines, 1);
    });

    it('finds files in apply_patch patches (also run through the shell) and MCP tool arguments', async () => {
      const session = await loadSession(samplePath('codex.jsonl'));
      assert.deepEqual(fileLists(session.fileOperations), {
        read: ['/work/calc/README.md'],
        modified: ['calc.py', 'old_calc.py', 'tests/test_divide.py'],
      });
      const kinds = session.fileOperations.map((operation) => `${operation.kind} ${operation.path}`);
      // `["bash", "-lc", "sed -n 1,80p calc.py"]` reads calc.py: the script handed to the shell is the command.
      assert.deepEqual(kinds.slice(0, 4), [
        'read calc.py',
        'edit calc.py',
        'write tests/test_divide.py',
        'edit old_calc.py',
      ]);
    });
  });

  describe('a response whose calls were recorded each with its output (older versions)', () => {
    const file = samplePath('codex-parallel-calls.jsonl');

    it('is one assistant turn holding every call, its outputs after it: 2 assistant messages, not 5', async () => {
      const session = await loadSession(file);
      assert.deepEqual(roles(session.messages), [
        'user',
        'user',
        'assistant',
        'toolResult',
        'toolResult',
        'toolResult',
        'toolResult',
        'assistant',
      ]);
      assert.deepEqual(
        toolCallsOf(session.messages[2]!).map((call) => call.id),
        ['call_pkg', 'call_tsconfig', 'call_ls', 'call_build'],
      );
      assert.deepEqual(
        session.sources.map((source) => source.line),
        [2, 4, 7, 9, 11, 13, 15, 17],
      );
    });

    it('starts a new turn at new reasoning, or once the response reported its usage', async () => {
      const lines = (await sampleText('codex-parallel-calls.jsonl')).trimEnd().split('\n');
      const reasoning = lines[6]!;
      const usage = lines[5]!;
      // Reasoning before the third call, and usage before the fourth: three responses.
      const split = [...lines.slice(0, 11), reasoning, ...lines.slice(11, 13), usage, ...lines.slice(13)];
      const session = await loadSession(await writeTemporary('split.jsonl', split.join('\n')));
      assert.deepEqual(
        session.messages
          .filter((message) => message.role === 'assistant')
          .map((message) => toolCallsOf(message).length),
        [2, 1, 1, 0],
      );
    });

    it('keeps a call after an output as its own turn when the model writes no reasoning', async () => {
      const lines = (await sampleText('codex-parallel-calls.jsonl')).trimEnd().split('\n');
      const withoutReasoning = lines.filter((line) => !line.includes('"type":"reasoning"'));
      const session = await loadSession(
        await writeTemporary('no-reasoning.jsonl', withoutReasoning.join('\n')),
      );
      assert.deepEqual(
        session.messages
          .filter((message) => message.role === 'assistant')
          .map((message) => toolCallsOf(message).length),
        [1, 1, 1, 1, 0],
      );
    });
  });

  describe('rollouts from before the envelope', () => {
    it('reads the bare header, skips state lines and reads bare items', async () => {
      const session = await loadSession(samplePath('codex-legacy.jsonl'));
      assert.equal(session.format, 'codex');
      assert.equal(session.metadata.layout, 'legacy');
      assert.equal(session.id, '3f1c9a2e-legacy-codex-sample');
      assert.equal(session.cwd, '/work/notes', 'taken from the environment context the model was given');
      assert.deepEqual(roles(session.messages), ['user', 'user', 'assistant', 'toolResult', 'assistant']);
      assert.equal(session.stats.metadataLines, 4);
      assert.deepEqual(fileLists(session.fileOperations), { read: [], modified: ['notes/todo.md'] });
    });
  });

  it('reads rollouts that write item fields at the top level, without a payload', async () => {
    const file = await writeTemporary(
      'flat.jsonl',
      jsonLines(
        {
          timestamp: '2026-03-01T00:00:00Z',
          type: 'session_meta',
          id: 'flat',
          cwd: '/w',
          cli_version: '0.120.0',
        },
        {
          timestamp: '2026-03-01T00:00:01Z',
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'hi' }],
        },
        {
          timestamp: '2026-03-01T00:00:02Z',
          type: 'function_call',
          name: 'read_file',
          arguments: '{"file_path":"a.md"}',
          call_id: 'c1',
        },
        { timestamp: '2026-03-01T00:00:03Z', type: 'function_call_output', call_id: 'c1', output: 'text' },
      ),
    );
    const session = await loadSession(file);
    assert.equal(session.format, 'codex');
    assert.equal(session.id, 'flat');
    assert.deepEqual(roles(session.messages), ['user', 'assistant', 'toolResult']);
    assert.deepEqual(fileLists(session.fileOperations), { read: ['a.md'], modified: [] });
  });

  it('drops rolled-back turns from the history', async () => {
    const item = (payload: unknown) => ({
      timestamp: '2026-03-01T00:00:00Z',
      type: 'response_item',
      payload,
    });
    const user = (text: string) =>
      item({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
    const answer = (text: string) =>
      item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });
    const file = await writeTemporary(
      'rollback.jsonl',
      jsonLines(
        { timestamp: '2026-03-01T00:00:00Z', type: 'session_meta', payload: { id: 'r', cwd: '/w' } },
        user('first'),
        answer('one'),
        user('second'),
        answer('two'),
        {
          timestamp: '2026-03-01T00:00:00Z',
          type: 'event_msg',
          payload: { type: 'thread_rolled_back', num_turns: 1 },
        },
        user('third'),
        answer('three'),
      ),
    );
    const session = await loadSession(file);
    assert.deepEqual(allText(session.messages), ['first', 'one', 'third', 'three']);
    assert.equal(session.metadata.rolledBackMessages, 2);
  });

  it('falls back to event messages when a rollout holds no response items', async () => {
    const event = (payload: unknown) => ({ timestamp: '2026-03-01T00:00:00Z', type: 'event_msg', payload });
    const file = await writeTemporary(
      'events.jsonl',
      jsonLines(
        { timestamp: '2026-03-01T00:00:00Z', type: 'session_meta', payload: { id: 'e', cwd: '/w' } },
        event({ type: 'user_message', message: 'hello' }),
        event({ type: 'agent_message', message: 'hi there' }),
      ),
    );
    const session = await loadSession(file);
    assert.deepEqual(allText(session.messages), ['hello', 'hi there']);
    assert.equal(session.metadata.conversationFromEvents, true);
  });
});
