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
import { countOf } from '../text/numbers.ts';
import type { GateFailure, GateResults } from '../quality/gate.ts';
import { KIND_RECALL_PREFIX, METRICS } from '../quality/metrics.ts';
import type { ResultsFile, StrategyResult } from '../results/types.ts';
import {
  type BaselineDifference,
  compareFigure,
  EPSILON,
  type FigureSourceWithRuns,
  type GateRule,
  interval,
  orientation,
  type Pair,
  regression,
  runsOf,
  sampled,
  signed,
} from './baseline-figures.ts';
import { factChanges, type FactChange } from './fact-diff.ts';
import { pairedProbes, probeScores } from './outcomes.ts';
import { headlineWeights } from '../quality/recall-credit.ts';

export {
  type BaselineDifference,
  type GateRule,
  type Interval,
  interval,
  signed,
} from './baseline-figures.ts';

/**
 * Share figures gated here: every gateable share of the registry, fact recall first; per-kind recall is covered
 * by the facts themselves. Counts (invented paths) are capped by floors instead.
 */
const SHARES = METRICS.filter((metric) => metric.gate && metric.kind === 'share').map((metric) => metric.key);

/** Default of `--allow-lost`: facts a strategy may lose against the baseline with deterministic answers. */
export const DEFAULT_ALLOW_LOST = 0;

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
      const difference = compareFigure(
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
  let units = 0;
  for (const pair of list) {
    const was = probeScores(pair.before);
    const scores = probeScores(pair.now);
    // Each fact falls by what it weighs in the kind-balanced headline, as the figure the gate compares counts it.
    const paired = pairedProbes(scores, was, pair.live, headlineWeights(pair.session.probes));
    units += paired.ids.length;
    for (const change of live) {
      if (!change.lost.includes(pair.session.fixture.name)) continue;
      drops.push(
        ((was.get(change.probe) ?? 0) - (scores.get(change.probe) ?? 0)) * paired.scale(change.probe),
      );
    }
  }
  if (units === 0) return 0;
  const allowed = drops
    .sort((a, b) => b - a)
    .slice(0, allowLost)
    .reduce((total, drop) => total + drop, 0);
  return allowed / units;
}

/** The first few names, then how many more. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, 6).join(', ');
  return names.length > 6 ? `${shown}, … ${names.length - 6} more` : shown;
}
