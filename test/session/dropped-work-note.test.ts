import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Branch } from '../../src/session/types.ts';
import { droppedWorkNote } from '../../src/session/dropped-work-note.ts';

function branch(number: number, leafLine: number, overrides: Partial<Branch> = {}): Branch {
  return {
    number,
    leafLine,
    messages: 10,
    toolCalls: 3,
    filesModified: [],
    filesRead: [],
    firstTimestamp: undefined,
    lastTimestamp: undefined,
    active: false,
    notImported: { messages: 0, toolCalls: 0, filesModified: [] },
    ...overrides,
  };
}
const lost = (messages: number, toolCalls = 0, filesModified: string[] = []) => ({
  notImported: { messages, toolCalls, filesModified },
});

describe('droppedWorkNote', () => {
  it('says nothing without branches, with one, or when the others hold nothing the imported one lacks', () => {
    assert.equal(droppedWorkNote({ name: 's', branches: [], branch: undefined }), undefined);
    assert.equal(
      droppedWorkNote({ name: 's', branches: [branch(1, 9, { active: true })], branch: 1 }),
      undefined,
    );
    const copy = [branch(1, 6), branch(2, 16, { active: true })];
    assert.equal(droppedWorkNote({ name: 's', branches: copy, branch: 2 }), undefined);
  });

  it('names every branch left out in one line, and how to pick one', () => {
    const note = droppedWorkNote({
      name: 'run',
      branches: [
        branch(1, 40, lost(28, 27, ['a.ts', 'b.ts', 'c.ts'])),
        branch(2, 52, lost(1)),
        branch(3, 300, { active: true, messages: 144, toolCalls: 106 }),
      ],
      branch: 3,
    });
    assert.equal(
      note,
      'run: 3 branches; imported branch 3 (active, leaf line 300: 144 messages, 106 tool calls); left out branch 1 (leaf line 40: 28 messages, 27 tool calls, 3 modified files not imported), branch 2 (leaf line 52: 1 message not imported) — --branch <n> to use one',
    );
    assert.equal(note?.includes('\n'), false);
  });
});
