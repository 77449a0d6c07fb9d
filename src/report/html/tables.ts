/** The HTML report's tables: the sortable comparison (every registry column), and any plain table of rows. */
import { METRICS, type Metric } from '../../quality/metrics.ts';
import type { ResultsFile, StrategyResult } from '../../results/types.ts';
import {
  elsewhereCaption,
  LEXICAL_MARK,
  markLegend,
  MISSED_TARGET_MARK,
  NO_COMPRESSION_MARK,
} from '../comparison.ts';
import { atRunPoint, lexicalMatches } from '../observations.ts';
import type { Rows } from '../table.ts';
import { escapeHtml } from './escape.ts';
import { strategyIcon } from './legend.ts';
import { type ChartStyle, chartStyle, styleOf } from './plots.ts';

/** A plain table of rows (cells escaped). */
export function htmlTable({ head, rows, alignRight = [] }: Rows): string {
  const align = (column: number) => (alignRight[column] ? ' class="number"' : '');
  return [
    '<table>',
    `<thead><tr>${head.map((cell, column) => `<th${align(column)}>${escapeHtml(cell)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...rows.map(
      (row) =>
        `<tr>${row.map((cell, column) => `<td${align(column)}>${escapeHtml(cell)}</td>`).join('')}</tr>`,
    ),
    '</tbody></table>',
  ].join('\n');
}

/**
 * A table with a row per strategy (`names`, in row order) as the page's charts draw them: each name led by its
 * mark, the recommended row marked as in a session's comparison.
 */
export function strategyTable(
  { head, rows, alignRight = [] }: Rows,
  names: readonly string[],
  chart: ChartStyle,
): string {
  const align = (column: number) => (alignRight[column] ? ' class="number"' : '');
  const body = rows.map((row, index) => {
    const name = names[index]!;
    const recommended = name === chart.recommended;
    const icon = strategyIcon(styleOf(chart, name), 'point', recommended);
    const cells = row.map(
      (cell, column) => `<td${align(column)}>${column === 0 ? icon : ''}${escapeHtml(cell)}</td>`,
    );
    return `<tr${recommended ? ' class="recommended"' : ''} data-strategy="${escapeHtml(name)}">${cells.join('')}</tr>`;
  });
  return [
    '<div class="table-wrap comparison-wrap"><table class="comparison">',
    `<thead><tr>${head.map((cell, column) => `<th${align(column)}>${escapeHtml(cell)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...body,
    '</tbody></table></div>',
  ].join('\n');
}

function marks(strategy: StrategyResult, results: ResultsFile): string {
  return [
    ...(lexicalMatches(strategy, results.strategies).length > 0 ? [LEXICAL_MARK] : []),
    ...(strategy.flags.includes('does-not-compress') ? [NO_COMPRESSION_MARK] : []),
    ...(strategy.flags.includes('missed-target') ? [MISSED_TARGET_MARK] : []),
  ].join('');
}

function cell(metric: Metric, strategy: StrategyResult): string {
  const value = metric.read(strategy);
  if (strategy.status === 'error' && metric.whenFailed === 'dash')
    return '<td class="number" data-value="">–</td>';
  const spread = metric.showSpread ? strategy.spread?.[metric.key] : undefined;
  const text = `${metric.format(value)}${spread ? ` ± ${spread.stdError.toFixed(2)}` : ''}`;
  const sortValue = typeof value === 'number' ? String(value) : '';
  return `<td class="number" data-value="${sortValue}">${escapeHtml(text)}</td>`;
}

// What a reader weighs first: how much it kept, by which judge, for how many tokens, at what compression.
const ESSENTIAL = ['probeRecall', 'judge', 'tokensAfter', 'summaryTokens', 'compressionRatio'];
// Counts that judge what a context says (the rest count what it cost or how big it is).
const QUALITY_COUNTS = new Set(['contradictions', 'inventedPaths']);

/**
 * The essential columns first (recall, the judge, tokens after, compression), then the other quality columns
 * (most essential first), then size and cost in registry order: a narrow page shows the ones that matter.
 */
export function essentialFirst(metrics: readonly Metric[]): Metric[] {
  const essential = (metric: Metric) => ESSENTIAL.includes(metric.key);
  const quality = (metric: Metric) =>
    !essential(metric) && (metric.kind === 'share' || QUALITY_COUNTS.has(metric.key));
  return [
    ...metrics.filter(essential).sort((a, b) => ESSENTIAL.indexOf(a.key) - ESSENTIAL.indexOf(b.key)),
    ...metrics.filter(quality).sort((a, b) => a.terminalRank - b.terminalRank),
    ...metrics.filter((metric) => !essential(metric) && !quality(metric)),
  ];
}

/**
 * The comparison: the strategy, then every registry metric whose column says something for these results.
 * Each cell carries its raw figure, so the page's script sorts by number (a click on a header).
 */
export function comparisonTable(
  results: ResultsFile,
  anchor: (strategy: string) => string,
  recommended: string | null = null,
  chart: ChartStyle = chartStyle(
    results.strategies.map((strategy) => strategy.name),
    recommended,
  ),
): string {
  const metrics = essentialFirst(METRICS.filter((metric) => metric.column(results)));
  const head = [
    '<th data-sort="text" aria-sort="none"><button type="button">Strategy</button></th>',
    ...metrics.map(
      (metric) =>
        `<th class="number" data-sort="number" aria-sort="none" title="${escapeHtml(`${metric.direction} is better`)}"><button type="button">${escapeHtml(metric.label)}</button></th>`,
    ),
  ];
  const row = (strategy: StrategyResult) => {
    const flags = marks(strategy, results);
    const icon = strategyIcon(styleOf(chart, strategy.name), 'point', strategy.name === recommended);
    const name = `${icon}<a href="#${anchor(strategy.name)}">${escapeHtml(strategy.name)}</a>${strategy.status === 'error' ? ' <span class="failed">(failed)</span>' : ''}${flags ? ` <span class="marks">${escapeHtml(flags)}</span>` : ''}`;
    const classes = [
      ...(strategy.lexical ? ['lexical'] : []),
      ...(strategy.name === recommended ? ['recommended'] : []),
    ];
    const kind = classes.length > 0 ? ` class="${classes.join(' ')}"` : '';
    return `<tr${kind} data-strategy="${escapeHtml(strategy.name)}"><td data-value="${escapeHtml(strategy.name)}">${name}</td>${metrics.map((metric) => cell(metric, strategy)).join('')}</tr>`;
  };
  // A row scored at another point of the session (the agent's own compaction) gets its own table.
  const table = (strategies: readonly StrategyResult[]) => [
    '<table class="sortable comparison">',
    `<thead><tr>${head.join('')}</tr></thead>`,
    `<tbody>\n${strategies.map(row).join('\n')}\n</tbody>`,
    '</table>',
  ];
  const legend = markLegend(results);
  const caption = elsewhereCaption(results);
  return [
    ...table(results.strategies.filter((strategy) => atRunPoint(strategy, results))),
    ...(legend.length > 0
      ? [`<ul class="legend">${legend.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`]
      : []),
    ...(caption === null
      ? []
      : [
          `<p class="meta">${escapeHtml(caption)}</p>`,
          ...table(results.strategies.filter((strategy) => !atRunPoint(strategy, results))),
        ]),
  ].join('\n');
}
