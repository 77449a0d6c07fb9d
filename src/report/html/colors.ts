/**
 * The one palette: each strategy's colour and mark shape, the same in every chart, legend and table of every page.
 * Hues come from the colour-blind-safe sets of Okabe & Ito and of Paul Tol, fixed by the strategy's place in the
 * registry, so a strategy keeps its colour whichever others ran; the shape says its group (core circles, agents
 * diamonds, baselines squares, lexical baselines triangles in greys, a floor rather than candidates), a second cue
 * where hues are close. A group with more members than hues gives the rest spare hues, in registry order, never one
 * already given. Strategies outside the registry take further hues and, past them, further shapes, so any number of
 * strategies stay apart.
 */
import { RECENT_SUFFIX } from '../../strategies/hybrid.ts';
import { STRATEGIES } from '../../strategies/registry.ts';
import type { Strategy } from '../../strategies/types.ts';

/** The groups a chart tells apart by shape. */
export type ColorGroup = 'core' | 'agents' | 'baselines' | 'lexical' | 'other';

/** How a point of a strategy is drawn. */
export type MarkShape = 'circle' | 'diamond' | 'square' | 'triangle' | 'triangle-down' | 'cross' | 'star';

/** A strategy's look: its colour, the shape of its points, hollow for a `+recent` hybrid (its base's colour). */
export type StrategyStyle = { color: string; shape: MarkShape; hollow: boolean; group: ColorGroup };

// Each group's hues are apart from each other for every kind of colour vision (core and agents, the usual
// pairing, share none); lexical baselines are greys, apart in lightness.
const HUES: Record<Exclude<ColorGroup, 'other'>, readonly string[]> = {
  core: ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00'],
  agents: ['#56b4e9', '#882255', '#999933', '#332288'],
  baselines: ['#44aa99', '#cc6677', '#b59a00', '#117733'],
  lexical: ['#2b2b2b', '#555555', '#7a7a7a', '#9a9a9a', '#b8b8b8'],
};

const SHAPES: Record<ColorGroup, MarkShape> = {
  core: 'circle',
  agents: 'diamond',
  baselines: 'square',
  lexical: 'triangle',
  other: 'cross',
};

/** Hues and then shapes for strategies outside the registry, in turn. */
const OTHER_HUES = ['#aa4499', '#88ccee', '#8c510a', '#dddd00', '#6699cc', '#ee7733', '#000000'];
const OTHER_SHAPES: readonly MarkShape[] = ['cross', 'star', 'triangle-down', 'circle', 'diamond', 'square'];

/**
 * Hues for registered strategies past their group's own, in registry order: further colour-blind-safe hues, then
 * hues spread around the wheel (golden angle, alternating lightness), each apart from every hue used above.
 */
const SPARE_HUES = ['#4477aa', '#ee6677', '#228833', '#ccbb44', '#66ccee', '#aa3377', '#ddcc77', '#882200'];

/** The agent's own summary (`recorded`): black stars, apart from every strategy. */
const RECORDED: StrategyStyle = { color: '#000000', shape: 'star', hollow: false, group: 'other' };

const registered = (): Strategy[] => Object.values(STRATEGIES as Record<string, Strategy>);

/** The colour group of a registered strategy (a `+recent` hybrid, `recorded` or a custom strategy is `other`). */
export function colorGroup(name: string): ColorGroup {
  const strategy = registered().find((candidate) => candidate.name === name);
  return strategy ? groupOf(strategy) : 'other';
}

/** Which group's hues and shape a strategy takes. */
function groupOf(strategy: Strategy): ColorGroup {
  if (strategy.lexical) return 'lexical';
  if (strategy.group === 'core') return 'core';
  if (strategy.group === 'agent') return 'agents';
  if (strategy.group === 'baseline') return 'baselines';
  return 'other';
}

/** An HSL colour (hue in degrees, saturation and lightness in [0, 1]) as `#rrggbb`. */
function hslColor(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (offset: number) => {
    const k = (offset + hue / 30) % 12;
    const value = lightness - (chroma * Math.max(-1, Math.min(k - 3, 9 - k, 1))) / 2;
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The spare hues in order, then generated ones, none equal to a hue of `taken`, however many are asked for. */
function* spareHues(taken: ReadonlySet<string>): Generator<string> {
  for (const hue of SPARE_HUES) if (!taken.has(hue)) yield hue;
  const given = new Set(taken);
  for (let step = 0; ; step++) {
    const hue = hslColor((step * 137.508) % 360, 0.65, step % 2 === 0 ? 0.42 : 0.6);
    if (given.has(hue)) continue;
    given.add(hue);
    yield hue;
  }
}

const fixedCache = { names: '', styles: new Map<string, StrategyStyle>() };

/**
 * Every registered strategy's style, by name, in registry order: its group's next hue while the group has one,
 * then the next spare hue, so no two registered strategies share a colour however many there are. Computed
 * from the registry as it is (a test registers a strategy in-process), once per set of names and groups.
 */
function fixedStyles(): Map<string, StrategyStyle> {
  const strategies = registered();
  const names = strategies.map((strategy) => `${strategy.name} ${groupOf(strategy)}`).join('\n');
  if (fixedCache.names === names) return fixedCache.styles;
  const taken = new Set([...Object.values(HUES).flat(), ...OTHER_HUES, RECORDED.color]);
  const spare = spareHues(taken);
  const used = { core: 0, agents: 0, baselines: 0, lexical: 0, other: 0 };
  const styles = new Map<string, StrategyStyle>();
  for (const strategy of strategies) {
    const group = groupOf(strategy);
    const own = group === 'other' ? [] : HUES[group];
    const color = own[used[group]++] ?? spare.next().value!;
    styles.set(strategy.name, { color, shape: SHAPES[group], hollow: false, group });
  }
  fixedCache.names = names;
  fixedCache.styles = styles;
  return styles;
}

/** The style of the n-th strategy outside the registry (in sorted order): a hue, then the next shape. */
function otherStyle(index: number): StrategyStyle {
  const round = Math.floor(index / OTHER_HUES.length);
  return {
    color: OTHER_HUES[index % OTHER_HUES.length]!,
    shape: OTHER_SHAPES[round % OTHER_SHAPES.length]!,
    hollow: round >= OTHER_SHAPES.length,
    group: 'other',
  };
}

/**
 * The style of each of these strategies: the fixed one of a registered strategy; a `+recent` hybrid its base's,
 * hollow; the agent's `recorded` summary black stars; the others (custom strategies) further hues and shapes in
 * sorted order, so every page of one run gives them the same.
 */
export function strategyStyles(names: readonly string[]): Map<string, StrategyStyle> {
  const styles = new Map<string, StrategyStyle>();
  const registry = fixedStyles();
  const fixed = (name: string): StrategyStyle | undefined => {
    if (name === 'recorded') return RECORDED;
    const base = name.endsWith(RECENT_SUFFIX)
      ? registry.get(name.slice(0, -RECENT_SUFFIX.length))
      : undefined;
    return base ? { ...base, hollow: true } : registry.get(name);
  };
  const others = [...new Set(names.filter((name) => !fixed(name)))].sort();
  for (const name of names) styles.set(name, fixed(name) ?? otherStyle(others.indexOf(name)));
  return styles;
}

/** The colour of each of these strategies (see `strategyStyles`). */
export function strategyColors(names: readonly string[]): Map<string, string> {
  return new Map([...strategyStyles(names)].map(([name, style]) => [name, style.color]));
}
