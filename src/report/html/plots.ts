/**
 * The charts of the HTML report as Vega-Lite specifications, drawn to SVG by `svg.ts`: recall against
 * tokens after (with the Pareto front and a sweep's curves), the run's timeline, retention by position and
 * recall per probe kind. Each layer is named, so its marks can be found (and counted) in the SVG.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { ResultsFile } from '../../results/types.ts';
import { kindCells, POSITION_BINS, recallPoints, retentionPoints, timelineCalls } from './plot-data.ts';
import { strategyScale } from './colors.ts';
import { renderSvg } from './svg.ts';

/** One chart as the page shows it. */
export type Plot = { id: string; title: string; caption: string; svg: string };

const WIDTH = 760;

/** The colour encoding of the strategy field, one colour per strategy across a page's charts. */
export const strategyColor = (strategies: readonly string[], legend = true) => ({
  field: 'strategy',
  type: 'nominal' as const,
  title: 'Strategy',
  scale: strategyScale(strategies),
  ...(legend ? {} : { legend: null }),
});

/** A log axis that fits the data: a fifth below the smallest value to a quarter above the largest. */
export function fittedLogDomain(values: readonly number[]): [number, number] {
  const positive = values.filter((value) => value > 0);
  if (positive.length === 0) return [1, 10];
  return [Math.min(...positive) * 0.8, Math.max(...positive) * 1.25];
}

/**
 * The labels that fit without overlapping one already placed (lowest tokens first, where the front starts): a
 * label dropped here is still in the point's tooltip and the legend.
 */
function unclutteredLabels<T extends { tokensAfter: number; recall: number; label: string }>(
  points: readonly T[],
  domain: [number, number],
  height: number,
): T[] {
  const [low, high] = domain.map(Math.log);
  const placed: Array<{ x: number; y: number; width: number }> = [];
  return points.filter((point) => {
    const x = ((Math.log(point.tokensAfter) - low!) / (high! - low!)) * WIDTH + 7;
    const y = (1 - point.recall) * height - 7;
    // About 6 pixels a character at 11 px, a line 13 pixels high.
    const width = point.label.length * 6;
    if (
      placed.some((other) => x < other.x + other.width && other.x < x + width && Math.abs(other.y - y) < 13)
    )
      return false;
    placed.push({ x, y, width });
    return true;
  });
}

/** The strategy names of some results files, in the order first listed. */
export function strategyNames(files: readonly ResultsFile[]): string[] {
  return [...new Set(files.flatMap((file) => file.strategies.map((strategy) => strategy.name)))];
}

/** Probe recall against tokens after, log scale; the Pareto front as a staircase; a sweep's curves. */
export async function recallPlot(files: readonly ResultsFile[]): Promise<Plot | null> {
  const sweep = files.length > 1;
  const points = recallPoints(files).map((point) => ({
    ...point,
    kind: point.lexical ? 'lexical baseline' : 'strategy',
    label: sweep && point.target !== null ? `${point.strategy} @${point.target}` : point.strategy,
  }));
  if (points.length === 0) return null;
  const names = strategyNames(files);
  const front = points.filter((point) => point.front).sort((a, b) => a.tokensAfter - b.tokensAfter);
  const domain = fittedLogDomain(points.map((point) => point.tokensAfter));
  const x = {
    field: 'tokensAfter',
    type: 'quantitative' as const,
    title: 'Tokens after (compacted context, log scale)',
    scale: { type: 'log' as const, domain, nice: false },
  };
  const y = {
    field: 'recall',
    type: 'quantitative' as const,
    title: 'Probe recall',
    scale: { domain: [0, 1] },
  };
  const layers: Record<string, unknown>[] = [];
  if (sweep) {
    layers.push({
      name: 'sweep',
      data: { values: points },
      mark: { type: 'line', strokeWidth: 1.5, opacity: 0.7 },
      encoding: { x, y, color: strategyColor(names), order: { field: 'target' } },
    });
  }
  layers.push(
    {
      name: 'front',
      data: { values: front },
      mark: { type: 'line', interpolate: 'step-after', color: '#888', strokeDash: [4, 3] },
      encoding: { x, y },
    },
    {
      name: 'points',
      data: { values: points },
      mark: { type: 'point', filled: true, size: 70, opacity: 0.9 },
      encoding: {
        x,
        y,
        color: strategyColor(names),
        shape: {
          field: 'kind',
          type: 'nominal',
          title: 'Kind',
          scale: { domain: ['strategy', 'lexical baseline'], range: ['circle', 'triangle-up'] },
        },
        tooltip: [
          { field: 'strategy' },
          { field: 'tokensAfter', format: ',' },
          { field: 'recall', format: '.2f' },
        ],
      },
    },
    {
      name: 'frontLabels',
      data: { values: unclutteredLabels(front, domain, 360) },
      mark: { type: 'text', align: 'left', dx: 7, dy: -7, fontSize: 11, color: '#333' },
      encoding: { x, y, text: { field: 'label' } },
    },
  );
  const spec = {
    width: WIDTH,
    height: 360,
    layer: layers,
  } as unknown as TopLevelSpec;
  return {
    id: 'recall-vs-tokens',
    title: sweep
      ? 'Probe recall against tokens after, across the sweep'
      : 'Probe recall against tokens after',
    caption: `One point per strategy${sweep ? ' and target, a line joining each strategy across the targets' : ''}; the dashed staircase is the Pareto front (labelled): no other strategy keeps more for fewer tokens. Triangles are lexical baselines (a floor, not strategies). Strategies that do not compress or missed their target are plotted but never on the front.`,
    svg: await renderSvg(spec),
  };
}

