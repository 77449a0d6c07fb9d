import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileLists } from '../../src/session/file-operations.ts';
import { loadSession } from '../../src/session/load.ts';
import { contentText, type Message, toolCallsOf } from '../../src/session/types.ts';
import { samplePath, sampleText, writeTemporary } from './samples.ts';

const roles = (messages: Message[]) => messages.map((message) => message.role);
const userTexts = (messages: Message[]) =>
  messages.flatMap((message) => (message.role === 'user' ? [contentText(message.content)] : []));

describe('Claude Code importer', () => {
  it('merges the lines of one assistant turn (one content block each, sharing message.id) into one message', async () => {
    const session = await loadSession(samplePath('claude-code.jsonl'));
    const first = session.messages[1];
    assert.equal(first?.role, 'assistant');
    assert.deepEqual(first.role === 'assistant' && first.content.map((block) => block.type), [
      'thinking',
      'text',
      'toolCall',
      'toolCall',
    ]);
    assert.deepEqual(first.role === 'assistant' && first.content[2], {
      type: 'toolCall',
      id: 'toolu_grep',
      name: 'Grep',
      arguments: { pattern: 'getUser', path: 'src' },
    });
    // Every line repeats the turn's usage; the last line holds the final output count.
    assert.deepEqual(first.role === 'assistant' && first.usage, {
      input: 10,
      output: 180,
      cacheRead: 9000,
      cacheWrite: 500,
    });
    assert.equal(first.role === 'assistant' && first.model, 'claude-opus-4-5-20251101');
    assert.equal(first.role === 'assistant' && first.stopReason, 'tool_use');
  });

  it('turns each tool_result block into a toolResult right after the calling turn, paired by id, with the tool name', async () => {
    const session = await loadSession(samplePath('claude-code.jsonl'));
    // The Grep result hangs off the chain as a sibling (its parent is its own tool_use line): still found.
    assert.deepEqual(session.messages[2], {
      role: 'toolResult',
      toolCallId: 'toolu_grep',
      toolName: 'Grep',
      content: [
        {
          type: 'text',
          text: 'src/user.ts:1:export function getUser(id) {\nsrc/routes.ts:4:  getUser(req.params.id)',
        },
      ],
      isError: false,
      timestamp: Date.parse('2026-02-01T10:00:03.000Z'),
    });
    assert.equal(session.messages[3]?.role === 'toolResult' && session.messages[3].toolName, 'Read');
    for (const [index, message] of session.messages.entries()) {
      if (message.role !== 'toolResult') continue;
      const calls = session.messages.slice(0, index).flatMap(toolCallsOf);
      assert.ok(
        calls.some((call) => call.id === message.toolCallId),
        `result ${message.toolCallId} has its call before it`,
      );
    }
  });

  it('keeps is_error on tool results', async () => {
    const session = await loadSession(samplePath('claude-code.jsonl'));
    const failed = session.messages.filter((message) => message.role === 'toolResult' && message.isError);
    assert.deepEqual(
      failed.map((message) => message.role === 'toolResult' && message.toolName),
      ['Edit'],
    );
  });

  it('maps tool names as they are, subagent calls included', async () => {
    const session = await loadSession(samplePath('claude-code.jsonl'));
    const names = session.messages.flatMap(toolCallsOf).map((call) => call.name);
    assert.deepEqual(names, ['Grep', 'Read', 'Edit', 'MultiEdit', 'Task', 'Write', 'NotebookEdit']);
  });

  it('leaves sidechain (subagent) lines out of the main conversation and counts them', async () => {
    const session = await loadSession(samplePath('claude-code.jsonl'));
    assert.equal(session.stats.sidechainMessages, 4);
    assert.ok(!session.messages.flatMap(toolCallsOf).some((call) => call.id === 'toolu_sub_read'));
    assert.ok(!session.fileOperations.some((operation) => operation.path.endsWith('internal.md')));
  });

  it('reads a subagent transcript on its own (all sidechain) as its own conversation', async () => {
    const session = await loadSession(samplePath('claude-code-subagent.jsonl'));
    assert.deepEqual(roles(session.messages), ['user', 'assistant', 'toolResult', 'assistant']);
    assert.equal(session.stats.sidechainMessages, 0);
    assert.equal(session.metadata.subagentTranscript, true);
  });

  it('drops the local-command caveat and turns command wrappers into plain statements', async () => {
    const session = await loadSession(samplePath('claude-code.jsonl'));
    const texts = userTexts(session.messages);
    assert.ok(!texts.some((text) => text.includes('Caveat')));
    assert.ok(texts.includes('/model opus'));
    assert.ok(texts.includes('[Local command output]\nSet model to opus (claude-opus-4-5)'));
    assert.ok(texts.includes('[User ran a shell command]\n$ npm test'));
    assert.ok(texts.includes('[Shell output]\n12 passing'));
  });

  it('keeps images as placeholders without their data', async () => {
    const session = await loadSession(samplePath('claude-code.jsonl'));
    const withImage = session.messages.find(
      (message) => message.role === 'user' && Array.isArray(message.content) && message.content.length === 2,
    );
    assert.deepEqual(withImage?.role === 'user' && withImage.content, [
      { type: 'text', text: 'Now fix the notebook too; here is the error.' },
      { type: 'image', mimeType: 'image/png' },
    ]);
  });

  it('treats queue-operation, progress, system, attachment, summary and snapshot lines as metadata', async () => {
    const session = await loadSession(samplePath('claude-code.jsonl'));
    assert.equal(session.stats.metadataLines, 8);
    assert.equal(session.stats.unknownLines, 1);
    assert.deepEqual(session.metadata.titles, ['Rename getUser to fetchUser']);
    assert.deepEqual(session.compactions, [], 'a summary line with leafUuid is a title, not a compaction');
  });

  it('leaves API-error lines out of the conversation', async () => {
    const session = await loadSession(samplePath('claude-code.jsonl'));
    assert.equal(session.metadata.apiErrors, 1);
    const last = session.messages.at(-1);
    assert.deepEqual(last?.role === 'assistant' && last.content, [
      { type: 'text', text: 'The notebook now calls fetchUser.' },
    ]);
  });

  it('reports version, session id and working directory', async () => {
    const session = await loadSession(samplePath('claude-code.jsonl'));
    assert.equal(session.format, 'claude-code');
    assert.equal(session.formatVersion, '2.1.30');
    assert.equal(session.id, 'cc-sample');
    assert.equal(session.cwd, '/work/shop');
    assert.equal(session.messages.length, 21);
  });

  it('finds files from Read, Write, Edit, MultiEdit and NotebookEdit; an Edit that failed modifies nothing', async () => {
    const session = await loadSession(samplePath('claude-code.jsonl'));
    // The Edit of src/user.ts (line 11) failed: "File has not been read yet" (line 12, is_error).
    assert.deepEqual(fileLists(session.fileOperations), {
      read: ['/work/shop/README.md'],
      modified: ['/work/shop/analysis.ipynb', '/work/shop/docs/api.md', '/work/shop/src/routes.ts'],
    });
  });

  it('takes the branch leading to the last message when the user rewound', async () => {
    const session = await loadSession(samplePath('claude-code-branch.jsonl'));
    assert.deepEqual(userTexts(session.messages), [
      'Write a haiku about rust',
      'I meant the programming language Rust',
    ]);
    assert.equal(session.messages.length, 4);
    assert.deepEqual(
      session.branches.map((branch) => [branch.number, branch.leafLine, branch.active]),
      [
        [1, 4, false],
        [2, 6, true],
      ],
    );
    assert.equal(session.branch, 2);
  });

  describe('compactions', () => {
    it('keeps compact_boundary + isCompactSummary as a recorded compaction, not as a message', async () => {
      const session = await loadSession(samplePath('claude-code-compaction.jsonl'));
      assert.equal(session.messages.length, 8, 'the full raw history, before and after the compaction');
      assert.equal(session.compactions.length, 1);
      const [compaction] = session.compactions;
      assert.equal(compaction?.messageIndex, 4);
      assert.equal(compaction?.tokensBefore, 154000);
      assert.match(compaction?.summary ?? '', /Primary Request: migrate the config loader/);
      assert.ok(!userTexts(session.messages).some((text) => text.includes('being continued')));
    });

    it('keeps the history before a compaction that starts a new root without a logical parent link', async () => {
      const text = (await sampleText('claude-code-compaction.jsonl')).replace(
        '"logicalParentUuid":"c04",',
        '',
      );
      const session = await loadSession(await writeTemporary('old-compaction.jsonl', text));
      assert.equal(session.messages.length, 8);
      assert.equal(session.compactions[0]?.messageIndex, 4);
    });
  });

  describe('prompts queued while the agent worked', () => {
    const record = (fields: Record<string, unknown>) => JSON.stringify({ sessionId: 'q', ...fields });
    const user = (uuid: string, parent: string | null, content: unknown) =>
      record({
        type: 'user',
        uuid,
        parentUuid: parent,
        timestamp: '2026-01-01T10:00:00.000Z',
        message: { role: 'user', content },
      });
    const call = (uuid: string, parent: string, id: string) =>
      record({
        type: 'assistant',
        uuid,
        parentUuid: parent,
        timestamp: '2026-01-01T10:00:01.000Z',
        message: {
          id: `m-${uuid}`,
          role: 'assistant',
          content: [{ type: 'tool_use', id, name: 'Bash', input: { command: 'make' } }],
        },
      });
    const result = (uuid: string, parent: string, id: string) =>
      user(uuid, parent, [{ type: 'tool_result', tool_use_id: id, content: 'ok' }]);
    const queue = (operation: string, content?: string) =>
      record({
        type: 'queue-operation',
        operation,
        timestamp: '2026-01-01T10:00:02.000Z',
        ...(content ? { content } : {}),
      });

    it('puts a prompt removed from the queue into the turn, after the tool result it went in with', async () => {
      const text = [
        user('u1', null, 'Build the project.'),
        call('a1', 'u1', 't1'),
        queue('enqueue', "don't commit, only write the plan to a file"),
        queue('enqueue', '<task-notification>\n<status>completed</status>\n</task-notification>'),
        queue('remove'),
        queue('remove'),
        result('u2', 'a1', 't1'),
        call('a2', 'u2', 't2'),
        queue('enqueue', 'can we do this in a subagent?'),
        queue('popAll', 'can we do this in a subagent?'),
        result('u3', 'a2', 't2'),
        queue('enqueue', 'and check the docs'),
        queue('dequeue'),
        user('u4', 'u3', 'and check the docs'),
      ].join('\n');
      const session = await loadSession(await writeTemporary('queued.jsonl', `${text}\n`));
      assert.deepEqual(roles(session.messages), [
        'user',
        'assistant',
        'toolResult',
        'user',
        'assistant',
        'toolResult',
        'user',
      ]);
      // The app's notification is not the user's words; the prompt taken back to edit went nowhere; the one
      // sent as the next prompt has its own line and is not doubled.
      assert.deepEqual(userTexts(session.messages), [
        'Build the project.',
        "don't commit, only write the plan to a file",
        'and check the docs',
      ]);
    });

    it('keeps the attachment a newer version writes, once', async () => {
      const text = [
        user('u1', null, 'Build the project.'),
        call('a1', 'u1', 't1'),
        queue('enqueue', 'also run the linter'),
        queue('remove'),
        record({
          type: 'attachment',
          uuid: 'q1',
          parentUuid: 'a1',
          timestamp: '2026-01-01T10:00:02.000Z',
          attachment: { type: 'queued_command', prompt: 'also run the linter' },
        }),
        result('u2', 'q1', 't1'),
      ].join('\n');
      const session = await loadSession(await writeTemporary('queued-attachment.jsonl', `${text}\n`));
      assert.deepEqual(userTexts(session.messages), ['Build the project.', 'also run the linter']);
    });
  });
});
