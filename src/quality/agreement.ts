/** Agreement between the tool and a reader: mean absolute error, Cohen's kappa, Spearman's rank correlation. */

/** The mean of |a − b| over pairs; null when there are none. */
export function meanAbsoluteError(pairs: ReadonlyArray<readonly [number, number]>): number | null {
  if (pairs.length === 0) return null;
  return pairs.reduce((sum, [a, b]) => sum + Math.abs(a - b), 0) / pairs.length;
}

/**
 * Cohen's kappa of two raters over the same items: (observed − chance agreement) / (1 − chance). 1 when they agree
 * on every item, including the case where both use one category only; null when there are no items.
 */
export function cohenKappa(pairs: ReadonlyArray<readonly [string, string]>): number | null {
  if (pairs.length === 0) return null;
  const first = new Map<string, number>();
  const second = new Map<string, number>();
  let agreed = 0;
  for (const [a, b] of pairs) {
    first.set(a, (first.get(a) ?? 0) + 1);
    second.set(b, (second.get(b) ?? 0) + 1);
    if (a === b) agreed++;
  }
  const observed = agreed / pairs.length;
  let chance = 0;
  for (const [category, count] of first)
    chance += (count / pairs.length) * ((second.get(category) ?? 0) / pairs.length);
  if (chance === 1) return observed === 1 ? 1 : 0;
  return (observed - chance) / (1 - chance);
}

/** Ranks of values, ties sharing their mean rank (1-based). */
function ranks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const result = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++;
    const rank = (start + end) / 2 + 1;
    for (let index = start; index <= end; index++) result[order[index]!.index] = rank;
    start = end + 1;
  }
  return result;
}

/** Spearman's rank correlation (Pearson's over tie-averaged ranks); null under 3 pairs or when a side is constant. */
export function spearman(pairs: ReadonlyArray<readonly [number, number]>): number | null {
  if (pairs.length < 3) return null;
  const a = ranks(pairs.map(([value]) => value));
  const b = ranks(pairs.map(([, value]) => value));
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const meanA = mean(a);
  const meanB = mean(b);
  let covariance = 0;
  let varianceA = 0;
  let varianceB = 0;
  for (let index = 0; index < a.length; index++) {
    covariance += (a[index]! - meanA) * (b[index]! - meanB);
    varianceA += (a[index]! - meanA) ** 2;
    varianceB += (b[index]! - meanB) ** 2;
  }
  if (varianceA === 0 || varianceB === 0) return null;
  return covariance / Math.sqrt(varianceA * varianceB);
}
