import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { comparisonStatistics, isSignificant } from '../../src/results/comparison-statistics.ts';
import type { ProbeEntry, StrategyResult } from '../../src/results/types.ts';

const PROBES: ProbeEntry[] = Array.from({ length: 20 }, (_, index) => ({
  id: `p${index}`,
  kind: 'decision',
  question: '?',
  answer: '.',
  messageIndex: index,
  source: 'sidecar',
  live: true,
}));

/** A result that keeps the first `kept` probes, and the `partial` after them in part. */
function keeping(name: string, kept: number, partial = 0): StrategyResult {
  const probeOutcomes = Object.fromEntries(
    PROBES.map((probe, index) => [
      probe.id,
      index < kept ? 'matched' : index < kept + partial ? 'partial' : 'missed',
    ]),
  );
  return {
    name,
    status: 'ok',
    lexical: false,
    probeShares: null,
    quality: { probeOutcomes },
  } as unknown as StrategyResult;
}

describe('the per-fixture paired verdict', () => {
  it('calls a strategy that keeps many more probes than the reference better, and one that keeps fewer worse', () => {
    const statistics = comparisonStatistics(
      [keeping('reference', 10), keeping('more', 20), keeping('fewer', 0)],
      PROBES,
    )!;
    assert.equal(statistics.reference, 'reference');
    const verdict = (name: string) =>
      statistics.comparisons.find((comparison) => comparison.strategy === name)!.verdict;
    assert.equal(verdict('more'), 'better');
    assert.equal(verdict('fewer'), 'worse');
  });

  it('scores a probe kept in part ½: recall counts it half, and the pairs go to the paired t-test', () => {
    const statistics = comparisonStatistics([keeping('reference', 10), keeping('halves', 0, 20)], PROBES)!;
    assert.equal(statistics.clustered, true);
    const halves = statistics.comparisons[0]!;
    assert.equal(halves.recall.estimate, 0.5);
    assert.equal(halves.difference.estimate, 0);
    assert.equal(halves.verdict, 'not distinguishable');
    const binary = comparisonStatistics([keeping('reference', 10), keeping('more', 20)], PROBES)!;
    assert.equal(binary.clustered, false);
  });

  it('calls a difference within chance not distinguishable', () => {
    const statistics = comparisonStatistics([keeping('reference', 10), keeping('one-more', 11)], PROBES)!;
    assert.equal(statistics.comparisons[0]!.verdict, 'not distinguishable');
  });
});

describe('the correction for several comparisons', () => {
  it("corrects with Holm's method: two strategies that each alone would read worse (p 0.031) read not distinguishable together", () => {
    // Each keeps 6 fewer of the same probes: exact McNemar p = 2 · 0.5⁶ = 0.03125 alone, Holm 2 × 0.03125 = 0.0625.
    const alone = comparisonStatistics([keeping('reference', 10), keeping('fewer', 4)], PROBES)!;
    assert.ok(Math.abs(alone.comparisons[0]!.pValue - 0.03125) < 1e-12);
    assert.equal(alone.comparisons[0]!.verdict, 'worse');
    const together = comparisonStatistics(
      [keeping('reference', 10), keeping('fewer', 4), keeping('also-fewer', 4)],
      PROBES,
    )!;
    for (const comparison of together.comparisons) {
      assert.ok(Math.abs(comparison.pValue - 0.03125) < 1e-12);
      assert.ok(Math.abs(comparison.adjustedP - 0.0625) < 1e-12);
      assert.equal(comparison.familySize, 2);
      assert.equal(comparison.verdict, 'not distinguishable', comparison.strategy);
    }
  });

  it('tells strategies apart only under α: an adjusted p of exactly 0.05 does not', () => {
    assert.equal(isSignificant(0.05), false);
    assert.equal(isSignificant(0.0499999), true);
    assert.equal(isSignificant(0.0625), false);
  });
});
