/**
 * OpenCode. A real `opencode export` was found in a public repository, but it carries no licence; the samples are
 * written by hand in the shapes of OpenCode's source (MessageV2 infos and parts, the compaction part and the
 * `summary` assistant message of session/compaction.ts) and of that export's structure.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileLists } from '../../src/session/file-operations.ts';
import { agentCompactionPoints } from '../../src/schedule/replay.ts';
import { loadSession } from '../../src/session/load.ts';
import { lastAgentCompaction } from '../../src/strategies/at-compaction.ts';
import { toolCallsOf } from '../../src/session/types.ts';
import { samplePath } from './samples.ts';

const EXPORT = samplePath('opencode-export.json');
const STORAGE = samplePath('opencode-storage/storage/session/b7e1c0ffee/ses_3f1a2b4c5d6eFgHiJkLmNoPqRs.json');

describe('OpenCode', () => {
  for (const [what, file] of [
    ['opencode export', EXPORT],
    ['its JSON storage, from the session file', STORAGE],
  ] as const) {
    describe(what, () => {
      it('reads each model step as a turn with its tool results, and the compaction as recorded', async () => {
        const session = await loadSession(file);
        assert.equal(session.format, 'opencode');
        assert.equal(session.id, 'ses_3f1a2b4c5d6eFgHiJkLmNoPqRs');
        assert.equal(session.cwd, '/work/todo');
        assert.equal(session.formatVersion, '1.2.10');
        // By hand: 6 stored messages; the first assistant message runs 2 steps (2 calls each), the compaction
        // request and its summary are no turns, the last assistant message runs 2 steps (2 calls, then text).
        assert.deepEqual(
          session.messages.map((message) => message.role),
          [
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
            'toolResult',
            'assistant',
          ],
        );
        assert.equal(session.messages.flatMap(toolCallsOf).length, 6);
        assert.deepEqual(session.compactions, [
          {
            summary:
              'Goal: due dates on todos, overdue in red. Done: Todo.due added in src/todo.ts. Next: render overdue todos in red in src/render.ts.',
            messageIndex: 7,
            // The first assistant message's tokens: 12000 + 420 + 8000 + 900.
            tokensBefore: 21320,
          },
        ]);
        // --at-compaction and --schedule recorded compare there.
        assert.equal(lastAgentCompaction(session)?.messageIndex, session.compactions[0]!.messageIndex);
        assert.equal(agentCompactionPoints(session).length, 1);
        const firstStep = session.messages[1]!;
        assert.deepEqual(firstStep.role === 'assistant' && firstStep.usage, {
          input: 6000,
          output: 120,
          cacheRead: 4000,
          cacheWrite: 500,
        });
        const failed = session.messages[6]!;
        assert.equal(failed.role === 'toolResult' && failed.isError, true);
      });

      it('finds files: edit, write and patch modify; read and a successful cat read', async () => {
        const session = await loadSession(file);
        // src/todo.ts and src/render.ts were read and then changed, so they count as modified only; the failed
        // `cat src/missing.ts` read nothing.
        assert.deepEqual(fileLists(session.fileOperations), {
          read: [],
          modified: ['/work/todo/src/overdue.css', '/work/todo/src/todo.ts', 'src/render.ts'],
        });
        const reads = session.fileOperations
          .filter((operation) => operation.kind === 'read')
          .map((operation) => operation.path);
        assert.deepEqual(reads, ['/work/todo/src/todo.ts', 'src/render.ts']);
      });
    });
  }
});
