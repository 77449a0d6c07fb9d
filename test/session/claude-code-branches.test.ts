import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InputError } from '../../src/errors.ts';
import { listMessages } from '../../src/inspect/messages.ts';
import { droppedWorkNote } from '../../src/session/dropped-work-note.ts';
import { fileLists } from '../../src/session/file-operations.ts';
import { loadSession } from '../../src/session/load.ts';
import { toolCallsOf } from '../../src/session/types.ts';
import { jsonLines, samplePath, sampleText, writeTemporary } from './samples.ts';

/** `[role, line]` of each message, as `inspect --messages --json` prints them. */
const order = (session: Awaited<ReturnType<typeof loadSession>>) =>
  listMessages(session).map((entry) => [entry.role, entry.line]);

const at = (second: number) => `2026-03-05T10:00:${String(second).padStart(2, '0')}.000Z`;
function userLine(uuid: string, parentUuid: string | null, second: number, content: unknown) {
  return { type: 'user', uuid, parentUuid, timestamp: at(second), message: { role: 'user', content } };
}
function assistantLine(
  uuid: string,
  parentUuid: string | null,
  second: number,
  id: string,
  content: unknown[],
) {
  return {
    type: 'assistant',
    uuid,
    parentUuid,
    timestamp: at(second),
    message: { id, role: 'assistant', content },
  };
}
const call = (id: string, path: string) => ({
  type: 'tool_use',
  id,
  name: 'Read',
  input: { file_path: path },
});
const answer = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: `contents of ${id}` });

