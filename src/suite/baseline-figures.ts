/**
 * One figure of one strategy against its baseline, over the sessions both hold: the change, the rule it is gated
 * by (a deterministic fall beyond the tolerance, or a fall beyond the spread over runs), and the probe-sampling
 * interval beside it ("on other facts", information only).
 */
import type { GateFailure, GateStrategy } from '../quality/gate.ts';
import { boundsOf, metricByKey, suiteMetrics } from '../quality/metrics.ts';
import { headlineWeights, isWholeCredit } from '../quality/recall-credit.ts';
import {
  clusteredDifference,
  type Interval as PairedInterval,
  pairedCounts,
  pairedDifferenceInterval,
} from '../results/paired.ts';
import type { ResultsFile, StrategyResult } from '../results/types.ts';
import { clusteredMean } from './cluster.ts';
import { sessionCluster } from './measures.ts';
import { pairedCluster, type ProbeScored, probeScores } from './outcomes.ts';
import { type RunSide, runInterval, runsToTell } from './run-noise.ts';

/** Figures are ratios of small counts; this keeps 0.81 − 0.79 from counting as more than 0.02. */
export const EPSILON = 1e-9;

/** From this many sessions up, "on other facts" is an interval over sessions (clustered); below, over probes. */
const CLUSTERED_SESSIONS = 5;

/**
 * Which rule gated a strategy: no noise (a lost fact is lost), the spread over `--runs`, or none (`unpaired`: one
 * run of a sampled model, whose loss cannot be told from noise).
 */
export type GateRule = 'deterministic' | 'sampled' | 'unpaired';

/** An interval's bounds (the estimate is the difference beside it). */
export type Interval = Pick<PairedInterval, 'low' | 'high'>;

/** One figure of one strategy against the baseline. */
export type BaselineDifference = {
  strategy: string;
  metric: string;
  before: number;
  after: number;
  /** After − before. */
  estimate: number;
  rule: GateRule;
  /** Sampled: the 95% interval the spread over runs allows, and about how many runs would tell a dip. */
  spread: (Interval & { runs: number; runsToTell: number | null }) | null;
  /** Information only: the interval over the probes (or sessions) sampled: on other facts, this could be … */
  otherFacts: (Interval & { over: 'probes' | 'sessions'; units: number }) | null;
  sessions: number;
  /** The fall in fact recall the facts `--allow-lost` lets go account for (deterministic answers), else 0. */
  allowed: number;
  failed: boolean;
};

/** A strategy's result on one session, now and in the baseline, and the session's live facts. */
export type Pair = {
  session: ResultsFile;
  now: StrategyResult;
  before: GateStrategy & ProbeScored;
  live: ReadonlySet<string>;
};

/** Whether a result's figures were sampled several times from a provider that answers differently each time. */
export function sampled(result: object): boolean {
  const { runs, deterministic } = result as FigureSourceWithRuns;
  return typeof runs === 'number' && runs > 1 && deterministic !== true;
}
/** What a result (of this run or a baseline file) may say of its sampling. */
export type FigureSourceWithRuns = { runs?: unknown; deterministic?: unknown; freshCalls?: unknown };

/** The runs a result was sampled over (1 when it does not say). */
export function runsOf(result: object): number {
  const { runs } = result as FigureSourceWithRuns;
  return typeof runs === 'number' ? runs : 1;
}

/**
 * 1 where higher is better, −1 where lower is (contradictions): a figure of the second kind regresses by rising,
 * so the checks read `orientation × change` as a gain and fail a loss below −tolerance either way.
 */
export function orientation(metric: string): number {
  return metricByKey(metric)?.direction === 'lower' ? -1 : 1;
}

