/** The figures of a strategy over sessions: each as a clustered mean, and fact recall paired with another's. */
import { type FigureSource, type Metric, type SuiteAggregation, suiteMetrics } from '../quality/metrics.ts';
import type { SessionDigest, StrategyDigest } from '../results/digest.ts';
import {
  type Cluster,
  type ClusteredEstimate,
  clusteredDifferenceOfProportions,
  clusteredPositive,
  clusteredProportion,
  clusteredShare,
} from './cluster.ts';
import { pairedCluster, probeScores } from './outcomes.ts';
import { headlineWeights } from '../quality/recall-credit.ts';

/** One session's result of a strategy, with the session it belongs to. */
export type SessionResult = { session: SessionDigest; result: StrategyDigest };

/** What a session's cluster of a figure reads: the session's files, the strategy's figures and probe counts. */
export type ClusterSource = {
  session: { fixture: Pick<SessionDigest['fixture'], 'files'> };
  result: FigureSource & {
    quality: Pick<
      StrategyDigest['quality'],
      'probesTotal' | 'probesPartial' | 'historyTotal' | 'historyPartial'
    >;
  };
};

/**
 * One session's cluster of a figure, as its suite aggregation says: a share counts with its denominator (the
 * session's fact probes or files: each is a unit scoring 0 or 1, a probe kept in part ½), any other figure as one
 * value per session.
 */
export function sessionCluster(
  metric: Metric & { suite: SuiteAggregation },
  entry: ClusterSource,
): Cluster | null {
  const value = metric.read(entry.result);
  if (typeof value !== 'number') return null;
  const { over } = metric.suite;
  if (over === 'session') return { sum: value, count: 1, squares: value * value };
  const units =
    over === 'probes'
      ? entry.result.quality.probesTotal
      : over === 'history' || over === 'all-probes'
        ? // Files written before live facts have no history figures: they count as having none.
          (entry.result.quality.historyTotal ?? 0) +
          (over === 'all-probes' ? entry.result.quality.probesTotal : 0)
        : entry.session.fixture.files;
  // Units of 0 or 1 are their own squares; a probe kept in part scores ½, whose square is ¼.
  const halves =
    over === 'probes'
      ? (entry.result.quality.probesPartial ?? 0)
      : over === 'history'
        ? (entry.result.quality.historyPartial ?? 0)
        : 0;
  return units === 0 ? null : { sum: value * units, count: units, squares: value * units - halves / 4 };
}

/** The interval of each suite aggregation, inside its figure's bounds (src/suite/cluster.ts). */
const INTERVALS: Record<SuiteAggregation['interval'], (clusters: readonly Cluster[]) => ClusteredEstimate> = {
  wilson: clusteredProportion,
  logit: clusteredShare,
  log: clusteredPositive,
};

/** A suite figure's mean and interval over the given session results, by its key; null when none has it. */
export function metricOver(entries: readonly SessionResult[], key: string): ClusteredEstimate | null {
  const metric = suiteMetrics().find((candidate) => candidate.key === key);
  if (!metric) throw new Error(`'${key}' is not a suite metric`);
  const clusters = entries
    .map((entry) => sessionCluster(metric, entry))
    .filter((cluster): cluster is Cluster => cluster !== null);
  return clusters.length === 0 ? null : INTERVALS[metric.suite.interval](clusters);
}

/** Every suite figure's mean and interval over the given session results, by metric key. */
export function metricsOver(entries: readonly SessionResult[]): Record<string, ClusteredEstimate | null> {
  return Object.fromEntries(suiteMetrics().map((metric) => [metric.key, metricOver(entries, metric.key)]));
}

/**
 * A session's history probes: those its digest lists, or, where a results file stands in, those its probes mark.
 * Fact recall is over the other, live, probes, and so is every paired test beside it.
 */
function historyOf(session: SessionDigest): ReadonlySet<string> {
  const probes = (session as { probes?: ReadonlyArray<{ id: string; live?: boolean }> }).probes;
  return new Set(
    session.historyProbes ?? (probes ?? []).filter((probe) => probe.live === false).map((probe) => probe.id),
  );
}

/** Each live probe's weight in the session's kind-balanced headline, where the session lists its probes' kinds. */
function weightsOf(session: SessionDigest): ReadonlyMap<string, number> | undefined {
  if (session.probeWeights) return new Map(Object.entries(session.probeWeights));
  const probes = (session as { probes?: ReadonlyArray<{ id: string; kind: string; live?: boolean }> }).probes;
  return probes ? headlineWeights(probes) : undefined;
}

/** The live facts a result scored on its session. */
function liveIds(session: SessionDigest, scores: ReadonlyMap<string, number>): Set<string> {
  const history = historyOf(session);
  return new Set([...scores.keys()].filter((id) => !history.has(id)));
}

/**
 * The paired difference of two strategies' fact recall over the sessions both finished with probes: over the live
 * facts, as the recall beside it.
 */
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
    const scores = probeScores(result);
    const cluster = pairedCluster(scores, probeScores(other), liveIds(session, scores), weightsOf(session));
    if (cluster.count === 0) continue;
    clusters.push(cluster);
    perSession.push({ session: session.fixture.name, difference: cluster.sum / cluster.count });
  }
  return { difference: clusteredDifferenceOfProportions(clusters), perSession };
}
