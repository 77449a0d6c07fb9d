/**
 * Gemini CLI. No permissively licensed real Gemini CLI chat or checkpoint could be found in public repositories;
 * the samples are written by hand in the shapes of Gemini CLI's own source (ConversationRecord and its JSONL
 * records in chatRecordingService.ts, the Content[] a `/chat save` checkpoint holds, the `<state_snapshot>` turn
 * and acknowledgement chatCompressionService.ts writes).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileLists } from '../../src/session/file-operations.ts';
import { recordedPoints } from '../../src/schedule/replay.ts';
import { loadSession } from '../../src/session/load.ts';
import { lastRecordedCompaction } from '../../src/strategies/at-compaction.ts';
import { type Message, toolCallsOf } from '../../src/session/types.ts';
import { samplePath } from './samples.ts';

const rolesOf = (messages: readonly Message[]) =>
  messages.map((message) =>
    message.role === 'user' && message.context ? `context:${message.context}` : message.role,
  );

describe('Gemini CLI', () => {
  describe('a saved chat (session-*.json)', () => {
    const file = samplePath('gemini-cli-session.json');

    it('reads user turns, model turns with their thoughts and calls, and each call result after them', async () => {
      const session = await loadSession(file);
      assert.equal(session.format, 'gemini-cli');
      assert.equal(session.id, '7d3c0f1e-5b8a-4c2e-9f61-2a4b6c8d0e12');
      // By hand: 2 user records, 3 gemini records with 2 + 2 + 1 tool calls; the info record is no turn.
      assert.deepEqual(rolesOf(session.messages), [
        'user',
        'assistant',
        'toolResult',
        'toolResult',
        'assistant',
        'toolResult',
        'toolResult',
        'user',
        'assistant',
        'toolResult',
      ]);
      assert.equal(session.stats.metadataLines, 1);
      const first = session.messages[1]!;
      assert.deepEqual(first.role === 'assistant' && first.content[0], {
        type: 'thinking',
        thinking: 'Reading the parser: I need to see how parse_date matches formats.',
      });
      assert.deepEqual(first.role === 'assistant' && first.usage, {
        input: 4024,
        output: 64,
        cacheRead: 4096,
      });
      const failed = session.messages[6]!;
      assert.equal(failed.role === 'toolResult' && failed.isError, true);
    });

    it('finds files: read_file and a successful cat read, replace and write_file modify', async () => {
      const session = await loadSession(file);
      assert.deepEqual(fileLists(session.fileOperations), {
        read: ['tests/test_dates.py'],
        modified: ['/work/dates/CHANGELOG.md', '/work/dates/src/dates.py'],
      });
    });
  });

  describe('a saved chat written as JSONL (newer versions)', () => {
    const file = samplePath('gemini-cli-session.jsonl');

    it('applies records written again, rewinds, and records the compression its $set wrote', async () => {
      const session = await loadSession(file);
      // By hand: u1, g1 (its second write, with the result), then u2 and g2 rewound away, u3, g3, u4, g4.
      assert.deepEqual(
        session.messages.map((message, index) => [message.role, session.sources[index]!.line]),
        [
          ['user', 2],
          ['assistant', 3],
          ['toolResult', 3],
          ['user', 8],
          ['assistant', 9],
          ['toolResult', 9],
          ['user', 11],
          ['assistant', 12],
          ['toolResult', 12],
        ],
      );
      assert.equal(session.compactions.length, 1);
      const [compaction] = session.compactions;
      assert.match(compaction!.summary, /^<state_snapshot>\n<overall_goal>Add --format json\|text/);
      // It happened after g3's result (message 6), and kept the turns from u3 (message 3) on.
      assert.equal(compaction!.messageIndex, 6);
      assert.equal(compaction!.firstKeptMessageIndex, 3);
      // --at-compaction and --schedule recorded compare there.
      assert.equal(lastRecordedCompaction(session)?.messageIndex, 6);
      assert.equal(recordedPoints(session).length, 1);
      assert.deepEqual(fileLists(session.fileOperations).modified, [
        '/work/rep/README.md',
        '/work/rep/src/report.ts',
      ]);
    });
  });

  describe('an API history (/chat save checkpoint)', () => {
    const file = samplePath('gemini-cli-checkpoint.json');

    it('reads the environment as context, pairs responses with calls, and the state snapshot as the compaction', async () => {
      const session = await loadSession(file);
      assert.equal(session.cwd, '/work/rep');
      assert.deepEqual(rolesOf(session.messages), [
        'context:environment',
        'assistant',
        'user',
        'assistant',
        'toolResult',
        'assistant',
        'toolResult',
        'assistant',
      ]);
      // A response without an id answers the latest unanswered call of its name.
      const calls = session.messages.flatMap(toolCallsOf);
      assert.deepEqual(
        session.messages.flatMap((message) => (message.role === 'toolResult' ? [message.toolCallId] : [])),
        calls.map((call) => call.id),
      );
      assert.deepEqual(session.compactions, [
        {
          summary: session.compactions[0]!.summary,
          messageIndex: 2,
          firstKeptMessageIndex: 2,
        },
      ]);
      assert.match(session.compactions[0]!.summary, /\[TODO\] README/);
      assert.deepEqual(fileLists(session.fileOperations), { read: [], modified: ['/work/rep/README.md'] });
    });
  });
});
