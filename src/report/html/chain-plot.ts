/** The decay curve of a `--schedule` run: recall after each compaction of the chain, per strategy. */
import type { ResultsFile } from '../../results/types.ts';
import { legendHtml, lineIcon, strategyItems } from './legend.ts';
import { type ChartStyle, formatRecall, type Plot, strategyNames, styleOf } from './plots.ts';
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
  WIDE,
} from './svg.ts';
import { type Series, sharedLinesNote, sharedStripes, sideBySide } from './coinciding.ts';
import { alsoHere, samePlace } from './labels.ts';

/** One point of the curve: a strategy's recall of one measure after one compaction. */
export type DecayPoint = { strategy: string; cycle: number; measure: string; recall: number; probes: number };

const SO_FAR = 'so far';
const FIRST = 'first stretch';
const DASH: Record<string, string | null> = { [SO_FAR]: null, [FIRST]: '5 3' };

/** The points of every strategy's chain that has them (facts so far, and the first stretch's facts). */
export function decayPoints(results: ResultsFile): DecayPoint[] {
  return results.strategies.flatMap((strategy) =>
    (strategy.chain?.cycles ?? []).flatMap((cycle) => [
      ...(cycle.probeRecall === null
        ? []
        : [
            {
              strategy: strategy.name,
              cycle: cycle.cycle,
              measure: SO_FAR,
              recall: cycle.probeRecall,
              probes: cycle.probes,
            },
          ]),
      ...(cycle.firstStretchRecall === null || cycle.cycle === 1
        ? []
        : [
            {
              strategy: strategy.name,
              cycle: cycle.cycle,
              measure: FIRST,
              recall: cycle.firstStretchRecall,
              probes: cycle.firstStretchProbes,
            },
          ]),
    ]),
  );
}

/** The plot area of a layout, its scales, and where a point is drawn. */
function frame(layout: Layout, points: readonly DecayPoint[]) {
  const area = layout.narrow
    ? { left: 44, right: layout.width - 16, top: 10, bottom: 240 }
    : { left: 52, right: layout.width - 20, top: 12, bottom: 332 };
  const cycles = [...new Set(points.map((point) => point.cycle))].sort((a, b) => a - b);
  // Compactions sit at the middle of equal bands, as on an ordinal axis.
  const band = (area.right - area.left) / Math.max(1, cycles.length);
  const x = (cycle: number) => area.left + band * (cycles.indexOf(cycle) + 0.5);
  const y = linearScale([0, 1], [area.bottom, area.top]);
  return { area, cycles, x, y, at: (point: DecayPoint) => [x(point.cycle), y(point.recall)] as const };
}

/** A line per strategy and measure (solid for facts so far, dashed for the first stretch's), the recommended last. */
function seriesOf(layout: Layout, points: readonly DecayPoint[], chart: ChartStyle): Series[] {
  const { at } = frame(layout, points);
  const names = [...new Set(points.map((point) => point.strategy))].sort(
    (a, b) => Number(a === chart.recommended) - Number(b === chart.recommended),
  );
  return names.flatMap((name) =>
    [SO_FAR, FIRST].map((measure) => ({
      name,
      points: points
        .filter((point) => point.strategy === name && point.measure === measure)
        .sort((a, b) => a.cycle - b.cycle)
        .map(at),
      attributes: {
        stroke: styleOf(chart, name).color,
        'stroke-width': name === chart.recommended ? 3 : 1.6,
        'stroke-dasharray': DASH[measure],
        'data-strategy': name,
      },
    })),
  );
}

function draw(layout: Layout, points: readonly DecayPoint[], chart: ChartStyle): string {
  const { area, cycles, x, y, at } = frame(layout, points);
  const series = seriesOf(layout, points, chart);
  const lines = series.map((line) => polyline(line.points, line.attributes));
  const ordered = [...new Set(series.map((line) => line.name))].flatMap((name) =>
    points.filter((point) => point.strategy === name),
  );
  // Points on one spot are set side by side, so that each one's mark shows; the recommended one stays put.
  const offsets = sideBySide(ordered, at, layout.narrow ? 5 : 7, {
    anchored: (point) => point.strategy === chart.recommended,
  });
  const shared = samePlace(ordered, at, (point) => point.strategy);
  const marks = ordered.map((point) =>
    pointMark(
      styleOf(chart, point.strategy),
      at(point)[0] + offsets.get(point)!,
      at(point)[1],
      point.strategy === chart.recommended ? 4.2 : 3.4,
      { 'data-strategy': point.strategy },
      tooltip([
        point.strategy,
        `after compaction ${point.cycle}: recall ${formatRecall(point.recall)} of the ${point.probes} facts ${point.measure === SO_FAR ? 'planted so far' : 'of the first stretch'}`,
        ...alsoHere(shared.get(point)!.filter((name) => name !== point.strategy)),
      ]),
    ),
  );
  const body = [
    bottomAxis(area, x, cycles, String, 'Compaction'),
    leftAxis(area, y, linearTicks(0, 1, layout.narrow ? 5 : 10), formatShare, 'Probe recall'),
    layer(
      'decay',
      lines.filter((line) => line !== ''),
    ),
    layer('decayShared', sharedStripes(series)),
    layer('decayPoints', marks),
  ];
  return chartSvg(layout, area.bottom + 44, 'Recall across compactions', body.join(''));
}

/** Recall after each compaction, a solid line per strategy for facts so far and a dashed one for the oldest. */
export function decayPlot(results: ResultsFile, chart: ChartStyle): Plot | null {
  const points = decayPoints(results);
  if (points.length === 0) return null;
  const names = strategyNames([results]).filter((name) => points.some((point) => point.strategy === name));
  const schedule = results.strategies.find((strategy) => strategy.chain)?.chain?.schedule ?? '';
  return {
    id: 'decay',
    title: 'Recall across compactions',
    caption: `The chain of --schedule ${schedule}: after each compaction, the recall of the facts planted so far (solid) and of the facts the first compaction summarized (dashed, from the second compaction on). Where a line falls, the strategy forgets across compactions.${sharedLinesNote(seriesOf(WIDE, points, chart))}`,
    svg: bothLayouts((layout) => draw(layout, points, chart)),
    legend:
      legendHtml('', strategyItems(names, chart, 'line')) +
      legendHtml('Facts', [
        { icon: lineIcon(null), label: SO_FAR },
        { icon: lineIcon(DASH[FIRST]!), label: FIRST },
      ]),
  };
}
