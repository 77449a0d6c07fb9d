/** Per-probe scores of a strategy's result, for pairing two results probe by probe (this run's or a baseline's). */
import type { Cluster } from './cluster.ts';
import { outcomeCredit } from '../quality/recall-credit.ts';

/** The part of a result (this run's, or a baseline file's) that holds per-probe outcomes. */
export type ProbeScored = {
  probeShares?: Record<string, number> | null;
  quality?: { probeOutcomes?: Record<string, string> } | null;
};

/** Each probe's score: 1 kept, ½ in part, 0 not; with several runs, its mean over the runs. */
export function probeScores(result: ProbeScored): Map<string, number> {
  const scores = new Map<string, number>();
  for (const [id, outcome] of Object.entries(result.quality?.probeOutcomes ?? {})) {
    scores.set(id, result.probeShares ? (result.probeShares[id] ?? 0) : outcomeCredit(outcome));
  }
  return scores;
}

/**
 * The probes two results both scored (`ids` when given), and the factor each counts with: with `weights` (each live
 * probe's weight in the kind-balanced headline), as the headline weighs it, scaled so that a mean over the probes
 * is the headline's figure and their count is still the probes; else 1.
 */
export function pairedProbes(
  first: ReadonlyMap<string, number>,
  second: ReadonlyMap<string, number>,
  ids?: ReadonlySet<string>,
  weights?: ReadonlyMap<string, number>,
): { ids: string[]; scale: (id: string) => number } {
  const paired = [...first.keys()].filter((id) => second.has(id) && (!ids || ids.has(id)));
  const weighed = paired.map((id) => weights?.get(id) ?? 0);
  const total = weighed.reduce((sum, weight) => sum + weight, 0);
  // Probes of one kind weigh alike: a factor of exactly 1, not 1 less a rounding error.
  const even = weighed.every((weight) => weight === weighed[0]);
  return {
    ids: paired,
    scale: (id) => (weights && total > 0 && !even ? ((weights.get(id) ?? 0) / total) * paired.length : 1),
  };
}

/**
 * One session's paired differences (first − second) over the probes both scored ({@link pairedProbes}): weighted,
 * the cluster's mean is the headline's difference, so the paired test reads the figure the fact-recall column
 * beside it shows.
 */
export function pairedCluster(
  first: ReadonlyMap<string, number>,
  second: ReadonlyMap<string, number>,
  ids?: ReadonlySet<string>,
  weights?: ReadonlyMap<string, number>,
): Cluster & { firstSum: number; secondSum: number } {
  const paired = pairedProbes(first, second, ids, weights);
  let sum = 0;
  let squares = 0;
  let firstSum = 0;
  let secondSum = 0;
  for (const id of paired.ids) {
    const factor = paired.scale(id);
    const value = first.get(id)! * factor;
    const other = second.get(id)! * factor;
    sum += value - other;
    squares += (value - other) ** 2;
    firstSum += value;
    secondSum += other;
  }
  return { sum, squares, count: paired.ids.length, firstSum, secondSum };
}
