/** Reading an HTML report back in tests: its figures, the marks of a named chart layer, its strategy panels. */
import type { ResultsFile, StrategyResult } from '../../src/results/types.ts';

/** The wide SVG of the figure `data-plot="id"`, one per occurrence (a sweep has one per target), in page order. */
export function figures(html: string, id: string): string[] {
  const pattern = new RegExp(`<figure data-plot="${id}">.*?(<svg class="chart wide".*?</svg>)`, 'gs');
  return [...html.matchAll(pattern)].map((match) => match[1]!);
}

/** The narrow SVG of each figure `data-plot="id"` (the one a phone shows). */
export function narrowFigures(html: string, id: string): string[] {
  const pattern = new RegExp(`<figure data-plot="${id}">.*?(<svg class="chart narrow".*?</svg>)`, 'gs');
  return [...html.matchAll(pattern)].map((match) => match[1]!);
}

/** The marks of the chart layer `name` (`data-layer`) in an SVG: lines (paths with no fill) and all its marks. */
export function marksOf(svg: string, name: string): { groups: number; marks: number } {
  const body = new RegExp(`<g data-layer="${name}"[^>]*>(.*?)</g>`, 's').exec(svg)?.[1] ?? '';
  // Each mark's tooltip is a child of the mark: take them out, then every element left is a mark.
  const marks = body.replace(/<title>.*?<\/title>/gs, '').match(/<(circle|path|rect|text|line)\b/g) ?? [];
  const lines = body.match(/<path d="[^"]*" fill="none"/g) ?? [];
  return { groups: lines.length, marks: marks.length };
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

/** How the page writes a text (escaped, `://` as character references), to find it in the HTML. */
export function escapedAsInPage(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('://', ':&#47;&#47;');
}
