import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { measureEvaluation } from '../bench/evaluation-child.ts';
import { readResults } from '../src/results/digest.ts';
import { runCompare } from '../src/run/run.ts';
import { temporaryDirectory } from './helpers/cli.ts';
import { TEST_CONFIG } from './helpers/strategy-run.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

// The bench's "evaluation alone" part imports the sources by path, so nothing else notices when their names move.
describe('bench: evaluation alone', () => {
  it("scores every stored context of a compare's records with the checkout's own sources", async () => {
    const out = join(directory.path, 'runs');
    const outcome = await runCompare({
      transcripts: ['before-compaction'],
      strategies: 'identity,truncate',
      provider: 'extractive',
      out,
      tokenizer: 'o200k_base',
      config: TEST_CONFIG,
      concurrency: 2,
      runs: 1,
    });
    const results = await readResults(outcome.sessions[0]!.resultsFile);
    const figures = await measureEvaluation(ROOT, out);
    assert.equal(figures.contexts, 2, 'one stored context a strategy');
    assert.equal(figures.tokens, results.strategies[0]!.tokensBefore);
    assert.ok(figures.scoringCpuMs > 0 && figures.referenceCpuMs > 0);
  });
});
