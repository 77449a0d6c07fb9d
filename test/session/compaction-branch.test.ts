import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadSessionReference } from '../../src/run/run-session.ts';
import { branchChoiceNote } from '../../src/session/dropped-work-note.ts';
import { loadSession } from '../../src/session/load.ts';
import type { CompareOptions } from '../../src/stages/types.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { sampleText, writeTemporary } from './samples.ts';

/**
 * A Claude Code file whose user went back to before the automatic compaction and ran `/export` there: its last
 * leaf (the active branch) holds no compaction; the branch that goes on after the compaction holds one.
 */
async function exportedAfterRewind(): Promise<string> {
  const base = await sampleText('claude-code-compaction.jsonl');
  const line = (record: object) => JSON.stringify({ sessionId: 'cc-compact', ...record });
  const rewound = [
    line({
      type: 'user',
      uuid: 'x01',
      parentUuid: 'c03',
      timestamp: '2026-01-10T11:00:00.000Z',
      message: { role: 'user', content: 'Before the schema: which fields are optional?' },
    }),
    line({
      type: 'assistant',
      uuid: 'x02',
      parentUuid: 'x01',
      timestamp: '2026-01-10T11:00:05.000Z',
      message: {
        id: 'msg_x02',
        role: 'assistant',
        content: [{ type: 'text', text: 'timeout and retries.' }],
      },
    }),
  ];
  return writeTemporary('exported.jsonl', `${base.trimEnd()}\n${rewound.join('\n')}\n`);
}

describe('a run at a recorded compaction on a file whose compaction is not on the last branch', () => {
  it('imports the active branch by default, which records no compaction', async () => {
    const session = await loadSession(await exportedAfterRewind());
    assert.equal(session.branch, 2);
    assert.deepEqual(session.compactions, []);
    assert.equal(session.branchChoice, undefined);
  });

  it('takes the branch holding the last compaction, and says so', async () => {
    const session = await loadSession(await exportedAfterRewind(), { needsCompaction: true });
    assert.equal(session.branch, 1);
    assert.equal(session.compactions.length, 1);
    assert.deepEqual(session.branchChoice, { reason: 'recorded-compaction', active: 2, holding: [1] });
    assert.equal(
      branchChoiceNote(session),
      'exported: the active branch 2 (leaf line 12) records no compaction; imported branch 1 (leaf line 10), which holds the last recorded one — --branch <n> picks another',
    );
  });

  it('keeps the branch --branch asks for', async () => {
    const session = await loadSession(await exportedAfterRewind(), { needsCompaction: true, branch: 2 });
    assert.equal(session.branch, 2);
    assert.equal(session.branchChoice, undefined);
  });

  it('prints the choice on stderr when compare loads it with --at-compaction or --schedule recorded', async () => {
    const tokenizer = await getTokenizer('heuristic');
    const file = await exportedAfterRewind();
    for (const flags of [{ atCompaction: true }, { schedule: { policy: 'recorded' } }]) {
      const notices: string[] = [];
      const options = {
        ...flags,
        onNotice: (line: string) => notices.push(line),
      } as unknown as CompareOptions;
      const reference = await loadSessionReference(file, tokenizer, options);
      assert.equal(reference?.session.branch, 1);
      assert.match(
        notices[0] ?? '',
        /the active branch 2 \(leaf line 12\) records no compaction; imported branch 1/,
      );
    }
  });

  it('names every branch holding one when several do', async () => {
    const file = await exportedAfterRewind();
    // A second continuation after the compaction, written before the export: two branches hold the compaction.
    const second = JSON.stringify({
      type: 'user',
      uuid: 'y01',
      parentUuid: 'c07',
      sessionId: 'cc-compact',
      timestamp: '2026-01-10T10:30:00.000Z',
      message: { role: 'user', content: 'Use valibot instead.' },
    });
    const text = (await sampleText('claude-code-compaction.jsonl')).trimEnd();
    const exported = (await import('node:fs/promises')).readFile(file, 'utf8');
    const rewound = (await exported).split('\n').slice(10).join('\n');
    const session = await loadSession(await writeTemporary('two.jsonl', `${text}\n${second}\n${rewound}`), {
      needsCompaction: true,
    });
    assert.deepEqual(session.branchChoice?.holding, [1, 2]);
    assert.match(
      branchChoiceNote(session) ?? '',
      /the active branch 3 \(leaf line 13\) records no compaction; imported branch 2 \(leaf line 11\), which holds the last recorded one; branch 1 holds one too —/,
    );
  });
});