describe('Claude Code branches', () => {
  describe('two chains written at the same time', () => {
    const file = samplePath('claude-code-two-branches.jsonl');

    it('imports the one whose leaf comes last in the file, as the agent saw it', async () => {
      const session = await loadSession(file);
      assert.equal(session.branch, 2);
      assert.deepEqual(fileLists(session.fileOperations).modified, ['/work/shop/src/signup.ts']);
      // The first parallel result hangs off its own tool_use line: part of both chains, not a branch.
      assert.deepEqual(
        session.branches.map(({ number, leafLine, messages, toolCalls, filesModified, active }) => ({
          number,
          leafLine,
          messages,
          toolCalls,
          filesModified,
          active,
        })),
        [
          {
            number: 1,
            leafLine: 13,
            messages: 8,
            toolCalls: 4,
            filesModified: ['/work/shop/src/login.ts', '/work/shop/src/validate.ts'],
            active: false,
          },
          {
            number: 2,
            leafLine: 15,
            messages: 9,
            toolCalls: 4,
            filesModified: ['/work/shop/src/signup.ts'],
            active: true,
          },
        ],
      );
    });

    it('says in one line what the other chain holds that was not imported', async () => {
      assert.equal(
        droppedWorkNote(await loadSession(file)),
        'claude-code-two-branches: 2 branches; imported branch 2 (active, leaf line 15: 9 messages, 4 tool calls); left out branch 1 (leaf line 13: 4 messages, 2 tool calls, 2 modified files not imported) — --branch 1 to use it',
      );
    });

    it('imports the other chain with --branch, in chain order, and the note turns around', async () => {
      const session = await loadSession(file, { branch: 1 });
      assert.equal(session.branch, 1);
      assert.deepEqual(order(session), [
        ['user', 1],
        ['assistant', 2],
        ['toolResult', 5],
        ['toolResult', 6],
        ['assistant', 8],
        ['toolResult', 10],
        ['assistant', 11],
        ['toolResult', 13],
      ]);
      assert.match(
        droppedWorkNote(session) ?? '',
        /imported branch 1 \(leaf line 13: .*left out branch 2 \(active, leaf line 15: 5 messages, 2 tool calls, 1 modified file not imported\) — --branch 2 to use it$/,
      );
    });

    it('rejects a branch number that does not exist, naming the flag and the numbers', async () => {
      await assert.rejects(loadSession(file, { branch: 3 }), (error: Error) => {
        assert.ok(error instanceof InputError);
        assert.match(
          error.message,
          /^--branch 3: .*claude-code-two-branches\.jsonl holds 2 branches \(inspect lists them\); available: 1, 2$/,
        );
        return true;
      });
    });
  });

  describe('a file holding an earlier copy of a chain, then the chain again with the same message ids', () => {
    const file = samplePath('claude-code-copied-chain.jsonl');

    it('merges the copy into the chain it copies, and goes on with the work after it', async () => {
      const session = await loadSession(file);
      // Before: the copy (lines 7–12) was a chain of its own and the imported conversation started there.
      assert.deepEqual(order(session), [
        ['user', 1],
        ['assistant', 2],
        ['toolResult', 4],
        ['assistant', 5],
        ['toolResult', 6],
        ['user', 13],
        ['assistant', 14],
        ['toolResult', 15],
        ['assistant', 16],
      ]);
      const first = session.messages[1];
      assert.deepEqual(first?.role === 'assistant' && first.content.map((block) => block.type), [
        'text',
        'toolCall',
      ]);
      assert.deepEqual(session.merges, [{ lines: [7, 12], copied: 6, copies: [1, 6], leftOut: 0 }]);
    });

    it('leaves one branch, so the note stays silent', async () => {
      const session = await loadSession(file);
      assert.deepEqual(
        session.branches.map((branch) => [branch.leafLine, branch.notImported.messages]),
        [[16, 0]],
      );
      assert.equal(droppedWorkNote(session), undefined);
    });
  });

  describe('a line whose parent is not in the file', () => {
    it('is joined to the nearest earlier leaf written no later than it, and the join is recorded', async () => {
      const session = await loadSession(samplePath('claude-code-gap.jsonl'));
      assert.deepEqual(order(session), [
        ['user', 1],
        ['assistant', 2],
        ['toolResult', 3],
        ['assistant', 4],
      ]);
      assert.deepEqual(session.bridges, [{ line: 2, joinedTo: 1, missingParent: '0b7c-missing' }]);
      assert.equal(session.branches.length, 1);
      assert.equal(droppedWorkNote(session), undefined);
    });

    it('stays a root when the only earlier leaf was written after it: two branches, the note names the other', async () => {
      const text = (await sampleText('claude-code-gap.jsonl')).replace(
        '"2026-03-04T08:00:00.000Z"',
        '"2026-03-04T08:00:09.000Z"',
      );
      const session = await loadSession(await writeTemporary('late-prompt.jsonl', text));
      assert.deepEqual(session.bridges, []);
      assert.deepEqual(order(session), [
        ['assistant', 2],
        ['toolResult', 3],
        ['assistant', 4],
      ]);
      assert.equal(
        droppedWorkNote(session),
        'late-prompt: 2 branches; imported branch 2 (active, leaf line 4: 3 messages, 1 tool call); left out branch 1 (leaf line 1: 1 message not imported) — --branch 1 to use it',
      );
    });
  });

  describe('lines hanging off a chain as siblings', () => {
    it('merges the blocks of one turn written as siblings, with both parallel results after it', async () => {
      const file = await writeTemporary(
        'siblings.jsonl',
        jsonLines(
          userLine('u1', null, 1, 'Read a.ts and b.ts.'),
          assistantLine('a1', 'u1', 2, 'msg_1', [call('toolu_a', '/w/a.ts')]),
          assistantLine('a2', 'u1', 3, 'msg_1', [call('toolu_b', '/w/b.ts')]),
          userLine('r1', 'a1', 4, [answer('toolu_a')]),
          userLine('r2', 'a2', 5, [answer('toolu_b')]),
          assistantLine('a3', 'r2', 6, 'msg_2', [{ type: 'text', text: 'Both read.' }]),
        ),
      );
      const session = await loadSession(file);
      assert.deepEqual(order(session), [
        ['user', 1],
        ['assistant', 2],
        ['toolResult', 4],
        ['toolResult', 5],
        ['assistant', 6],
      ]);
      assert.deepEqual(
        session.messages.flatMap(toolCallsOf).map((block) => block.id),
        ['toolu_a', 'toolu_b'],
      );
      assert.equal(session.branches.length, 1);
    });

    it('keeps a leaf that answers nothing on the chain as a branch of its own, never dropping it silently', async () => {
      const file = await writeTemporary(
        'stray-result.jsonl',
        jsonLines(
          userLine('u1', null, 1, 'Read a.ts.'),
          assistantLine('a1', 'u1', 2, 'msg_1', [call('toolu_a', '/w/a.ts')]),
          userLine('r1', 'a1', 3, [answer('toolu_a')]),
          userLine('x1', 'u1', 4, [answer('toolu_elsewhere')]),
          assistantLine('a2', 'r1', 5, 'msg_2', [{ type: 'text', text: 'Read.' }]),
        ),
      );
      const session = await loadSession(file);
      assert.deepEqual(
        session.branches.map((branch) => [branch.leafLine, branch.messages]),
        [
          [4, 2],
          [5, 4],
        ],
      );
      assert.match(
        droppedWorkNote(session) ?? '',
        /left out branch 1 \(leaf line 4: 1 message not imported\)/,
      );
    });
  });
});

describe('Claude Code turns with parallel tool calls', () => {
  const file = samplePath('claude-code-parallel-calls.jsonl');

  it('reads the lines of one message id as one turn, with every call, however the results hang off it', async () => {
    const session = await loadSession(file);
    // Before: the Glob and the second Read hung off a line beside the chain and were a branch of their own.
    assert.deepEqual(
      session.messages.flatMap(toolCallsOf).map((block) => block.name),
      ['Read', 'Grep', 'Glob', 'Read', 'Edit'],
    );
    assert.deepEqual(order(session), [
      ['user', 2],
      ['assistant', 3],
      ['toolResult', 9],
      ['toolResult', 10],
      ['toolResult', 11],
      ['toolResult', 12],
      ['assistant', 13],
      ['toolResult', 14],
      ['assistant', 15],
    ]);
    assert.deepEqual(
      session.branches.map((branch) => [branch.leafLine, branch.messages, branch.toolCalls]),
      [[15, 9, 5]],
    );
    assert.equal(droppedWorkNote(session), undefined);
  });

  it('keeps a turn whose blocks are threaded through progress lines whole', async () => {
    const text = await sampleText('claude-code-parallel-calls.jsonl');
    // 2.1.32+ can hang the next block of a turn off a hook's progress line instead of the block before it.
    const threaded = text
      .replace('"parentUuid":"p-a4"', '"parentUuid":"p-a3x"')
      .replace(
        '{"parentUuid":"p-a3",',
        `{"parentUuid":"p-a3","isSidechain":false,"type":"progress","data":{"type":"hook_progress"},"uuid":"p-a3x","timestamp":"2026-03-18T09:00:05.000Z"}\n{"parentUuid":"p-a3",`,
      );
    const session = await loadSession(await writeTemporary('threaded.jsonl', threaded));
    assert.equal(session.messages.flatMap(toolCallsOf).length, 5);
    assert.equal(session.branches.length, 1);
  });
});

describe('a Claude Code session resumed from a copy that kept only part of the earlier chain', () => {
  const file = samplePath('claude-code-resumed-copy.jsonl');

  it('keeps the earlier session’s later work and the resumed session’s own work, in that order', async () => {
    const session = await loadSession(file);
    // Before: the resumed work hung off the middle of the earlier chain and the rest of it was a left-out branch.
    assert.equal(session.messages.flatMap(toolCallsOf).length, 6);
    assert.deepEqual(fileLists(session.fileOperations).modified, [
      '/work/shop/src/cart.test.ts',
      '/work/shop/src/cart.ts',
      '/work/shop/src/checkout.ts',
      '/work/shop/src/payment.ts',
    ]);
    assert.deepEqual(
      order(session).map(([, line]) => line),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20, 21, 22, 23],
    );
    assert.deepEqual(session.metadata.resumedCopies, [{ line: 18, joinedTo: 11 }]);
    assert.equal(session.branches.length, 1);
    assert.equal(droppedWorkNote(session), undefined);
  });

  it('does the same when the copy wrote the lines under new uuids', async () => {
    const lines = (await sampleText('claude-code-resumed-copy.jsonl')).split('\n');
    // Lines 13–17 are the copy; give them (and the parent of line 18) new uuids.
    const renamed = lines.map((line, index) =>
      index >= 12 && index <= 17 ? line.replaceAll('"e-', '"g-') : line,
    );
    const session = await loadSession(await writeTemporary('renamed-copy.jsonl', renamed.join('\n')));
    assert.equal(session.messages.flatMap(toolCallsOf).length, 6);
    assert.deepEqual(session.metadata.resumedCopies, [{ line: 18, joinedTo: 11 }]);
    assert.equal(droppedWorkNote(session), undefined);
  });

  it('still reads a rewind within one session as a branch', async () => {
    // Without the copy and with one session id, the same shape is the user going back: a branch, and the note.
    const lines = (await sampleText('claude-code-resumed-copy.jsonl')).split('\n');
    const rewound = [...lines.slice(0, 11), ...lines.slice(17)].map((line) =>
      line.replace('"c21e7d44-resumed"', '"3f0a9b6c-earlier"'),
    );
    const session = await loadSession(await writeTemporary('rewound.jsonl', rewound.join('\n')));
    assert.equal(session.branches.length, 2);
    assert.equal(session.metadata.resumedCopies, undefined);
    assert.match(
      droppedWorkNote(session) ?? '',
      /left out branch 1 \(leaf line 11: .*2 tool calls, 1 modified file/,
    );
  });
});