/** One share figure of one strategy over its sessions; 'missing' when the baseline had it and this run has not. */
export function compareFigure(
  strategy: string,
  metric: string,
  list: readonly Pair[],
  rule: GateRule,
  tolerance: number,
  allowed: number,
): BaselineDifference | 'missing' | null {
  const measured = metric === 'probeRecall' ? probeFigures(list) : sessionFigures(metric, list);
  if (measured === 'missing' || measured === null) return measured;
  const { before, after, weights } = measured;
  const estimate = after - before;
  const better = orientation(metric);
  let spread: BaselineDifference['spread'] = null;
  let failed: boolean;
  if (rule === 'sampled') {
    const side = (pick: (pair: Pair) => ProbeScored): RunSide => ({
      standardError: Math.sqrt(
        list.reduce(
          (total, pair, index) =>
            total +
            (weights[index]! * standardErrorOf(pick(pair), metric, headlineWeights(pair.session.probes))) **
              2,
          0,
        ),
      ),
      runs: Math.max(...list.map((pair) => runsOf(pick(pair)))),
    });
    const now = side((pair) => pair.now);
    const was = side((pair) => pair.before);
    const bounds = runInterval(estimate, now, was);
    // The figure now lies within its bounds, so the change within them less the baseline's figure: cutting the
    // interval to the possible changes keeps its coverage and never shows an impossible one.
    const [lowest, highest] = boundsOf(metricByKey(metric)!);
    const possible = (value: number) => Math.min(highest - before, Math.max(lowest - before, value));
    const [low, high] = [possible(bounds.low), possible(bounds.high)];
    const runs = Math.max(now.runs, was.runs);
    spread = { low, high, runs, runsToTell: runsToTell(better * estimate, tolerance, bounds, runs) };
    failed = (better > 0 ? high : -low) < -tolerance - EPSILON;
  } else {
    failed = better * estimate + allowed < -tolerance - EPSILON;
  }
  return {
    strategy,
    metric,
    before,
    after,
    estimate,
    rule,
    spread,
    otherFacts: metric === 'probeRecall' ? otherFacts(list) : null,
    sessions: weights.length,
    allowed,
    failed,
  };
}

type SpreadHolder = { spread?: unknown };
type Figures = { before: number; after: number; weights: number[] };

/** Fact recall pooled over the live facts both runs scored, each session weighted by its live facts. */
function probeFigures(list: readonly Pair[]): Figures | null {
  const clusters = list.map((pair) =>
    pairedCluster(
      probeScores(pair.now),
      probeScores(pair.before),
      pair.live,
      headlineWeights(pair.session.probes),
    ),
  );
  const units = clusters.reduce((total, cluster) => total + cluster.count, 0);
  if (units === 0) return null;
  return {
    after: clusters.reduce((total, cluster) => total + cluster.firstSum, 0) / units,
    before: clusters.reduce((total, cluster) => total + cluster.secondSum, 0) / units,
    weights: clusters.map((cluster) => cluster.count / units),
  };
}

/**
 * A figure measured once per session, over the sessions that measured it both times, pooled as the suite's table
 * pools it (a share over files or probes weighs each session by its files or probes; src/suite/measures.ts), so
 * the figure the gate prints under a label is the one the suite's table and results show under it.
 */
function sessionFigures(metric: string, list: readonly Pair[]): Figures | 'missing' | null {
  const definition = metricByKey(metric)!;
  const pooled = suiteMetrics().find((candidate) => candidate.key === metric);
  // Both sides weigh a session alike: by this run's units (the session's files or probes), or each as one where
  // a session does not count them (a figure it did not measure weighs nothing anyway).
  const unitsOf = (pair: Pair) =>
    pooled && pooled.suite.over !== 'session'
      ? sessionCluster(pooled, { session: pair.session, result: pair.now })?.count
      : 1;
  const measured = (pair: Pair) => typeof definition.read(pair.now) === 'number';
  const counts = list.map((pair) => (measured(pair) ? unitsOf(pair) : 0));
  const pooling = counts.every((count) => typeof count === 'number' && Number.isFinite(count));
  const values = list.map((pair, index) => ({
    now: definition.read(pair.now),
    before: definition.read(pair.before),
    units: pooling ? counts[index]! : 1,
  }));
  if (values.some((value) => typeof value.before === 'number' && typeof value.now !== 'number'))
    return 'missing';
  // A session that did not measure it both times weighs nothing, in the figure and in the spread.
  const weightOf = (value: { now: unknown; before: unknown; units: number }) =>
    typeof value.now === 'number' && typeof value.before === 'number' ? value.units : 0;
  const total = values.reduce((sum, value) => sum + weightOf(value), 0);
  if (total === 0) return null;
  const weights = values.map((value) => weightOf(value) / total);
  const mean = (pick: (value: { now: unknown; before: unknown }) => unknown) =>
    values.reduce((sum, value, index) => sum + weights[index]! * ((pick(value) as number) || 0), 0);
  return { before: mean((value) => value.before), after: mean((value) => value.now), weights };
}

