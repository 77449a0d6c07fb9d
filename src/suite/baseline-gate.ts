/**
 * `check --baseline` that knows noise: each strategy's figures now against the baseline's, paired by session
 * and probe. Over several sessions the difference gets a cluster-robust interval (sessions as clusters); on one
 * session, fact recall gets Newcombe's paired interval over its probes (a t interval over probes with several
 * runs). A strategy fails only when the whole 95% interval lies below −tolerance: a point estimate that dips
 * within noise is a note. Figures with no interval (one session, figures other than fact recall) are left to
 * the point comparison of src/quality/gate.ts.
 */
import type { GateFailure, GateResults, GateStrategy } from '../quality/gate.ts';
import { KIND_RECALL_PREFIX, metricByKey } from '../quality/metrics.ts';
import { clusteredDifference, pairedCounts, pairedDifferenceInterval } from '../results/paired.ts';
import type { ResultsFile, StrategyResult } from '../results/types.ts';
import { type Cluster, clusteredDetectable, clusteredMean } from './cluster.ts';
import { factChanges, type FactChange } from './fact-diff.ts';
import { pairedCluster, type ProbeScored, probeScores } from './outcomes.ts';

// Figures are ratios of small counts; this keeps 0.81 − 0.79 from counting as more than 0.02.
const EPSILON = 1e-9;

/**
 * Below this many sessions an interval clustered by session rests on too few degrees of freedom to fail anything
 * (two sessions give a t on one), so each session's fact recall is gated on its own probes instead, and its
 * once-per-session figures are left to the point comparison: a drop in one of two fixtures still fails.
 */
const FEW_SESSIONS = 5;

/** Share figures measured once per session: gated with intervals only over several sessions. */
const SESSION_SHARES = ['fileRecall', 'modifiedFileRecall', 'structure', 'judge'];

/** One figure of one strategy against the baseline. */
export type BaselineDifference = {
  strategy: string;
  metric: string;
  before: number;
  after: number;
  /** After − before, with its 95% interval. */
  estimate: number;
  low: number;
  high: number;
  /** Sessions paired, and over what the interval was computed. */
  sessions: number;
  /** The session, when the interval is over one session's probes in a suite of a few. */
  session?: string;
  over: 'sessions' | 'probes';
  /** The smallest drop this comparison detects with 80% power; null when not computable. */
  detectable: number | null;
  failed: boolean;
};

/** What the noise-aware gate found. */
export type BaselineGate = {
  tolerance: number;
  failures: GateFailure[];
  notes: string[];
  checks: number;
  differences: BaselineDifference[];
  facts: FactChange[];
  /** Whether a metric was compared here (the point comparison leaves it out). */
  handles: (metric: string) => boolean;
};

/** A strategy's result on one session, now and in the baseline. */
type Pair = { session: ResultsFile; now: StrategyResult; before: GateStrategy & ProbeScored };

/** Gates every strategy of these results against the baselines (by session name). */
export function evaluateBaselineGate(
  results: readonly ResultsFile[],
  baselines: ReadonlyMap<string, GateResults>,
  tolerance: number,
): BaselineGate {
  const pairs = new Map<string, Pair[]>();
  for (const session of results) {
    const baseline = baselines.get(session.fixture.name);
    if (!baseline) continue;
    for (const now of session.strategies) {
      const before = baseline.strategies.find((candidate) => candidate.name === now.name);
      if (now.name === 'recorded' || now.status !== 'ok' || before?.status !== 'ok') continue;
      pairs.set(now.name, [
        ...(pairs.get(now.name) ?? []),
        { session, now, before: before as Pair['before'] },
      ]);
    }
  }
  const sessions = new Set([...pairs.values()].flat().map((pair) => pair.session.fixture.name)).size;
  const handled = new Set<string>();
  const differences: BaselineDifference[] = [];
  for (const [strategy, list] of pairs) {
    for (const metric of probeMetrics(list)) {
      if (sessions >= 2 && sessions < FEW_SESSIONS) {
        for (const pair of list) {
          const difference = probeDifference(strategy, metric, [pair]);
          if (difference) differences.push({ ...difference, session: pair.session.fixture.name });
        }
        continue;
      }
      const difference = probeDifference(strategy, metric, list);
      if (difference) differences.push(difference);
    }
    if (sessions < FEW_SESSIONS) continue;
    for (const metric of SESSION_SHARES) {
      const difference = sessionDifference(strategy, metric, list);
      if (difference) differences.push(difference);
    }
  }
  for (const difference of differences) {
    difference.failed = difference.high < -tolerance - EPSILON;
    handled.add(difference.metric);
  }
  // A metric gated here for some strategy is gated here for all: its point comparison would double-count.
  return {
    tolerance,
    failures: differences
      .filter((difference) => difference.failed)
      .map((difference) => failure(difference, tolerance)),
    notes: differences
      .filter((difference) => !difference.failed && difference.estimate < -tolerance - EPSILON)
      .map(
        (difference) =>
          `${difference.strategy} ${difference.metric} ${signed(difference.estimate)} against the baseline is within noise (95% CI ${interval(difference)} over ${count(difference)}); not failed`,
      ),
    checks: differences.length,
    differences,
    facts: factChanges([...pairs].map(([strategy, list]) => ({ strategy, pairs: list }))),
    handles: (metric) => handled.has(metric),
  };
}

