/**
 * One colour per strategy, the same in every chart of every page: a hue per strategy group (core blue, agents
 * orange, baselines green, lexical baselines grey) from the Okabe–Ito colour-blind-safe palette, the shade by the
 * strategy's place in the registry, so a strategy keeps its colour whichever others ran.
 */
import { STRATEGIES } from '../../strategies/registry.ts';
import type { Strategy } from '../../strategies/types.ts';
import { scriptJson } from './escape.ts';

/** The groups a chart tells apart by hue. */
export type ColorGroup = 'core' | 'agents' | 'baselines' | 'lexical' | 'other';

// Shades run dark to light, each far enough from its neighbours in lightness to tell apart without hue.
const SHADES: Record<ColorGroup, readonly string[]> = {
  core: ['#003f7f', '#0072b2', '#3a8fd6', '#56b4e9', '#8ccbf0'],
  agents: ['#8c3a00', '#d55e00', '#e69f00', '#f2c14e'],
  baselines: ['#00543d', '#009e73', '#4cc3a0', '#93dcc4'],
  lexical: ['#3b3b3b', '#636363', '#878787', '#a8a8a8', '#c6c6c6'],
  other: ['#cc79a7', '#000000', '#7a3b69', '#e8a6cb', '#4d4d00', '#b39500'],
};

const registry = Object.values(STRATEGIES) as Strategy[];

/** The colour group of a strategy name (a `+recent` hybrid, `recorded` or a custom strategy is `other`). */
export function colorGroup(name: string): ColorGroup {
  const strategy = registry.find((candidate) => candidate.name === name);
  if (!strategy) return 'other';
  if (strategy.lexical) return 'lexical';
  if (strategy.group === 'core') return 'core';
  if (strategy.group === 'agent') return 'agents';
  if (strategy.group === 'baseline') return 'baselines';
  return 'other';
}

/** Every registered strategy's colour, by name: its group's shade at its place among the group's members. */
const FIXED = new Map<string, string>(
  (['core', 'agents', 'baselines', 'lexical'] as const).flatMap((group) =>
    registry
      .filter((strategy) => colorGroup(strategy.name) === group)
      .map((strategy, index) => [strategy.name, SHADES[group][index % SHADES[group].length]!] as const),
  ),
);

/**
 * The colour of each of these strategies: the fixed one of a registered strategy; the others (hybrids, the
 * agent's `recorded` summary, custom strategies) take the `other` shades in sorted order, so every page of one run
 * gives them the same.
 */
export function strategyColors(names: readonly string[]): Map<string, string> {
  const colors = new Map<string, string>();
  const others = [...new Set(names.filter((name) => !FIXED.has(name)))].sort();
  for (const name of names) {
    colors.set(name, FIXED.get(name) ?? SHADES.other[others.indexOf(name) % SHADES.other.length]!);
  }
  return colors;
}

/** A Vega-Lite colour scale that gives each of these strategies its colour. */
export function strategyScale(names: readonly string[]): { domain: string[]; range: string[] } {
  const colors = strategyColors(names);
  return { domain: [...names], range: names.map((name) => colors.get(name)!) };
}

/** Each strategy's group and colour as page data (`#strategy-groups`): the script's toggles read it. */
export function strategyGroupsScript(names: readonly string[]): string {
  const colors = strategyColors(names);
  const groups = Object.fromEntries(
    names.map((name) => [name, { group: colorGroup(name), color: colors.get(name) }]),
  );
  return `<script type="application/json" id="strategy-groups">${scriptJson(groups)}</script>`;
}
