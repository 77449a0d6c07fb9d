/**
 * The suite's labels: intervals inside each figure's bounds, Holm's correction within a family that adding lexical
 * baselines does not grow, and the ‡ / ⊘ / ! marks with their legend.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderSuiteMarkdown } from '../../src/report/suite.ts';
import { renderSuiteTerminal } from '../../src/report/suite-terminal.ts';
import type { ResultsFile, StrategyResult } from '../../src/results/types.ts';
import { suiteOf } from '../../src/suite/assemble.ts';
import {
  clusteredPositive,
  clusteredProportion,
  clusteredShare,
  studentQuantileAt,
} from '../../src/suite/cluster.ts';
import { wilsonInterval } from '../../src/results/paired.ts';
import type { SuiteResults } from '../../src/suite/types.ts';

const close = (actual: number, expected: number, digits = 4) =>
  assert.ok(Math.abs(actual - expected) < 10 ** -digits, `${actual} ≈ ${expected}`);

type Figures = {
  kept: number;
  tokensAfter: number;
  lexical?: boolean;
  flags?: StrategyResult['flags'];
};

/** One session's results: `probes` probes, each strategy keeping its first `kept` of them. */
function session(
  name: string,
  tokens: number,
  probes: number,
  strategies: Record<string, Figures>,
): ResultsFile {
  const ids = Array.from({ length: probes }, (_, index) => `p${index}`);
  return {
    fixture: { name, path: `${name}.jsonl`, format: 'pi', tokens, messages: 10, probes, files: 2 },
    target: null,
    provider: { id: 'extractive', model: 'extractive', isLanguageModel: false },
    tokenizer: 'o200k_base',
    strategies: Object.entries(strategies).map(
      ([strategy, figures]) =>
        ({
          name: strategy,
          status: 'ok',
          lexical: figures.lexical ?? false,
          calls: figures.lexical ? 0 : 1,
          ownMs: 5,
          cost: 0,
          tokensAfter: figures.tokensAfter,
          compressionRatio: figures.tokensAfter / tokens,
          flags: figures.flags ?? [],
          probeShares: null,
          file: `${name}-${strategy}.md`,
          quality: {
            probesTotal: probes,
            probeRecall: figures.kept / probes,
            fileRecall: 1,
            probeOutcomes: Object.fromEntries(
              ids.map((id, index) => [id, index < figures.kept ? 'matched' : 'missed']),
            ),
          },
        }) as unknown as StrategyResult,
    ),
  } as unknown as ResultsFile;
}

/** Whether every interval printed in a suite lies inside its figure's bounds. */
function intervalsInBounds(suite: SuiteResults): string[] {
  const problems: string[] = [];
  for (const strategy of suite.strategies) {
    for (const [key, estimate] of Object.entries(strategy.metrics)) {
      if (!estimate || Number.isNaN(estimate.low)) continue;
      const share = key === 'probeRecall' || key === 'fileRecall';
      const positive = estimate.units > 0 && estimate.estimate > 0;
      if (estimate.low < 0 || (share && estimate.high > 1) || (positive && estimate.low <= 0))
        problems.push(`${strategy.name} ${key} [${estimate.low}, ${estimate.high}]`);
    }
  }
  return problems;
}

describe('suite intervals respect their bounds', () => {
  it('a recall gets Wilson on its effective size with t: inside [0, 1] (worked by hand)', () => {
    // 2/4, 3/3, 1/5: mean 0.5, clustered SE 0.216506 (test/suite/cluster.test.ts), so the effective size is
    // 0.25 / 0.046875 = 5.3333 probes, and Wilson with t(0.975, 2) = 4.302653 in place of z.
    const estimate = clusteredProportion([
      { sum: 2, count: 4 },
      { sum: 3, count: 3 },
      { sum: 1, count: 5 },
    ]);
    const wilson = wilsonInterval(0.5 * (0.25 / 0.216506 ** 2), 0.25 / 0.216506 ** 2, 4.302653);
    close(estimate.low, wilson.low, 3);
    close(estimate.high, wilson.high, 3);
    assert.ok(estimate.low > 0 && estimate.high < 1);
    // A straight t interval here is 0.5 ± 0.93: [−0.43, 1.43].
  });

  it('tokens get a log-scale interval: above 0 however much sessions differ', () => {
    const values = [34_935, 154_423, 2_000];
    const estimate = clusteredPositive(values.map((value) => ({ sum: value, count: 1 })));
    const mean = values.reduce((sum, value) => sum + value, 0) / 3;
    close(estimate.estimate, mean, 6);
    const factor = Math.exp((studentQuantileAt(0.975, 2) * estimate.standardError) / mean);
    close(estimate.low, mean / factor, 6);
    close(estimate.high, mean * factor, 3);
    assert.ok(estimate.low > 0, `${estimate.low}`);
    assert.ok(mean - studentQuantileAt(0.975, 2) * estimate.standardError < 0, 'a t interval would cross 0');
  });

  it('compression held in [0, 1] by every session stays in (0, 1); one over 1 falls back to the log scale', () => {
    const inside = clusteredShare([0.05, 0.6, 0.9].map((value) => ({ sum: value, count: 1 })));
    assert.ok(inside.low > 0 && inside.high < 1, `[${inside.low}, ${inside.high}]`);
    const over = clusteredShare([0.9, 1.2, 1.0].map((value) => ({ sum: value, count: 1 })));
    assert.ok(over.high > 1 && over.low > 0);
  });

  it('gives no interval with two sessions, and none outside its bounds over a suite', () => {
    const strategies = (big: boolean): Record<string, Figures> => ({
      'single-shot': { kept: big ? 70 : 26, tokensAfter: big ? 9000 : 2900 },
      identity: { kept: big ? 100 : 30, tokensAfter: big ? 154_423 : 34_935, flags: ['does-not-compress'] },
      truncate: { kept: big ? 21 : 23, tokensAfter: big ? 20_000 : 6000 },
    });
    const two = suiteOf([
      session('small', 34_935, 30, strategies(false)),
      session('large', 154_423, 100, strategies(true)),
    ]);
    const identity = two.strategies.find((strategy) => strategy.name === 'identity')!;
    // Before: tokens after 94,679 [0, 853,798] and compression clipped at 0.
    assert.ok(Number.isNaN(identity.metrics.tokensAfter!.low));
    assert.match(renderSuiteMarkdown(two), /\| identity ⊘ \| 2 \| 1\.00 \| 1\.00 \| 94,679 \| 1\.000 \|/);
    assert.match(renderSuiteMarkdown(two), /With 2 sessions no interval is given/);
    const three = suiteOf([
      session('small', 34_935, 30, strategies(false)),
      session('large', 154_423, 100, strategies(true)),
      session('tiny', 4000, 10, strategies(false)),
    ]);
    assert.ok(!Number.isNaN(three.strategies[0]!.metrics.tokensAfter!.low));
    assert.deepEqual(intervalsInBounds(three), []);
  });
});

