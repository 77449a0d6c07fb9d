/** Labels that must say what the figures say: target misses, sweep ranks and the "same recall" remark. */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { observations } from '../../src/report/observations.ts';
import { renderStatisticsMarkdown } from '../../src/report/statistics.ts';
import { missesTarget } from '../../src/results/assemble.ts';
import { clusteredRecall, comparisonStatistics } from '../../src/results/comparison-statistics.ts';
import { wilsonInterval } from '../../src/results/paired.ts';
import type { ProbeEntry, ResultsFile, StrategyResult } from '../../src/results/types.ts';
import { runCompare } from '../../src/run/run.ts';
import { temporaryDirectory } from '../helpers/cli.ts';
import { TEST_CONFIG } from '../helpers/strategy-run.ts';
import { readResults } from '../../src/results/digest.ts';

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
      transcripts: ['before-compaction'],
      strategies: 'single-shot,truncate,observation-masking',
      provider: 'extractive',
      out: join(directory.path, 'under'),
      tokenizer: 'o200k_base',
      config: TEST_CONFIG,
      targets: [16_000],
      concurrency: 2,
      runs: 1,
    });
    const results = await readResults(outcome.sessions[0]!.resultsFile);
    const singleShot = results.strategies.find((strategy) => strategy.name === 'single-shot')!;
    assert.ok(singleShot.tokensAfter < 16_000 * 0.85, `${singleShot.tokensAfter} tokens`);
    assert.deepEqual(singleShot.flags, []);
    assert.equal(singleShot.target?.missed, false);
    const best = observations(results).find((line) => line.startsWith('Best probe recall'));
    // Ranked with the others: best, or not distinguishable from the best (masking keeps every live fact here).
    assert.match(best ?? '', /^Best probe recall at 16,000 tokens: .*`single-shot`/);
  });
});

describe('the budget sweep', () => {
  it('ranks only strategies that stayed within their targets, and lists the others unranked with why', async () => {
    const out = join(directory.path, 'sweep');
    await runCompare({
      transcripts: ['before-compaction'],
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
      /- `observation-masking`: over its target at every target \(9,232 at 2,000, 9,232 at 4,000\)\./,
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

/** A result keeping the probes whose index `keeps` accepts, out of 30. */
function kept(name: string, keeps: (index: number) => boolean, lexical = false): StrategyResult {
  return {
    name,
    status: 'ok',
    lexical,
    probeShares: null,
    quality: {
      probeOutcomes: Object.fromEntries(
        Array.from({ length: 30 }, (_, index) => [`p${index}`, keeps(index) ? 'matched' : 'missed']),
      ),
    },
  } as unknown as StrategyResult;
}

const PROBES = Array.from({ length: 30 }, (_, index) => ({ id: `p${index}` })) as unknown as ProbeEntry[];

describe("a fixture's Holm family", () => {
  it("is the strategies against the reference: adding lexical baselines changes no strategy's p", () => {
    const reference = kept('single-shot', () => true);
    const rolling = kept('sequential-rolling', (index) => index >= 7);
    const alone = comparisonStatistics([reference, rolling], PROBES)!.comparisons[0]!;
    const baselines = [
      kept('grep', (index) => index < 3, true),
      kept('user-verbatim', (index) => index < 20, true),
      kept('user-errors', (index) => index < 21, true),
    ];
    const statistics = comparisonStatistics([reference, rolling, ...baselines], PROBES)!;
    const withBaselines = statistics.comparisons.find((comparison) => comparison.strategy === rolling.name)!;
    // Exact McNemar with 7 discordant probes all one way: 2 · 0.5⁷ = 0.015625, "worse" in both runs.
    assert.ok(Math.abs(alone.adjustedP - 0.015625) < 1e-12, `${alone.adjustedP}`);
    assert.equal(withBaselines.adjustedP, alone.adjustedP);
    assert.equal(withBaselines.verdict, 'worse');
    assert.deepEqual(
      statistics.comparisons.map((comparison) => [comparison.family, comparison.familySize]),
      [
        ['strategies', 1],
        ['lexical baselines', 3],
        ['lexical baselines', 3],
        ['lexical baselines', 3],
      ],
    );
  });

  it('says which intervals are adjusted, and marks † where the unadjusted interval reads otherwise', () => {
    const reference = kept('single-shot', () => true);
    // Four strategies each 7 probes short: p 0.0156 each, 0.0625 after Holm over four; Newcombe leaves out 0.
    const others = ['a', 'b', 'c', 'd'].map((name, offset) =>
      kept(name, (index) => (index + offset * 7) % 30 >= 7),
    );
    const statistics = comparisonStatistics([reference, ...others], PROBES)!;
    const first = statistics.comparisons[0]!;
    assert.ok(first.difference.high < 0, `${first.difference.high}`);
    assert.equal(first.verdict, 'not distinguishable');
    const markdown = renderStatisticsMarkdown({
      statistics,
      config: { runs: 1 },
    } as unknown as ResultsFile).join('\n');
    assert.match(markdown, /\| vs reference \[95% CI, unadjusted\] \|/);
    assert.match(markdown, /\| a \| .* \| not distinguishable † \|/);
    assert.match(
      markdown,
      /not adjusted; the p-values and verdicts are Holm-adjusted within their family \(here 4 strategies against the reference\), so an interval that leaves out 0 can still read "not distinguishable" \(marked †\)\. The correction depends on the family/,
    );
  });
});

describe('recall averaged over runs', () => {
  it('gets an interval inside [0, 1] that does not touch 1 when a probe was sometimes missed', () => {
    // Nine probes kept in every run, one in half of them: mean 0.95. A normal interval clipped at 1 read
    // [0.85, 1.00], as if 1 were as likely as 0.9; Wilson on the effective 10 probes does not reach it.
    const interval = clusteredRecall([1, 1, 1, 1, 1, 1, 1, 1, 1, 0.5]);
    assert.equal(interval.estimate, 0.95);
    const effective = (0.95 * 0.05) / (0.025 / 10);
    const wilson = wilsonInterval(0.95 * Math.min(10, effective), Math.min(10, effective));
    assert.deepEqual([interval.low, interval.high], [wilson.low, wilson.high]);
    assert.ok(interval.high < 1 && interval.low > 0.5, `[${interval.low}, ${interval.high}]`);
  });
});
