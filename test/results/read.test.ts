/** Reading a results file back: one written before live facts and history reads as if every probe were live. */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { readResultsFile } from '../../src/results/read.ts';
import { temporaryDirectory } from '../helpers/cli.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory('compaction-bench-read-');
});
after(() => directory.remove());

/** Written by commit a20cb05, before live facts and history: no `live` on probes, no history or cache-write figures. */
const OLD = fileURLToPath(new URL('../samples/a20cb05-before-compaction-results.json', import.meta.url));

describe('reading results written before live facts', () => {
  it('reads every probe as live and the history figures as absent', async () => {
    const written = JSON.parse(await readFile(OLD, 'utf8')) as {
      strategies: Array<{ quality: { probeRecall: number } }>;
    };
    const [results] = await readResultsFile(OLD);
    assert.ok(results!.probes.length > 0);
    assert.ok(results!.probes.every((probe) => probe.live));
    assert.deepEqual(
      results!.strategies.map((strategy) => strategy.quality.probeRecall),
      written.strategies.map((strategy) => strategy.quality.probeRecall),
      'the old recall over all probes is the live recall',
    );
    for (const { quality, cacheWriteInputTokens } of results!.strategies) {
      assert.deepEqual([quality.historyRecall, quality.historyMatched, quality.historyTotal], [null, 0, 0]);
      // Nor were probes kept in part, or prompt-cache writes, counted then.
      assert.deepEqual([quality.probesPartial, quality.historyPartial, cacheWriteInputTokens], [0, 0, 0]);
    }
  });

  it('names the first field a results file lacks', async () => {
    const results = JSON.parse(await readFile(OLD, 'utf8')) as { fixture: Record<string, unknown> };
    delete results.fixture['path'];
    const file = join(directory.path, 'no-path-results.json');
    await writeFile(file, JSON.stringify(results));
    await assert.rejects(readResultsFile(file), {
      message: `${file}: fixture.path: Invalid input: expected string, received undefined`,
    });
  });
});
