/**
 * The suite page's charts: each strategy's mean fact recall with its interval clustered by session against its
 * mean tokens after, and fact recall per strategy and session as a heat map.
 */
import { formatInteger } from '../../text/numbers.ts';
import type { SessionDigest } from '../../results/digest.ts';
import { MINIMUM_CLUSTERS_FOR_INTERVAL } from '../../suite/cluster.ts';
import type { SuiteResults } from '../../suite/types.ts';
import { sideBySide } from './coinciding.ts';
import { drawHeatMap, heatColor, type HeatMap } from './heat-map.ts';
import { alsoHere, labelElements, placeLabels, samePlace, sharedPointNote } from './labels.ts';
import { legendHtml, rampLegend, strategyItems } from './legend.ts';
import { type ChartStyle, fittedLogDomain, formatRecall, type Plot, styleOf } from './plots.ts';
import { scatterArea } from './recall-plot.ts';
import {
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
  tag,
  tooltip,
} from './svg.ts';

/** One strategy of the interval chart: its mean recall, interval (null without one) and mean tokens after. */
type IntervalPoint = {
  strategy: string;
  lexical: boolean;
  tokens: number;
  recall: number;
  low: number | null;
  high: number | null;
};

function intervalPoints(suite: SuiteResults): IntervalPoint[] {
  const withInterval = suite.sessions.length >= MINIMUM_CLUSTERS_FOR_INTERVAL;
  return suite.strategies.flatMap((strategy) => {
    const recall = strategy.metrics.probeRecall;
    const tokens = strategy.metrics.tokensAfter;
    if (!recall || !tokens || !(tokens.estimate > 0)) return [];
    const clamp = (value: number) => Math.min(1, Math.max(0, value));
    const bounded = withInterval && Number.isFinite(recall.low) && Number.isFinite(recall.high);
    return [
      {
        strategy: strategy.name,
        lexical: strategy.lexical,
        tokens: tokens.estimate,
        recall: recall.estimate,
        low: bounded ? clamp(recall.low) : null,
        high: bounded ? clamp(recall.high) : null,
      },
    ];
  });
}

function drawInterval(layout: Layout, points: readonly IntervalPoint[], chart: ChartStyle): string {
  const { area, height } = scatterArea(layout);
  const domain = fittedLogDomain(points.map((point) => point.tokens));
  const x = logScale(domain, [area.left, area.right]);
  const y = linearScale([0, 1], [area.bottom, area.top]);
  const ticks = logTicks(domain[0], domain[1], layout.narrow ? 4 : 9);
  const emphasised = (point: IntervalPoint) => point.strategy === chart.recommended;
  const ordered = [...points].sort((a, b) => Number(emphasised(a)) - Number(emphasised(b)));
  const spot = (point: IntervalPoint) => [x(point.tokens), y(point.recall)] as const;
  // Strategies with the same figures are set side by side, each with its interval; the recommended one stays put.
  const offsets = sideBySide(ordered, spot, layout.narrow ? 6 : 8, { anchored: emphasised });
  const at = (point: IntervalPoint) => [x(point.tokens) + offsets.get(point)!, y(point.recall)] as const;
  const rules = ordered
    .filter((point) => point.low !== null && point.high !== null)
    .map((point) =>
      tag('line', {
        x1: at(point)[0],
        x2: at(point)[0],
        y1: y(point.low!),
        y2: y(point.high!),
        stroke: styleOf(chart, point.strategy).color,
        'stroke-width': emphasised(point) ? 3.5 : 2,
        'data-strategy': point.strategy,
      }),
    );
  const hidden = samePlace(ordered, spot, (point) => point.strategy);
  const marks = ordered.map((point) =>
    pointMark(
      styleOf(chart, point.strategy),
      ...at(point),
      5,
      { 'data-strategy': point.strategy },
      tooltip([
        point.strategy,
        `fact recall ${formatRecall(point.recall)}${point.low === null ? '' : ` [${formatRecall(point.low)}, ${formatRecall(point.high!)}] (mean, 95% interval clustered by session)`}`,
        `${formatInteger(point.tokens)} tokens after (mean)`,
        ...(point.lexical ? ['a lexical baseline (a floor, not a strategy)'] : []),
        ...(emphasised(point) ? ['recommended'] : []),
        ...alsoHere(hidden.get(point)!),
      ]),
    ),
  );
  const rings = ordered.filter(emphasised).map((point) => emphasisRing(...at(point), 5));
  const labelled = [
    ...ordered.filter(emphasised),
    ...ordered.filter((point) => !emphasised(point) && !point.lexical),
  ];
  const labels = placeLabels(
    labelled.map((point) => ({
      x: x(point.tokens),
      y: y(point.recall),
      text: point.strategy,
      bold: emphasised(point),
    })),
    ordered.map(at),
    { left: area.left, right: layout.width, top: 0, bottom: area.bottom },
  );
  const body = [
    bottomAxis(area, x, ticks.labelled, formatTick, 'Mean tokens after (log scale)', ticks.grid),
    leftAxis(
      area,
      y,
      linearTicks(0, 1, layout.narrow ? 5 : 10),
      formatShare,
      'Fact recall (mean, 95% interval)',
    ),
    layer('intervals', rules),
    layer('emphasis', rings),
    layer('points', marks),
    layer('labels', labelElements(labels), { fill: '#1f2328', 'font-size': 11 }),
  ];
  return chartSvg(layout, height, 'Fact recall against tokens after, over the suite', body.join(''));
}

