import assert from 'node:assert/strict';
import { copyFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { inspectSession } from '../src/inspect/inspect.ts';
import { sidecarPath } from '../src/quality/probes.ts';
import { fileLists } from '../src/session/file-operations.ts';
import { FIXTURES_DIR, loadSession } from '../src/session/load.ts';
import { messageKey } from '../src/session/message-key.ts';
import { KEPT_ARGUMENT_CHARS, slimMessage } from '../src/session/slim-message.ts';
import type { Message } from '../src/session/types.ts';
import { countMessages, getTokenizer } from '../src/tokens.ts';
import { samplePath, writeTemporary } from './session/samples.ts';

const OPTIONS = { tokenizer: 'o200k_base', sliceTokens: 8000, overlapTokens: 1000 };

/** What the whole read (every text held) says of a transcript, in the terms `inspect` reports. */
async function wholeRead(file: string) {
  const session = await loadSession(file);
  const tokens = countMessages(await getTokenizer('o200k_base'), session.messages);
  return {
    messages: session.messages.length,
    tokens: tokens.reduce((sum, count) => sum + count, 0),
    files: fileLists(session.fileOperations),
    branches: session.branches.map((branch) => ({ ...branch, notImported: branch.notImported })),
  };
}

describe('inspect', () => {
  it('reads a transcript with a sidecar through slim copies and reports what the whole read does', async () => {
    // large-session: long texts (counts must come from the whole messages); pi-v3-branches: a tree whose
    // abandoned branch is told apart from the imported one by its messages' texts.
    const branched = await writeTemporary('branched.jsonl', '');
    await copyFile(samplePath('pi-v3-branches.jsonl'), branched);
    await writeFile(sidecarPath(branched), JSON.stringify({ version: 2, probes: [] }));
    try {
      for (const file of [join(FIXTURES_DIR, 'large-session.jsonl'), branched]) {
        const result = await inspectSession(file, OPTIONS);
        assert.ok(result.probeFile, `${file} is read with its sidecar`);
        const whole = await wholeRead(file);
        assert.equal(result.messages, whole.messages, file);
        assert.equal(result.tokens, whole.tokens, file);
        assert.deepEqual(result.files, whole.files, file);
        assert.deepEqual(
          result.branches.map(({ number, messages, toolCalls, notImported }) => ({
            number,
            messages,
            toolCalls,
            notImported,
          })),
          whole.branches.map(({ number, messages, toolCalls, notImported }) => ({
            number,
            messages,
            toolCalls,
            notImported,
          })),
          file,
        );
      }
      const large = await inspectSession('large-session', OPTIONS);
      assert.equal(large.tokens, 154_423);
    } finally {
      await rm(dirname(branched), { recursive: true, force: true });
    }
  });

  it('keeps of a message its role, tool calls with short arguments, and the key that finds its copies', () => {
    const long = 'x'.repeat(KEPT_ARGUMENT_CHARS + 1);
    const messages: Message[] = [
      { role: 'user', content: long, context: 'skill' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: long },
          { type: 'text', text: 'short' },
          { type: 'toolCall', id: 't1', name: 'write', arguments: { path: 'a.ts', content: long, mode: 1 } },
          {
            type: 'toolCall',
            id: 't2',
            name: 'multi_edit',
            arguments: { path: 'b.ts', edits: [{ old: long }] },
          },
        ],
        stopReason: 'toolUse',
        usage: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 },
        timestamp: 7,
      },
      {
        role: 'toolResult',
        toolCallId: 't1',
        toolName: 'write',
        content: [
          { type: 'text', text: long },
          { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo' },
        ],
        isError: true,
      },
    ];
    const slim = messages.map(slimMessage);
    assert.deepEqual(slim, [
      { role: 'user', content: '', context: 'skill' },
      {
        role: 'assistant',
        content: [
          { type: 'toolCall', id: 't1', name: 'write', arguments: { path: 'a.ts', mode: 1 } },
          { type: 'toolCall', id: 't2', name: 'multi_edit', arguments: { path: 'b.ts' } },
        ],
        timestamp: 7,
      },
      { role: 'toolResult', toolCallId: 't1', toolName: 'write', content: [], isError: true },
    ]);
    // A copy is still recognised, and a message that differs in its first 500 characters is not.
    slim.forEach((copy, index) => assert.equal(messageKey(copy), messageKey(messages[index]!)));
    const other: Message = { role: 'user', content: `y${long}`, context: 'skill' };
    assert.notEqual(messageKey(slimMessage(other)), messageKey(slim[0]!));
  });

  it('has the pi importer hand every message to `keep` once, and hold what it returns', async () => {
    const seen: Message[] = [];
    const session = await loadSession(samplePath('pi-v3-branches.jsonl'), {
      keep: (message) => {
        seen.push(message);
        return { ...message, timestamp: -1 };
      },
    });
    const whole = await loadSession(samplePath('pi-v3-branches.jsonl'));
    // Every entry of the file, both branches: the imported branch's messages are among them.
    assert.equal(seen.length, 12);
    assert.equal(session.messages.length, whole.messages.length);
    assert.ok(session.messages.every((message) => message.timestamp === -1));
  });
});
