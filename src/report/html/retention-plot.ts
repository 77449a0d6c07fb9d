/**
 * Retention by position: the recall of the probes planted in each tenth of the session, a line per strategy.
 * With many strategies the legend is a set of toggles, the core strategies and the recommended one shown first.
 */
import type { ResultsFile } from '../../results/types.ts';
import { legendHtml, strategyItems } from './legend.ts';
import { POSITION_BINS, retentionPoints } from './plot-data.ts';
import { type ChartStyle, formatRecall, type Plot, styleOf } from './plots.ts';
import {
  bothLayouts,
  bottomAxis,
  chartSvg,
  formatShare,
  layer,
  type Layout,
  leftAxis,
  linearScale,
  linearTicks,
  pointMark,
  polyline,
  tooltip,
} from './svg.ts';

/** Past this many strategies the chart opens with the core ones (and the recommended one) only. */
export const SHOWN_AT_FIRST = 6;

/** The strategies the retention chart shows before any toggle: all, or past six the core ones and the recommended one. */
export function shownAtFirst(names: readonly string[], chart: ChartStyle): Set<string> {
  if (names.length <= SHOWN_AT_FIRST) return new Set(names);
  const shown = names.filter((name) => styleOf(chart, name).group === 'core' || name === chart.recommended);
  return new Set(shown.length > 0 ? shown : names.slice(0, 5));
}

type Point = ReturnType<typeof retentionPoints>[number];

function draw(
  layout: Layout,
  points: readonly Point[],
  chart: ChartStyle,
  shown: ReadonlySet<string>,
): string {
  const area = layout.narrow
    ? { left: 44, right: layout.width - 26, top: 10, bottom: 240 }
    : { left: 52, right: layout.width - 30, top: 12, bottom: 332 };
  const x = linearScale([0, POSITION_BINS - 1], [area.left, area.right]);
  const y = linearScale([0, 1], [area.bottom, area.top]);
  const bins = [...Array(POSITION_BINS).keys()];
  const label = (bin: number) =>
    layout.narrow ? (bin % 3 === 0 ? `${bin * 10}–${bin * 10 + 10}%` : '') : `${bin * 10}–${bin * 10 + 10}%`;
  const names = [...new Set(points.map((point) => point.strategy))].sort(
    (a, b) => Number(a === chart.recommended) - Number(b === chart.recommended),
  );
  const hidden = (name: string) => (shown.has(name) ? null : 'hidden-series');
  const lines = names.map((name) =>
    polyline(
      points
        .filter((point) => point.strategy === name)
        .map((point) => [x(point.bin), y(point.recall)] as const),
      {
        stroke: styleOf(chart, name).color,
        'stroke-width': name === chart.recommended ? 3 : 1.6,
        'data-strategy': name,
        class: hidden(name),
      },
    ),
  );
  const marks = names.flatMap((name) =>
    points
      .filter((point) => point.strategy === name)
      .map((point) =>
        pointMark(
          styleOf(chart, name),
          x(point.bin),
          y(point.recall),
          name === chart.recommended ? 4.2 : 3.4,
          { 'data-strategy': name, class: hidden(name) },
          tooltip([
            name,
            `probes planted in ${point.label} of the session`,
            `recall ${formatRecall(point.recall)} of ${point.probes} ${point.probes === 1 ? 'probe' : 'probes'}`,
          ]),
        ),
      ),
  );
  const body = [
    bottomAxis(
      area,
      x,
      bins,
      label,
      layout.narrow
        ? 'Where the fact was planted'
        : 'Where the probe’s fact was planted (tenth of the session)',
    ),
    leftAxis(area, y, linearTicks(0, 1, layout.narrow ? 5 : 10), formatShare, 'Probe recall'),
    layer('retention', lines),
    layer('retentionPoints', marks),
  ];
  return chartSvg(layout, area.bottom + 44, 'Retention by position', body.join(''));
}

/** Recall of the probes planted in each tenth of the session, one line per strategy. */
export function retentionPlot(results: ResultsFile, chart: ChartStyle): Plot | null {
  const points = retentionPoints(results);
  if (points.length === 0) return null;
  const names = [...new Set(points.map((point) => point.strategy))];
  const shown = shownAtFirst(names, chart);
  const placed = results.probes.filter((probe) => probe.messageIndex !== null).length;
  const toggles =
    shown.size < names.length
      ? ` With ${names.length} strategies it opens with ${[...shown].join(', ')}; tick the others in the legend.`
      : '';
  return {
    id: 'retention',
    title: 'Retention by position',
    caption: `Recall of the ${placed} probes whose fact sits at a known message, grouped by the tenth of the ${results.fixture.messages}-message session it sits in (tenths without probes are left out): where a line drops, the strategy forgets that part of the session.${toggles}`,
    svg: bothLayouts((layout) => draw(layout, points, chart, shown)),
    legend: legendHtml(
      '',
      strategyItems(names, chart, 'line'),
      shown.size < names.length ? shown : undefined,
    ),
  };
}
