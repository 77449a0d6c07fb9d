/** Per-probe scores of a strategy's result, for pairing two results probe by probe (this run's or a baseline's). */
import type { Cluster } from './cluster.ts';
import { outcomeCredit } from '../quality/probe-recall.ts';

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
 * One session's paired differences (first − second) over the probes both scored, `ids` when given. With `weights`
 * (each live probe's weight in the kind-balanced headline), each probe counts as the headline weighs it, scaled so
 * that the cluster's mean is the headline's difference and its count still the probes: the paired test then reads
 * the figure the fact-recall column beside it shows.
 */
export function pairedCluster(
  first: ReadonlyMap<string, number>,
  second: ReadonlyMap<string, number>,
  ids?: ReadonlySet<string>,
  weights?: ReadonlyMap<string, number>,
): Cluster & { firstSum: number; secondSum: number } {
  const paired: Array<{ id: string; value: number; other: number }> = [];
  for (const [id, value] of first) {
    const other = second.get(id);
    if (other === undefined || (ids && !ids.has(id))) continue;
    paired.push({ id, value, other });
  }
  const count = paired.length;
  const total = weights ? paired.reduce((sum, { id }) => sum + (weights.get(id) ?? 0), 0) : 0;
  const scale = (id: string) => (weights && total > 0 ? ((weights.get(id) ?? 0) / total) * count : 1);
  let sum = 0;
  let squares = 0;
  let firstSum = 0;
  let secondSum = 0;
  for (const { id, value, other } of paired) {
    const factor = scale(id);
    const difference = (value - other) * factor;
    sum += difference;
    squares += difference * difference;
    firstSum += value * factor;
    secondSum += other * factor;
  }
  return { sum, squares, count, firstSum, secondSum };
}
