/**
 * Gemini CLI. The samples are written by hand in the shapes of Gemini CLI's own source (ConversationRecord and its
 * JSONL records in chatRecordingService.ts, the Content[] a `/chat save` checkpoint holds, the `<state_snapshot>`
 * turn and acknowledgement chatCompressionService.ts writes): no real JSONL chat, checkpoint or compression could be
 * found in public repositories. Real saved chats (session-*.json, October 2025) are read at the end, from
 * ../public-sessions/ when it is there.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileLists } from '../../src/session/file-operations.ts';
import { agentCompactionPoints } from '../../src/schedule/replay.ts';
import { loadSession } from '../../src/session/load.ts';
import { lastAgentCompaction } from '../../src/strategies/at-compaction.ts';
import { type Message, toolCallsOf } from '../../src/session/types.ts';
import { publicSession } from '../helpers/public-sessions.ts';
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
      assert.equal(lastAgentCompaction(session)?.messageIndex, 6);
      assert.equal(agentCompactionPoints(session).length, 1);
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

/**
 * Six real saved chats Gemini CLI 0.x wrote in October 2025 (gemini-2.5-pro), kept by jnarowski/agentcmd (MIT) as
 * fixtures of its SDK. Every figure is counted over the raw JSON with jq, not with the importer:
 * - roles: `[.messages[]|select(.type=="user" and .content!="")]|length` user messages; assistant messages are the
 *   `gemini` records holding text, thoughts or calls (all of them here); one result per element of `toolCalls`;
 * - calls: `[.messages[].toolCalls//[]|.[]|.name]|group_by(.)|map({(.[0]):length})|add`;
 * - thinking: `[.messages[].thoughts//[]|.[]]|length` (each has a subject and a description);
 * - failed results: calls whose `status` is not `success`, and `run_shell_command` outputs whose `Exit Code:` line is
 *   not 0 (`.result[0].functionResponse.response.output|capture("(?m)^Exit Code: (?<code>-?[0-9]+)$")`);
 * - files: the `absolute_path` of `read_file`, the `file_path` of `write_file` and `replace` whose status is
 *   `success` (a file both read and modified is modified only); no shell command reads a file (python3, pip, venv);
 * - compactions: no record holds `<state_snapshot>`.
 */
const REAL_CHATS: ReadonlyArray<{
  file: string;
  id: string;
  roles: Record<string, number>;
  calls: Record<string, number>;
  thinking: number;
  failed: number;
  read: string[];
  modified: string[];
}> = [
  {
    file: 'session-2025-10-27T19-55-981c87cb.json',
    id: '981c87cb-90ef-4c7f-948d-23173ff43e4e',
    roles: { user: 3, assistant: 15, toolResult: 13 },
    calls: { google_web_search: 1, list_directory: 3, read_file: 2, run_shell_command: 5, write_file: 2 },
    thinking: 31,
    // python3 cancelled, list_directory of "." refused (not absolute), pip exited 127 and pip3 1.
    failed: 4,
    read: [],
    modified: ['/Users/jnarowski/Dev/playground/src/test-project/main.py'],
  },
  {
    file: 'session-2025-10-29T10-36-453aa339.json',
    id: '453aa339-7d2b-4709-a41a-b0b73beaff85',
    roles: { user: 1, assistant: 4, toolResult: 3 },
    calls: { read_file: 2, replace: 1 },
    thinking: 6,
    failed: 0,
    read: [],
    modified: ['/private/tmp/gemini-test/created.txt'],
  },
  {
    file: 'session-2025-10-29T10-36-9c9a14e1.json',
    id: '9c9a14e1-2b8f-443b-8cec-61516ff39741',
    roles: { user: 1, assistant: 2, toolResult: 1 },
    calls: { read_file: 1 },
    thinking: 2,
    failed: 0,
    read: ['/private/tmp/gemini-test/sample.txt'],
    modified: [],
  },
  {
    file: 'session-2025-10-29T10-36-f96c76b0.json',
    id: 'f96c76b0-f4ed-448c-833c-16856e3585c7',
    roles: { user: 1, assistant: 2, toolResult: 1 },
    calls: { write_file: 1 },
    thinking: 2,
    failed: 0,
    read: [],
    modified: ['/tmp/gemini-test/created.txt'],
  },
  {
    // Its one write_file failed: `Tool "write_file" not found in registry` (status error), so nothing is modified.
    file: 'session-2025-10-29T10-39-a63242d9.json',
    id: 'a63242d9-4431-4eee-926d-beb795e7989d',
    roles: { user: 1, assistant: 1, toolResult: 1 },
    calls: { write_file: 1 },
    thinking: 2,
    failed: 1,
    read: [],
    modified: [],
  },
  {
    file: 'session-2025-10-29T10-40-359abdd0.json',
    id: '359abdd0-33dc-47db-8ee6-a4f405c678b8',
    roles: { user: 1, assistant: 2, toolResult: 1 },
    calls: { write_file: 1 },
    thinking: 4,
    failed: 0,
    read: [],
    modified: ['/tmp/gemini-test/auto-edit-test.txt'],
  },
];

const countBy = (names: readonly string[]) => {
  const counts: Record<string, number> = {};
  for (const name of names) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
};

for (const chat of REAL_CHATS) {
  const real = publicSession(
    'jnarowski/agentcmd',
    `packages/agent-cli-sdk/tests/fixtures/gemini/full/${chat.file}`,
  );
  describe(`a real Gemini CLI saved chat (jnarowski/agentcmd ${chat.file})`, { skip: real.skip }, () => {
    it('imports every turn, call and result, the failed ones marked, and the files the calls touched', async () => {
      const session = await loadSession(real.file);
      assert.equal(session.format, 'gemini-cli');
      assert.equal(session.id, chat.id);
      assert.deepEqual(countBy(session.messages.map((message) => rolesOf([message])[0]!)), chat.roles);
      assert.deepEqual(countBy(session.messages.flatMap(toolCallsOf).map((call) => call.name)), chat.calls);
      const thinking = session.messages.flatMap((message) =>
        message.role === 'assistant' ? message.content.filter((block) => block.type === 'thinking') : [],
      );
      assert.equal(thinking.length, chat.thinking);
      assert.equal(
        session.messages.filter((message) => message.role === 'toolResult' && message.isError).length,
        chat.failed,
      );
      assert.deepEqual(fileLists(session.fileOperations), { read: chat.read, modified: chat.modified });
      assert.deepEqual(session.compactions, []);
      assert.deepEqual(session.metadata.models, ['gemini-2.5-pro']);
    });
  });
}
