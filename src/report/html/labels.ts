/**
 * Labels beside a chart's points that collide with nothing: each tries a few places around its point and takes
 * the first clear of every point and every label already placed, inside the chart; a label with no clear place is
 * left out (its point keeps its tooltip and its legend entry).
 */
import { tag, textWidth } from './svg.ts';

/** A point to label, in chart pixels, with its text; `bold` for the recommended strategy. */
export type LabelRequest = { x: number; y: number; text: string; bold?: boolean };

/** A label placed: its anchor point, alignment and text. */
export type PlacedLabel = {
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  text: string;
  bold: boolean;
};

type Box = { left: number; right: number; top: number; bottom: number };

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

// Right above, right below, left above, left below, above, below: the eye reads right-above first.
const PLACES = [
  { dx: 8, dy: -8, anchor: 'start' },
  { dx: 8, dy: 14, anchor: 'start' },
  { dx: -8, dy: -8, anchor: 'end' },
  { dx: -8, dy: 14, anchor: 'end' },
  { dx: 0, dy: -11, anchor: 'middle' },
  { dx: 0, dy: 19, anchor: 'middle' },
] as const;

/**
 * Places labels in the order given (the most important first), clear of `points` (every mark's centre, `radius`
 * around it) and of each other, inside `bounds`.
 */
export function placeLabels(
  requests: readonly LabelRequest[],
  points: ReadonlyArray<readonly [number, number]>,
  bounds: Box,
  radius = 5,
): PlacedLabel[] {
  const taken: Box[] = points.map(([x, y]) => ({
    left: x - radius,
    right: x + radius,
    top: y - radius,
    bottom: y + radius,
  }));
  const placed: PlacedLabel[] = [];
  for (const request of mergeSamePlace(requests)) {
    const width = textWidth(request.text) * (request.bold ? 1.08 : 1);
    for (const place of PLACES) {
      const x = request.x + place.dx;
      const y = request.y + place.dy;
      const left = place.anchor === 'start' ? x : place.anchor === 'end' ? x - width : x - width / 2;
      const box = { left, right: left + width, top: y - 10, bottom: y + 3 };
      const inside =
        box.left >= bounds.left &&
        box.right <= bounds.right &&
        box.top >= bounds.top &&
        box.bottom <= bounds.bottom;
      if (!inside || taken.some((other) => overlaps(box, other))) continue;
      taken.push(box);
      placed.push({ x, y, anchor: place.anchor, text: request.text, bold: request.bold ?? false });
      break;
    }
  }
  return placed;
}

/**
 * One label for the points drawn on one spot (a hidden point would otherwise go unnamed, or its label sit by a
 * point it does not name): the first request's text (the most important) and how many more are there, `pi +3`.
 */
function mergeSamePlace(requests: readonly LabelRequest[]): LabelRequest[] {
  const groups = new Map<string, { request: LabelRequest; more: number }>();
  for (const request of requests) {
    const key = `${Math.round(request.x)} ${Math.round(request.y)}`;
    const group = groups.get(key);
    if (group) group.more += 1;
    else groups.set(key, { request, more: 0 });
  }
  return [...groups.values()].map(({ request, more }) =>
    more === 0 ? request : { ...request, text: `${request.text} +${more}` },
  );
}

/**
 * For each item, the names of the others drawn on the same spot (within half a pixel), for its tooltip: the mark on
 * top hides theirs.
 */
export function samePlace<T>(
  items: readonly T[],
  at: (item: T) => readonly [number, number],
  name: (item: T) => string,
): Map<T, string[]> {
  // Each item's spot once, and the items of each spot: a chart's hundreds of points were compared pair by pair.
  const keys = items.map((item) => at(item).map(Math.round).join(' '));
  const onSpot = new Map<string, T[]>();
  keys.forEach((key, index) => {
    const here = onSpot.get(key);
    if (here) here.push(items[index]!);
    else onSpot.set(key, [items[index]!]);
  });
  return new Map(
    items.map((item, index) => [
      item,
      onSpot
        .get(keys[index]!)!
        .filter((other) => other !== item)
        .map(name),
    ]),
  );
}

/** The tooltip line naming the others drawn on a point's spot, if any. */
export function alsoHere(names: readonly string[]): string[] {
  return names.length > 0 ? [`also at this point: ${names.join(', ')}`] : [];
}

/** The caption's sentence on `name +n` labels, when two points share a value (likely drawn on one spot). */
export function sharedPointNote(values: ReadonlyArray<readonly [number, number]>): string {
  const keys = values.map(([x, y]) => `${Math.round(x)} ${y.toFixed(3)}`);
  return new Set(keys).size < keys.length
    ? ' Strategies with the same figures are set side by side, a few pixels apart; a label “name +n” marks n more on that spot (named in its tooltip).'
    : '';
}

/** The placed labels as text elements. */
export function labelElements(labels: readonly PlacedLabel[]): string[] {
  return labels.map((label) =>
    tag(
      'text',
      {
        x: label.x,
        y: label.y,
        'text-anchor': label.anchor,
        'font-weight': label.bold ? 'bold' : null,
        // A white halo keeps a label legible over grid lines and other strategies' lines.
        stroke: '#fff',
        'stroke-width': 3,
        'paint-order': 'stroke',
      },
      label.text,
    ),
  );
}