/** `probeRecall` and the recall of every probe kind the sessions hold. */
function probeMetrics(list: readonly Pair[]): string[] {
  const kinds = new Set(list.flatMap((pair) => pair.session.probes.map((probe) => probe.kind)));
  return ['probeRecall', ...[...kinds].sort().map((kind) => `${KIND_RECALL_PREFIX}${kind}`)];
}

/** Probe ids a metric counts on a session: all, or one kind's. */
function idsOf(session: ResultsFile, metric: string): Set<string> {
  const kind = metric.startsWith(KIND_RECALL_PREFIX) ? metric.slice(KIND_RECALL_PREFIX.length) : undefined;
  return new Set(
    session.probes.filter((probe) => kind === undefined || probe.kind === kind).map((probe) => probe.id),
  );
}

function probeDifference(strategy: string, metric: string, list: readonly Pair[]): BaselineDifference | null {
  const paired = list
    .map((pair) => ({
      pair,
      now: probeScores(pair.now),
      before: probeScores(pair.before),
      ids: idsOf(pair.session, metric),
    }))
    .map((entry) => ({ ...entry, cluster: pairedCluster(entry.now, entry.before, entry.ids) }))
    .filter((entry) => entry.cluster.count > 0);
  if (paired.length === 0) return null;
  const units = paired.reduce((total, entry) => total + entry.cluster.count, 0);
  const after = paired.reduce((total, entry) => total + entry.cluster.firstSum, 0) / units;
  const before = paired.reduce((total, entry) => total + entry.cluster.secondSum, 0) / units;
  if (paired.length >= 2) {
    const estimate = clusteredMean(
      paired.map((entry) => entry.cluster),
      [-1, 1],
    );
    return {
      strategy,
      metric,
      before,
      after,
      ...bounds(estimate),
      sessions: paired.length,
      over: 'sessions',
      detectable: clusteredDetectable(estimate),
      failed: false,
    };
  }
  // One session: its probes are the units.
  const [{ now, before: was, ids }] = paired as [(typeof paired)[number]];
  const common = [...now.keys()].filter((id) => was.has(id) && ids.has(id));
  const nowScores = common.map((id) => now.get(id)!);
  const wasScores = common.map((id) => was.get(id)!);
  const binary = [...nowScores, ...wasScores].every((value) => value === 0 || value === 1);
  const difference = binary
    ? pairedDifferenceInterval(pairedCounts(nowScores.map(Boolean), wasScores.map(Boolean)))
    : clusteredDifference(nowScores, wasScores);
  if (Number.isNaN(difference.low)) return null;
  return {
    strategy,
    metric,
    before,
    after,
    estimate: difference.estimate,
    low: difference.low,
    high: difference.high,
    sessions: 1,
    over: 'probes',
    detectable: null,
    failed: false,
  };
}

function sessionDifference(
  strategy: string,
  metric: string,
  list: readonly Pair[],
): BaselineDifference | null {
  const definition = metricByKey(metric)!;
  const values = list
    .map((pair) => ({ now: definition.read(pair.now), before: definition.read(pair.before) }))
    .filter(
      (value): value is { now: number; before: number } =>
        typeof value.now === 'number' && typeof value.before === 'number',
    );
  if (values.length < 2) return null;
  const clusters: Cluster[] = values.map((value) => ({ sum: value.now - value.before, count: 1 }));
  const estimate = clusteredMean(clusters, [-1, 1]);
  const mean = (pick: (value: { now: number; before: number }) => number) =>
    values.reduce((total, value) => total + pick(value), 0) / values.length;
  return {
    strategy,
    metric,
    before: mean((value) => value.before),
    after: mean((value) => value.now),
    ...bounds(estimate),
    sessions: values.length,
    over: 'sessions',
    detectable: clusteredDetectable(estimate),
    failed: false,
  };
}

const bounds = (estimate: { estimate: number; low: number; high: number }) => ({
  estimate: estimate.estimate,
  low: estimate.low,
  high: estimate.high,
});

function failure(difference: BaselineDifference, tolerance: number): GateFailure {
  return {
    strategy: difference.strategy,
    metric: difference.metric,
    kind: 'regression',
    expected: difference.before,
    actual: difference.after,
    message: `${difference.strategy} ${difference.metric} ${difference.before.toFixed(2)} → ${difference.after.toFixed(2)} (${signed(difference.estimate)}, 95% CI ${interval(difference)} over ${count(difference)}, all of it beyond the tolerance ${tolerance})`,
  };
}

const signed = (value: number) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(2)}`;
const interval = (difference: BaselineDifference) =>
  `[${signed(difference.low)}, ${signed(difference.high)}]`;
const count = (difference: BaselineDifference) =>
  difference.over === 'sessions'
    ? `${difference.sessions} sessions`
    : difference.session
      ? `the probes of ${difference.session}`
      : 'the probes of one session';
