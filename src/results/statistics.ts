/** Figures over `--runs`: each spread metric of the registry as mean and standard error, the runs as one result. */
import { spreadMetricsOf, valueAt } from '../quality/metrics.ts';
import type { Spread, StrategyResult } from './types.ts';
import { outcomeCredit } from '../quality/recall-credit.ts';

/** Mean and standard error of a sample (standard error 0 for a single value). */
export function spreadOf(values: readonly number[]): Spread {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  if (values.length < 2) return { mean, stdError: 0 };
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  return { mean, stdError: Math.sqrt(variance / values.length) };
}

/**
 * Several runs of one strategy as one result: the first run's result, with every spread metric that every
 * run measured replaced by its mean (where the result holds it as a number), and `spread` holding mean and
 * standard error of each.
 */
export function combineRuns(runs: readonly StrategyResult[]): StrategyResult {
  const first = runs[0]!;
  const combined = structuredClone(first);
  const spread: Record<string, Spread> = {};
  for (const metric of spreadMetricsOf(first)) {
    const values = runs.map(metric.read).filter((value): value is number => typeof value === 'number');
    if (values.length !== runs.length) continue;
    const figure = spreadOf(values);
    spread[metric.key] = figure;
    if (typeof valueAt(first, metric.path) === 'number') setAt(combined, metric.path, figure.mean);
  }
  combined.freshCalls = runs.flatMap((run) => run.freshCalls);
  combined.probeShares = Object.fromEntries(
    Object.keys(first.quality.probeOutcomes).map((id) => [
      id,
      runs.reduce((sum, run) => sum + outcomeCredit(run.quality.probeOutcomes[id]), 0) / runs.length,
    ]),
  );
  combined.status = runs.every((run) => run.status === 'ok') ? 'ok' : 'error';
  combined.error = runs.find((run) => run.error)?.error ?? null;
  combined.runs = runs.length;
  combined.spread = spread;
  return combined;
}

function setAt(result: StrategyResult, path: readonly string[], value: number): void {
  const holder = valueAt(result, path.slice(0, -1));
  if (holder !== null && typeof holder === 'object') Reflect.set(holder, path.at(-1)!, value);
}