/** One lane per strategy, one bar per call from its start to its end, the wait for a slot shaded. */
export async function timelinePlot(results: ResultsFile): Promise<Plot | null> {
  const calls = timelineCalls(results);
  if (calls.length === 0) return null;
  const lanes = [...new Set(calls.map((call) => call.strategy))];
  const y = { field: 'strategy', type: 'nominal' as const, title: null, sort: lanes };
  const spec = {
    width: WIDTH,
    height: { step: 22 },
    layer: [
      {
        name: 'waiting',
        data: { values: calls.filter((call) => call.waited) },
        mark: { type: 'bar', color: '#d9d9d9', height: 14 },
        encoding: {
          y,
          x: { field: 'requested', type: 'quantitative', title: 'Seconds since the run started' },
          x2: { field: 'started' },
        },
      },
      {
        name: 'calls',
        data: { values: calls },
        mark: { type: 'bar', height: 14, stroke: 'white', strokeWidth: 0.5 },
        encoding: {
          y,
          x: { field: 'started', type: 'quantitative' },
          x2: { field: 'ended' },
          color: strategyColor(lanes, false),
          tooltip: [{ field: 'strategy' }, { field: 'label' }, { field: 'started' }, { field: 'ended' }],
        },
      },
    ],
  } as unknown as TopLevelSpec;
  const runs = results.config.runs > 1 ? ' (the first of the runs)' : '';
  const silent = results.strategies.length - lanes.length;
  return {
    id: 'timeline',
    title: 'The run’s timeline',
    caption: `One lane per strategy that called the model${runs}, one bar per call from its start to its end; grey is time the call waited for a concurrency slot (--concurrency ${results.config.concurrency}).${silent > 0 ? ` ${silent} ${silent === 1 ? 'strategy makes' : 'strategies make'} no call and ${silent === 1 ? 'has' : 'have'} no lane.` : ''}`,
    svg: await renderSvg(spec),
  };
}

/** Recall of the probes planted in each tenth of the session, one line per strategy. */
export async function retentionPlot(results: ResultsFile): Promise<Plot | null> {
  const points = retentionPoints(results);
  if (points.length === 0) return null;
  const names = strategyNames([results]);
  const x = {
    field: 'bin',
    type: 'quantitative' as const,
    title: 'Where the probe’s fact was planted (tenth of the session)',
    scale: { domain: [0, POSITION_BINS - 1] },
    axis: {
      values: [...Array(POSITION_BINS).keys()],
      labelOverlap: false,
      labelExpr: "(datum.value * 10) + '–' + (datum.value * 10 + 10) + '%'",
    },
  };
  const y = {
    field: 'recall',
    type: 'quantitative' as const,
    title: 'Probe recall',
    scale: { domain: [0, 1] },
  };
  const spec = {
    width: WIDTH,
    height: 320,
    data: { values: points },
    layer: [
      {
        name: 'retention',
        mark: { type: 'line', strokeWidth: 1.5 },
        encoding: { x, y, color: strategyColor(names) },
      },
      {
        name: 'retentionPoints',
        mark: { type: 'point', filled: true, size: 30 },
        encoding: {
          x,
          y,
          color: strategyColor(names),
          tooltip: [
            { field: 'strategy' },
            { field: 'label' },
            { field: 'recall', format: '.2f' },
            { field: 'probes' },
          ],
        },
      },
    ],
  } as unknown as TopLevelSpec;
  const placed = results.probes.filter((probe) => probe.messageIndex !== null).length;
  return {
    id: 'retention',
    title: 'Retention by position',
    caption: `Recall of the ${placed} probes whose fact sits at a known message, grouped by the tenth of the ${results.fixture.messages}-message session it sits in (tenths without probes are left out): where a line drops, the strategy forgets that part of the session.`,
    svg: await renderSvg(spec),
  };
}

/** Recall per probe kind, a cell per strategy and kind. */
export async function kindPlot(results: ResultsFile): Promise<Plot | null> {
  const cells = kindCells(results);
  if (cells.length === 0) return null;
  const names = [...new Set(cells.map((cell) => cell.strategy))];
  const encoding = {
    y: { field: 'strategy', type: 'nominal', title: null, sort: names },
    x: { field: 'kind', type: 'nominal', title: 'Probe kind', axis: { labelAngle: 0 } },
  };
  const spec = {
    width: { step: 92 },
    height: { step: 22 },
    data: { values: cells },
    encoding,
    layer: [
      {
        name: 'cells',
        mark: { type: 'rect', stroke: 'white' },
        encoding: {
          color: {
            field: 'recall',
            type: 'quantitative',
            title: 'Recall',
            scale: { domain: [0, 1], scheme: 'blues' },
          },
          tooltip: [{ field: 'strategy' }, { field: 'kind' }, { field: 'recall', format: '.2f' }],
        },
      },
      {
        name: 'cellLabels',
        mark: { type: 'text', fontSize: 11 },
        encoding: {
          text: { field: 'recall', format: '.2f' },
          color: { condition: { test: 'datum.recall > 0.6', value: 'white' }, value: '#222' },
        },
      },
    ],
  } as unknown as TopLevelSpec;
  return {
    id: 'recall-by-kind',
    title: 'Recall per probe kind',
    caption: 'Share of each kind’s probes the compacted context kept; darker is more.',
    svg: await renderSvg(spec),
  };
}
