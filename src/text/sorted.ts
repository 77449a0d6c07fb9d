/** Binary search on ascending numbers (positions in a text, offsets, term places). */

/** The first index of ascending `values` whose value is at least `target` (`values.length` when none is). */
export function lowerBound(values: ArrayLike<number>, target: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}
