/**
 * Probe recall against tokens after (log scale): one point per strategy (and target, in a sweep), the Pareto
 * front as a dashed staircase with its points labelled, a sweep's strategies joined across the targets, and the
 * recommended strategy ringed and named in bold.
 */
import { formatInteger } from '../../text/numbers.ts';
import type { ResultsFile } from '../../results/types.ts';
import { alsoHere, labelElements, placeLabels, samePlace, sharedPointNote } from './labels.ts';
import { legendHtml, strategyItems } from './legend.ts';
import { recallPoints } from './plot-data.ts';
import { type ChartStyle, fittedLogDomain, formatRecall, type Plot, styleOf } from './plots.ts';
import {
  type Area,
  bothLayouts,
  bottomAxis,
  chartSvg,
  emphasisRing,
  formatShare,
  formatTick,
  layer,
  type Layout,
  leftAxis,
  linearScale,
  linearTicks,
  logScale,
  logTicks,
  pointMark,
  polyline,
  tooltip,
  WIDE,
} from './svg.ts';
import { type Series, sharedLinesNote, sharedStripes, sideBySide } from './coinciding.ts';

/** The plot area of a layout, and the chart's height. */
export function scatterArea(layout: Layout): { area: Area; height: number } {
  return layout.narrow
    ? { area: { left: 44, right: layout.width - 12, top: 12, bottom: 256 }, height: 300 }
    : { area: { left: 52, right: layout.width - 14, top: 14, bottom: 366 }, height: 410 };
}

type Point = ReturnType<typeof recallPoints>[number] & { label: string };

/** The chart's area, height, scales and where each point is drawn, at a layout. */
function frame(layout: Layout, points: readonly Point[]) {
  const { area, height } = scatterArea(layout);
  const domain = fittedLogDomain(points.map((point) => point.tokensAfter));
  const x = logScale(domain, [area.left, area.right]);
  const y = linearScale([0, 1], [area.bottom, area.top]);
  return {
    area,
    height,
    domain,
    x,
    y,
    at: (point: Point) => [x(point.tokensAfter), y(point.recall)] as const,
  };
}

function draw(layout: Layout, points: readonly Point[], sweep: boolean, chart: ChartStyle): string {
  const { area, height, domain, x, y, at } = frame(layout, points);
  const emphasised = (name: string) => name === chart.recommended;
  const ticks = logTicks(domain[0], domain[1], layout.narrow ? 4 : 9);
  const axes = [
    bottomAxis(
      area,
      x,
      ticks.labelled,
      formatTick,
      'Tokens after (compacted context, log scale)',
      ticks.grid,
    ),
    leftAxis(area, y, linearTicks(0, 1, layout.narrow ? 5 : 10), formatShare, 'Probe recall'),
  ];
  // The recommended strategy's line goes last, on top.
  const names = [...new Set(points.map((point) => point.strategy))];
  names.sort((a, b) => Number(emphasised(a)) - Number(emphasised(b)));
  const series = sweep ? sweepSeries(points, at, chart) : [];
  const sweepLines = series.map((line) => polyline(line.points, line.attributes));
  const front = points.filter((point) => point.front).sort((a, b) => a.tokensAfter - b.tokensAfter);
  const stairs = front.flatMap((point, index) => {
    const next = front[index + 1];
    return next ? [at(point), [x(next.tokensAfter), y(point.recall)] as const] : [at(point)];
  });
  const ordered = [...points].sort((a, b) => Number(emphasised(a.strategy)) - Number(emphasised(b.strategy)));
  const hidden = samePlace(ordered, at, (point) => point.label);
  // Strategies on one spot are set side by side, so that each one's mark shows; the recommended one stays put.
  const offsets = sideBySide(ordered, at, layout.narrow ? 6 : 8, {
    anchored: (point) => emphasised(point.strategy),
  });
  const marks = ordered.map((point) => {
    const [spotX, cy] = at(point);
    const cx = spotX + offsets.get(point)!;
    const lines = [
      point.label,
      `probe recall ${formatRecall(point.recall)}`,
      `${formatInteger(point.tokensAfter)} tokens after`,
      ...(point.lexical ? ['a lexical baseline (a floor, not a strategy)'] : []),
      ...(point.front ? ['on the Pareto front'] : []),
      ...(emphasised(point.strategy) ? ['recommended'] : []),
      ...alsoHere(hidden.get(point)!),
    ];
    return pointMark(
      styleOf(chart, point.strategy),
      cx,
      cy,
      5,
      { 'data-strategy': point.strategy },
      tooltip(lines),
    );
  });
  const rings = ordered
    .filter((point) => emphasised(point.strategy))
    .map((point) => emphasisRing(...at(point), 5));
  // The recommended strategy is named first, then the front from its cheapest point.
  const labelled = [
    ...points.filter((point) => emphasised(point.strategy) && !point.front),
    ...front.filter((point) => emphasised(point.strategy)),
    ...front.filter((point) => !emphasised(point.strategy)),
  ];
  const labels = placeLabels(
    mergeCoinciding(labelled, at).map((point) => ({
      x: at(point)[0],
      y: at(point)[1],
      text: point.label,
      bold: emphasised(point.strategy),
    })),
    ordered.map((point) => [at(point)[0] + offsets.get(point)!, at(point)[1]] as const),
    { left: area.left, right: layout.width, top: 0, bottom: area.bottom },
  );
  const body = [
    ...axes,
    layer('sweep', sweepLines),
    layer('sweepShared', sharedStripes(series)),
    layer('front', [polyline(stairs, { stroke: '#888', 'stroke-dasharray': '4 3', 'stroke-width': 1.2 })]),
    layer('emphasis', rings),
    layer('points', marks),
    layer('frontLabels', labelElements(labels), { fill: '#1f2328', 'font-size': 11 }),
  ];
  return chartSvg(layout, height, 'Probe recall against tokens after', body.join(''));
}

