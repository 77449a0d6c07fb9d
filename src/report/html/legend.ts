/**
 * Chart legends as HTML beside (or under) the chart: they wrap with the page, so they stay in view at any width,
 * and each entry shows the very mark the chart draws (shape, colour, line), the recommended strategy in bold.
 */
import type { StrategyStyle } from './colors.ts';
import { escapeHtml } from './escape.ts';
import { type ChartStyle, styleOf } from './plots.ts';
import { emphasisRing, pointMark, tag } from './svg.ts';

/** How a strategy is drawn in a chart: points, lines through points, or bars. */
export type LegendMark = 'point' | 'line' | 'bar';

/** One entry of a legend: its icon (an SVG), its label, and the strategy it stands for, if any. */
export type LegendItem = { icon: string; label: string; strategy?: string; emphasis?: boolean };

/** The icon of a strategy's mark as a chart draws it. */
export function strategyIcon(style: StrategyStyle, mark: LegendMark, recommended: boolean): string {
  const body =
    mark === 'bar'
      ? tag('rect', { x: 3, y: 3, width: 18, height: 10, fill: style.color })
      : [
          mark === 'line'
            ? tag('line', {
                x1: 1,
                x2: 23,
                y1: 8,
                y2: 8,
                stroke: style.color,
                'stroke-width': recommended ? 3 : 1.8,
              })
            : '',
          recommended && mark === 'point' ? emphasisRing(12, 8, 4) : '',
          pointMark(style, 12, 8, mark === 'line' ? 3.4 : 4.5),
        ].join('');
  return tag(
    'svg',
    { class: 'icon', viewBox: '0 0 24 16', width: 24, height: 16, 'aria-hidden': 'true' },
    body,
  );
}

/** The icon of a line style (solid or dashed) in a neutral ink, for a legend of measures. */
export function lineIcon(dash: string | null): string {
  return tag(
    'svg',
    { class: 'icon', viewBox: '0 0 24 16', width: 24, height: 16, 'aria-hidden': 'true' },
    tag('line', {
      x1: 1,
      x2: 23,
      y1: 8,
      y2: 8,
      stroke: '#59636e',
      'stroke-width': 1.8,
      'stroke-dasharray': dash,
    }),
  );
}

/** The entries of strategies, the recommended one in bold and named so. */
export function strategyItems(names: readonly string[], chart: ChartStyle, mark: LegendMark): LegendItem[] {
  return names.map((name) => ({
    icon: strategyIcon(styleOf(chart, name), mark, name === chart.recommended),
    label: name === chart.recommended ? `${name} (recommended)` : name,
    strategy: name,
    emphasis: name === chart.recommended,
  }));
}

/**
 * A legend block: an optional title, then its entries, wrapping as the page narrows. With `shown`, each strategy's
 * entry is a checkbox that shows or hides its marks (ticked for those shown at first).
 */
export function legendHtml(title: string, items: readonly LegendItem[], shown?: ReadonlySet<string>): string {
  if (items.length === 0) return '';
  const entries = items
    .map((item) => {
      const label = item.emphasis ? `<strong>${escapeHtml(item.label)}</strong>` : escapeHtml(item.label);
      if (item.strategy === undefined) return `<li>${item.icon}<span>${label}</span></li>`;
      const name = escapeHtml(item.strategy);
      const toggle = shown
        ? `<input type="checkbox" value="${name}"${shown.has(item.strategy) ? ' checked' : ''}>`
        : '';
      return `<li data-strategy="${name}"><label>${toggle}${item.icon}<span>${label}</span></label></li>`;
    })
    .join('');
  return `<div class="chart-legend${shown ? ' toggles' : ''}">${title === '' ? '' : `<span class="legend-title">${escapeHtml(title)}</span>`}<ul>${entries}</ul></div>`;
}

/** A colour ramp from 0 to 1 as a row of steps, for a heat map. */
export function rampLegend(title: string, color: (value: number) => string): string {
  const steps = 10;
  const cells = Array.from({ length: steps }, (_, index) =>
    tag('rect', { x: index * 12, y: 0, width: 12, height: 10, fill: color((index + 0.5) / steps) }),
  ).join('');
  const ramp = tag(
    'svg',
    { class: 'ramp', viewBox: `0 0 ${steps * 12} 10`, width: steps * 12, height: 10, 'aria-hidden': 'true' },
    cells,
  );
  return `<div class="chart-legend"><span class="legend-title">${escapeHtml(title)}</span><span class="ramp-end">0</span>${ramp}<span class="ramp-end">1</span></div>`;
}
