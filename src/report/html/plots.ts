/**
 * What the HTML report's charts share: a chart as the page shows it, the style every chart of a page draws
 * strategies in (colours, shapes, the recommended one), and the helpers of their axes.
 */
import type { ResultsFile } from '../../results/types.ts';
import { type StrategyStyle, strategyStyles } from './colors.ts';

/** One chart as the page shows it: the SVG at both layouts, its HTML legend (may be empty), its caption. */
export type Plot = { id: string; title: string; caption: string; svg: string; legend: string };

/** How every chart of a page draws strategies: each one's style, and the recommended one, emphasised. */
export type ChartStyle = { styles: ReadonlyMap<string, StrategyStyle>; recommended: string | null };

/** The chart style of a page that shows these strategies. */
export function chartStyle(names: readonly string[], recommended: string | null): ChartStyle {
  return { styles: strategyStyles(names), recommended };
}

/** A strategy's style, from the page's when it has one (a chart may show a name the page's list lacks). */
export function styleOf(chart: ChartStyle, name: string): StrategyStyle {
  return chart.styles.get(name) ?? strategyStyles([name]).get(name)!;
}

/** A log axis that fits the data: a fifth below the smallest value to a quarter above the largest. */
export function fittedLogDomain(values: readonly number[]): [number, number] {
  const positive = values.filter((value) => value > 0);
  if (positive.length === 0) return [1, 10];
  return [Math.min(...positive) * 0.8, Math.max(...positive) * 1.25];
}

/** The strategy names of some results files, in the order first listed. */
export function strategyNames(files: readonly ResultsFile[]): string[] {
  return [...new Set(files.flatMap((file) => file.strategies.map((strategy) => strategy.name)))];
}

/** Recall in a tooltip or label: two decimals. */
export const formatRecall = (value: number): string => value.toFixed(2);
