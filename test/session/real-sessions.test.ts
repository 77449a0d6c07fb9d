/**
 * Imports the real transcripts in `../shared/real-sessions/` (never copied into the repository); the
 * whole suite is skipped where that folder is absent.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fileLists } from '../../src/session/file-operations.ts';
import { loadSession } from '../../src/session/load.ts';
import { type Session, toolCallsOf } from '../../src/session/types.ts';

const REAL_SESSIONS = fileURLToPath(new URL('../../../shared/real-sessions/', import.meta.url));
const present = existsSync(REAL_SESSIONS);

function transcripts(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return transcripts(path);
    return /\.jsonl?$/.test(entry.name) && !entry.name.endsWith('.probes.json') ? [path] : [];
  });
}

function rolesOf(session: Session): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const message of session.messages) counts[message.role] = (counts[message.role] ?? 0) + 1;
  return counts;
}

function toolCountsOf(session: Session): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const call of session.messages.flatMap(toolCallsOf)) counts[call.name] = (counts[call.name] ?? 0) + 1;
  return counts;
}

describe('real sessions', { skip: present ? false : `no ${REAL_SESSIONS}` }, () => {
  for (const file of present ? transcripts(REAL_SESSIONS) : []) {
    it(`imports ${relative(REAL_SESSIONS, file)} with messages, tool calls and files`, async () => {
      const session = await loadSession(file);
      assert.ok(session.messages.length > 0);
      assert.ok(session.messages.some((message) => message.role === 'user'));
      assert.ok(session.messages.some((message) => message.role === 'assistant'));
      assert.ok(session.messages.flatMap(toolCallsOf).length > 0, 'tool calls');
      const files = fileLists(session.fileOperations);
      assert.ok(files.read.length + files.modified.length > 0, 'files');
      assert.deepEqual(session.stats.skipped, []);
      assert.equal(session.stats.unknownLines, 0);
      for (const [index, message] of session.messages.entries()) {
        if (message.role !== 'toolResult') continue;
        const called = session.messages.slice(0, index).flatMap(toolCallsOf);
        assert.ok(
          called.some((call) => call.id === message.toolCallId),
          `result ${index} follows its call`,
        );
      }
    });
  }

  const piSession = join(REAL_SESSIONS, 'pi/before-compaction.jsonl');
  it(
    'reads the pi session with two compactions as the README describes it',
    {
      skip: !existsSync(piSession),
    },
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
  it('reads the large pi session', { skip: !existsSync(largeSession) }, async () => {
    const session = await loadSession(largeSession);
    assert.deepEqual(rolesOf(session), { user: 88, assistant: 453, toolResult: 373 });
    assert.equal(session.metadata.thinkingLevelChanges, 103);
    assert.deepEqual(session.compactions, []);
  });

  const claudeSession = join(REAL_SESSIONS, 'claude-code/python-to-rust-port.jsonl');
  it(
    'reads the Claude Code run as the README describes it',
    {
      skip: !existsSync(claudeSession),
    },
    async () => {
      const session = await loadSession(claudeSession);
      assert.equal(session.format, 'claude-code');
      assert.equal(session.formatVersion, '2.1.14');
      // 55 assistant lines are 39 turns; 41 user lines are 39 tool results, the prompt and a stop-hook message.
      assert.deepEqual(rolesOf(session), { user: 2, assistant: 39, toolResult: 39 });
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
