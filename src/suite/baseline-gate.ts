/**
 * `check --baseline`, gated by where the noise comes from. Deterministic answers (an offline provider, a
 * replayed cassette, answers from the cache) have none: a fact the baseline kept and this run lost is lost,
 * so a strategy fails when it loses more than `--allow-lost` facts (the fall in fact recall those facts make is
 * theirs to allow) or a figure falls by more than the tolerance. Sampled answers (`--runs N` of a live model)
 * move from run to run: a figure fails only when its fall, over the same probes, lies beyond the spread over
 * runs. One run of a sampled model cannot tell a lost fact from noise: it is never gated by the deterministic
 * rule; it fails as unpaired noise (exit 2), or with `--allow-unpaired-noise` is reported without a gate. Fact
 * recall and the facts lost are the live facts' (`probeRecall`); history facts lost are told apart, not gated.
 * The probe-sampling interval ("would this hold on other facts?") is reported beside, as information.
 */
import { countOf } from '../numbers.ts';
import type { GateFailure, GateResults, GateStrategy } from '../quality/gate.ts';
import { boundsOf, KIND_RECALL_PREFIX, METRICS, metricByKey } from '../quality/metrics.ts';
import { isWholeCredit } from '../quality/probe-recall.ts';
import { clusteredDifference, pairedCounts, pairedDifferenceInterval } from '../results/paired.ts';
import type { ResultsFile, StrategyResult } from '../results/types.ts';
import { clusteredMean } from './cluster.ts';
import { factChanges, type FactChange } from './fact-diff.ts';
import { pairedCluster, type ProbeScored, probeScores } from './outcomes.ts';
import { type RunSide, runInterval, runsToTell } from './run-noise.ts';

// Figures are ratios of small counts; this keeps 0.81 − 0.79 from counting as more than 0.02.
const EPSILON = 1e-9;

/** From this many sessions up, "on other facts" is an interval over sessions (clustered); below, over probes. */
const CLUSTERED_SESSIONS = 5;

/**
 * Share figures gated here: every gateable share of the registry, fact recall first; per-kind recall is covered
 * by the facts themselves. Counts (invented paths) are capped by floors instead.
 */
const SHARES = METRICS.filter((metric) => metric.gate && metric.kind === 'share').map((metric) => metric.key);

/** Default of `--allow-lost`: facts a strategy may lose against the baseline with deterministic answers. */
export const DEFAULT_ALLOW_LOST = 0;

/**
 * Which rule gated a strategy: no noise (a lost fact is lost), the spread over `--runs`, or none (`unpaired`: one
 * run of a sampled model, whose loss cannot be told from noise).
 */
export type GateRule = 'deterministic' | 'sampled' | 'unpaired';

/** An interval with what it was computed over. */
export type Interval = { low: number; high: number };

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

/** One strategy's standing against the baseline. */
export type StrategyGate = {
  strategy: string;
  rule: GateRule;
  /** Runs per side under the sampled rule (the larger), 1 otherwise. */
  runs: number;
  /** Live facts the baseline kept and this run did not (with several runs: kept in under half of them). */
  lost: number;
  gained: number;
  /** History facts lost: reported, not gated (`historyRecall` is not a gated figure). */
  historyLost: number;
  failed: boolean;
};

/** What the baseline gate found. */
export type BaselineGate = {
  tolerance: number;
  allowLost: number;
  failures: GateFailure[];
  notes: string[];
  checks: number;
  strategies: StrategyGate[];
  differences: BaselineDifference[];
  facts: FactChange[];
  /** Whether a metric was compared here (the point comparison of src/quality/gate.ts leaves it out). */
  handles: (metric: string) => boolean;
};

/** How `check` gates against a baseline. */
export type BaselineGateOptions = {
  tolerance: number;
  allowLost?: number;
  /** `--allow-unpaired-noise`: report one run of a sampled model against the baseline without gating it. */
  allowUnpairedNoise?: boolean;
};

