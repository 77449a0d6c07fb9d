/** A number facet's value among the matches of its pattern in a text: the same value in any unit, parted once per value. */
import type { NumberOccurrence } from './match.ts';

/** Whether two values read in one base unit are equal, up to the rounding of their conversion (700 × 0.001 s). */
function sameValue(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
}

/** Whether a number found is the facet's value, in any unit ("30000 ms" for "30 s", "0.5 GiB" for "512Mi"). */
export function sameNumber(number: { readonly value: number }, found: NumberOccurrence): boolean {
  const { value } = found;
  return value !== undefined && sameValue(value, number.value);
}

/** A number pattern's un-negated matches in a text: those that are a value ({@link sameNumber}), and the others. */
export type PartedMatches = { same: readonly NumberOccurrence[]; other: readonly NumberOccurrence[] };

// The matches of each number pattern in a text (`findNumbers`' list, one per text and pattern), parted by each value
// asked for: every facet with a number read all its pattern's matches (the 4 M-token bench session's three long
// contexts: 2,913 facets' numbers, 4.89 M matches read for 51 values), and the probes of a session share their values.
const partings = new WeakMap<readonly NumberOccurrence[], Map<number, PartedMatches>>();

/** `found` parted by `value` (see {@link partings}), each part in text order; the parts are shared, never changed. */
export function partedByValue(found: readonly NumberOccurrence[], value: number): PartedMatches {
  let byValue = partings.get(found);
  if (!byValue) partings.set(found, (byValue = new Map()));
  let parted = byValue.get(value);
  if (!parted) {
    const same: NumberOccurrence[] = [];
    const other: NumberOccurrence[] = [];
    for (const match of found) {
      if (match.negated) continue;
      if (sameNumber({ value }, match)) same.push(match);
      else other.push(match);
    }
    byValue.set(value, (parted = { same, other }));
  }
  return parted;
}
