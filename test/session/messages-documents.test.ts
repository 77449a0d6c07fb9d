import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileLists } from '../../src/session/file-operations.ts';
import { createMessagesScanner, sampleMessagesDocument } from '../../src/session/importers/json-document.ts';
import { loadSession } from '../../src/session/load.ts';
import type { Message } from '../../src/session/types.ts';
import { samplePath, writeTemporary } from './samples.ts';

const roles = (messages: Message[]) => messages.map((message) => message.role);

function scan(text: string, chunkSize: number) {
  const elements: Array<{ text: string; line: number; index: number }> = [];
  const scanner = createMessagesScanner((element) => elements.push(element));
  for (let start = 0; start < text.length; start += chunkSize)
    scanner.feed(text.slice(start, start + chunkSize));
  return { elements, outline: scanner.finish() };
}

describe('messages documents (JSON arrays)', () => {
  describe('streaming scanner', () => {
    const document =
      '{"model":"m","system":"be \\"brief\\"",\n"messages":[\n{"role":"user","content":"a ] } , ["},\n {"role":"assistant","content":[{"type":"text","text":"{"}]}\n],"max_tokens":5}';

    it('yields each message with its line, whatever the chunk size', () => {
      for (const chunkSize of [1, 2, 5, 64, 4096]) {
        const { elements, outline } = scan(document, chunkSize);
        assert.deepEqual(
          elements.map((element) => [JSON.parse(element.text).role, element.line, element.index]),
          [
            ['user', 3, 0],
            ['assistant', 4, 1],
          ],
        );
        assert.deepEqual(outline, {
          shape: 'object',
          fields: { model: 'm', system: 'be "brief"', max_tokens: 5 },
        });
      }
    });

    it('reads a bare array', () => {
      const { elements, outline } = scan('[{"role":"user","content":"x"}]', 3);
      assert.equal(elements.length, 1);
      assert.equal(outline.shape, 'array');
    });

    it('rejects JSONL, incomplete documents and objects without messages', () => {
      assert.throws(() => scan('{"a":1}\n{"b":2}', 100), /after the end of the JSON document/);
      assert.throws(() => scan('[{"role":"user"}', 100), /incomplete/);
      assert.throws(() => scan('{"prompt":"x"}', 100), /no 'messages' array/);
    });

    it('samples the first messages of a document cut off by the detection window', () => {
      const sample = sampleMessagesDocument('[{"role":"user","content":"hi"},{"role":"assis');
      assert.deepEqual(sample?.messages, [{ role: 'user', content: 'hi' }]);
      assert.equal(sampleMessagesDocument('{"type":"session"}\n{"type":"message"}\n'), undefined);
    });

    it('streams a large document one message at a time', async () => {
      const count = 20000;
      const body = Array.from({ length: count }, (_, index) =>
        JSON.stringify(
          index % 2 === 0
            ? { role: 'user', content: `question ${index}` }
            : { role: 'assistant', content: `answer ${index}` },
        ),
      );
      const file = await writeTemporary('large.json', `[\n${body.join(',\n')}\n]`);
      const session = await loadSession(file);
      assert.equal(session.messages.length, count);
      assert.equal(session.stats.lines, count);
    });
  });

  describe('OpenAI chat-completions messages', () => {
    it('reads { messages }: system prompt as metadata, tool_calls, tool results paired by tool_call_id', async () => {
      const session = await loadSession(samplePath('openai-messages.json'));
      assert.equal(session.format, 'openai-messages');
      assert.deepEqual(roles(session.messages), [
        'user',
        'assistant',
        'toolResult',
        'toolResult',
        'toolResult',
        'assistant',
        'toolResult',
        'toolResult',
        'user',
        'assistant',
      ]);
      assert.match(String(session.metadata.system), /You are a coding agent/);
      assert.equal(session.metadata.model, 'gpt-4.1');
      assert.deepEqual(session.messages[1], {
        role: 'assistant',
        content: [
          { type: 'toolCall', id: 'call_a', name: 'read_file', arguments: { path: 'package.json' } },
          { type: 'toolCall', id: 'call_b', name: 'read_file', arguments: { path: 'CHANGELOG.md' } },
          { type: 'toolCall', id: 'call_c', name: 'read_file', arguments: { path: 'src/version.ts' } },
        ],
      });
      assert.deepEqual(session.messages[3], {
        role: 'toolResult',
        toolCallId: 'call_b',
        toolName: 'read_file',
        content: [{ type: 'text', text: '# Changelog' }],
        isError: false,
      });
      assert.deepEqual(session.messages[8], {
        role: 'user',
        content: [
          { type: 'text', text: 'Looks right?' },
          { type: 'image', mimeType: 'image/png' },
        ],
      });
    });

    it('finds files through common tool names', async () => {
      const session = await loadSession(samplePath('openai-messages.json'));
      assert.deepEqual(fileLists(session.fileOperations), {
        read: ['src/version.ts'],
        modified: ['CHANGELOG.md', 'package.json'],
      });
    });

    it('reads a bare array with the legacy function_call and function role', async () => {
      const session = await loadSession(samplePath('openai-messages-array.json'));
      assert.equal(session.metadata.document, 'array');
      assert.deepEqual(roles(session.messages), ['user', 'assistant', 'toolResult', 'assistant']);
      const call = session.messages[1]?.role === 'assistant' ? session.messages[1].content[0] : undefined;
      const result = session.messages[2];
      assert.equal(
        call?.type === 'toolCall' && result?.role === 'toolResult' && call.id === result.toolCallId,
        true,
      );
      assert.deepEqual(session.messages[3], {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'The file has one line.' },
          { type: 'text', text: 'It says: buy milk.' },
        ],
      });
      assert.deepEqual(fileLists(session.fileOperations), { read: ['notes.txt'], modified: [] });
    });
  });

  describe('Anthropic messages', () => {
    it('reads { system, messages }: tool results before the user text, is_error, thinking', async () => {
      const session = await loadSession(samplePath('anthropic-messages.json'));
      assert.equal(session.format, 'anthropic-messages');
      assert.equal(session.metadata.system, 'You are a careful coding agent.');
      assert.deepEqual(roles(session.messages), [
        'user',
        'assistant',
        'toolResult',
        'assistant',
        'toolResult',
        'toolResult',
        'user',
        'assistant',
        'toolResult',
        'toolResult',
        'assistant',
      ]);
      assert.deepEqual(session.messages[5], {
        role: 'toolResult',
        toolCallId: 'toolu_3',
        toolName: 'bash',
        content: [{ type: 'text', text: '1 failed: fixture rows.csv missing' }],
        isError: true,
      });
      assert.deepEqual(session.messages[6], { role: 'user', content: 'The test needs the fixture too.' });
      const first = session.messages[1];
      assert.deepEqual(first?.role === 'assistant' && first.content.map((block) => block.type), [
        'thinking',
        'text',
        'toolCall',
      ]);
    });

    it('leaves redacted thinking out and finds files through the text-editor tool', async () => {
      const session = await loadSession(samplePath('anthropic-messages.json'));
      const turn = session.messages[7];
      assert.deepEqual(turn?.role === 'assistant' && turn.content.map((block) => block.type), [
        'toolCall',
        'toolCall',
      ]);
      assert.deepEqual(fileLists(session.fileOperations), {
        read: ['/repo/tests/test_export.py'],
        modified: ['/repo/export.py', '/repo/tests/fixtures/rows.csv'],
      });
    });
  });
});
