/**
 * What a run reads once and reuses (the extractive provider's reading of each message, probe spellings prepared
 * once a run, each workspace file's probes at a cut, the transcript's matcher prepared on first use) must not move
 * a figure: the same compare, run again in the same process with every cache warm, writes the same results as the
 * run that began with every cache cold.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCompare } from '../src/run/run.ts';
import { ageTextCaches } from '../src/text/text-cache.ts';
import { temporaryDirectory } from './helpers/cli.ts';
import { resultsFigures } from './helpers/results-figures.ts';
import { TEST_CONFIG } from './helpers/strategy-run.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

describe('a run repeated with warm caches', () => {
  it('writes the figures of every strategy that the run with cold caches wrote', async () => {
    const compare = async (name: string) => {
      const outcome = await runCompare({
        transcripts: ['before-compaction'],
        strategies: 'all',
        provider: 'extractive',
        out: join(directory.path, name),
        tokenizer: 'o200k_base',
        config: TEST_CONFIG,
        concurrency: 4,
        runs: 1,
        continuation: { steps: 5 },
      });
      return resultsFigures(outcome.sessions[0]!.resultsFile);
    };
    // Two generations aged: every run-wide cache starts empty.
    ageTextCaches();
    ageTextCaches();
    const cold = await compare('cold');
    const warm = await compare('warm');
    const strategies = (cold as { strategies: Array<{ name: string; continuation?: unknown }> }).strategies;
    assert.equal(strategies.length, 18);
    assert.ok(
      strategies.every((strategy) => strategy.continuation),
      'each strategy was continued',
    );
    assert.deepEqual(warm, cold);
  });
});
