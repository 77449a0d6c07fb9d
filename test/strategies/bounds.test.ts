import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { StrategyResult } from '../../src/results/types.ts';
import { runCompare } from '../../src/run/run.ts';
import type { StrategyConfig } from '../../src/strategies/types.ts';
import { temporaryDirectory } from '../helpers/cli.ts';
import { TEST_CONFIG } from '../helpers/strategy-run.ts';
import { readResults } from '../../src/results/digest.ts';
import { offlineCompare } from '../helpers/compare-run.ts';

async function compare(
  strategies: string,
  out: string,
  config: Partial<StrategyConfig> = {},
): Promise<StrategyResult[]> {
  const outcome = await runCompare(
    offlineCompare({
      transcripts: ['before-compaction'],
      strategies,
      out,
      config: { ...TEST_CONFIG, ...config },
      concurrency: 4,
    }),
  );
  return (await readResults(outcome.sessions[0]!.resultsFile)).strategies;
}

describe('baselines bound every strategy (offline, on before-compaction)', () => {
  let directory: { path: string; remove: () => Promise<void> };
  before(async () => {
    directory = await temporaryDirectory();
  });
  after(async () => {
    await directory.remove();
  });

  it('identity has the best recall; no strategy falls below truncate with a tiny budget', async () => {
    const all = await compare('all', directory.path);
    const [floor] = await compare('truncate', directory.path, { keepRecentTokens: 500 });
    const identity = all.find((result) => result.name === 'identity')!;
    assert.equal(identity.compressionRatio, 1);
    assert.equal(identity.quality.probeRecall, 1);
    assert.equal(identity.quality.fileRecall, 1);
    for (const result of all) {
      assert.equal(result.status, 'ok', result.name);
      // The lexical baselines are floors of their own: a list of paths keeps no fact at all.
      if (result.lexical) continue;
      const recall = result.quality.probeRecall!;
      assert.ok(recall <= identity.quality.probeRecall!, `${result.name} ≤ identity`);
      assert.ok(
        recall >= floor!.quality.probeRecall!,
        `${result.name} (${recall}) ≥ truncate at 500 tokens (${floor!.quality.probeRecall})`,
      );
      assert.ok(
        result.tokensAfter <= identity.tokensAfter,
        `${result.name} is no larger than the transcript`,
      );
    }
  });
});
