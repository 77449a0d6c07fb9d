/** The run's timeline: one lane per strategy that called the model, one bar per call, the wait for a slot shaded. */
import type { ResultsFile } from '../../results/types.ts';
import { type TimelineCall, timelineCalls } from './plot-data.ts';
import { type ChartStyle, type Plot, styleOf } from './plots.ts';
import {
  bothLayouts,
  bottomAxis,
  chartSvg,
  formatTick,
  layer,
  type Layout,
  linearScale,
  linearTicks,
  pointMark,
  tag,
  textWidth,
  tooltip,
} from './svg.ts';

const LANE = 22;
const BAR = 14;

const seconds = (value: number) => `${value.toFixed(2)} s`;

/** Round ticks from 0 that reach past the last call's end. */
function timeTicks(end: number, count: number): number[] {
  const ticks = linearTicks(0, Math.max(end, 1e-3), count);
  const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : end || 1;
  while (ticks[ticks.length - 1]! < end)
    ticks.push(Number((ticks[ticks.length - 1]! + step).toPrecision(12)));
  return ticks;
}

/** A call's tooltips, the same at both layouts: its wait's (when it waited) and its bar's. */
type Tips = { waiting: string; bar: string };

function tipsOf(call: TimelineCall): Tips {
  return {
    waiting: call.waited
      ? tooltip([
          `${call.strategy}: ${call.label}`,
          `waited ${seconds(call.started - call.requested)} for a slot`,
        ])
      : '',
    bar: tooltip([
      `${call.strategy}: ${call.label}`,
      `${seconds(call.started)} to ${seconds(call.ended)} (${seconds(call.ended - call.started)})`,
      ...(call.waited ? [`waited ${seconds(call.started - call.requested)} for a slot first`] : []),
      ...(call.cached ? ['answered from the cache'] : []),
      ...(call.failed ? ['failed'] : []),
    ]),
  };
}

function draw(
  layout: Layout,
  calls: readonly TimelineCall[],
  tips: ReadonlyMap<TimelineCall, Tips>,
  chart: ChartStyle,
): string {
  const lanes = [...new Set(calls.map((call) => call.strategy))];
  const labelWidth = Math.max(...lanes.map((name) => textWidth(name) * 1.08)) + 22;
  const area = { left: labelWidth, right: layout.width - 14, top: 6, bottom: 6 + lanes.length * LANE };
  const ticks = timeTicks(Math.max(...calls.map((call) => call.ended)), layout.narrow ? 4 : 10);
  const x = linearScale([0, ticks[ticks.length - 1]!], [area.left, area.right]);
  const laneY = (name: string) => area.top + lanes.indexOf(name) * LANE + (LANE - BAR) / 2;
  const bar = (from: number, to: number) => ({ x: x(from), width: Math.max(1.5, x(to) - x(from)) });
  const waiting = calls
    .filter((call) => call.waited)
    .map((call) =>
      tag(
        'rect',
        { ...bar(call.requested, call.started), y: laneY(call.strategy), height: BAR, fill: '#d0d7de' },
        tips.get(call)!.waiting,
      ),
    );
  const bars = calls.map((call) =>
    tag(
      'rect',
      {
        ...bar(call.started, call.ended),
        y: laneY(call.strategy),
        height: BAR,
        fill: styleOf(chart, call.strategy).color,
        stroke: call.strategy === chart.recommended ? '#1f2328' : '#fff',
        'stroke-width': call.strategy === chart.recommended ? 1.2 : 0.5,
        'data-strategy': call.strategy,
      },
      tips.get(call)!.bar,
    ),
  );
  const labels = lanes.map((name) => {
    const middle = area.top + lanes.indexOf(name) * LANE + LANE / 2;
    return [
      tag(
        'text',
        {
          x: area.left - 18,
          y: middle + 4,
          'text-anchor': 'end',
          'font-weight': name === chart.recommended ? 'bold' : null,
        },
        name,
      ),
      pointMark(styleOf(chart, name), area.left - 9, middle, 4),
    ].join('');
  });
  const height = area.bottom + 42;
  const body = [
    bottomAxis(area, x, ticks, formatTick, 'Seconds since the run started'),
    tag('g', { fill: '#1f2328', 'font-size': 11 }, labels.join('')),
    layer('waiting', waiting),
    layer('calls', bars),
  ];
  return chartSvg(layout, height, 'The run’s timeline', body.join(''));
}

/** One lane per strategy, one bar per call from its start to its end, the wait for a slot shaded. */
export function timelinePlot(results: ResultsFile, chart: ChartStyle): Plot | null {
  const calls = timelineCalls(results);
  if (calls.length === 0) return null;
  const tips = new Map(calls.map((call) => [call, tipsOf(call)]));
  const lanes = new Set(calls.map((call) => call.strategy)).size;
  const runs = results.config.runs > 1 ? ' (the first of the runs)' : '';
  const silent = results.strategies.length - lanes;
  return {
    id: 'timeline',
    title: 'The run’s timeline',
    caption: `One lane per strategy that called the model${runs}, one bar per call from its start to its end; grey is time the call waited for a concurrency slot (--concurrency ${results.config.concurrency}).${silent > 0 ? ` ${silent} ${silent === 1 ? 'strategy makes' : 'strategies make'} no call and ${silent === 1 ? 'has' : 'have'} no lane.` : ''}`,
    // The calls and their tooltips are the same at both layouts: worked out once for the two drawings.
    svg: bothLayouts((layout) => draw(layout, calls, tips, chart)),
    legend: '',
  };
}
