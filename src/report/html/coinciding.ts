/**
 * Strategies with the same figures draw on the same pixels: the one drawn last would hide the others. A stretch of
 * line that several strategies share is striped, each one's colour in turn; points on one spot are set side by
 * side, a few pixels apart, so that every mark shows; the caption names the strategies that share a line.
 */
import { attributeText, tag, type Value } from './svg.ts';

/** One strategy's line as a chart draws it: its points in order, and the attributes of its path. */
export type Series = {
  name: string;
  points: ReadonlyArray<readonly [number, number]>;
  attributes: Record<string, Value>;
};

/** The spot a mark or a vertex is drawn on, to the pixel: two within it look like one. */
const spot = ([x, y]: readonly [number, number]) => `${Math.round(x)},${Math.round(y)}`;

/** Each segment two or more series draw (by its two ends), with the series that draw it, in drawing order. */
function sharedSegments(
  series: readonly Series[],
): Map<string, { ends: [readonly [number, number], readonly [number, number]]; members: Series[] }> {
  const segments = new Map<
    string,
    { ends: [readonly [number, number], readonly [number, number]]; members: Series[] }
  >();
  for (const line of series)
    for (let index = 1; index < line.points.length; index++) {
      const ends = [line.points[index - 1]!, line.points[index]!] as [
        readonly [number, number],
        readonly [number, number],
      ];
      const key = `${spot(ends[0])} ${spot(ends[1])}`;
      const segment = segments.get(key) ?? { ends, members: [] };
      if (!segment.members.includes(line)) segment.members.push(line);
      segments.set(key, segment);
    }
  return new Map([...segments].filter(([, segment]) => segment.members.length > 1));
}

/** The stroke pattern of a path: on and off lengths (a solid line is one long dash). */
function dashOf(attributes: Record<string, Value>, stripe: number): [number, number] {
  const given = attributes['stroke-dasharray'];
  if (typeof given !== 'string') return [stripe, 0];
  const [on, off] = given.split(/[\s,]+/).map(Number);
  return [on ?? stripe, off ?? on ?? 0];
}

/**
 * Over the series' own lines, the stretches two or more of them share, striped: each series draws its dash in its
 * turn of a pattern `stripe` pixels a turn (its own dashes, if dashed), so every one's colour shows along the
 * stretch; hiding one shows the lines beneath in its turns. Empty when no two series share a segment.
 */
export function sharedStripes(series: readonly Series[], stripe = 7): string[] {
  // A line's own attributes are the same in each of its stripes (tens of them a chart when strategies tie):
  // written once a line, not copied into a new object and escaped again for every stripe.
  const own = new Map<
    Series,
    { dash: [number, number]; text: string | null; attributes: Record<string, Value> }
  >();
  const ownOf = (line: Series) => {
    let found = own.get(line);
    if (!found) {
      const { 'stroke-dasharray': _own, ...attributes } = line.attributes;
      // Written ahead only when none of the stripe's own attributes is among them (each would take its place).
      const apart = !STRIPE_KEYS.some((key) => Object.hasOwn(attributes, key));
      found = {
        dash: dashOf(line.attributes, stripe),
        text: apart ? attributeText(attributes) : null,
        attributes,
      };
      own.set(line, found);
    }
    return found;
  };
  return [...sharedSegments(series).values()].flatMap(({ ends, members }) => {
    const d = `M${ends.map(([x, y]) => `${round(x)},${round(y)}`).join('L')}`;
    return members.map((line, turn) => {
      const { dash, text, attributes } = ownOf(line);
      const [on, off] = dash;
      const period = on + off;
      const cycle = period * members.length;
      const stripeAttributes = {
        d,
        fill: 'none',
        'stroke-dasharray': `${round(on)} ${round(cycle - on)}`,
        // The pattern starts `turn` periods in: this series' dash covers its turn of every cycle.
        'stroke-dashoffset': round((cycle - turn * period) % cycle),
      };
      return text === null
        ? tag('path', { ...attributes, ...stripeAttributes })
        : `<path${text}${attributeText(stripeAttributes)}/>`;
    });
  });
}

/** The attributes a stripe sets itself, after the line's own. */
const STRIPE_KEYS = ['d', 'fill', 'stroke-dasharray', 'stroke-dashoffset'];

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The sideways offset of each item's mark: items of one `group` drawn on one spot (to the pixel) are spread
 * `spacing` pixels apart, centred on it, in the order given; one that is `anchored` (the recommended strategy)
 * stays on the spot, the others alternating to its right and left. An item alone on its spot is not moved.
 */
export function sideBySide<T>(
  items: readonly T[],
  at: (item: T) => readonly [number, number],
  spacing: number,
  options: { group?: (item: T) => string; anchored?: (item: T) => boolean } = {},
): Map<T, number> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = `${options.group?.(item) ?? ''} ${spot(at(item))}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const offsets = new Map<T, number>();
  for (const group of groups.values()) {
    const anchor = group.find((item) => options.anchored?.(item));
    if (anchor === undefined)
      group.forEach((item, index) => offsets.set(item, (index - (group.length - 1) / 2) * spacing));
    else {
      offsets.set(anchor, 0);
      group
        .filter((item) => item !== anchor)
        .forEach((item, index) =>
          offsets.set(item, (index % 2 === 0 ? 1 : -1) * Math.ceil((index + 1) / 2) * spacing),
        );
    }
  }
  return offsets;
}

/**
 * The caption's sentence naming the strategies that share a line (all along it, or a stretch of it), or nothing
 * when none do.
 */
export function sharedLinesNote(series: readonly Series[]): string {
  // A strategy may draw two lines (a chain's two measures): lines of one strategy on each other are not named.
  const distinct = (lines: readonly Series[]) => [...new Set(lines.map((line) => line.name))];
  const segments = [...sharedSegments(series).values()]
    .map(({ members }) => distinct(members))
    .filter((names) => names.length > 1);
  if (segments.length === 0) return '';
  const whole = new Map<string, Series[]>();
  for (const line of series) {
    const key = line.points.map(spot).join(' ');
    if (line.points.length > 1) whole.set(key, [...(whole.get(key) ?? []), line]);
  }
  const wholeGroups = [...whole.values()].map(distinct).filter((names) => names.length > 1);
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((name) => b.includes(name));
  const stretches = segments.some((names) => !wholeGroups.some((group) => same(group, names)));
  const named =
    wholeGroups.length > 0
      ? `: ${wholeGroups.map((names) => `${listOf(names)} draw the same line`).join('; ')}`
      : '';
  const others = stretches ? `${named ? '; ' : ': '}other lines share stretches, striped likewise` : '';
  return ` Lines of strategies with the same figures are striped in each one's colour in turn and their points set side by side${named}${others}.`;
}

/** `a`, `a and b`, `a, b and c`. */
function listOf(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