/**
 * A result's standard error over its runs for a figure: from its `spread`, else (probe recall of a file that
 * kept only each probe's share of runs) the binomial spread of those shares; 0 for one deterministic sample.
 */
function standardErrorOf(result: ProbeScored, metric: string, weights?: ReadonlyMap<string, number>): number {
  if (!sampled(result)) return 0;
  const spread = (
    (result as SpreadHolder).spread as Record<string, { stdError?: unknown }> | null | undefined
  )?.[metric];
  if (typeof spread?.stdError === 'number') return spread.stdError;
  if (metric !== 'probeRecall' || !result.probeShares) return 0;
  const shares = Object.entries(result.probeShares).filter(([id]) => !weights || weights.has(id));
  if (shares.length === 0) return 0;
  const runs = runsOf(result);
  // Each probe weighs what it weighs in the kind-balanced headline (equal shares without weights).
  const total = weights ? shares.reduce((sum, [id]) => sum + weights.get(id)!, 0) : shares.length;
  const weightOf = (id: string) => (weights && total > 0 ? weights.get(id)! / total : 1 / shares.length);
  const variance = shares.reduce(
    (sum, [id, share]) => sum + weightOf(id) ** 2 * ((share * (1 - share)) / (runs - 1)),
    0,
  );
  return Math.sqrt(variance);
}

/**
 * The probe-sampling interval of the fact-recall difference: over sessions (clustered) from five sessions up,
 * else over the probes (Newcombe's paired interval; a t interval over probes with several runs).
 */
function otherFacts(list: readonly Pair[]): BaselineDifference['otherFacts'] {
  const clusters = list
    .map((pair) =>
      pairedCluster(
        probeScores(pair.now),
        probeScores(pair.before),
        pair.live,
        headlineWeights(pair.session.probes),
      ),
    )
    .filter((cluster) => cluster.count > 0);
  if (clusters.length >= CLUSTERED_SESSIONS) {
    const estimate = clusteredMean(clusters, [-1, 1]);
    return { low: estimate.low, high: estimate.high, over: 'sessions', units: clusters.length };
  }
  const now: number[] = [];
  const was: number[] = [];
  for (const pair of list) {
    const before = probeScores(pair.before);
    for (const [id, score] of probeScores(pair.now)) {
      const previous = before.get(id);
      if (previous === undefined || !pair.live.has(id)) continue;
      now.push(score);
      was.push(previous);
    }
  }
  if (now.length === 0) return null;
  const binary = [...now, ...was].every(isWholeCredit);
  const difference = binary
    ? pairedDifferenceInterval(pairedCounts(now.map(Boolean), was.map(Boolean)))
    : clusteredDifference(now, was);
  if (Number.isNaN(difference.low)) return null;
  return { low: difference.low, high: difference.high, over: 'probes', units: now.length };
}

export function regression(difference: BaselineDifference, tolerance: number): GateFailure {
  // A fall that rounds to the tolerance gets a third digit: "−0.02, beyond the tolerance 0.02" reads as a pass.
  const digits = Math.abs(difference.estimate).toFixed(2) === tolerance.toFixed(2) ? 3 : 2;
  const change = `${difference.before.toFixed(2)} → ${difference.after.toFixed(2)} (${signed(difference.estimate, digits)}`;
  const allowed =
    difference.allowed > 0
      ? `, of which the facts --allow-lost allows make −${difference.allowed.toFixed(2)}`
      : '';
  const why = difference.spread
    ? `, 95% ${interval(difference.spread)} over ${difference.spread.runs} runs, all of it beyond the tolerance ${tolerance})`
    : `${allowed}, beyond the tolerance ${tolerance})`;
  return {
    strategy: difference.strategy,
    metric: difference.metric,
    kind: 'regression',
    expected: difference.before,
    actual: difference.after,
    againstBaseline: true,
    message: `${difference.strategy} ${difference.metric} ${change}${why}`,
  };
}

/** `−0.17` / `+0.03`, with a real minus sign. */
export const signed = (value: number, digits = 2) =>
  `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(digits)}`;
/** `[−0.20, +0.06]`. */
export const interval = (bounds: Interval) => `[${signed(bounds.low)}, ${signed(bounds.high)}]`;