describe("the suite's Holm family", () => {
  const sessions = (withBaselines: boolean) =>
    [0, 1, 2, 3, 4].map((index) =>
      session(`s${index}`, 30_000, 20, {
        'single-shot': { kept: 14 + index, tokensAfter: 2000 },
        // Short of the reference by 4, 3, 2, 1, 0 probes: a p that Holm over more comparisons would raise.
        'sequential-rolling': { kept: 10 + 2 * index, tokensAfter: 2000 },
        ...(withBaselines
          ? {
              // Near the reference, now above, now below: p-values above sequential-rolling's, so Holm over
              // all five comparisons would multiply its p by 4.
              grep: { kept: 14 + index + [0, 1, -1, 0, 1][index]!, tokensAfter: 1900, lexical: true },
              'user-verbatim': {
                kept: 14 + index + [1, -1, 1, 0, 1][index]!,
                tokensAfter: 1500,
                lexical: true,
              },
              'user-errors': {
                kept: 14 + index + [2, 0, -1, 1, 2][index]!,
                tokensAfter: 1990,
                lexical: true,
              },
            }
          : {}),
      }),
    );

  it("adding lexical baselines changes no strategy's adjusted p", () => {
    const alone = suiteOf(sessions(false)).comparisons[0]!;
    const withBaselines = suiteOf(sessions(true));
    const rolling = withBaselines.comparisons.find(
      (comparison) => comparison.strategy === 'sequential-rolling',
    )!;
    assert.ok(alone.adjustedP > 0.001 && alone.adjustedP < 0.5, `${alone.adjustedP}`);
    assert.equal(rolling.adjustedP, alone.adjustedP);
    assert.equal(rolling.verdict, 'worse');
    assert.equal(rolling.family, 'strategies');
    assert.equal(rolling.familySize, 1);
    const grep = withBaselines.comparisons.find((comparison) => comparison.strategy === 'grep')!;
    assert.deepEqual([grep.family, grep.familySize], ['lexical baselines', 3]);
  });

  it('says which intervals are adjusted, and marks ‡ where a lexical baseline keeps as much', () => {
    const suite = suiteOf(sessions(true));
    const markdown = renderSuiteMarkdown(suite);
    assert.match(markdown, /\| single-shot ‡ \(reference\) \|/);
    assert.match(markdown, /\| sequential-rolling ‡ \|/);
    assert.match(
      markdown,
      /‡ a lexical baseline keeps as much fact recall at no more tokens after, on the suite's means: `single-shot` no better than `user-verbatim` \(0\.82 at 1,500 tokens\)/,
    );
    assert.match(markdown, /Fact recall − reference \[95% CI, unadjusted\]/);
    assert.match(
      markdown,
      /not adjusted; the p-values and verdicts are Holm-adjusted within their family \(here 1 strategy and, apart, 3 lexical baselines against the reference\)/,
    );
    assert.match(renderSuiteTerminal(suite), /\n {2}‡ a lexical baseline keeps as much/);
  });

  it('marks ! where a strategy went over its target in a session, with the legend', () => {
    const runs = [0, 1, 2].map((index) =>
      session(`s${index}`, 30_000, 20, {
        'single-shot': { kept: 14, tokensAfter: 2000 },
        pi: { kept: 15, tokensAfter: 3000, flags: index === 0 ? ['missed-target'] : [] },
      }),
    );
    const markdown = renderSuiteMarkdown(suiteOf(runs));
    assert.match(markdown, /\| pi ! \| 3 \|/);
    assert.match(
      markdown,
      /! more than 15% over the --target-tokens target in at least one session: `pi` in 1 of 3/,
    );
  });
});
