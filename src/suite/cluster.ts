/**
 * Means over a suite with sessions as clusters. Facts of one session are not independent (a session that is
 * hard for a strategy is hard for all its facts), so a mean over facts gets a cluster-robust (sandwich)
 * standard error: the residuals are summed within each session first, and those session totals are the
 * independent units. With few sessions the interval uses Student's t with (sessions − 1) degrees of freedom
 * and the CR1 small-sample factor C / (C − 1). A figure measured once per session (tokens, calls, time) is the
 * special case of one unit per cluster, where this is exactly the one-sample t interval over sessions.
 */
import { studentTwoSided, wilsonInterval } from '../results/paired.ts';

/** One session's units: the sum of their values, how many there are, and (optionally) the sum of their squares. */
export type Cluster = { sum: number; count: number; squares?: number };

/** A mean over clusters with its 95% interval. */
export type ClusteredEstimate = {
  estimate: number;
  low: number;
  high: number;
  /** Cluster-robust standard error (NaN with fewer than two clusters). */
  standardError: number;
  /** The standard error as if every unit were independent (needs `squares`); null when not computable. */
  naiveStandardError: number | null;
  clusters: number;
  units: number;
};

// Quantiles found, by `p` and `df`: a suite asks the same few (0.975 on sessions − 1) for every figure of every
// strategy, and each bisection evaluates the incomplete beta about a hundred times (53 MB of garbage in a 30-session
// suite's allocation profile).
const quantiles = new Map<string, number>();

/** The `p` quantile of Student's t with `df` degrees of freedom (bisection on the exact two-sided tail). */
export function studentQuantileAt(p: number, df: number): number {
  const key = `${p}:${df}`;
  let quantile = quantiles.get(key);
  if (quantile === undefined) {
    quantile = bisectedQuantile(p, df);
    quantiles.set(key, quantile);
  }
  return quantile;
}

function bisectedQuantile(p: number, df: number): number {
  if (p === 0.5) return 0;
  const upper = p > 0.5;
  const tail = 2 * (upper ? 1 - p : p);
  let low = 0;
  let high = 1;
  while (studentTwoSided(high, df) > tail) high *= 2;
  for (let step = 0; step < 100; step++) {
    const middle = (low + high) / 2;
    if (studentTwoSided(middle, df) > tail) low = middle;
    else high = middle;
  }
  const t = (low + high) / 2;
  return upper ? t : -t;
}

/**
 * The mean of every unit over all clusters, Σ sum / Σ count, with a cluster-robust standard error
 * √(C/(C−1) · Σ_c (sum_c − mean · count_c)²) / Σ count and a t interval on C − 1 degrees of freedom,
 * clipped to `range`.
 */
export function clusteredMean(
  clusters: readonly Cluster[],
  range: readonly [number, number] = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
): ClusteredEstimate {
  const units = clusters.reduce((total, cluster) => total + cluster.count, 0);
  const count = clusters.length;
  const estimate =
    units === 0 ? Number.NaN : clusters.reduce((total, cluster) => total + cluster.sum, 0) / units;
  const naiveStandardError = naiveError(clusters, estimate, units);
  if (count < 2 || units === 0) {
    return {
      estimate,
      low: Number.NaN,
      high: Number.NaN,
      standardError: Number.NaN,
      naiveStandardError,
      clusters: count,
      units,
    };
  }
  const residuals = clusters.reduce(
    (total, cluster) => total + (cluster.sum - estimate * cluster.count) ** 2,
    0,
  );
  const standardError = Math.sqrt((count / (count - 1)) * residuals) / units;
  const half = studentQuantileAt(0.975, count - 1) * standardError;
  return {
    estimate,
    low: Math.max(range[0], estimate - half),
    high: Math.min(range[1], estimate + half),
    standardError,
    naiveStandardError,
    clusters: count,
    units,
  };
}

/**
 * The fewest sessions an interval needs. With two, Student's t has one degree of freedom (a Cauchy distribution,
 * t₀.₉₇₅ = 12.7): its interval has no finite expected width and spans every figure's whole range, so none is
 * given; the estimate and the test still are.
 */
export const MINIMUM_CLUSTERS_FOR_INTERVAL = 3;

/** The estimate without an interval (too few clusters for one). */
function withoutInterval(mean: ClusteredEstimate): ClusteredEstimate {
  return { ...mean, low: Number.NaN, high: Number.NaN };
}

/**
 * A clustered mean of a proportion (every unit in [0, 1]) whose interval stays in [0, 1] without clipping:
 * Wilson's score interval on the effective sample size p(1 − p) / SE² (the units the clustered standard error is
 * worth, at most the units themselves: Korn and Graubard 1998), with Student's t on clusters − 1 degrees of
 * freedom in place of z. Where the proportion is 0 or 1 (no spread), the effective size is the units.
 */