/** A strategy's result on one session, now and in the baseline, and the session's live facts. */
type Pair = {
  session: ResultsFile;
  now: StrategyResult;
  before: GateStrategy & ProbeScored;
  live: ReadonlySet<string>;
};

/** Whether a result's figures were sampled several times from a provider that answers differently each time. */
function sampled(result: object): boolean {
  const { runs, deterministic } = result as FigureSourceWithRuns;
  return typeof runs === 'number' && runs > 1 && deterministic !== true;
}
type FigureSourceWithRuns = { runs?: unknown; deterministic?: unknown; freshCalls?: unknown };

/**
 * Whether this run's result is one sample of a model answering afresh: not from a deterministic provider, a
 * cassette or the cache (those give the same answer again), so a fact it lost may be noise.
 */
export function unpairedSample(result: StrategyResult, provider: ResultsFile['provider']): boolean {
  const { freshCalls } = result as FigureSourceWithRuns;
  return (
    provider.isLanguageModel &&
    result.runs <= 1 &&
    result.deterministic !== true &&
    Array.isArray(freshCalls) &&
    freshCalls.some((calls) => typeof calls === 'number' && calls > 0)
  );
}

/** The ids of a session's live facts (a results file of a version before liveness: every probe). */
export function liveProbeIds(session: {
  probes?: ReadonlyArray<{ id: string; live?: boolean }>;
}): Set<string> {
  return new Set((session.probes ?? []).filter((probe) => probe.live !== false).map((probe) => probe.id));
}

