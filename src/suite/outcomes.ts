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

/** One session's paired differences (first − second) over the probes both scored, `ids` when given. */
export function pairedCluster(
  first: ReadonlyMap<string, number>,
  second: ReadonlyMap<string, number>,
  ids?: ReadonlySet<string>,
): Cluster & { firstSum: number; secondSum: number } {
  let sum = 0;
  let squares = 0;
  let count = 0;
  let firstSum = 0;
  let secondSum = 0;
  for (const [id, value] of first) {
    const other = second.get(id);
    if (other === undefined || (ids && !ids.has(id))) continue;
    const difference = value - other;
    sum += difference;
    squares += difference * difference;
    firstSum += value;
    secondSum += other;
    count++;
  }
  return { sum, squares, count, firstSum, secondSum };
}
