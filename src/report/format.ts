/** Number formats shared by the renderers. */
import { formatInteger } from './table.ts';

/** `0.83`, or `–` when not applicable. */
export function formatRatio(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined ? '–' : value.toFixed(digits);
}

/** `$0.0123`, or `–` when the price is unknown. */
export function formatCost(value: number | null): string {
  if (value === null) return '–';
  return value === 0 ? '$0' : `$${value < 0.01 ? value.toFixed(4) : value.toFixed(3)}`;
}

/** Milliseconds as a whole number with separators. */
export function formatMs(value: number): string {
  return formatInteger(value);
}
