/**
 * A budget sweep (`--target-tokens 1000,2000,4000`): each strategy's probe recall at every target, side by
 * side, and the area under its recall-versus-tokens curve as one number for "best across budgets".
 */
import { formatInteger, formatRatio } from '../format.ts';
import type { ResultsFile } from '../results/types.ts';
import { markdownTable } from './table.ts';

/** One strategy across the sweep. */
export type SweepCurve = {
  strategy: string;
  lexical: boolean;
  /** Per target: the tokens it landed at and its recall (null when it failed or nothing was probed). */
  points: Array<{ target: number; tokensAfter: number | null; probeRecall: number | null; missed: boolean }>;
  /** Over half the transcript at some target: it keeps facts by not compacting, and is never "best". */
  doesNotCompress: boolean;
  /**
   * Mean recall over the sweep: the area under recall against log₂ of the target, divided by the range, so
   * every doubling of the budget weighs the same; the recall itself for a one-target sweep. Null when a
   * point is missing.
   */
  area: number | null;
};

/** The sweep of one fixture. */
export type Sweep = { fixture: string; targets: number[]; curves: SweepCurve[] };

/** The curves of a sweep from its results files (one per target, in any order). */
export function sweepOf(results: readonly ResultsFile[]): Sweep {
  const files = [...results].sort((a, b) => (a.target ?? 0) - (b.target ?? 0));
  const targets = files.map((file) => file.target ?? 0);
  const names = [...new Set(files.flatMap((file) => file.strategies.map((strategy) => strategy.name)))];
  const curves = names.map((name): SweepCurve => {
    const points = files.map((file, index) => {
      const result = file.strategies.find((strategy) => strategy.name === name);
      const ok = result?.status === 'ok';
      return {
        target: targets[index]!,
        tokensAfter: ok ? result.tokensAfter : null,
        probeRecall: ok ? result.quality.probeRecall : null,
        missed: result?.target?.missed ?? false,
      };
    });
    const mine = files.flatMap((file) => file.strategies.filter((strategy) => strategy.name === name));
    const lexical = mine.some((strategy) => strategy.lexical);
    const doesNotCompress = mine.some((strategy) => strategy.flags.includes('does-not-compress'));
    return { strategy: name, lexical, points, doesNotCompress, area: areaOf(points) };
  });
  return { fixture: files[0]?.fixture.name ?? '', targets, curves };
}

function areaOf(points: SweepCurve['points']): number | null {
  if (points.some((point) => point.probeRecall === null)) return null;
  if (points.length === 1) return points[0]!.probeRecall;
  const x = points.map((point) => Math.log2(point.target));
  const range = x.at(-1)! - x[0]!;
  if (range <= 0) return null;
  let area = 0;
  for (let index = 1; index < points.length; index++) {
    area +=
      ((points[index - 1]!.probeRecall! + points[index]!.probeRecall!) / 2) * (x[index]! - x[index - 1]!);
  }
  return area / range;
}

/** `F-sweep.md`: recall per target side by side (tokens after in brackets, ! where the target was missed), and the area. */
export function renderSweepMarkdown(sweep: Sweep): string {
  const rank = (curve: SweepCurve) => (curve.doesNotCompress ? -2 : 0) + (curve.area ?? -1);
  const rows = [...sweep.curves]
    .sort((a, b) => rank(b) - rank(a))
    .map((curve) => [
      `${curve.strategy}${curve.lexical ? ' (lexical)' : ''}${curve.doesNotCompress ? ' (does not compress)' : ''}`,
      ...curve.points.map((point) =>
        point.probeRecall === null
          ? '–'
          : `${formatRatio(point.probeRecall)} (${formatInteger(point.tokensAfter ?? 0)}${point.missed ? ' !' : ''})`,
      ),
      formatRatio(curve.area),
    ]);
  return [
    `# ${sweep.fixture}: budget sweep`,
    '',
    `Probe recall at each target (tokens after in brackets; ! = more than 15% off the target). Area = mean recall over the sweep, each doubling of the budget weighing the same. Strategies that keep over half the transcript do not compress and are listed last, whatever their recall.`,
    '',
    markdownTable({
      head: ['Strategy', ...sweep.targets.map((target) => `${formatInteger(target)} tokens`), 'Area'],
      rows,
      alignRight: [false, ...sweep.targets.map(() => true), true],
    }),
    '',
  ].join('\n');
}
