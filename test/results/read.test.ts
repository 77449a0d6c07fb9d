/** Reading a results file back: one written before live facts and history reads as if every probe were live. */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readResultsFile } from '../../src/results/read.ts';
import { temporaryDirectory } from '../helpers/cli.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory('compaction-bench-read-');
});
after(() => directory.remove());

/** A results file as written before live facts: no `live` on probes, no history figures. */
const OLD = {
  schemaVersion: 2,
  fixture: { name: 'old', messages: 4 },
  target: null,
  probes: [{ id: 'task@0', kind: 'task', question: '?', answer: '.', messageIndex: 0, source: 'derived' }],
  config: { concurrency: 1, runs: 1 },
  strategies: [
    {
      name: 'single-shot',
      status: 'ok',
      startedAtMs: 0,
      tokensAfter: 10,
      flags: [],
      keptRanges: [],
      quality: { probeRecall: 1, probeRecallByKind: { task: 1 }, probeOutcomes: { 'task@0': 'matched' } },
      trace: [],
      summary: 'the task',
    },
  ],
};

describe('reading results written before live facts', () => {
  it('reads every probe as live and the history figures as absent', async () => {
    const file = join(directory.path, 'old-results.json');
    await writeFile(file, JSON.stringify(OLD));
    const [results] = await readResultsFile(file);
    assert.equal(results!.probes[0]!.live, true);
    const { quality } = results!.strategies[0]!;
    assert.equal(quality.probeRecall, 1, 'the old recall over all probes is the live recall');
    assert.deepEqual([quality.historyRecall, quality.historyMatched, quality.historyTotal], [null, 0, 0]);
    // Nor were probes kept in part counted then.
    assert.deepEqual([quality.probesPartial, quality.historyPartial], [0, 0]);
  });
});
