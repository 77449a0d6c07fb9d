/**
 * A budget sweep (`--target-tokens 1000,2000,4000`): each strategy's probe recall at every target, side by
 * side, and the area under its recall-versus-tokens curve as one number for "best across budgets".
 */
import { formatInteger, formatRatio } from '../text/numbers.ts';
import { missesTarget } from '../results/assemble.ts';
import type { ResultsFile } from '../results/types.ts';
import { fitColumns, markdownTable, type Rows, terminalTable } from './table.ts';
import { renderComparisonTerminal, type TerminalOptions } from './comparison.ts';
import { reportStem } from '../report-names.ts';
import { wrapProse } from './wrap.ts';
import { indistinguishableFrom } from './observations.ts';
import {
  cheapestAndFastest,
  detectable,
  liveFacts,
  meetsFloor,
  noRecommendation,
  probesClause,
  providerClause,
  recallEstimate,
  recommendable,
  spenders,
  timedRun,
  type Verdict,
} from './verdict.ts';
import { renderVerdictMarkdown, renderVerdictTerminal } from './verdict-text.ts';

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
  /**
   * Why the curve has no rank (it does not compress, it went over a target, a point failed or was not probed);
   * null when it is ranked. A curve kept small by no target is never compared with those that were.
   */
  unranked: string | null;
};

/** The sweep of one fixture. */
export type Sweep = { transcript: string; targets: number[]; curves: SweepCurve[] };

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
        // Read from the figures, not the stored flag: results written before a miss meant overshoot only stay right.
        missed: ok && result.target !== null ? missesTarget(result.tokensAfter, result.target.tokens) : false,
      };
    });
    const mine = files.flatMap((file) => file.strategies.filter((strategy) => strategy.name === name));
    const lexical = mine.some((strategy) => strategy.lexical);
    const doesNotCompress = mine.some((strategy) => strategy.flags.includes('does-not-compress'));
    const area = areaOf(points);
    return {
      strategy: name,
      lexical,
      points,
      doesNotCompress,
      area,
      unranked: whyUnranked(points, doesNotCompress, area),
    };
  });
  return { transcript: files[0]?.fixture.name ?? '', targets, curves };
}

