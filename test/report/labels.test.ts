/** Labels that must say what the figures say: target misses, sweep ranks and the "same recall" remark. */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { observations } from '../../src/report/observations.ts';
import { missesTarget } from '../../src/results/assemble.ts';
import type { ResultsFile, StrategyResult } from '../../src/results/types.ts';
import { runCompare } from '../../src/run.ts';
import { temporaryDirectory } from '../helpers/cli.ts';
import { TEST_CONFIG } from '../helpers/strategy-run.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => directory.remove());

describe('a missed target', () => {
  it('is overshoot only: 15% over misses, any distance under does not', () => {
    assert.equal(missesTarget(1151, 1000), true);
    assert.equal(missesTarget(1150, 1000), false);
    assert.equal(missesTarget(100, 1000), false);
  });

  it('does not keep a strategy that landed under a generous target from being "best"', async () => {
    // before-compaction is 34,935 tokens: at 16,000 every summary lands far under, truncate and masking near it.
    const outcome = await runCompare({
      fixtures: ['before-compaction'],
      strategies: 'single-shot,truncate,observation-masking',
      provider: 'extractive',
      out: join(directory.path, 'under'),
      tokenizer: 'o200k_base',
      config: TEST_CONFIG,
      targets: [16_000],
      concurrency: 2,
      runs: 1,
    });
    const { results } = outcome.fixtures[0]!;
    const singleShot = results.strategies.find((strategy) => strategy.name === 'single-shot')!;
    assert.ok(singleShot.tokensAfter < 16_000 * 0.85, `${singleShot.tokensAfter} tokens`);
    assert.deepEqual(singleShot.flags, []);
    assert.equal(singleShot.target?.missed, false);
    const best = observations(results).find((line) => line.startsWith('Best probe recall'));
    assert.match(best ?? '', /^Best probe recall at 16,000 tokens: `single-shot` \(0\.\d\d/);
  });
});

describe('the budget sweep', () => {
  it('ranks only strategies that stayed within their targets, and lists the others unranked with why', async () => {
    const out = join(directory.path, 'sweep');
    await runCompare({
      fixtures: ['before-compaction'],
      strategies: 'single-shot,observation-masking,identity',
      provider: 'extractive',
      out,
      tokenizer: 'o200k_base',
      config: TEST_CONFIG,
      targets: [2000, 4000],
      concurrency: 2,
      runs: 1,
    });
    const markdown = await readFile(join(out, 'before-compaction-sweep.md'), 'utf8');
    const rows = markdown.split('\n').filter((line) => /^\| (\d+|–) \|/.test(line));
    assert.deepEqual(
      rows.map((row) => row.split(' | ').slice(0, 2).join(' | ')),
      ['| 1 | single-shot', '| – | observation-masking', '| – | identity ⊘'],
    );
    assert.match(
      markdown,
      /- `observation-masking`: over its target at every target \(14,511 at 2,000, 14,511 at 4,000\)\./,
    );
    assert.match(markdown, /- `identity`: does not compress/);
    const json = JSON.parse(await readFile(join(out, 'before-compaction-sweep.json'), 'utf8')) as {
      curves: Array<{ strategy: string; unranked: string | null }>;
    };
    assert.equal(json.curves.find((curve) => curve.strategy === 'single-shot')!.unranked, null);
  });
});

function result(name: string, probeRecall: number, flags: StrategyResult['flags'] = []): StrategyResult {
  return {
    name,
    status: 'ok',
    lexical: false,
    calls: 3,
    ownMs: 10,
    inputTokens: 100,
    outputTokens: 10,
    criticalPathCalls: 1,
    tokensAfter: 1000,
    flags,
    probeShares: null,
    quality: {
      probeRecall,
      inventedPaths: [],
      probeOutcomes: { a: 'matched', b: probeRecall > 0.5 ? 'matched' : 'missed' },
    },
  } as unknown as StrategyResult;
}

function resultsOf(strategies: StrategyResult[]): ResultsFile {
  return {
    strategies,
    target: 1000,
    probes: [{ id: 'a' }, { id: 'b' }],
    fixture: { tokens: 30_000 },
    config: { sliceTokens: 8000 },
    judge: null,
  } as unknown as ResultsFile;
}

describe('the "same probe recall" remark', () => {
  it('is not made when summarizing strategies differ, even if only the equal ones met the target', () => {
    const lines = observations(
      resultsOf([
        result('a', 0.9),
        result('b', 0.4, ['missed-target']),
        result('c', 0.4, ['missed-target']),
        result('d', 0.9),
        result('e', 0.9),
      ]),
    );
    assert.ok(lines.some((line) => line.startsWith('Best probe recall')));
    assert.ok(!lines.some((line) => line.includes('same probe recall')), lines.join('\n'));
  });

  it('is made when every summarizing strategy has the same recall', () => {
    const lines = observations(resultsOf([result('a', 0.9), result('b', 0.9), result('c', 0.9)]));
    assert.ok(lines.some((line) => line.startsWith('Every summarizing strategy has the same probe recall')));
  });
});
