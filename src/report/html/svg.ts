/**
 * The small kit every chart is drawn with, as strings: elements, scales and their ticks, axes, point marks, the
 * chart's frame. No engine and no browser: a chart is a pure function of its rows, so drawing one costs string
 * building only, and the page holds plain inline SVG (no namespace attributes: the HTML parser puts <svg> in the
 * SVG namespace, and without them the page holds no URL at all).
 */
import { formatInteger } from '../../text/numbers.ts';
import type { MarkShape, StrategyStyle } from './colors.ts';
import { escapeHtml } from './escape.ts';

/** An attribute value; null, undefined and false leave the attribute out. */
export type Value = string | number | null | undefined | false;

/** A coordinate to a tenth of a pixel: enough for the eye, short in the file. */
export const px = (value: number): number => Math.round(value * 10) / 10;

/** One element with escaped attributes, empty when it has no children. */
export function tag(name: string, attributes: Record<string, Value>, children = ''): string {
  const list = attributeText(attributes);
  return children === '' ? `<${name}${list}/>` : `<${name}${list}>${children}</${name}>`;
}

/** An element's attributes as its tag writes them, each with a space before it: ` stroke="#fff" x="1.5"`. */
export function attributeText(attributes: Record<string, Value>): string {
  // A loop and one string: a page draws thousands of elements (each chart wide and narrow), and the entries, arrays
  // and joins this was made of were a tenth of drawing a page. A number's text holds nothing to escape.
  let list = '';
  for (const key of Object.keys(attributes)) {
    const value = attributes[key];
    if (value === null || value === undefined || value === false) continue;
    list += ` ${key}="${typeof value === 'number' ? px(value) : escapeHtml(value)}"`;
  }
  return list;
}

/** A tooltip: the lines a native tooltip shows, one per line. */
export function tooltip(lines: readonly string[]): string {
  return `<title>${escapeHtml(lines.join('\n'))}</title>`;
}

/** The escaped first lines of a tooltip, for {@link tooltipAfter}: worked out once where both layouts show them. */
export function tooltipLines(lines: readonly string[]): string {
  return escapeHtml(lines.join('\n'));
}

/**
 * A tooltip of lines escaped ahead (`head`, from {@link tooltipLines}) and then `more`: the text {@link tooltip} makes
 * of them all (escaping goes a character at a time, and no `://` spans the line break between them).
 */
export function tooltipAfter(head: string, more: readonly string[]): string {
  return `<title>${head}${more.length === 0 ? '' : escapeHtml(`\n${more.join('\n')}`)}</title>`;
}

/** About how wide a text is at this font size, in pixels (system-ui averages a little over half its size). */
export function textWidth(text: string, fontSize = 11): number {
  return [...text].length * fontSize * 0.58;
}

/** The font of every chart: the page's. */
export const FONT = 'system-ui, -apple-system, Segoe UI, sans-serif';
const INK = '#1f2328';
const MUTED = '#59636e';
const GRID = '#eaeef2';

/** A scale from data to pixels. */
export type Scale = ((value: number) => number) & { domain: [number, number]; range: [number, number] };

/** A linear scale. */
export function linearScale(domain: [number, number], range: [number, number]): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  return Object.assign((value: number) => r0 + ((value - d0) / span) * (r1 - r0), { domain, range });
}

/** A log scale (positive domain). */
export function logScale(domain: [number, number], range: [number, number]): Scale {
  const [l0, l1] = domain.map(Math.log10) as [number, number];
  const [r0, r1] = range;
  const span = l1 - l0 || 1;
  return Object.assign(
    (value: number) => r0 + ((Math.log10(Math.max(value, Number.MIN_VALUE)) - l0) / span) * (r1 - r0),
    { domain, range },
  );
}

/** Round ticks (steps of 1, 2 or 5 times a power of ten) over a linear domain, about `count` of them. */
export function linearTicks(low: number, high: number, count: number): number[] {
  if (!(high > low)) return [low];
  const rough = (high - low) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const ticks: number[] = [];
  for (let tick = Math.ceil(low / step) * step; tick <= high + step * 1e-9; tick += step)
    ticks.push(Number(tick.toPrecision(12)));
  return ticks;
}

