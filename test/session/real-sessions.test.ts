/**
 * Imports the real transcripts in `../shared/real-sessions/` (never copied into the repository); the
 * whole suite is skipped, saying why, where that folder is absent.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { droppedWorkNote } from '../../src/session/dropped-work-note.ts';
import { fileLists } from '../../src/session/file-operations.ts';
import { loadSession } from '../../src/session/load.ts';
import { contentText, isPrompt, type Session, toolCallsOf } from '../../src/session/types.ts';

const REAL_SESSIONS = fileURLToPath(new URL('../../../shared/real-sessions/', import.meta.url));
const present = existsSync(REAL_SESSIONS);

function transcripts(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return transcripts(path);
    return /\.jsonl?$/.test(entry.name) && !entry.name.endsWith('.probes.json') ? [path] : [];
  });
}

/** Messages by role, context by kind (`context:hook`). */
function rolesOf(session: Session): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const message of session.messages) {
    const role = message.role === 'user' && message.context ? `context:${message.context}` : message.role;
    counts[role] = (counts[role] ?? 0) + 1;
  }
  return counts;
}

function toolCountsOf(session: Session): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const call of session.messages.flatMap(toolCallsOf)) counts[call.name] = (counts[call.name] ?? 0) + 1;
  return counts;
}

/** What each known file imports to: roles, tool calls, files modified and read, branches. */
const EXPECTED: Record<
  string,
  { roles: Record<string, number>; toolCalls: number; modified: number; read: number; branches: number }
> = {
  'claude-code/edit-tool-variants.jsonl': {
    roles: { user: 1, assistant: 4, toolResult: 4 },
    toolCalls: 4,
    modified: 3,
    read: 0,
    branches: 1,
  },
  'claude-code/python-to-rust-port.jsonl': {
    roles: { user: 1, assistant: 39, toolResult: 39, 'context:hook': 1 },
    toolCalls: 39,
    modified: 8,
    read: 0,
    branches: 1,
  },
  'claude-code/read-tool-variants.jsonl': {
    roles: { user: 1, assistant: 5, toolResult: 4 },
    toolCalls: 4,
    modified: 0,
    read: 1,
    branches: 1,
  },
  'claude-code/with-subagent.jsonl': {
    roles: { user: 1, assistant: 2, toolResult: 1 },
    toolCalls: 1,
    modified: 0,
    read: 0,
    branches: 1,
  },
  'pi/before-compaction.jsonl': {
    roles: { user: 58, assistant: 484, toolResult: 448 },
    toolCalls: 454,
    modified: 19,
    // 7 by the read tool, and agent-session.ts read by `tail -30` / `tail -20` in bash (found by grepping the
    // bash commands for cat/head/tail/sed -n/less whose result is no error).
    read: 8,
    branches: 0,
  },
  'pi/large-session.jsonl': {
    roles: { user: 88, assistant: 453, toolResult: 373 },
    toolCalls: 391,
    modified: 23,
    // 6 by the read tool, and package.json read by `cat package.json | grep …` in bash.
    read: 7,
    branches: 0,
  },
};

