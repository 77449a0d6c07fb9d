/**
 * `score` and `report` over a folder that several compares wrote into take its newest run, and say so: which run,
 * its sessions, the others and the file that takes one. Before, `score DIR` after two compares into DIR re-scored
 * only the newest run and said nothing of the other.
 */
import assert from 'node:assert/strict';
import { basename, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { rebuildReports } from '../src/run/reports-from-files.ts';
import { scoreRecords } from '../src/run/rescore.ts';
import { runCompare } from '../src/run/run.ts';
import { temporaryDirectory } from './helpers/cli.ts';
import { offlineCompare } from './helpers/compare-run.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(() => directory.remove());

describe('a folder holding several runs', () => {
  let out: string;
  let runs: string[];
  before(async () => {
    out = join(directory.path, 'out');
    runs = [];
    for (const transcript of ['before-compaction', 'large-session']) {
      const outcome = await runCompare(
        offlineCompare({
          transcripts: [transcript],
          strategies: 'truncate',
          out,
        }),
      );
      runs.push(basename(outcome.recordsFile, '.jsonl'));
      // Run names start with the second they were made: the second run's must sort after the first's.
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
  });

  it('score says which run it took, and how to take the other', async () => {
    const outcome = await scoreRecords({
      records: [out],
      out: join(directory.path, 'scored'),
      concurrency: 1,
    });
    assert.equal(outcome.sessions, 1);
    assert.deepEqual(outcome.choices, [
      `${out} holds 2 runs; took the newest, ${runs[1]} (large-session); the other: ${runs[0]} (before-compaction). To take another, give its records file: ${join(out, 'records', `${runs[0]}.jsonl`)}`,
    ]);
  });

  it('report says it too', async () => {
    const outcome = await rebuildReports({ files: [out], out: join(directory.path, 'reported') });
    assert.match(
      outcome.notices[0]!,
      new RegExp(`^note: ${out} holds 2 runs; took the newest, ${runs[1]} \\(large-session\\)`),
    );
  });

  it('a records file given names its run: no choice to tell', async () => {
    const outcome = await scoreRecords({
      records: [join(out, 'records', `${runs[0]}.jsonl`)],
      out: join(directory.path, 'first'),
      concurrency: 1,
    });
    assert.deepEqual(outcome.choices, []);
  });
});