/** Gates every strategy of these results against the baselines (by session name). */
export function evaluateBaselineGate(
  results: readonly ResultsFile[],
  baselines: ReadonlyMap<string, GateResults>,
  options: BaselineGateOptions,
): BaselineGate {
  const { tolerance } = options;
  const allowLost = options.allowLost ?? DEFAULT_ALLOW_LOST;
  const pairs = new Map<string, Pair[]>();
  const unpaired = new Map<string, string[]>();
  for (const session of results) {
    const baseline = baselines.get(session.fixture.name);
    if (!baseline) continue;
    const live = liveProbeIds(session);
    for (const now of session.strategies) {
      const before = baseline.strategies.find((candidate) => candidate.name === now.name);
      // The agent's own recorded summary comes with the transcript: it is not a strategy this run chose.
      if (now.name === 'recorded' || now.status !== 'ok' || before?.status !== 'ok') continue;
      if (unpairedSample(now, session.provider)) {
        unpaired.set(now.name, [...(unpaired.get(now.name) ?? []), session.fixture.name]);
        continue;
      }
      pairs.set(now.name, [
        ...(pairs.get(now.name) ?? []),
        { session, now, before: before as Pair['before'], live },
      ]);
    }
  }
  const facts = factChanges(
    [...pairs].map(([strategy, list]) => ({ strategy, pairs: list })),
    liveProbeIds,
  );
  const differences: BaselineDifference[] = [];
  const strategies: StrategyGate[] = [];
  const failures: GateFailure[] = [];
  const notes: string[] = [];
  for (const [strategy, sessions] of unpaired) {
    strategies.push({
      strategy,
      rule: 'unpaired',
      runs: 1,
      lost: 0,
      gained: 0,
      historyLost: 0,
      failed: true,
    });
    const where = results.length > 1 ? ` (${listed(sessions)})` : '';
    const why = `${strategy}: one run of a sampled model${where}, its answers fresh from ${providerOf(results)}: a fact lost cannot be told from noise`;
    if (options.allowUnpairedNoise) {
      notes.push(`${why}; not gated against the baseline (--allow-unpaired-noise)`);
      strategies.at(-1)!.failed = false;
      continue;
    }
    failures.push({
      strategy,
      metric: null,
      kind: 'unpaired',
      expected: null,
      actual: null,
      message: `${why}; give --runs 2 or more (and a baseline of several runs), replay a cassette (--replay), or --allow-unpaired-noise to report it without a gate`,
    });
  }
  for (const [strategy, list] of pairs) {
    const rule: GateRule = list.some((pair) => sampled(pair.now) || sampled(pair.before))
      ? 'sampled'
      : 'deterministic';
    const runs = Math.max(...list.flatMap((pair) => [runsOf(pair.now), runsOf(pair.before)]));
    const changes = facts.filter((change) => change.strategy === strategy);
    const live = changes.filter((change) => change.live);
    const lost = live.reduce((total, change) => total + change.lost.length, 0);
    const gained = live.reduce((total, change) => total + change.gained.length, 0);
    const historyLost = changes
      .filter((change) => !change.live)
      .reduce((total, change) => total + change.lost.length, 0);
    const entry: StrategyGate = {
      strategy,
      rule,
      runs: rule === 'sampled' ? runs : 1,
      lost,
      gained,
      historyLost,
      failed: false,
    };
    strategies.push(entry);
    if (rule === 'deterministic' && lost > allowLost) {
      const names = live.filter((change) => change.lost.length > 0).map((change) => change.probe);
      failures.push({
        strategy,
        metric: 'probeRecall',
        kind: 'lost',
        expected: allowLost,
        actual: lost,
        againstBaseline: true,
        message: `${strategy} lost ${countOf(lost, 'fact')} the baseline kept (--allow-lost ${allowLost}): ${listed(names)}`,
      });
      entry.failed = true;
    }
    // The facts --allow-lost lets go may take fact recall down with them, whatever the tolerance says.
    const allowed = rule === 'deterministic' ? allowedFall(live, list, allowLost) : 0;
    for (const metric of SHARES) {
      const difference = compare(
        strategy,
        metric,
        list,
        rule,
        tolerance,
        metric === 'probeRecall' ? allowed : 0,
      );
      if (difference === 'missing') {
        failures.push({
          strategy,
          metric,
          kind: 'missing',
          expected: null,
          actual: null,
          againstBaseline: true,
          message: `${strategy} ${metric}: the baseline measured it, this run did not`,
        });
        entry.failed = true;
        continue;
      }
      if (!difference) continue;
      differences.push(difference);
      if (difference.failed) {
        failures.push(regression(difference, tolerance));
        entry.failed = true;
      } else if (difference.spread && orientation(metric) * difference.estimate < -tolerance - EPSILON) {
        const tell = difference.spread.runsToTell;
        notes.push(
          `${strategy} ${metric} ${signed(difference.estimate)} is within the spread over ${difference.spread.runs} runs (95% ${interval(difference.spread)}); not failed${tell ? `: about ${tell} runs each would tell` : ''}`,
        );
      }
    }
  }
  return {
    tolerance,
    allowLost,
    failures,
    notes,
    checks: differences.length + strategies.filter((entry) => entry.rule === 'deterministic').length,
    strategies,
    differences,
    facts,
    handles: (metric) =>
      (pairs.size > 0 || unpaired.size > 0) &&
      (SHARES.includes(metric) || metric.startsWith(KIND_RECALL_PREFIX)),
  };
}

/** The provider a run's sessions were summarized by, for messages. */
function providerOf(results: readonly ResultsFile[]): string {
  const provider = results[0]?.provider;
  return provider ? `${provider.id}:${provider.model}` : 'the model';
}

/**
 * The fall in pooled fact recall that the facts `--allow-lost` lets go account for: the largest drops of the lost
 * live facts, up to `allowLost` of them, over the live facts both runs scored.
 */
function allowedFall(live: readonly FactChange[], list: readonly Pair[], allowLost: number): number {
  if (allowLost === 0) return 0;
  const drops: number[] = [];
  for (const { session, now, before } of list) {
    const was = probeScores(before);
    const scores = probeScores(now);
    for (const change of live) {
      if (!change.lost.includes(session.fixture.name)) continue;
      drops.push((was.get(change.probe) ?? 0) - (scores.get(change.probe) ?? 0));
    }
  }
  const units = list.reduce(
    (total, pair) => total + pairedCluster(probeScores(pair.now), probeScores(pair.before), pair.live).count,
    0,
  );
  if (units === 0) return 0;
  const allowed = drops
    .sort((a, b) => b - a)
    .slice(0, allowLost)
    .reduce((total, drop) => total + drop, 0);
  return allowed / units;
}