/** Each strategy's mean fact recall with its clustered interval, at its mean tokens after. */
export function intervalPlot(suite: SuiteResults, chart: ChartStyle): Plot | null {
  const points = intervalPoints(suite);
  if (points.length === 0) return null;
  return {
    id: 'suite-recall',
    title: 'Fact recall against tokens after, over the suite',
    caption: `${
      suite.sessions.length < MINIMUM_CLUSTERS_FOR_INTERVAL
        ? `Each strategy's mean fact recall over ${suite.sessions.length} sessions at its mean tokens after (log scale); no interval with fewer than ${MINIMUM_CLUSTERS_FOR_INTERVAL} sessions.`
        : `Each strategy's mean fact recall over ${suite.sessions.length} sessions, the bar its 95% interval clustered by session, at its mean tokens after (log scale). Overlapping bars: not distinguishable.`
    } Triangles are lexical baselines; the ringed point is the recommended strategy.${sharedPointNote(points.map((point) => [point.tokens, point.recall]))}`,
    svg: bothLayouts((layout) => drawInterval(layout, points, chart)),
    legend: legendHtml(
      '',
      strategyItems(
        points.map((point) => point.strategy),
        chart,
        'point',
      ),
    ),
  };
}

/** Recall per strategy and session, each cell with its value; a cell without one says why (failed, no probes). */
export function sessionPlot(sessions: readonly SessionDigest[], chart: ChartStyle): Plot | null {
  const cells = sessions.flatMap((results) =>
    results.strategies
      .filter((strategy) => strategy.name !== 'recorded')
      .map((strategy) => {
        const recall =
          strategy.status === 'ok' && strategy.quality.probeRecall !== null
            ? strategy.quality.probeRecall
            : null;
        return {
          strategy: strategy.name,
          session: results.fixture.name,
          recall,
          text: recall === null ? (strategy.status === 'ok' ? 'n/p' : 'fail') : formatRecall(recall),
        };
      }),
  );
  if (cells.every((cell) => cell.recall === null)) return null;
  const strategies = [...new Set(cells.map((cell) => cell.strategy))];
  const names = [...new Set(cells.map((cell) => cell.session))];
  const byKey = new Map(cells.map((cell) => [`${cell.strategy}\u0000${cell.session}`, cell]));
  // The longer list runs down the page: a suite of many sessions grows tall, never wider than the screen.
  const strategyRows = strategies.length >= names.length;
  const map: HeatMap = {
    rows: strategyRows ? strategies : names,
    columns: strategyRows ? names : strategies,
    cell: (row, column) => {
      const [strategy, session] = strategyRows ? [row, column] : [column, row];
      const found = byKey.get(`${strategy}\u0000${session}`);
      if (!found) return undefined;
      return {
        value: found.recall,
        text: found.text,
        tooltip: [
          `${strategy} on ${session}`,
          found.recall === null
            ? found.text === 'fail'
              ? 'failed on this session'
              : 'no fact probes in this session'
            : `fact recall ${found.text}`,
        ],
      };
    },
    columnTitle: strategyRows ? 'Session' : 'Strategy',
    strategyRows,
    label: 'Fact recall per session',
    layers: { cells: 'sessionCells', labels: 'sessionLabels' },
  };
  return {
    id: 'suite-sessions',
    title: 'Fact recall per session',
    caption:
      'Each strategy on each session, its fact recall in the cell; darker is more. "n/p": the session has no fact probes; "fail": the strategy failed there.',
    svg: bothLayouts((layout) => drawHeatMap(layout, map, chart)),
    legend: rampLegend('Fact recall', heatColor),
  };
}
