/** Number formats shared by every renderer and the metric registry. */

// One formatter for every figure: `toLocaleString` builds a new one on each call, which showed in profiles.
const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole number with thousands separators. */
export function formatInteger(value: number): string {
  return integerFormat.format(Math.round(value));
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