/**
 * Ticks over a log domain: 1, 2 and 5 times each power of ten inside it (1 and 3 when that is too many for
 * `count`, powers alone past that), with the grid lines of every whole multiple.
 */
export function logTicks(low: number, high: number, count: number): { labelled: number[]; grid: number[] } {
  const powers: number[] = [];
  for (let power = Math.floor(Math.log10(low)); power <= Math.ceil(Math.log10(high)); power++)
    powers.push(10 ** power);
  const inside = (value: number) => value >= low * 0.999 && value <= high * 1.001;
  const grid = powers.flatMap((power) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((m) => m * power)).filter(inside);
  const sets = [[1, 2, 5], [1, 3], [1]];
  for (const multiples of sets) {
    const labelled = powers.flatMap((power) => multiples.map((m) => m * power)).filter(inside);
    // A narrow domain (within one power of ten) may hold none of these: its grid lines are labelled instead.
    if (labelled.length < 2) break;
    if (labelled.length <= count || multiples.length === 1) return { labelled, grid };
  }
  const step = Math.max(1, Math.ceil(grid.length / Math.max(1, count)));
  return { labelled: grid.filter((_, index) => index % step === 0), grid };
}

/** A plot area inside a chart: where the data is drawn, in the chart's pixels. */
export type Area = { left: number; top: number; right: number; bottom: number };

/** The horizontal axis: grid lines up the area, tick labels under it, the title under them. */
export function bottomAxis(
  area: Area,
  scale: (value: number) => number,
  ticks: readonly number[],
  format: (value: number) => string,
  title: string,
  grid: readonly number[] = ticks,
): string {
  const lines = grid
    .map((value) => tag('line', { x1: scale(value), x2: scale(value), y1: area.top, y2: area.bottom }))
    .join('');
  const labels = ticks
    .map((value) =>
      tag('text', { x: scale(value), y: area.bottom + 15, 'text-anchor': 'middle' }, format(value)),
    )
    .join('');
  const middle = (area.left + area.right) / 2;
  return [
    tag('g', { stroke: GRID }, lines),
    tag('line', { x1: area.left, x2: area.right, y1: area.bottom, y2: area.bottom, stroke: '#888' }),
    tag('g', { fill: INK, 'font-size': 11 }, labels),
    tag(
      'text',
      { x: middle, y: area.bottom + 32, 'text-anchor': 'middle', fill: INK, 'font-size': 12 },
      title,
    ),
  ].join('');
}

/** The vertical axis of a linear scale: grid lines across the area, tick labels left of it, the title turned. */
export function leftAxis(
  area: Area,
  scale: (value: number) => number,
  ticks: readonly number[],
  format: (value: number) => string,
  title: string,
): string {
  const lines = ticks
    .map((value) => tag('line', { x1: area.left, x2: area.right, y1: scale(value), y2: scale(value) }))
    .join('');
  const labels = ticks
    .map((value) =>
      tag('text', { x: area.left - 6, y: scale(value) + 4, 'text-anchor': 'end' }, format(value)),
    )
    .join('');
  const middle = (area.top + area.bottom) / 2;
  return [
    tag('g', { stroke: GRID }, lines),
    tag('line', { x1: area.left, x2: area.left, y1: area.top, y2: area.bottom, stroke: '#888' }),
    tag('g', { fill: INK, 'font-size': 11 }, labels),
    title === ''
      ? ''
      : tag(
          'text',
          {
            transform: `translate(12,${px(middle)}) rotate(-90)`,
            'text-anchor': 'middle',
            fill: INK,
            'font-size': 12,
          },
          title,
        ),
  ].join('');
}

/** Tick labels: `0.5`, `1,000`. */
export const formatTick = (value: number): string =>
  Number.isInteger(value) ? formatInteger(value) : String(Number(value.toFixed(2)));

/** Tick labels of a share: `0.5` as `0.5`, `1` as `1.0`. */
export const formatShare = (value: number): string => value.toFixed(1);

