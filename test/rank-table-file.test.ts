import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildRankTable, countPiece, type RankTable } from '../src/tokenizer/bpe-ranks.ts';
import { rankModuleBytes, readRankTable, serializeRankTable } from '../src/tokenizer/rank-table-file.ts';

const SAMPLE = `export function total(items) { return items.reduce((sum, item) => sum + item.price, 0); } ünïcödé 🚀 日本語`;

/** Token counts of every whitespace-separated piece of the sample, by a table. */
function counts(table: RankTable): number[] {
  const encoder = new TextEncoder();
  return SAMPLE.split(' ').map((piece) => {
    const bytes = encoder.encode(piece);
    return countPiece(table, bytes, bytes.length);
  });
}

describe('stored rank tables', () => {
  it('read back the table they were written from, and are ignored when made from another rank module', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'compaction-bench-ranks-'));
    try {
      for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
        const ranks = (await import(`js-tiktoken/ranks/${encoding}`)).default as {
          bpe_ranks: string;
          pat_str: string;
        };
        const built = buildRankTable(ranks.bpe_ranks);
        const file = join(directory, `${encoding}.bin`);
        const sourceBytes = rankModuleBytes(encoding);
        await writeFile(file, serializeRankTable({ table: built, pattern: ranks.pat_str, sourceBytes }));
        const stored = await readRankTable(file, sourceBytes);
        assert.ok(stored, encoding);
        assert.equal(stored.pattern, ranks.pat_str);
        assert.equal(stored.table.ranks.length, built.ranks.length);
        assert.deepEqual(counts(stored.table), counts(built), encoding);
        assert.equal(await readRankTable(file, sourceBytes + 1), undefined, 'another js-tiktoken');
      }
      assert.equal(await readRankTable(join(directory, 'missing.bin'), 1), undefined);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