/** Why a curve cannot be ranked by its area, or null when it can. */
function whyUnranked(
  points: SweepCurve['points'],
  doesNotCompress: boolean,
  area: number | null,
): string | null {
  if (doesNotCompress) return 'does not compress (over half the transcript at some target)';
  const over = points.filter((point) => point.missed);
  if (over.length > 0) {
    const which = over.map(
      (point) => `${formatInteger(point.tokensAfter ?? 0)} at ${formatInteger(point.target)}`,
    );
    return `over its target at ${over.length === points.length ? 'every target' : `${over.length} of ${points.length} targets`} (${which.join(', ')})`;
  }
  if (area === null) return 'failed or had no fact probes at some target';
  return null;
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

/** The curves in the sweep's order: ranked ones by area, then the unranked (each with why). */
export function sweepOrder(sweep: Sweep): SweepCurve[] {
  const ranked = sweep.curves.filter((curve) => curve.unranked === null);
  const unranked = sweep.curves.filter((curve) => curve.unranked !== null);
  return [...ranked.sort((a, b) => b.area! - a.area!), ...unranked];
}

/** The verdict of a budget sweep: the best area among ranked curves, tied where no target tells them apart. */
export function sweepVerdict(files: readonly ResultsFile[]): Verdict {
  const sorted = [...files].sort((a, b) => (a.target ?? 0) - (b.target ?? 0));
  const sweep = sweepOf(sorted);
  const ranked = sweepOrder(sweep).filter((curve) => curve.unranked === null && !curve.lexical);
  const question = `Which strategy keeps the most facts across budgets of ${sweep.targets.map(formatInteger).join(', ')} tokens (area under recall against log budget), among those that compress and meet every target?`;
  const live = sorted[0] ? liveFacts(sorted[0]) : 0;
  const history = (sorted[0]?.probes.length ?? 0) - live;
  const scope = `One session (${sweep.transcript}), ${providerClause(sorted[0]!.provider)}, ${probesClause(live, detectable(sorted), history)}; areas have no interval, so ties are read target by target.`;
  const leader = ranked[0];
  const timed = timedRun(sorted);
  if (!leader) {
    return noRecommendation(
      'sweep',
      question,
      'no strategy compresses, met every target and was scored at every target',
      timed,
      scope,
    );
  }
  // As for one session: a strategy that keeps no more than an empty summary at any budget is no recommendation.
  const floor = sorted.map((file) => {
    const result = file.strategies.find((strategy) => strategy.name === leader.strategy);
    return result ? meetsFloor(recallEstimate(result, file)) : false;
  });
  if (!floor.some(Boolean))
    return noRecommendation(
      'sweep',
      question,
      `no strategy kept the facts at any budget: the best, \`${leader.strategy}\`, keeps no more than an empty summary at every target (${leader.points.map((point) => `${formatRatio(point.probeRecall)} at ${formatInteger(point.target)}`).join(', ')}); ${sorted[0]!.provider.isLanguageModel ? 'a model that ignores the prompt, or budgets too small for these facts' : 'budgets too small for these facts'}`,
      timed,
      scope,
    );
  const resultOf = (file: ResultsFile, name: string) =>
    file.strategies.find((strategy) => strategy.name === name);
  const rankedNames = new Set(ranked.map((curve) => curve.strategy));
  // Tied: at no target distinguishable from the leader (each target's paired tests, Holm-adjusted there).
  const tied = ranked
    .slice(1)
    .map((curve) => curve.strategy)
    .filter((name) =>
      sorted.every((file) => {
        const leading = resultOf(file, leader.strategy);
        if (!leading) return false;
        const candidates = recommendable(file.strategies).filter((strategy) =>
          rankedNames.has(strategy.name),
        );
        return indistinguishableFrom(leading, candidates, file).some((strategy) => strategy.name === name);
      }),
    );
  const group = spenders(
    [leader.strategy, ...tied].map((name) => ({
      name,
      results: sorted.flatMap((file) => resultOf(file, name) ?? []),
    })),
  );
  const perTarget = leader.points
    .map((point) => `${formatRatio(point.probeRecall)} at ${formatInteger(point.target)}`)
    .join(', ');
  return {
    kind: 'sweep',
    question,
    recommended: {
      name: leader.strategy,
      measure: 'area',
      value: { estimate: leader.area!, low: null, high: null },
      tokensAfter: null,
    },
    none: null,
    tied,
    uncertain: [],
    tiedBy: 'no target’s paired tests tell them apart, Holm-adjusted against it',
    ...cheapestAndFastest(group),
    timed,
    details: [`Probe recall of \`${leader.strategy}\` per target: ${perTarget}.`],
    scope,
  };
}

/**
 * `F-sweep.md`: recall per target side by side (tokens after in brackets, ! where the target was overshot), the
 * area and the rank; strategies that went over a target or do not compress are listed unranked, with why.
 */
export function renderSweepMarkdown(sweep: Sweep, verdict?: Verdict): string {
  const ordered = sweepOrder(sweep);
  const unranked = ordered.filter((curve) => curve.unranked !== null);
  return [
    `# ${sweep.transcript}: budget sweep`,
    '',
    ...(verdict ? renderVerdictMarkdown(verdict, { timings: verdict.timed }) : []),
    ...(verdict ? ['## Recall per target', ''] : []),
    `Probe recall at each target (tokens after in brackets; ! = more than 15% over the target; landing under it is no miss). Area = mean recall over the sweep, each doubling of the budget weighing the same. Only strategies that compress and stay within 15% over every target are ranked; the others are listed after them, unranked, whatever their recall: they kept facts by keeping more tokens than the others had.`,
    '',
    markdownTable(sweepRows(sweep)),
    '',
    ...(unranked.length === 0
      ? []
      : ['Not ranked:', '', ...unranked.map((curve) => `- \`${curve.strategy}\`: ${curve.unranked}.`), '']),
  ].join('\n');
}

/** The sweep's table: rank, strategy, recall at each target (tokens after), area; ranked strategies first. */
function sweepRows(sweep: Sweep): Rows {
  const ordered = sweepOrder(sweep);
  const ranked = ordered.filter((curve) => curve.unranked === null);
  // Areas equal as printed share a rank (1, 1, 3): a difference in the third decimal says nothing.
  const shown = (curve: SweepCurve) => Math.round(curve.area! * 100);
  const rankOf = (curve: SweepCurve) => 1 + ranked.filter((other) => shown(other) > shown(curve)).length;
  const rows = ordered.map((curve) => [
    curve.unranked === null ? String(rankOf(curve)) : '–',
    `${curve.strategy}${curve.lexical ? ' (lexical)' : ''}${curve.doesNotCompress ? ' ⊘' : ''}`,
    ...curve.points.map((point) =>
      point.probeRecall === null
        ? '–'
        : `${formatRatio(point.probeRecall)} (${formatInteger(point.tokensAfter ?? 0)}${point.missed ? ' !' : ''})`,
    ),
    formatRatio(curve.area),
  ]);
  return {
    head: ['Rank', 'Strategy', ...sweep.targets.map((target) => `${formatInteger(target)} tokens`), 'Area'],
    rows,
    alignRight: [true, false, ...sweep.targets.map(() => true), true],
  };
}

/**
 * A budget sweep as the terminal prints it, verdict first: the sweep's verdict, recall per target side by side
 * (the recommended row green), and where each target's comparison is.
 */
export function renderSweepTerminal(files: readonly ResultsFile[], terminal: TerminalOptions = {}): string {
  const sorted = [...files].sort((a, b) => (a.target ?? 0) - (b.target ?? 0));
  const sweep = sweepOf(sorted);
  const verdict = sweepVerdict(sorted);
  const rows = sweepRows(sweep);
  // Rank and strategy, the area, then the targets from the smallest.
  const ranks = rows.head.map((_, column) => (column === rows.head.length - 1 ? 1.5 : column));
  const fitted = fitColumns(rows, ranks, terminal.width);
  const recommended = rows.rows.findIndex(
    (row) => String(row[1]).split(' ')[0] === verdict.recommended?.name,
  );
  const prose = (line: string) => wrapProse(line, terminal.width);
  const unranked = sweepOrder(sweep).filter((curve) => curve.unranked !== null);
  return [
    renderVerdictTerminal(verdict, terminal.width),
    prose(
      `Budget sweep of ${sweep.transcript} — probe recall at each target (tokens after in brackets; ! more than 15% over it), the area its mean over the sweep:`,
    ),
    terminalTable(fitted.rows, {
      color: terminal.color ?? false,
      paint: new Map(recommended < 0 ? [] : [[recommended, 'green' as const]]),
    }),
    ...(fitted.omitted.length > 0
      ? [prose(`  (${fitted.omitted.join(', ')} in ${sweep.transcript}-sweep.md)`)]
      : []),
    ...(unranked.length > 0
      ? [
          prose(
            `  Not ranked: ${unranked.map((curve) => `${curve.strategy} (${curve.unranked})`).join('; ')}.`,
          ),
        ]
      : []),
    prose(
      `  Each target's comparison: ${sorted.map((file) => `${reportStem(file)}-comparison.md`).join(', ')}; all of them in ${sweep.transcript}-sweep-report.html.`,
    ),
  ].join('\n');
}

/** Every session's results as the terminal prints them: a session's comparison, or a sweep's when it ran at several targets. */
export function renderResultsTerminal(
  results: readonly ResultsFile[],
  terminal: TerminalOptions = {},
): string[] {
  const bySession = new Map<string, ResultsFile[]>();
  for (const file of results)
    bySession.set(file.fixture.name, [...(bySession.get(file.fixture.name) ?? []), file]);
  return [...bySession.values()].map((files) =>
    files.length > 1 ? renderSweepTerminal(files, terminal) : renderComparisonTerminal(files[0]!, terminal),
  );
}