/** The outline of a point mark of `shape` centred on (x, y), about `radius` across from the middle. */
function shapePath(shape: Exclude<MarkShape, 'circle'>, x: number, y: number, radius: number): string {
  const point = (dx: number, dy: number) => `${px(x + dx * radius)},${px(y + dy * radius)}`;
  const polygon = (points: ReadonlyArray<readonly [number, number]>) =>
    `M${points.map(([dx, dy]) => point(dx, dy)).join('L')}Z`;
  switch (shape) {
    case 'square':
      return polygon([
        [-0.9, -0.9],
        [0.9, -0.9],
        [0.9, 0.9],
        [-0.9, 0.9],
      ]);
    case 'diamond':
      return polygon([
        [0, -1.3],
        [1.05, 0],
        [0, 1.3],
        [-1.05, 0],
      ]);
    case 'triangle':
      return polygon([
        [0, -1.25],
        [1.15, 0.8],
        [-1.15, 0.8],
      ]);
    case 'triangle-down':
      return polygon([
        [0, 1.25],
        [1.15, -0.8],
        [-1.15, -0.8],
      ]);
    case 'cross': {
      const a = 0.38;
      const b = 1.1;
      return polygon([
        [-a, -b],
        [a, -b],
        [a, -a],
        [b, -a],
        [b, a],
        [a, a],
        [a, b],
        [-a, b],
        [-a, a],
        [-b, a],
        [-b, -a],
        [-a, -a],
      ]);
    }
    case 'star':
      return polygon(
        Array.from({ length: 10 }, (_, index) => {
          const angle = (Math.PI / 5) * index - Math.PI / 2;
          const length = index % 2 === 0 ? 1.35 : 0.58;
          return [Math.cos(angle) * length, Math.sin(angle) * length] as const;
        }),
      );
  }
}

/** A point mark in a strategy's style (hollow: its colour as the outline), with its attributes and children. */
export function pointMark(
  style: Pick<StrategyStyle, 'color' | 'shape' | 'hollow'>,
  x: number,
  y: number,
  radius: number,
  attributes: Record<string, Value> = {},
  children = '',
): string {
  const paint = style.hollow
    ? { fill: '#fff', stroke: style.color, 'stroke-width': 1.6 }
    : { fill: style.color, stroke: '#fff', 'stroke-width': 0.6 };
  if (style.shape === 'circle')
    return tag('circle', { cx: x, cy: y, r: radius, ...paint, ...attributes }, children);
  return tag('path', { d: shapePath(style.shape, x, y, radius), ...paint, ...attributes }, children);
}

/** The ring drawn around the recommended strategy's points. */
export function emphasisRing(x: number, y: number, radius: number): string {
  return tag('circle', { cx: x, cy: y, r: radius + 3.5, fill: 'none', stroke: INK, 'stroke-width': 1.6 });
}

/** A named layer of marks (`data-layer`), so tests and readers can find and count them. */
export function layer(
  name: string,
  marks: readonly string[],
  attributes: Record<string, Value> = {},
): string {
  return tag('g', { 'data-layer': name, ...attributes }, marks.join(''));
}

/** A polyline through points, or nothing with fewer than two. */
export function polyline(
  points: ReadonlyArray<readonly [number, number]>,
  attributes: Record<string, Value>,
): string {
  if (points.length < 2) return '';
  return tag('path', {
    d: `M${points.map(([x, y]) => `${px(x)},${px(y)}`).join('L')}`,
    fill: 'none',
    ...attributes,
  });
}

/** The sizes a chart is drawn at: wide (a desktop page, 800 px and up) and narrow (a phone). */
export type Layout = { width: number; narrow: boolean };
export const WIDE: Layout = { width: 760, narrow: false };
export const NARROW: Layout = { width: 360, narrow: true };

/**
 * The chart element at its layout's size; CSS scales it to the width it gets, and the page shows the wide or
 * the narrow one by the width of the screen.
 */
export function chartSvg(layout: Layout, height: number, label: string, body: string): string {
  return tag(
    'svg',
    {
      class: layout.narrow ? 'chart narrow' : 'chart wide',
      viewBox: `0 0 ${layout.width} ${px(height)}`,
      width: layout.width,
      height,
      role: 'img',
      'aria-label': label,
      'font-family': FONT,
    },
    body,
  );
}

/** A chart drawn at both layouts, wide first. */
export function bothLayouts(draw: (layout: Layout) => string): string {
  return draw(WIDE) + draw(NARROW);
}

/** Muted text colour for notes inside a chart. */
export const MUTED_INK = MUTED;
/** The ink of labels. */
export const LABEL_INK = INK;
