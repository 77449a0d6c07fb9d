/**
 * Writes each encoding's rank table to `<dist>/ranks/<encoding>.bin` (run by scripts/build.mjs), so the installed
 * command reads a ready table instead of parsing js-tiktoken's rank module and building it (src/tokenizer/rank-table-file.ts).
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildRankTable } from '../src/tokenizer/bpe-ranks.ts';
import { rankModuleBytes, serializeRankTable } from '../src/tokenizer/rank-table-file.ts';
import { RANK_LOADERS } from '../src/tokens.ts';

const distribution = process.argv[2];
if (!distribution) throw new Error('usage: rank-tables.ts <dist directory>');
await mkdir(join(distribution, 'ranks'), { recursive: true });
for (const [encoding, load] of Object.entries(RANK_LOADERS)) {
  const ranks = await load();
  const file = join(distribution, 'ranks', `${encoding}.bin`);
  const bytes = serializeRankTable({
    table: buildRankTable(ranks.bpe_ranks),
    pattern: ranks.pat_str,
    sourceBytes: rankModuleBytes(encoding),
  });
  await writeFile(`${file}.tmp`, bytes);
  await rename(`${file}.tmp`, file);
}
