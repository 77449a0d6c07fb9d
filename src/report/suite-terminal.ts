/** The suite as the terminal shows it, verdict first: the strategy table and the comparison with the reference. */
import type { SuiteResults } from '../suite/types.ts';
import { suiteStem } from '../report-names.ts';
import { type TerminalOptions, timingsMeasured } from './comparison.ts';
import { adjustmentNote } from './statistics.ts';
import {
  columnsOf,
  formatInterval,
  headline,
  intervalNote,
  sessionsCell,
  strategyLabel,
  suiteComparisonRows,
  suiteLegend,
  type SuiteRenderOptions,
  suiteVerdictOf,
} from './suite.ts';
import { fitColumns, type Rows, terminalTable } from './table.ts';
import type { Verdict } from './verdict.ts';
import { renderVerdictTerminal, type Standing, standingLegend, standingOf } from './verdict-text.ts';
import { wrapProse } from './wrap.ts';

/**
 * The strategy table as the terminal shows it: recall with its interval, tokens after and a Verdict column first,
 * then the other figures by the registry's `terminalRank`, sessions last; with each column's rank.
 */
function suiteTerminalRows(
  suite: SuiteResults,
  verdict: Verdict,
  timings: boolean,
): { rows: Rows; ranks: number[] } {
  const columns = [...columnsOf(suite, { timings })].sort((a, b) => a.rank - b.rank);
  const tokensAt = columns.findIndex((column) => column.key === 'tokensAfter');
  const verdictAt = tokensAt < 0 ? columns.length : tokensAt + 1;
  // Size is read at a glance: tokens after as its mean, the interval in the Markdown and the page.
  const mean = (key: string) => key === 'tokensAfter';
  const head = columns.map((column) =>
    mean(column.key) ? `${column.label} (mean)` : `${column.label} [95% CI]`,
  );
  head.splice(verdictAt, 0, 'Verdict');
  const ranks = columns.map((column) => column.rank);
  ranks.splice(verdictAt, 0, (columns[tokensAt]?.rank ?? 0) + 0.5);
  const rows = suite.strategies.map((strategy) => {
    const cells = columns.map((column) => {
      const estimate = strategy.metrics[column.key] ?? null;
      return mean(column.key) && estimate && !Number.isNaN(estimate.estimate)
        ? column.format(estimate.estimate)
        : formatInterval(estimate, column.format);
    });
    const flagged =
      (strategy.flaggedSessions?.doesNotCompress ?? 0) > 0 ||
      (strategy.flaggedSessions?.missedTarget ?? 0) > 0;
    cells.splice(
      verdictAt,
      0,
      standingOf(verdict, {
        name: strategy.name,
        failed: strategy.sessions === 0,
        lexical: strategy.lexical,
        flagged,
        scored: strategy.metrics.probeRecall !== undefined,
      }),
    );
    return [strategyLabel(strategy, suite), ...cells, sessionsCell(strategy)];
  });
  return {
    rows: {
      head: ['Strategy', ...head, 'Sessions'],
      rows,
      alignRight: [false, ...head.map((_, column) => column !== verdictAt), true],
    },
    ranks: [0, ...ranks, 100],
  };
}

/** The suite as the terminal shows it, verdict first: the strategy table and the comparison with the reference. */
export function renderSuiteTerminal(
  suite: SuiteResults,
  terminal: TerminalOptions = {},
  options: SuiteRenderOptions = {},
): string {
  const prose = (line: string) => wrapProse(line.replaceAll('`', ''), terminal.width);
  const pages = `${suiteStem(suite)}-comparison.md and ${suiteStem(suite)}-report.html`;
  const verdict = suiteVerdictOf(suite, options.sessions);
  // Times of no model call measure this machine: left out, as in the Markdown.
  const timings = options.sessions ? options.sessions.some(timingsMeasured) : true;
  const table = suiteTerminalRows(suite, verdict, timings);
  const recommended = suite.strategies.findIndex((strategy) => strategy.name === verdict.recommended?.name);
  const strategies = fitTable(table.rows, table.ranks, terminal, pages, recommended);
  const verdictColumn = table.rows.head.indexOf('Verdict');
  const standing = standingLegend(table.rows.rows.map((row) => String(row[verdictColumn]) as Standing));
  const parts = [
    renderVerdictTerminal(verdict, terminal.width),
    prose(`Suite — ${headline(suite)}`),
    ...strategies,
    ...suiteLegend(suite).map((line) => prose(`  ${line}`)),
    ...(standing ? [prose(`  ${standing}`)] : []),
    ...intervalNote(suite).map((line) => prose(`  ${line}`)),
  ];
  // The verdict of each comparison before its figures; p before the counts and the power.
  if (suite.comparisons.length > 0)
    parts.push(
      prose(`Against ${suite.reference}:`),
      ...fitTable(shortTellCells(suiteComparisonRows(suite)), [0, 1, 3, 4, 5, 2], terminal, pages),
      ...(suite.comparisons.some((comparison) => comparison.toTell)
        ? [prose('  too uncertain (~n): about n sessions would tell them apart.')]
        : []),
      prose(`  ${adjustmentNote(suite.comparisons)}`),
    );
  return parts.join('\n');
}

/** A table fitted to the terminal (columns ranked by `rank`, else left to right), and a line naming those left out. */
function fitTable(
  rows: Rows,
  rank: readonly number[] | undefined,
  terminal: TerminalOptions,
  pages: string,
  recommended = -1,
): string[] {
  const fitted = fitColumns(rows, rank ?? rows.head.map((_, column) => column), terminal.width);
  const omitted = fitted.omitted.length;
  return [
    terminalTable(fitted.rows, {
      color: terminal.color ?? false,
      paint: new Map(recommended < 0 ? [] : [[recommended, 'green' as const]]),
    }),
    ...(omitted > 0
      ? [
          wrapProse(
            `  (${omitted} more ${omitted === 1 ? 'column' : 'columns'} in ${pages}: ${fitted.omitted.join(', ')})`,
            terminal.width,
          ),
        ]
      : []),
  ];
}

/** The verdict cells as an 80-column table can hold them: "too uncertain (~3)", the note under the table saying what ~3 is. */
function shortTellCells(rows: Rows): Rows {
  return {
    ...rows,
    rows: rows.rows.map((row) =>
      row.map((cell) => String(cell).replace(/ \(~(\d+) sessions would tell\)/, ' (~$1)')),
    ),
  };
}
