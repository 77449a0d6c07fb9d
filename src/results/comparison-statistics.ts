/**
 * The paired comparison of a fixture's strategies: each against the reference on the same fact probes, with
 * intervals, exact or clustered tests, Holm's correction and the smallest difference the probes can show.
 */
import {
  clusteredDifference,
  holm,
  minimumDetectableDifference,
  mcnemarExact,
  pairedCounts,
  pairedDifferenceInterval,
  wilsonInterval,
  Z_95,
} from './paired.ts';
import type { ComparisonStatistics, PairedComparison, ProbeEntry, StrategyResult } from './types.ts';

/** The significance level of every verdict. */
export const ALPHA = 0.05;

/** Whether a result can be compared: it finished and has an outcome for every probe. */
function comparable(result: StrategyResult, probes: readonly ProbeEntry[]): boolean {
  return result.status === 'ok' && probes.every((probe) => probe.id in result.quality.probeOutcomes);
}

/** Each probe's score for a result: 1 kept, 0 not, or with several runs the share of runs that kept it. */
function scores(result: StrategyResult, probes: readonly ProbeEntry[]): number[] {
  return probes.map((probe) =>
    result.probeShares
      ? (result.probeShares[probe.id] ?? 0)
      : result.quality.probeOutcomes[probe.id] === 'matched'
        ? 1
        : 0,
  );
}

/** A mean with a clustered (per-probe) normal interval, for recall averaged over runs. */
function clusteredRecall(values: readonly number[]): { estimate: number; low: number; high: number } {
  const n = values.length;
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  const variance = n < 2 ? 0 : values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1);
  const half = Z_95 * Math.sqrt(variance / n);
  return { estimate: mean, low: Math.max(0, mean - half), high: Math.min(1, mean + half) };
}

/**
 * The statistics of a fixture's results: `reference` (else the first comparable strategy, lexical baselines
 * last) against every other comparable strategy. Null when the fixture has no fact probes or nothing to compare.
 */
export function comparisonStatistics(
  strategies: readonly StrategyResult[],
  probes: readonly ProbeEntry[],
  reference?: string,
): ComparisonStatistics | null {
  if (probes.length === 0) return null;
  const candidates = strategies.filter((result) => comparable(result, probes) && result.name !== 'recorded');
  const base =
    candidates.find((result) => result.name === reference) ??
    candidates.find((result) => !result.lexical) ??
    candidates[0];
  if (!base) return null;
  const clustered = candidates.some((result) => result.probeShares !== null);
  const n = probes.length;
  const baseScores = scores(base, probes);
  const recallOf = (values: number[]) =>
    clustered ? clusteredRecall(values) : wilsonInterval(values.filter((value) => value === 1).length, n);
  const raw = candidates
    .filter((result) => result !== base)
    .map((result) => {
      const values = scores(result, probes);
      const onlyThis = values.filter((value, index) => value > baseScores[index]!).length;
      const onlyReference = values.filter((value, index) => value < baseScores[index]!).length;
      let difference: { estimate: number; low: number; high: number };
      let pValue: number;
      if (clustered) {
        const clusteredResult = clusteredDifference(values, baseScores);
        difference = clusteredResult;
        pValue = Number.isNaN(clusteredResult.pValue) ? 1 : clusteredResult.pValue;
      } else {
        const counts = pairedCounts(
          values.map((value) => value === 1),
          baseScores.map((value) => value === 1),
        );
        difference = pairedDifferenceInterval(counts);
        pValue = mcnemarExact(counts.b, counts.c);
      }
      const discordance = (onlyThis + onlyReference) / n;
      const detectable = minimumDetectableDifference(n, discordance);
      return {
        strategy: result.name,
        recall: recallOf(values),
        difference,
        onlyThis,
        onlyReference,
        pValue,
        minimumDetectable: Number.isNaN(detectable) ? null : detectable,
      };
    });
  const adjusted = holm(raw.map((comparison) => comparison.pValue));
  const comparisons: PairedComparison[] = raw.map((comparison, index) => {
    const adjustedP = adjusted[index]!;
    const verdict =
      adjustedP >= ALPHA ? 'not distinguishable' : comparison.difference.estimate > 0 ? 'better' : 'worse';
    return { ...comparison, adjustedP, verdict };
  });
  return { reference: base.name, probes: n, clustered, referenceRecall: recallOf(baseScores), comparisons };
}
