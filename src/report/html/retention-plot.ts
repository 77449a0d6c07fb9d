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
  tooltipAfter,
  tooltipLines,
  WIDE,
} from './svg.ts';
import { type Series, sharedLinesNote, sharedStripes, sideBySide } from './coinciding.ts';
import { alsoHere, samePlace } from './labels.ts';

/** Past this many strategies the chart opens with the core ones (and the recommended one) only. */
export const SHOWN_AT_FIRST = 6;

/** The strategies the retention chart shows before any toggle: all, or past six the core ones and the recommended one. */
export function shownAtFirst(names: readonly string[], chart: ChartStyle): Set<string> {
  if (names.length <= SHOWN_AT_FIRST) return new Set(names);
  const shown = names.filter((name) => styleOf(chart, name).group === 'core' || name === chart.recommended);
  return new Set(shown.length > 0 ? shown : names.slice(0, 5));
}

type Point = ReturnType<typeof retentionPoints>[number];

/** The plot area of a layout and its scales. */
function frame(layout: Layout) {
  const area = layout.narrow
    ? { left: 44, right: layout.width - 26, top: 10, bottom: 240 }
    : { left: 52, right: layout.width - 30, top: 12, bottom: 332 };
  const x = linearScale([0, POSITION_BINS - 1], [area.left, area.right]);
  const y = linearScale([0, 1], [area.bottom, area.top]);
  return { area, at: (point: Point) => [x(point.bin), y(point.recall)] as const, x, y };
}

/** Each strategy's line at a layout, the recommended one last (on top). */
function seriesOf(
  layout: Layout,
  points: readonly Point[],
  chart: ChartStyle,
  shown: ReadonlySet<string>,
): Series[] {
  const { at } = frame(layout);
  const names = [...new Set(points.map((point) => point.strategy))].sort(
    (a, b) => Number(a === chart.recommended) - Number(b === chart.recommended),
  );
  return names.map((name) => ({
    name,
    points: points.filter((point) => point.strategy === name).map(at),
    attributes: {
      stroke: styleOf(chart, name).color,
      'stroke-width': name === chart.recommended ? 3 : 1.6,
      'data-strategy': name,
      class: shown.has(name) ? null : 'hidden-series',
    },
  }));
}

function draw(
  layout: Layout,
  points: readonly Point[],
  chart: ChartStyle,
  shown: ReadonlySet<string>,
  heads: ReadonlyMap<Point, string>,
  series = seriesOf(layout, points, chart, shown),
): string {
  const { area, at, x, y } = frame(layout);
  const bins = [...Array(POSITION_BINS).keys()];
  const label = (bin: number) =>
    layout.narrow ? (bin % 3 === 0 ? `${bin * 10}–${bin * 10 + 10}%` : '') : `${bin * 10}–${bin * 10 + 10}%`;
  const hidden = (name: string) => (shown.has(name) ? null : 'hidden-series');
  const lines = series.map((line) => polyline(line.points, line.attributes));
  const ordered = series.flatMap((line) => points.filter((point) => point.strategy === line.name));
  // Points of strategies on one spot are set side by side, so that each one's mark shows.
  // Those shown at first apart from those a toggle shows; the recommended one stays on its line.
  const offsets = sideBySide(ordered, at, layout.narrow ? 5 : 7, {
    group: (point) => String(shown.has(point.strategy)),
    anchored: (point) => point.strategy === chart.recommended,
  });
  const shared = samePlace(ordered, at, (point) => point.strategy);
  const marks = ordered.map((point) => {
    const name = point.strategy;
    const [cx, cy] = at(point);
    return pointMark(
      styleOf(chart, name),
      cx + offsets.get(point)!,
      cy,
      name === chart.recommended ? 4.2 : 3.4,
      { 'data-strategy': name, class: hidden(name) },
      tooltipAfter(heads.get(point)!, alsoHere(shared.get(point)!)),
    );
  });
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
    layer('retentionShared', sharedStripes(series)),
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
  // The wide lines, for the caption's note and the wide drawing alike; a point's tooltip says the same at both
  // layouts but for the strategies drawn on its spot (to the pixel of each).
  const wide = seriesOf(WIDE, points, chart, shown);
  const heads = new Map(
    points.map((point) => [
      point,
      tooltipLines([
        point.strategy,
        `probes planted in ${point.label} of the session`,
        `recall ${formatRecall(point.recall)} of ${point.probes} ${point.probes === 1 ? 'probe' : 'probes'}`,
      ]),
    ]),
  );
  return {
    id: 'retention',
    title: 'Retention by position',
    caption: `Recall of the ${placed} probes whose fact sits at a known message, grouped by the tenth of the ${results.fixture.messages}-message session it sits in (tenths without probes are left out): where a line drops, the strategy forgets that part of the session.${toggles}${sharedLinesNote(wide)}`,
    svg: bothLayouts((layout) =>
      draw(layout, points, chart, shown, heads, layout === WIDE ? wide : undefined),
    ),
    legend: legendHtml(
      '',
      strategyItems(names, chart, 'line'),
      shown.size < names.length ? shown : undefined,
    ),
  };
}