describe('real sessions', { skip: present ? false : `no ${REAL_SESSIONS} beside the repository` }, () => {
  for (const file of present ? transcripts(REAL_SESSIONS) : []) {
    const name = relative(REAL_SESSIONS, file);
    it(`imports ${name} whole, in file order, each result after its call`, async () => {
      const session = await loadSession(file);
      assert.ok(session.messages.some(isPrompt), 'a prompt');
      assert.ok(session.messages.some((message) => message.role === 'assistant'));
      assert.deepEqual(session.stats.skipped, []);
      assert.equal(session.stats.unknownLines, 0);
      assert.equal(session.sources.length, session.messages.length);
      // These files hold one conversation written top to bottom: the chain order is the file order.
      const lines = session.sources.map((source) => source.line);
      assert.ok(
        lines.every((line, index) => index === 0 || line >= lines[index - 1]!),
        'source lines never go back',
      );
      for (const [index, message] of session.messages.entries()) {
        if (message.role !== 'toolResult') continue;
        const called = session.messages.slice(0, index).flatMap(toolCallsOf);
        assert.ok(
          called.some((call) => call.id === message.toolCallId),
          `result ${index} follows its call`,
        );
      }
      assert.equal(droppedWorkNote(session), undefined, 'no work left out');
      const expected = EXPECTED[name];
      if (!expected) return;
      const files = fileLists(session.fileOperations);
      assert.deepEqual(
        {
          roles: rolesOf(session),
          toolCalls: session.messages.flatMap(toolCallsOf).length,
          modified: files.modified.length,
          read: files.read.length,
          branches: session.branches.length,
        },
        expected,
      );
    });
  }

  const editVariants = join(REAL_SESSIONS, 'claude-code/edit-tool-variants.jsonl');
  it(
    'joins the edit-tool-variants prompt across the missing parent of line 2',
    { skip: existsSync(editVariants) ? false : `no ${editVariants}` },
    async () => {
      const session = await loadSession(editVariants);
      assert.deepEqual(session.bridges, [
        { line: 2, joinedTo: 1, missingParent: '9cd594e0-c4b6-4100-b086-7483e0c156a1' },
      ]);
      assert.equal(session.sources[0]?.line, 1);
      const first = session.messages[0];
      assert.ok(first && isPrompt(first), 'the prompt on line 1 comes first');
      assert.match(contentText(first.content), /^Please perform the following file edit operations/);
      assert.deepEqual(
        session.branches.map(({ number, leafLine, messages, toolCalls, active }) => ({
          number,
          leafLine,
          messages,
          toolCalls,
          active,
        })),
        [{ number: 1, leafLine: 13, messages: 9, toolCalls: 4, active: true }],
      );
    },
  );

  const withSubagent = join(REAL_SESSIONS, 'claude-code/with-subagent.jsonl');
  it(
    'reads the subagent run: a Task call and its answer, and no file touched',
    { skip: existsSync(withSubagent) ? false : `no ${withSubagent}` },
    async () => {
      const session = await loadSession(withSubagent);
      assert.deepEqual(toolCountsOf(session), { Task: 1 });
      assert.deepEqual(session.fileOperations, []);
      const result = session.messages.find((message) => message.role === 'toolResult');
      assert.match(contentText(result?.role === 'toolResult' ? result.content : []), /Green Curry/);
    },
  );

  const piSession = join(REAL_SESSIONS, 'pi/before-compaction.jsonl');
  it(
    'reads the pi session with two compactions as the README describes it',
    { skip: existsSync(piSession) ? false : `no ${piSession}` },
    async () => {
      const session = await loadSession(piSession);
      assert.equal(session.format, 'pi');
      assert.equal(session.formatVersion, 1);
      // 55 user messages and 3 user-run bashExecution messages, which become user messages.
      assert.deepEqual(rolesOf(session), { user: 58, assistant: 484, toolResult: 448 });
      assert.equal(session.metadata.modelChanges, 5);
      assert.equal(session.metadata.thinkingLevelChanges, 5);
      assert.deepEqual(
        session.compactions.map((compaction) => [compaction.tokensBefore, compaction.firstKeptMessageIndex]),
        [
          [175004, 288],
          [185014, 545],
        ],
      );
      for (const compaction of session.compactions) {
        assert.ok((compaction.firstKeptMessageIndex ?? 0) < compaction.messageIndex);
        assert.match(compaction.summary, /Context Checkpoint/);
      }
    },
  );

  const largeSession = join(REAL_SESSIONS, 'pi/large-session.jsonl');
  it(
    'reads the large pi session',
    { skip: existsSync(largeSession) ? false : `no ${largeSession}` },
    async () => {
      const session = await loadSession(largeSession);
      assert.deepEqual(rolesOf(session), { user: 88, assistant: 453, toolResult: 373 });
      assert.equal(session.metadata.thinkingLevelChanges, 103);
      assert.deepEqual(session.compactions, []);
    },
  );

  const claudeSession = join(REAL_SESSIONS, 'claude-code/python-to-rust-port.jsonl');
  it(
    'reads the Claude Code run as the README describes it',
    { skip: existsSync(claudeSession) ? false : `no ${claudeSession}` },
    async () => {
      const session = await loadSession(claudeSession);
      assert.equal(session.format, 'claude-code');
      assert.equal(session.formatVersion, '2.1.14');
      // 55 assistant lines are 39 turns; 41 user lines are 39 tool results, the prompt and the stop
      // hook's feedback (an isMeta line: context, not a prompt).
      assert.deepEqual(rolesOf(session), { user: 1, 'context:hook': 1, assistant: 39, toolResult: 39 });
      assert.deepEqual(toolCountsOf(session), {
        Task: 1,
        TodoWrite: 10,
        Bash: 16,
        Read: 3,
        Edit: 1,
        Write: 7,
        Glob: 1,
      });
      assert.equal(session.stats.metadataLines, 1, 'the queue-operation record');
      assert.deepEqual(fileLists(session.fileOperations).modified.length, 8);
      assert.deepEqual(session.compactions, []);
    },
  );
});
