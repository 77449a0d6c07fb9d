/**
 * Probe recall against tokens after (log scale): one point per strategy (and target, in a sweep), the Pareto
 * front as a dashed staircase with its points labelled, a sweep's strategies joined across the targets, and the
 * recommended strategy ringed and named in bold.
 */
import { formatInteger } from '../../numbers.ts';
import type { ResultsFile } from '../../results/types.ts';
import { labelElements, placeLabels } from './labels.ts';
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
} from './svg.ts';

/** The plot area of a layout, and the chart's height. */
export function scatterArea(layout: Layout): { area: Area; height: number } {
  return layout.narrow
    ? { area: { left: 44, right: layout.width - 12, top: 12, bottom: 256 }, height: 300 }
    : { area: { left: 52, right: layout.width - 14, top: 14, bottom: 366 }, height: 410 };
}

type Point = ReturnType<typeof recallPoints>[number] & { label: string };

function draw(layout: Layout, points: readonly Point[], sweep: boolean, chart: ChartStyle): string {
  const { area, height } = scatterArea(layout);
  const domain = fittedLogDomain(points.map((point) => point.tokensAfter));
  const x = logScale(domain, [area.left, area.right]);
  const y = linearScale([0, 1], [area.bottom, area.top]);
  const at = (point: Point) => [x(point.tokensAfter), y(point.recall)] as const;
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
  const sweepLines = sweep
    ? names.map((name) =>
        polyline(
          points
            .filter((point) => point.strategy === name)
            .sort((a, b) => (a.target ?? 0) - (b.target ?? 0))
            .map(at),
          {
            stroke: styleOf(chart, name).color,
            'stroke-width': emphasised(name) ? 3 : 1.5,
            opacity: emphasised(name) ? 1 : 0.7,
            'data-strategy': name,
          },
        ),
      )
    : [];
  const front = points.filter((point) => point.front).sort((a, b) => a.tokensAfter - b.tokensAfter);
  const stairs = front.flatMap((point, index) => {
    const next = front[index + 1];
    return next ? [at(point), [x(next.tokensAfter), y(point.recall)] as const] : [at(point)];
  });
  const ordered = [...points].sort((a, b) => Number(emphasised(a.strategy)) - Number(emphasised(b.strategy)));
  const marks = ordered.map((point) => {
    const [cx, cy] = at(point);
    const lines = [
      point.label,
      `probe recall ${formatRecall(point.recall)}`,
      `${formatInteger(point.tokensAfter)} tokens after`,
      ...(point.lexical ? ['a lexical baseline (a floor, not a strategy)'] : []),
      ...(point.front ? ['on the Pareto front'] : []),
      ...(emphasised(point.strategy) ? ['recommended'] : []),
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
    labelled.map((point) => ({
      x: at(point)[0],
      y: at(point)[1],
      text: point.label,
      bold: emphasised(point.strategy),
    })),
    points.map(at),
    { left: area.left, right: layout.width, top: 0, bottom: area.bottom },
  );
  const body = [
    ...axes,
    layer('sweep', sweepLines),
    layer('front', [polyline(stairs, { stroke: '#888', 'stroke-dasharray': '4 3', 'stroke-width': 1.2 })]),
    layer('emphasis', rings),
    layer('points', marks),
    layer('frontLabels', labelElements(labels), { fill: '#1f2328', 'font-size': 11 }),
  ];
  return chartSvg(layout, height, 'Probe recall against tokens after', body.join(''));
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
    caption: `One point per strategy${sweep ? ' and target, a line joining each strategy across the targets' : ''}; the dashed staircase is the Pareto front (labelled): no other strategy keeps more for fewer tokens. Triangles are lexical baselines (a floor, not strategies); the ringed point is the recommended strategy. Strategies that do not compress or missed their target are plotted but never on the front.`,
    svg: bothLayouts((layout) => draw(layout, points, sweep, chart)),
    legend: legendHtml('', strategyItems(names, chart, sweep ? 'line' : 'point')),
  };
}
