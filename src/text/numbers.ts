/** Number formats shared by every renderer and the metric registry. */

// Numbers past this print with an exponent in plain digits; they (and ±∞, NaN) go through the locale's formatter.
const PLAIN_DIGITS_BELOW = 1e21;
let integerFormat: Intl.NumberFormat | undefined;

/**
 * A whole number with thousands separators, as `Intl.NumberFormat('en-US')` writes it (`-1,234`, `-0`). Grouped by
 * hand: the locale's formatter costs tens of milliseconds to make, before a compare's first call when made as the
 * module loads; built (once) only for what plain digits cannot write.
 */
export function formatInteger(value: number): string {
  const rounded = Math.round(value);
  if (!(Math.abs(rounded) < PLAIN_DIGITS_BELOW)) {
    integerFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    return integerFormat.format(rounded);
  }
  const digits = String(Math.abs(rounded));
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return rounded < 0 || Object.is(rounded, -0) ? `-${grouped}` : grouped;
}

/** `0.83`, or `–` when not applicable. */
export function formatRatio(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined ? '–' : value.toFixed(digits);
}

/** `$0.0123`, or `–` when the price is unknown. */
export function formatCost(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return value === 0 ? '$0' : `$${value < 0.01 ? value.toFixed(4) : value.toFixed(3)}`;
}

/** Milliseconds as a whole number with separators. */
export function formatMs(value: number): string {
  return formatInteger(value);
}

/** Renders a figure: a share with two decimals (more when needed to tell it from `other`), a count as is. */
export function formatFigure(value: number, other?: number): string {
  if (Number.isInteger(value) && (other === undefined || Number.isInteger(other))) return String(value);
  for (let digits = 2; digits < 6; digits++) {
    if (other === undefined || value.toFixed(digits) !== other.toFixed(digits)) return value.toFixed(digits);
  }
  return value.toFixed(6);
}

/** `1 strategy`, `3 strategies`: a count with its noun in the right number. */
export function countOf(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}
