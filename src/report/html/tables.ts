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

// Counts that judge what a context says (the rest count what it cost or how big it is).
const QUALITY_COUNTS = new Set(['contradictions', 'inventedPaths']);

/** Quality columns first (most essential first), then size and cost in registry order: a narrow page shows them. */
export function qualityFirst(metrics: readonly Metric[]): Metric[] {
  const quality = (metric: Metric) => metric.kind === 'share' || QUALITY_COUNTS.has(metric.key);
  return [
    ...metrics.filter(quality).sort((a, b) => a.terminalRank - b.terminalRank),
    ...metrics.filter((metric) => !quality(metric)),
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
): string {
  const metrics = qualityFirst(METRICS.filter((metric) => metric.column(results)));
  const head = [
    '<th data-sort="text" aria-sort="none"><button type="button">Strategy</button></th>',
    ...metrics.map(
      (metric) =>
        `<th class="number" data-sort="number" aria-sort="none" title="${escapeHtml(`${metric.direction} is better`)}"><button type="button">${escapeHtml(metric.label)}</button></th>`,
    ),
  ];
  const row = (strategy: StrategyResult) => {
    const flags = marks(strategy, results);
    const name = `<a href="#${anchor(strategy.name)}">${escapeHtml(strategy.name)}</a>${strategy.status === 'error' ? ' <span class="failed">(failed)</span>' : ''}${flags ? ` <span class="marks">${escapeHtml(flags)}</span>` : ''}`;
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
