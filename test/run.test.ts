import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runCompare, spreadOf } from '../src/run.ts';
import { temporaryDirectory } from './helpers/cli.ts';
import { TEST_CONFIG } from './helpers/strategy-run.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

const TYPES = fileURLToPath(new URL('../src/strategies/types.ts', import.meta.url));

describe('runner', () => {
  it('repeats a strategy --runs times and reports mean and standard error of every figure', async () => {
    // A strategy whose summary keeps every file path on odd runs and none on even runs.
    const strategyFile = join(directory.path, 'alternating.ts');
    await writeFile(
      strategyFile,
      `import type { Strategy } from '${TYPES}';
let run = 0;
export default {
  name: 'alternating',
  description: 'keeps the file paths on every other run',
  group: 'custom',
  callsModel: false,
  async run(session) {
    run++;
    const paths = [...new Set(session.fileOperations.map((operation) => operation.path))];
    return { summary: run % 2 === 1 ? paths.join('\\n') : 'nothing kept' };
  },
} satisfies Strategy;
`,
    );
    const outcome = await runCompare({
      fixtures: ['before-compaction'],
      strategies: `${strategyFile},identity`,
      provider: 'extractive',
      out: join(directory.path, 'runs'),
      tokenizer: 'o200k_base',
      config: TEST_CONFIG,
      concurrency: 4,
      runs: 4,
    });
    const [alternating, identity] = outcome.fixtures[0]!.results.strategies;
    assert.equal(alternating!.runs, 4);
    const fileRecall = alternating!.spread!['fileRecall']!;
    assert.equal(fileRecall.mean, 0.5, 'two of four runs name every file');
    assert.equal(alternating!.quality.fileRecall, 0.5, 'the reported figure is the mean');
    assert.ok(Math.abs(fileRecall.stdError - spreadOf([1, 0, 1, 0]).stdError) < 1e-12);
    assert.ok(alternating!.spread!['probeRecall']!.stdError > 0);
    assert.ok('probeRecall.file' in alternating!.spread!, 'per-kind recall has a spread too');
    assert.equal(identity!.spread!['probeRecall']!.stdError, 0, 'a deterministic strategy does not vary');
    assert.equal(identity!.quality.probeRecall, 1);
  });

  it('computes the standard error of the mean', () => {
    assert.deepEqual(spreadOf([2]), { mean: 2, stdError: 0 });
    const { mean, stdError } = spreadOf([1, 2, 3, 4]);
    assert.equal(mean, 2.5);
    assert.ok(Math.abs(stdError - Math.sqrt(5 / 3 / 4)) < 1e-12);
  });
});
