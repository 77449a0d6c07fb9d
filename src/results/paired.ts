/**
 * How sure a comparison is. Strategies are scored on the same probes, so their outcomes are paired: the
 * difference of two recalls gets Newcombe's interval for paired proportions and an exact McNemar test,
 * corrected for comparing many strategies (Holm); each recall gets a Wilson interval; the power of the
 * probe set bounds which differences it can detect at all. With several runs, outcomes are averaged per
 * probe first, so a probe is one cluster whatever the number of runs.
 */
import * as z from 'zod';

/** The two-sided 95% normal quantile. */
export const Z_95 = 1.959963984540054;
/** The normal quantile for 80% power. */
const Z_80 = 0.8416212335729143;

/** An interval around an estimate. */
export const intervalSchema = z.object({ estimate: z.number(), low: z.number(), high: z.number() });

/** One {@link intervalSchema}. */
export type Interval = z.infer<typeof intervalSchema>;

/** Wilson's score interval for k successes of n (Newcombe 1998: 81/263 → 0.2553 to 0.3662). */
export function wilsonInterval(k: number, n: number, z = Z_95): Interval {
  if (n === 0) return { estimate: Number.NaN, low: Number.NaN, high: Number.NaN };
  const p = k / n;
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denominator;
  return { estimate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** log of n choose k. */
function logChoose(n: number, k: number): number {
  let sum = 0;
  for (let index = 1; index <= k; index++) sum += Math.log((n - k + index) / index);
  return sum;
}

/**
 * The exact (binomial) McNemar test of `b` pairs where only the first holds and `c` where only the second
 * does: two-sided p = 2 × P(X ≤ min(b, c)) for X ~ Binomial(b + c, ½), at most 1 (Armitage and Berry: b = 12,
 * c = 2 → 0.0129).
 */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const smaller = Math.min(b, c);
  let tail = 0;
  for (let k = 0; k <= smaller; k++) tail += Math.exp(logChoose(n, k) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}

/** Holm's step-down adjustment of p-values (same order as given), controlling the family-wise error rate. */
export function holm(pValues: readonly number[]): number[] {
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(pValues.length);
  let running = 0;
  order.forEach(({ p, index }, rank) => {
    running = Math.max(running, Math.min(1, (pValues.length - rank) * p));
    adjusted[index] = running;
  });
  return adjusted;
}

/** A paired 2×2 table: `a` both hold, `b` only the first, `c` only the second, `d` neither. */
export type PairedCounts = { a: number; b: number; c: number; d: number };

/** The 2×2 table of two outcome lists over the same probes. */
export function pairedCounts(first: readonly boolean[], second: readonly boolean[]): PairedCounts {
  const counts = { a: 0, b: 0, c: 0, d: 0 };
  first.forEach((held, index) => {
    const other = second[index]!;
    if (held && other) counts.a++;
    else if (held) counts.b++;
    else if (other) counts.c++;
    else counts.d++;
  });
  return counts;
}

/**
 * Newcombe's method 10 (1998, Stat Med 17:2635) for the difference of two paired proportions: the Wilson
 * intervals of both margins combined with the correlation of the pairs (with his continuity-corrected phi).
 */
export function pairedDifferenceInterval({ a, b, c, d }: PairedCounts, z = Z_95): Interval {
  const n = a + b + c + d;
  const first = wilsonInterval(a + b, n, z);
  const second = wilsonInterval(a + c, n, z);
  const estimate = (b - c) / n;
  const product = (a + b) * (c + d) * (a + c) * (b + d);
  let phi = 0;
  if (product > 0) {
    const cross = a * d - b * c;
    phi = (cross > 0 ? Math.max(cross - n / 2, 0) : cross) / Math.sqrt(product);
  }
  const lowFirst = first.estimate - first.low;
  const highFirst = first.high - first.estimate;
  const lowSecond = second.estimate - second.low;
  const highSecond = second.high - second.estimate;
  const below = Math.sqrt(Math.max(0, lowFirst ** 2 - 2 * phi * lowFirst * highSecond + highSecond ** 2));
  const above = Math.sqrt(Math.max(0, highFirst ** 2 - 2 * phi * highFirst * lowSecond + lowSecond ** 2));
  return { estimate, low: Math.max(-1, estimate - below), high: Math.min(1, estimate + above) };
}

/**
 * The smallest difference in recall a paired test on `n` probes detects with 80% power at the 5% level,
 * when a share `discordance` of probes differ between the two (Connor 1987); never below the observed
 * discordance can allow.
 */
export function minimumDetectableDifference(n: number, discordance: number): number {
  if (n === 0) return Number.NaN;
  const psi = Math.max(discordance, 1 / n);
  const probes = (delta: number) =>
    (Z_95 * Math.sqrt(psi) + Z_80 * Math.sqrt(Math.max(0, psi - delta * delta))) ** 2 / (delta * delta);
  let low = 1e-6;
  let high = psi;
  if (probes(high) > n) return Number.NaN; // not even a difference as large as the discordance is detectable
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    if (probes(middle) > n) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * A paired difference of per-probe means (several runs: each probe's share of runs that kept it), with a
 * t interval and a two-sided paired t-test: the probe is the cluster, not the run.
 */
export function clusteredDifference(
  first: readonly number[],
  second: readonly number[],
): Interval & { pValue: number } {
  const differences = first.map((value, index) => value - second[index]!);
  const n = differences.length;
  const mean = differences.reduce((sum, value) => sum + value, 0) / n;
  if (n < 2) return { estimate: mean, low: Number.NaN, high: Number.NaN, pValue: Number.NaN };
  const variance = differences.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1);
  const standardError = Math.sqrt(variance / n);
  if (standardError === 0) return { estimate: mean, low: mean, high: mean, pValue: mean === 0 ? 1 : 0 };
  const half = studentQuantile(n - 1) * standardError;
  const t = Math.abs(mean / standardError);
  return {
    estimate: mean,
    low: Math.max(-1, mean - half),
    high: Math.min(1, mean + half),
    pValue: studentTwoSided(t, n - 1),
  };
}

/** The 97.5% quantile of Student's t with `df` degrees of freedom (Cornish–Fisher expansion from the normal). */
export function studentQuantile(df: number): number {
  const z = Z_95;
  const z3 = z ** 3;
  const z5 = z ** 5;
  const z7 = z ** 7;
  return (
    z +
    (z3 + z) / (4 * df) +
    (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3)
  );
}

/** Two-sided p of |T| ≥ t for Student's t with `df` degrees of freedom: the regularized incomplete beta I(df/(df+t²); df/2, ½). */
export function studentTwoSided(t: number, df: number): number {
  return incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/** The regularized incomplete beta function I_x(a, b), by its continued fraction (Lentz's method). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let result = d;
  for (let m = 1; m <= 300; m++) {
    const even = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 + even * d;
    c = 1 + even / c;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = Math.abs(c) < tiny ? tiny : c;
    result *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 + odd * d;
    c = 1 + odd / c;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = Math.abs(c) < tiny ? tiny : c;
    const step = d * c;
    result *= step;
    if (Math.abs(step - 1) < 1e-12) break;
  }
  return (front * result) / a;
}

/** log Γ(x) (Lanczos approximation). */
function logGamma(x: number): number {
  const coefficients = [
    676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406, 12.507343278686905,
    -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const shifted = x - 1;
  let sum = 0.9999999999998099;
  coefficients.forEach((coefficient, index) => {
    sum += coefficient / (shifted + index + 1);
  });
  const t = shifted + coefficients.length - 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum);
}
