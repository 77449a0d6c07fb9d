/**
 * A heat map of shares: rows by columns, each cell coloured from light (0) to dark blue (1) with its figure
 * written in it; rows that are strategies carry their mark, so the map ties to the page's other charts. Cells
 * shrink to fit the layout's width down to a floor, and column labels turn when they do not fit across.
 */
import { type ChartStyle, styleOf } from './plots.ts';
import { chartSvg, layer, type Layout, pointMark, tag, textWidth, tooltip } from './svg.ts';

/** One cell: its share (null: none, drawn grey), the text in it, its tooltip lines. */
export type HeatCell = { value: number | null; text: string; tooltip: string[] };

/** A heat map's rows, columns and cells; `strategyRows` when its rows are strategies (their marks drawn). */
export type HeatMap = {
  rows: readonly string[];
  columns: readonly string[];
  cell: (row: string, column: string) => HeatCell | undefined;
  columnTitle: string;
  strategyRows: boolean;
  label: string;
  /** Names of the cell and label layers, for readers that count them. */
  layers: { cells: string; labels: string };
};

// Light to dark blue, as the eye reads "more".
const RAMP = [
  [0xd6, 0xe6, 0xf4],
  [0x9c, 0xc7, 0xe2],
  [0x56, 0x9f, 0xcf],
  [0x21, 0x70, 0xb5],
  [0x08, 0x45, 0x8a],
] as const;

/** The colour of a share on the ramp. */
export function heatColor(value: number): string {
  const position = Math.min(1, Math.max(0, value)) * (RAMP.length - 1);
  const index = Math.min(RAMP.length - 2, Math.floor(position));
  const weight = position - index;
  const channel = (c: number) =>
    Math.round(RAMP[index]![c]! * (1 - weight) + RAMP[index + 1]![c]! * weight)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

/** What a cell draws at every layout: its fill, tooltip, figure and the figure's colour. */
type CellInk = { fill: string; tooltip: string; text: string; textFill: string; strategy: string };

// A map is drawn at both layouts: its cells' colours, tooltips and figures are worked out for the first and kept for
// the second (by the map, so they go with it).
const inksOf = new WeakMap<HeatMap, Array<Array<CellInk | undefined>>>();

/** Each cell's ink, by row and column, once a map. */
function cellInks(map: HeatMap): Array<Array<CellInk | undefined>> {
  let inks = inksOf.get(map);
  if (!inks) {
    inks = map.rows.map((row) =>
      map.columns.map((column) => {
        const found = map.cell(row, column);
        if (!found) return undefined;
        return {
          fill: found.value === null ? '#f0f0f0' : heatColor(found.value),
          tooltip: tooltip(found.tooltip),
          text: found.text,
          textFill: found.value !== null && found.value > 0.6 ? '#fff' : '#222',
          strategy: map.strategyRows ? row : column,
        };
      }),
    );
    inksOf.set(map, inks);
  }
  return inks;
}

const ROW = 22;
const MIN_CELL = 34;
const MAX_CELL = 92;

/** The heat map drawn at one layout. */
export function drawHeatMap(layout: Layout, map: HeatMap, chart: ChartStyle): string {
  const mark = map.strategyRows ? 16 : 0;
  const left = Math.max(...map.rows.map((row) => textWidth(row) * 1.08)) + 10 + mark;
  const fit = (layout.width - left - 8) / Math.max(1, map.columns.length);
  const cell = Math.max(MIN_CELL, Math.min(MAX_CELL, fit));
  const widest = Math.max(...map.columns.map((column) => textWidth(column)));
  const turned = widest > cell - 4;
  // Turned labels run up-left at 40°, so they need room below and, for the first, to the left.
  const labelDrop = turned ? widest * Math.sin((40 * Math.PI) / 180) + 14 : 18;
  const top = 4;
  const bottom = top + map.rows.length * ROW;
  const width = left + map.columns.length * cell + 8;
  const x = (column: number) => left + column * cell;
  const y = (row: number) => top + row * ROW;
  const cells: string[] = [];
  const texts: string[] = [];
  cellInks(map).forEach((row, r) => {
    row.forEach((ink, c) => {
      if (!ink) return;
      cells.push(
        tag(
          'rect',
          {
            x: x(c),
            y: y(r),
            width: cell,
            height: ROW,
            fill: ink.fill,
            stroke: '#fff',
            class: 'heat',
            'data-strategy': ink.strategy,
          },
          ink.tooltip,
        ),
      );
      texts.push(
        tag(
          'text',
          { x: x(c) + cell / 2, y: y(r) + ROW / 2 + 4, 'text-anchor': 'middle', fill: ink.textFill },
          ink.text,
        ),
      );
    });
  });
  const rowLabels = map.rows.map((row, r) =>
    [
      tag(
        'text',
        {
          x: left - 6 - mark,
          y: y(r) + ROW / 2 + 4,
          'text-anchor': 'end',
          'font-weight': map.strategyRows && row === chart.recommended ? 'bold' : null,
        },
        row,
      ),
      map.strategyRows ? pointMark(styleOf(chart, row), left - 12, y(r) + ROW / 2, 4) : '',
    ].join(''),
  );
  const columnLabels = map.columns.map((column, c) => {
    const middle = x(c) + cell / 2;
    return turned
      ? tag(
          'text',
          { transform: `translate(${middle},${bottom + 12}) rotate(-40)`, 'text-anchor': 'end' },
          column,
        )
      : tag('text', { x: middle, y: bottom + 15, 'text-anchor': 'middle' }, column);
  });
  const height = bottom + labelDrop + 20;
  const body = [
    tag('g', { fill: '#1f2328', 'font-size': 11 }, rowLabels.join('') + columnLabels.join('')),
    tag(
      'text',
      {
        x: left + (map.columns.length * cell) / 2,
        y: height - 6,
        'text-anchor': 'middle',
        'font-size': 12,
        fill: '#1f2328',
      },
      map.columnTitle,
    ),
    layer(map.layers.cells, cells),
    layer(map.layers.labels, texts, { 'font-size': 11 }),
  ];
  return chartSvg({ ...layout, width }, height, map.label, body.join(''));
}
