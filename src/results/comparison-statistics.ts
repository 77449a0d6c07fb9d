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
} from './paired.ts';
import type { ComparisonStatistics, PairedComparison, ProbeEntry, StrategyResult } from './types.ts';
import { headlineWeights, isWholeCredit, outcomeCredit } from '../quality/recall-credit.ts';

/** The significance level of every verdict. */
export const ALPHA = 0.05;

/** Whether a (Holm-adjusted) p-value tells two strategies apart: under {@link ALPHA}; at it, not. */
export function isSignificant(adjustedP: number): boolean {
  return adjustedP < ALPHA;
}

/**
 * The family a comparison with the reference is corrected in. Holm's correction grows with its family, so the
 * family is the question asked: "is this strategy better than the reference?" for the strategies, and apart
 * from it "does the reference beat this trick?" for the lexical baselines. Adding baselines to a run (`-s all`)
 * then leaves the strategies' verdicts as they were; adding strategies still makes each of their verdicts
 * more cautious, and the reports say so.
 */
export type ComparisonFamily = PairedComparison['family'];

/** The family of a comparison with the reference. */
export function familyOf(result: { lexical: boolean }): ComparisonFamily {
  return result.lexical ? 'lexical baselines' : 'strategies';
}

/** Holm-adjusted p-values, each family corrected on its own; with each family's size. */
export function holmByFamily(
  comparisons: ReadonlyArray<{ pValue: number; family: ComparisonFamily }>,
): Array<{ adjustedP: number; familySize: number }> {
  const adjusted: Array<{ adjustedP: number; familySize: number }> = comparisons.map(() => ({
    adjustedP: Number.NaN,
    familySize: 0,
  }));
  for (const family of new Set(comparisons.map((comparison) => comparison.family))) {
    const members = comparisons.flatMap((comparison, index) => (comparison.family === family ? [index] : []));
    const within = holm(members.map((index) => comparisons[index]!.pValue));
    members.forEach((index, position) => {
      adjusted[index] = { adjustedP: within[position]!, familySize: members.length };
    });
  }
  return adjusted;
}

/** Whether a result can be compared: it finished and has an outcome for every probe. */
function comparable(result: StrategyResult, probes: readonly ProbeEntry[]): boolean {
  return result.status === 'ok' && probes.every((probe) => probe.id in result.quality.probeOutcomes);
}

/** Each probe's score for a result: 1 kept, ½ in part, 0 not, or with several runs its mean over the runs. */
function scores(result: StrategyResult, probes: readonly ProbeEntry[]): number[] {
  return probes.map((probe) =>
    result.probeShares
      ? (result.probeShares[probe.id] ?? 0)
      : outcomeCredit(result.quality.probeOutcomes[probe.id]),
  );
}

/**
 * A mean of per-probe shares (recall averaged over runs) with an interval that stays in [0, 1]: Wilson's score
 * interval on the effective number of probes p(1 − p) / SE², at most the probes (a normal interval clipped at 0
 * or 1 would claim a bound the data do not give).
 */
export function clusteredRecall(values: readonly number[]): { estimate: number; low: number; high: number } {
  const n = values.length;
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  const variance = n < 2 ? 0 : values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1);
  const squaredError = variance / n;
  const effective =
    squaredError > 0 && mean > 0 && mean < 1 ? Math.min(n, (mean * (1 - mean)) / squaredError) : n;
  const wilson = wilsonInterval(mean * effective, effective);
  return { estimate: mean, low: wilson.low, high: wilson.high };
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
  const n = probes.length;
  const allScores = new Map(candidates.map((result) => [result, scores(result, probes)]));
  // Shares over runs, or a probe kept in part (½), are not kept-or-not pairs: the clustered tests take them.
  const clustered = [...allScores.values()].some((values) => !values.every(isWholeCredit));
  const baseScores = allScores.get(base)!;
  // Recall as the headline weighs it (each kind the same); the paired tests below pair the probes one for one.
  const weightOf = headlineWeights(probes);
  const weights = probes.map((probe) => weightOf.get(probe.id) ?? 0);
  const effective = 1 / weights.reduce((sum, weight) => sum + weight * weight, 0);
  const recallOf = (values: number[]) => {
    const interval = clustered
      ? clusteredRecall(values)
      : wilsonInterval(values.filter((value) => value === 1).length, n);
    // Rounded past any figure shown: weights of 1/3 and 1/6 sum ½ to 0.5000000000000001.
    const balanced =
      Math.round(values.reduce((sum, value, index) => sum + value * weights[index]!, 0) * 1e12) / 1e12;
    if (!Number.isFinite(effective) || clustered) return { ...interval, estimate: balanced };
    return wilsonInterval(balanced * effective, effective);
  };
  const raw = candidates
    .filter((result) => result !== base)
    .map((result) => {
      const values = allScores.get(result)!;
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
        family: familyOf(result),
        recall: recallOf(values),
        difference,
        onlyThis,
        onlyReference,
        pValue,
        minimumDetectable: Number.isNaN(detectable) ? null : detectable,
      };
    });
  const adjusted = holmByFamily(raw);
  const comparisons: PairedComparison[] = raw.map((comparison, index) => {
    const { adjustedP, familySize } = adjusted[index]!;
    const verdict = !isSignificant(adjustedP)
      ? 'not distinguishable'
      : comparison.difference.estimate > 0
        ? 'better'
        : 'worse';
    return { ...comparison, adjustedP, familySize, verdict };
  });
  return { reference: base.name, probes: n, clustered, referenceRecall: recallOf(baseScores), comparisons };
}