function runsOf(result: object): number {
  const { runs } = result as FigureSourceWithRuns;
  return typeof runs === 'number' ? runs : 1;
}

/**
 * 1 where higher is better, −1 where lower is (contradictions): a figure of the second kind regresses by rising,
 * so the checks read `orientation × change` as a gain and fail a loss below −tolerance either way.
 */
function orientation(metric: string): number {
  return metricByKey(metric)?.direction === 'lower' ? -1 : 1;
}

/** One share figure of one strategy over its sessions; 'missing' when the baseline had it and this run has not. */
function compare(
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
          (total, pair, index) => total + (weights[index]! * standardErrorOf(pick(pair), metric)) ** 2,
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
    pairedCluster(probeScores(pair.now), probeScores(pair.before), pair.live),
  );
  const units = clusters.reduce((total, cluster) => total + cluster.count, 0);
  if (units === 0) return null;
  return {
    after: clusters.reduce((total, cluster) => total + cluster.firstSum, 0) / units,
    before: clusters.reduce((total, cluster) => total + cluster.secondSum, 0) / units,
    weights: clusters.map((cluster) => cluster.count / units),
  };
}

/** A once-per-session figure: the mean over the sessions that measured it both times. */
function sessionFigures(metric: string, list: readonly Pair[]): Figures | 'missing' | null {
  const definition = metricByKey(metric)!;
  const values = list.map((pair) => ({
    now: definition.read(pair.now),
    before: definition.read(pair.before),
  }));
  if (values.some((value) => typeof value.before === 'number' && typeof value.now !== 'number'))
    return 'missing';
  const both = values.filter(
    (value): value is { now: number; before: number } =>
      typeof value.now === 'number' && typeof value.before === 'number',
  );
  if (both.length === 0) return null;
  const mean = (pick: (value: { now: number; before: number }) => number) =>
    both.reduce((total, value) => total + pick(value), 0) / both.length;
  // A session that did not measure it both times weighs nothing in the spread.
  const weights = values.map((value) =>
    typeof value.now === 'number' && typeof value.before === 'number' ? 1 / both.length : 0,
  );
  return { before: mean((value) => value.before), after: mean((value) => value.now), weights };
}

/**
 * A result's standard error over its runs for a figure: from its `spread`, else (probe recall of a file that
 * kept only each probe's share of runs) the binomial spread of those shares; 0 for one deterministic sample.
 */
function standardErrorOf(result: ProbeScored, metric: string): number {
  if (!sampled(result)) return 0;
  const spread = (
    (result as SpreadHolder).spread as Record<string, { stdError?: unknown }> | null | undefined
  )?.[metric];
  if (typeof spread?.stdError === 'number') return spread.stdError;
  if (metric !== 'probeRecall' || !result.probeShares) return 0;
  const shares = Object.values(result.probeShares);
  const runs = runsOf(result);
  const variance = shares.reduce((total, share) => total + (share * (1 - share)) / (runs - 1), 0);
  return shares.length === 0 ? 0 : Math.sqrt(variance) / shares.length;
}

/**
 * The probe-sampling interval of the fact-recall difference: over sessions (clustered) from five sessions up,
 * else over the probes (Newcombe's paired interval; a t interval over probes with several runs).
 */
function otherFacts(list: readonly Pair[]): BaselineDifference['otherFacts'] {
  const clusters = list
    .map((pair) => pairedCluster(probeScores(pair.now), probeScores(pair.before), pair.live))
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

function regression(difference: BaselineDifference, tolerance: number): GateFailure {
  const change = `${difference.before.toFixed(2)} → ${difference.after.toFixed(2)} (${signed(difference.estimate)}`;
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
export const signed = (value: number) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(2)}`;
/** `[−0.20, +0.06]`. */
export const interval = (bounds: Interval) => `[${signed(bounds.low)}, ${signed(bounds.high)}]`;
/** The first few names, then how many more. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, 6).join(', ');
  return names.length > 6 ? `${shown}, … ${names.length - 6} more` : shown;
}
