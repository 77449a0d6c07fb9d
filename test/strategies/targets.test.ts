/** `--target-tokens`: every strategy that can aim lands within 15% of each target with the extractive provider. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCompare } from '../../src/run/run.ts';
import { temporaryDirectory } from '../helpers/cli.ts';
import { TEST_CONFIG } from '../helpers/strategy-run.ts';
import { readResults } from '../../src/results/digest.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => directory.remove());

// Those that cannot aim: identity keeps everything, paths-only and identifier-bag have what they have (the
// bag runs out of identifiers before 8000 tokens), and the tool-output
// baselines cannot shrink messages that are not tool output; truncate cuts only at message edges.
const CANNOT_AIM = new Set([
  'identity',
  'paths-only',
  'identifier-bag',
  'observation-masking',
  'tool-output-pruning',
  'truncate',
]);

describe('--target-tokens', () => {
  it('aims each strategy within 15% of each target on large-session, and records target and deviation', async () => {
    const targets = [2000, 4000, 8000];
    const outcome = await runCompare({
      transcripts: ['large-session'],
      strategies: 'core,agents,identifier-bag,grep,identity',
      provider: 'extractive',
      out: join(directory.path, 'sweep'),
      tokenizer: 'o200k_base',
      config: TEST_CONFIG,
      targets,
      concurrency: 4,
      runs: 1,
    });
    assert.deepEqual(
      outcome.sessions.map((session) => session.digest.target),
      targets,
    );
    for (const { resultsFile } of outcome.sessions) {
      const results = await readResults(resultsFile);
      for (const strategy of results.strategies) {
        assert.equal(strategy.target?.tokens, results.target, strategy.name);
        if (CANNOT_AIM.has(strategy.name)) continue;
        const deviation = Math.abs(strategy.tokensAfter - results.target!) / results.target!;
        assert.ok(deviation <= 0.15, `${strategy.name} at ${results.target}: ${strategy.tokensAfter} tokens`);
        assert.ok(!strategy.flags.includes('missed-target'), strategy.name);
      }
      const identity = results.strategies.find((strategy) => strategy.name === 'identity')!;
      assert.deepEqual(identity.flags, ['does-not-compress', 'missed-target']);
    }
  });
});
