/**
 * The continuation block of several cuts: every cut's block kept, and the figures pooled over them. Steps of one
 * cut are not independent (a cut that is hard for one step is hard for the next), so each cut is one cluster and
 * the intervals are cluster-robust (src/suite/cluster.ts), with Student's t on cuts − 1 degrees of freedom.
 */
import { type Cluster, clusteredProportion } from '../suite/cluster.ts';
import { normalisedRates } from './score.ts';
import type {
  ContinuationCut,
  ContinuationResult,
  LevelRates,
  PooledContinuation,
  PooledRates,
  PooledShare,
  PredictionRun,
} from '../results/continuation-types.ts';

const LEVELS = ['l0', 'l1', 'l2'] as const;

/** A finite number, or null (an interval that cannot be computed is NaN). */
const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);

/** A share over clusters of (successes, units); null estimate with no units. */
function pooledShare(clusters: readonly Cluster[]): PooledShare {
  const used = clusters.filter((cluster) => cluster.count > 0);
  if (used.length === 0) return { estimate: null, low: null, high: null };
  const estimate = clusteredProportion(used);
  return { estimate: finite(estimate.estimate), low: finite(estimate.low), high: finite(estimate.high) };
}

function pooledRates(runs: readonly PredictionRun[]): PooledRates {
  const level = (key: (typeof LEVELS)[number]) =>
    pooledShare(
      runs.map((run) => ({ sum: Math.round(run.rates[key] * run.rates.steps), count: run.rates.steps })),
    );
  const rates: PooledRates = {
    steps: runs.reduce((sum, run) => sum + run.rates.steps, 0),
    l0: level('l0'),
    l1: level('l1'),
    l2: level('l2'),
  };
  if (!runs.some((run) => run.rates.l3 !== undefined)) return rates;
  // L3 over the steps the judge gave a verdict on (an L2 match counts as one).
  const verdicts = (run: PredictionRun) => run.steps.filter((step) => typeof step.score.l3 === 'boolean');
  return {
    ...rates,
    l3: pooledShare(
      runs.map((run) => ({
        sum: verdicts(run).filter((step) => step.score.l3).length,
        count: verdicts(run).length,
      })),
    ),
  };
}

/** The point estimates of pooled rates, as level rates (0 where there were no steps). */
function estimates(rates: PooledRates): LevelRates {
  return {
    steps: rates.steps,
    l0: rates.l0.estimate ?? 0,
    l1: rates.l1.estimate ?? 0,
    l2: rates.l2.estimate ?? 0,
    ...(rates.l3 ? { l3: rates.l3.estimate } : {}),
  };
}

/** Full's or Null's runs at every cut, or null when one cut lacks them (its calls failed). */
function everyRun(runs: Array<PredictionRun | null>): PredictionRun[] | null {
  return runs.every((run): run is PredictionRun => run !== null) ? runs : null;
}

/** The figures pooled over cuts. */
export function poolCuts(cuts: readonly ContinuationCut[]): PooledContinuation {
  const grounding = {
    established: cuts.reduce((sum, cut) => sum + cut.grounding.established, 0),
    grounded: cuts.reduce((sum, cut) => sum + cut.grounding.grounded, 0),
    rate: pooledShare(cuts.map((cut) => ({ sum: cut.grounding.grounded, count: cut.grounding.established }))),
  };
  const predicted = cuts.flatMap((cut) => (cut.prediction ? [cut.prediction] : []));
  let prediction: PooledContinuation['prediction'] = null;
  if (predicted.length > 0) {
    const strategy = pooledRates(predicted.map((one) => one.strategy));
    const fullRuns = predicted.length === cuts.length ? everyRun(predicted.map((one) => one.full)) : null;
    const nullRuns = predicted.length === cuts.length ? everyRun(predicted.map((one) => one.null)) : null;
    const full = fullRuns && pooledRates(fullRuns);
    const floor = nullRuns && pooledRates(nullRuns);
    prediction = {
      strategy,
      full,
      null: floor,
      normalised:
        full && floor
          ? normalisedRates(estimates(strategy), estimates(full), estimates(floor))
          : { l0: null, l1: null, l2: null },
    };
  }
  return {
    cuts: cuts.map((cut) => cut.cut),
    steps: cuts.reduce((sum, cut) => sum + cut.steps, 0),
    grounding,
    prediction,
  };
}

/** A strategy's block: one cut's as it was, or the first cut's fields with every cut and the pooled figures. */
export function combineCuts(cuts: readonly ContinuationCut[]): ContinuationResult | undefined {
  const [first] = cuts;
  if (!first) return undefined;
  // The top-level fields are the first cut's; its summary is the strategy's own, in the result already.
  const { summary: _summary, ...top } = first;
  if (cuts.length === 1) return top;
  return { ...top, cuts: [...cuts], pooled: poolCuts(cuts) };
}
