/** Reading an HTML report back in tests: its figures, the marks of a named chart layer, its strategy panels. */
import type { ResultsFile, StrategyResult } from '../../src/results/types.ts';

/** The SVG of the figure `data-plot="id"`, one per occurrence (a sweep has one per target), in page order. */
export function figures(html: string, id: string): string[] {
  const pattern = new RegExp(`<figure data-plot="${id}">(<svg.*?</svg>)<figcaption>`, 'gs');
  return [...html.matchAll(pattern)].map((match) => match[1]!);
}

/** Items drawn by the Vega layer `name` in an SVG: `series` groups (lines draw one group per series) and marks. */
export function marksOf(svg: string, name: string): { groups: number; marks: number } {
  const pattern = new RegExp(`<g class="mark-\\w+ role-mark ${name}_marks"[^>]*>(.*?)</g>`, 'gs');
  const groups = [...svg.matchAll(pattern)];
  const marks = groups.reduce(
    (sum, group) => sum + (group[1]!.match(/role="graphics-symbol"/g) ?? []).length,
    0,
  );
  return { groups: groups.length, marks };
}

/** Whether a strategy has a probe recall to plot. */
export const scoredStrategy = (strategy: StrategyResult) =>
  strategy.status === 'ok' && strategy.quality.probeRecall !== null;

/** The strategies no other one beats on both recall and tokens after, among those with no flag (independent of the code under test). */
export function frontOf(strategies: readonly StrategyResult[]): StrategyResult[] {
  const eligible = strategies.filter((strategy) => scoredStrategy(strategy) && strategy.flags.length === 0);
  const recall = (strategy: StrategyResult) => strategy.quality.probeRecall!;
  return eligible.filter(
    (candidate) =>
      !eligible.some(
        (other) =>
          recall(other) >= recall(candidate) &&
          other.tokensAfter <= candidate.tokensAfter &&
          (recall(other) > recall(candidate) || other.tokensAfter < candidate.tokensAfter),
      ),
  );
}

/** The tenths of the session that hold at least one probe with a known message. */
export function tenthsWithProbes(results: ResultsFile): number {
  const tenths = new Set(
    results.probes
      .filter((probe) => probe.messageIndex !== null)
      .map((probe) => Math.min(9, Math.floor((probe.messageIndex! / results.fixture.messages) * 10))),
  );
  return tenths.size;
}