export function clusteredProportion(clusters: readonly Cluster[]): ClusteredEstimate {
  const mean = clusteredMean(clusters);
  if (mean.clusters < MINIMUM_CLUSTERS_FOR_INTERVAL) return withoutInterval(mean);
  const p = mean.estimate;
  const variance = mean.standardError ** 2;
  const effective =
    variance > 0 && p > 0 && p < 1 ? Math.min(mean.units, (p * (1 - p)) / variance) : mean.units;
  const wilson = wilsonInterval(p * effective, effective, studentQuantileAt(0.975, mean.clusters - 1));
  return { ...mean, low: wilson.low, high: wilson.high };
}

/**
 * A clustered mean of a positive figure (tokens, calls, time, cost) whose interval stays above 0 and is as skewed
 * as such figures are: the t interval on the log scale, mean · exp(± t · SE / mean) (the delta method), where a
 * straight t interval would reach below 0 and be clipped to an impossible 0. A figure that is the same in every
 * session (or 0 everywhere) has that value as its interval.
 */
export function clusteredPositive(clusters: readonly Cluster[]): ClusteredEstimate {
  const mean = clusteredMean(clusters);
  if (mean.clusters < MINIMUM_CLUSTERS_FOR_INTERVAL) return withoutInterval(mean);
  if (mean.estimate <= 0 || mean.standardError === 0)
    return { ...mean, low: mean.estimate, high: mean.estimate };
  const factor = Math.exp((studentQuantileAt(0.975, mean.clusters - 1) * mean.standardError) / mean.estimate);
  return { ...mean, low: mean.estimate / factor, high: mean.estimate * factor };
}

/**
 * A clustered mean of a share that every session holds in [0, 1] (the compression ratio of a context no larger
 * than its transcript): the t interval on the logit scale, back-transformed, so it stays inside (0, 1). A figure
 * some session holds above 1 gets the log scale of `clusteredPositive` instead.
 */
export function clusteredShare(clusters: readonly Cluster[]): ClusteredEstimate {
  if (clusters.some((cluster) => cluster.count > 0 && cluster.sum / cluster.count > 1))
    return clusteredPositive(clusters);
  const mean = clusteredMean(clusters);
  if (mean.clusters < MINIMUM_CLUSTERS_FOR_INTERVAL) return withoutInterval(mean);
  const p = mean.estimate;
  if (p <= 0 || p >= 1 || mean.standardError === 0) return { ...mean, low: p, high: p };
  const logit = Math.log(p / (1 - p));
  const half = (studentQuantileAt(0.975, mean.clusters - 1) * mean.standardError) / (p * (1 - p));
  const expit = (value: number) => 1 / (1 + Math.exp(-value));
  return { ...mean, low: expit(logit - half), high: expit(logit + half) };
}

/**
 * A clustered mean difference of two proportions, in [−1, 1]: the t interval that the paired t-test of the
 * verdict inverts, kept to [−1, 1] (the possible differences: cutting a confidence set to them keeps its
 * coverage), and none with fewer than three clusters.
 */
export function clusteredDifferenceOfProportions(clusters: readonly Cluster[]): ClusteredEstimate {
  const mean = clusteredMean(clusters, [-1, 1]);
  return mean.clusters < MINIMUM_CLUSTERS_FOR_INTERVAL ? withoutInterval(mean) : mean;
}

/** The standard error of the mean if all units were independent: s / √n over the units. */
function naiveError(clusters: readonly Cluster[], mean: number, units: number): number | null {
  if (units < 2 || clusters.some((cluster) => cluster.squares === undefined)) return null;
  const squares = clusters.reduce((total, cluster) => total + cluster.squares!, 0);
  const variance = Math.max(0, (squares - units * mean * mean) / (units - 1));
  return Math.sqrt(variance / units);
}

/** Two-sided p of a clustered mean against 0 (t on clusters − 1 degrees of freedom); 1 when not computable. */
export function clusteredPValue(estimate: ClusteredEstimate): number {
  if (estimate.clusters < 2 || Number.isNaN(estimate.estimate)) return 1;
  if (estimate.standardError === 0) return estimate.estimate === 0 ? 1 : 0;
  return studentTwoSided(Math.abs(estimate.estimate / estimate.standardError), estimate.clusters - 1);
}

/**
 * The smallest true difference a two-sided 5% test on these clusters detects with 80% power:
 * (t₀.₉₇₅ + t₀.₈₀) · SE on clusters − 1 degrees of freedom; null when not computable.
 */
export function clusteredDetectable(estimate: ClusteredEstimate): number | null {
  if (estimate.clusters < 2 || !Number.isFinite(estimate.standardError)) return null;
  const df = estimate.clusters - 1;
  return (studentQuantileAt(0.975, df) + studentQuantileAt(0.8, df)) * estimate.standardError;
}
