import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileLists } from '../../src/session/file-operations.ts';
import { loadSession } from '../../src/session/load.ts';
import { contentText, type Message } from '../../src/session/types.ts';
import { jsonLines, samplePath, writeTemporary } from './samples.ts';

const roles = (messages: Message[]) => messages.map((message) => message.role);
const texts = (messages: Message[]) =>
  messages.map((message) =>
    message.role === 'assistant'
      ? message.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
      : contentText(message.content),
  );

describe('pi importer', () => {
  describe('version 1 (no ids, model settings in the header)', () => {
    it('reads the messages in order and keeps the header settings as metadata', async () => {
      const session = await loadSession(samplePath('pi-v1.jsonl'));
      assert.equal(session.format, 'pi');
      assert.equal(session.formatVersion, 1);
      assert.equal(session.id, 'pi-v1-sample');
      assert.equal(session.cwd, '/work/app');
      assert.deepEqual(roles(session.messages), [
        'user',
        'assistant',
        'toolResult',
        'user',
        'user',
        'assistant',
        'toolResult',
        'assistant',
      ]);
      assert.equal(session.metadata.provider, 'anthropic');
      assert.equal(session.metadata.modelId, 'claude-sonnet-4-5');
      assert.equal(session.metadata.thinkingLevel, 'off');
      assert.match(String(session.metadata.branchedFrom), /earlier\.jsonl$/);
      assert.equal(session.metadata.modelChanges, 1);
      assert.equal(session.metadata.thinkingLevelChanges, 1);
    });

    it('keeps the canonical shapes exact: no signatures, costs or provider fields', async () => {
      const session = await loadSession(samplePath('pi-v1.jsonl'));
      assert.deepEqual(session.messages[1], {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Read the parser first.' },
          { type: 'toolCall', id: 'call_read', name: 'read', arguments: { path: 'src/date.ts' } },
        ],
        usage: { input: 120, output: 30, cacheRead: 0, cacheWrite: 0 },
        model: 'claude-sonnet-4-5',
        stopReason: 'toolUse',
        timestamp: 1764583202000,
      });
    });

    it('maps a user-run bashExecution to a user message carrying the command, output and exit code', async () => {
      const session = await loadSession(samplePath('pi-v1.jsonl'));
      const text = contentText((session.messages[3] as { content: string }).content);
      assert.match(text, /\$ npm test/);
      assert.match(text, /1 failing/);
      assert.match(text, /exit code 1/);
    });

    it('keeps a compaction as metadata, with the first kept message from firstKeptEntryIndex', async () => {
      const session = await loadSession(samplePath('pi-v1.jsonl'));
      assert.equal(session.messages.length, 8, 'strategies see the full raw history');
      assert.deepEqual(session.compactions, [
        {
          summary: '## Goal\nMake parse() reject invalid months.',
          messageIndex: 5,
          tokensBefore: 4200,
          firstKeptMessageIndex: 4,
        },
      ]);
      assert.equal(texts(session.messages)[4], 'Invalid months must throw.');
    });

    it('derives file operations from read, write and edit calls', async () => {
      const session = await loadSession(samplePath('pi-v1.jsonl'));
      assert.deepEqual(fileLists(session.fileOperations), { read: [], modified: ['src/date.ts'] });
    });
  });

  describe('version 2', () => {
    it('reads the id tree and maps an extension hookMessage to a user message flagged as context', async () => {
      const session = await loadSession(samplePath('pi-v2.jsonl'));
      assert.equal(session.formatVersion, 2);
      assert.deepEqual(roles(session.messages), ['user', 'user', 'assistant', 'toolResult', 'assistant']);
      assert.deepEqual(session.messages[1], {
        role: 'user',
        content: 'Remember: never edit generated files.',
        timestamp: 1765357202000,
        context: 'extension',
      });
    });
  });

  describe('version 3 (tree of entries)', () => {
    it('follows the path to the last entry, leaving abandoned branches out', async () => {
      const session = await loadSession(samplePath('pi-v3-branches.jsonl'));
      assert.equal(session.formatVersion, 3);
      assert.ok(!texts(session.messages).some((text) => text.includes('Use fastify instead')));
      assert.deepEqual(roles(session.messages), [
        'user',
        'assistant',
        'toolResult',
        'user',
        'user',
        'assistant',
        'toolResult',
        'user',
        'assistant',
      ]);
      assert.deepEqual(fileLists(session.fileOperations), { read: [], modified: ['server.ts'] });
    });

    it('lists the abandoned branch, and --branch imports it instead', async () => {
      const session = await loadSession(samplePath('pi-v3-branches.jsonl'));
      assert.deepEqual(
        session.branches.map(({ number, leafLine, messages, active, notImported }) => ({
          number,
          leafLine,
          messages,
          active,
          notImported: notImported.messages,
        })),
        [
          { number: 1, leafLine: 8, messages: 6, active: false, notImported: 3 },
          { number: 2, leafLine: 19, messages: 9, active: true, notImported: 0 },
        ],
      );
      assert.equal(session.branch, 2);
      assert.deepEqual(session.branches[0]?.notImported.filesModified, ['fastify-server.ts']);
      const abandoned = await loadSession(samplePath('pi-v3-branches.jsonl'), { branch: 1 });
      assert.equal(abandoned.branch, 1);
      assert.equal(texts(abandoned.messages).at(-1), 'Wrote fastify-server.ts');
    });

    it('joins an entry whose parent is not in the file to the entry written before it', async () => {
      const file = await writeTemporary(
        'gap.jsonl',
        jsonLines(
          { type: 'session', version: 3, id: 's', timestamp: '2026-01-01T00:00:00Z', cwd: '/w' },
          {
            type: 'message',
            id: 'a',
            parentId: null,
            timestamp: '2026-01-01T00:00:01Z',
            message: { role: 'user', content: 'first' },
          },
          {
            type: 'message',
            id: 'b',
            parentId: 'lost',
            timestamp: '2026-01-01T00:00:02Z',
            message: { role: 'user', content: 'second' },
          },
        ),
      );
      const session = await loadSession(file);
      assert.deepEqual(texts(session.messages), ['first', 'second']);
      assert.deepEqual(session.bridges, [{ line: 3, joinedTo: 2, missingParent: 'lost' }]);
      assert.equal(session.branches.length, 1);
    });

    it('shows the model the branch summary and custom messages as user messages', async () => {
      const session = await loadSession(samplePath('pi-v3-branches.jsonl'));
      const all = texts(session.messages);
      assert.match(all[3] ?? '', /Tried fastify; the user went back to express\./);
      assert.equal(all[7], 'CI is green on main.');
    });

    it('resolves firstKeptEntryId to a message index', async () => {
      const session = await loadSession(samplePath('pi-v3-branches.jsonl'));
      assert.deepEqual(session.compactions, [
        {
          summary: '## Goal\nAdd /health to the express server.',
          messageIndex: 7,
          tokensBefore: 9100,
          firstKeptMessageIndex: 4,
        },
      ]);
    });

    it('keeps labels, session info and custom entries as metadata and counts unknown entry types', async () => {
      const session = await loadSession(samplePath('pi-v3-branches.jsonl'));
      assert.equal(session.metadata.labels, 1);
      assert.equal(session.metadata.title, 'health endpoint');
      assert.equal(session.stats.unknownLines, 1);
    });
  });

  it('counts messages of an unknown role instead of failing, and leaves out !! commands kept from the model', async () => {
    const file = await writeTemporary(
      'roles.jsonl',
      jsonLines(
        { type: 'session', version: 3, id: 's', timestamp: '2026-01-01T00:00:00Z', cwd: '/w' },
        { type: 'message', id: 'a', parentId: null, message: { role: 'user', content: 'hi' } },
        {
          type: 'message',
          id: 'b',
          parentId: 'a',
          message: { role: 'hologram', content: 'from the future' },
        },
        {
          type: 'message',
          id: 'c',
          parentId: 'b',
          message: {
            role: 'bashExecution',
            command: 'ls',
            output: 'a',
            exitCode: 0,
            excludeFromContext: true,
          },
        },
        {
          type: 'message',
          id: 'd',
          parentId: 'c',
          message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
        },
      ),
    );
    const session = await loadSession(file);
    assert.deepEqual(roles(session.messages), ['user', 'assistant']);
    assert.equal(session.stats.unknownLines, 1);
    assert.equal(session.metadata.excludedBashExecutions, 1);
  });
});