/** A sweep's line per strategy, across its targets, the recommended one last (on top). */
function sweepSeries(
  points: readonly Point[],
  at: (point: Point) => readonly [number, number],
  chart: ChartStyle,
): Series[] {
  const emphasised = (name: string) => name === chart.recommended;
  const names = [...new Set(points.map((point) => point.strategy))];
  names.sort((a, b) => Number(emphasised(a)) - Number(emphasised(b)));
  return names.map((name) => ({
    name,
    points: points
      .filter((point) => point.strategy === name)
      .sort((a, b) => (a.target ?? 0) - (b.target ?? 0))
      .map(at),
    attributes: {
      stroke: styleOf(chart, name).color,
      'stroke-width': emphasised(name) ? 3 : 1.5,
      opacity: emphasised(name) ? 1 : 0.7,
      'data-strategy': name,
    },
  }));
}

/**
 * One label for a strategy's points drawn on the same spot (a sweep's targets it met with the same summary):
 * `sequential-rolling @4000, @8000` instead of two labels, one of them placed by a point it does not name.
 */
function mergeCoinciding(points: readonly Point[], at: (point: Point) => readonly [number, number]): Point[] {
  const merged = new Map<string, Point>();
  for (const point of points) {
    const [px, py] = at(point);
    const key = `${point.strategy} ${Math.round(px)} ${Math.round(py)}`;
    const first = merged.get(key);
    if (!first) merged.set(key, point);
    else if (point.target !== null) merged.set(key, { ...first, label: `${first.label}, @${point.target}` });
  }
  return [...merged.values()];
}

/** Probe recall against tokens after, log scale; the Pareto front as a staircase; a sweep's curves. */
export function recallPlot(files: readonly ResultsFile[], chart: ChartStyle): Plot | null {
  const sweep = files.length > 1;
  const points = recallPoints(files).map((point) => ({
    ...point,
    label: sweep && point.target !== null ? `${point.strategy} @${point.target}` : point.strategy,
  }));
  if (points.length === 0) return null;
  const names = [...new Set(points.map((point) => point.strategy))];
  return {
    id: 'recall-vs-tokens',
    title: sweep
      ? 'Probe recall against tokens after, across the sweep'
      : 'Probe recall against tokens after',
    caption: `One point per strategy${sweep ? ' and target, a line joining each strategy across the targets' : ''}; the dashed staircase is the Pareto front (labelled): no other strategy keeps more for fewer tokens.${points.some((point) => point.lexical) ? ' Triangles are lexical baselines (a floor, not strategies).' : ''}${chart.recommended ? ' The ringed point is the recommended strategy.' : ''} Strategies that do not compress or missed their target are plotted but never on the front.${sharedPointNote(
      [
        // A strategy's own targets on one spot share a label of their own (`@4000, @8000`).
        ...new Map(
          points
            .filter((point) => point.front || point.strategy === chart.recommended)
            .map((point) => [
              `${point.strategy} ${point.tokensAfter} ${point.recall}`,
              [point.tokensAfter, point.recall] as const,
            ]),
        ).values(),
      ],
    )}${sweep ? sharedLinesNote(sweepSeries(points, frame(WIDE, points).at, chart)) : ''}`,
    svg: bothLayouts((layout) => draw(layout, points, sweep, chart)),
    legend: legendHtml('', strategyItems(names, chart, sweep ? 'line' : 'point')),
  };
}
