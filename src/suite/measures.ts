/** The figures of a strategy over sessions: each as a clustered mean, and fact recall paired with another's. */
import type { ResultsFile, StrategyResult } from '../results/types.ts';
import {
  type Cluster,
  type ClusteredEstimate,
  clusteredDifferenceOfProportions,
  clusteredPositive,
  clusteredProportion,
  clusteredShare,
} from './cluster.ts';
import { pairedCluster, probeScores } from './outcomes.ts';
import type { SuiteMetricKey } from './types.ts';

/** One session's result of a strategy, with the session it belongs to. */
export type SessionResult = { session: ResultsFile; result: StrategyResult };

/** A figure's clusters over the sessions a strategy finished. */
export const METRIC_CLUSTERS: Record<SuiteMetricKey, (entry: SessionResult) => Cluster | null> = {
  probeRecall: ({ result }) => {
    const total = result.quality.probesTotal;
    const recall = result.quality.probeRecall;
    return recall === null || total === 0
      ? null
      : { sum: recall * total, count: total, squares: recall * total };
  },
  historyRecall: ({ result }) => {
    // Files written before live facts have no history figures: they count as having none.
    const total = result.quality.historyTotal ?? 0;
    const recall = result.quality.historyRecall ?? null;
    return recall === null || total === 0
      ? null
      : { sum: recall * total, count: total, squares: recall * total };
  },
  fileRecall: ({ session, result }) => {
    const recall = result.quality.fileRecall;
    const files = session.fixture.files;
    return recall === null || files === 0
      ? null
      : { sum: recall * files, count: files, squares: recall * files };
  },
  tokensAfter: ({ result }) => single(result.tokensAfter),
  compressionRatio: ({ result }) => single(result.compressionRatio),
  calls: ({ result }) => single(result.calls),
  ownMs: ({ result }) => single(result.ownMs),
  cost: ({ result }) => (result.cost === null ? null : single(result.cost)),
};

const single = (value: number): Cluster => ({ sum: value, count: 1, squares: value * value });

/**
 * How a figure's interval respects its bounds: Wilson on the effective sample size for the recalls (in [0, 1]),
 * the logit scale for the compression ratio (the log scale where a session is over 1), the log scale for the
 * other positive figures (tokens, calls, time, cost); none with fewer than three sessions.
 */
const INTERVALS: Record<SuiteMetricKey, (clusters: readonly Cluster[]) => ClusteredEstimate> = {
  probeRecall: clusteredProportion,
  historyRecall: clusteredProportion,
  fileRecall: clusteredProportion,
  tokensAfter: clusteredPositive,
  compressionRatio: clusteredShare,
  calls: clusteredPositive,
  ownMs: clusteredPositive,
  cost: clusteredPositive,
};

/** A figure's mean and interval over the given session results; null when none has it. */
export function metricOver(entries: readonly SessionResult[], key: SuiteMetricKey): ClusteredEstimate | null {
  const clusters = entries
    .map(METRIC_CLUSTERS[key])
    .filter((cluster): cluster is Cluster => cluster !== null);
  return clusters.length === 0 ? null : INTERVALS[key](clusters);
}

/** The paired difference of two strategies' fact recall over the sessions both finished with probes. */
export function pairedDifference(
  entries: readonly SessionResult[],
  referenceEntries: readonly SessionResult[],
): { difference: ClusteredEstimate; perSession: Array<{ session: string; difference: number }> } {
  const reference = new Map(referenceEntries.map((entry) => [entry.session.fixture.name, entry.result]));
  const clusters: Cluster[] = [];
  const perSession: Array<{ session: string; difference: number }> = [];
  for (const { session, result } of entries) {
    const other = reference.get(session.fixture.name);
    if (!other || result.status !== 'ok' || other.status !== 'ok') continue;
    const cluster = pairedCluster(probeScores(result), probeScores(other));
    if (cluster.count === 0) continue;
    clusters.push(cluster);
    perSession.push({ session: session.fixture.name, difference: cluster.sum / cluster.count });
  }
  return { difference: clusteredDifferenceOfProportions(clusters), perSession };
}
