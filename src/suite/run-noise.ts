/**
 * The noise of re-sampling a model (`--runs N`): how far a figure's mean over runs moves from one set of runs to
 * the next, from each side's standard error over its runs. The difference is taken over the same probes
 * (paired), so what is left to explain it is the spread over runs alone.
 */
import { studentQuantileAt } from './cluster.ts';

/** One side of a comparison: its figure's standard error over runs, and how many runs made it. */
export type RunSide = { standardError: number; runs: number };

/** A difference with the interval the spread over runs allows. */
export type RunInterval = { low: number; high: number; standardError: number; degreesOfFreedom: number };

// Two-sided 5% and 80% power: how many standard errors a true drop must span to be seen most of the time.
const Z_975 = 1.959964;
const Z_80 = 0.841621;

/**
 * The 95% interval of `estimate` (now − before) given each side's spread over runs: the standard errors add in
 * quadrature (the runs of the two sides are independent), with Welch–Satterthwaite degrees of freedom.
 */
export function runInterval(estimate: number, now: RunSide, before: RunSide): RunInterval {
  const variances = [now, before].map((side) => ({ variance: side.standardError ** 2, runs: side.runs }));
  const variance = variances.reduce((total, side) => total + side.variance, 0);
  const standardError = Math.sqrt(variance);
  if (standardError === 0)
    return { low: estimate, high: estimate, standardError: 0, degreesOfFreedom: Infinity };
  const denominator = variances
    .filter((side) => side.runs > 1 && side.variance > 0)
    .reduce((total, side) => total + side.variance ** 2 / (side.runs - 1), 0);
  const degreesOfFreedom = Math.max(1, variance ** 2 / denominator);
  const half = studentQuantileAt(0.975, degreesOfFreedom) * standardError;
  return { low: estimate - half, high: estimate + half, standardError, degreesOfFreedom };
}

/**
 * About how many runs per side it would take to tell a drop of `estimate` beyond `tolerance` from the spread
 * (95% two-sided, 80% power, normal approximation): the standard error shrinks with √runs. Null when there is
 * no drop beyond the tolerance to tell, or no spread.
 */
export function runsToTell(
  estimate: number,
  tolerance: number,
  interval: RunInterval,
  runs: number,
): number | null {
  const margin = -estimate - tolerance;
  if (margin <= 0 || interval.standardError === 0) return null;
  return Math.max(runs + 1, Math.ceil(runs * (((Z_975 + Z_80) * interval.standardError) / margin) ** 2));
}
