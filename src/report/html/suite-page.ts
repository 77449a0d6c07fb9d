/**
 * `suite-report.html`: the suite's verdict as one self-contained page — the per-strategy table with intervals
 * clustered by session, the paired comparison, recall with its interval against tokens after, and recall per
 * strategy and session as a heat map, with links to each session's own report.
 */
import type { SessionDigest } from '../../results/digest.ts';
import type { SuiteResults } from '../../suite/types.ts';
import { reportStem } from '../../report-names.ts';
import { adjustmentNote } from '../statistics.ts';
import {
  intervalNote,
  suiteComparisonRows,
  suiteLegend,
  suiteStrataRows,
  suiteStrategyRows,
  suiteVerdictOf,
  suiteWorstLines,
} from '../suite.ts';
import { verdictHtml } from './verdict.ts';
import { figure, htmlDocument } from './document.ts';
import { escapeHtml } from './escape.ts';
import type { Rows } from '../table.ts';
import { chartStyle } from './plots.ts';
import { intervalPlot, sessionPlot } from './suite-plots.ts';
import { htmlTable, strategyTable } from './tables.ts';

/** The rows with the column headed `moved` put right after the one headed `after` (unchanged when either is absent). */
function moveColumn(rows: Rows, moved: string, after: string): Rows {
  const from = rows.head.indexOf(moved);
  const to = rows.head.indexOf(after) + 1;
  if (from < 0 || to === 0 || from === to) return rows;
  const order = rows.head.map((_, column) => column).filter((column) => column !== from);
  order.splice(order.indexOf(to - 1) + 1, 0, from);
  const pick = <T>(cells: readonly T[]) => order.map((column) => cells[column]!);
  return {
    head: pick(rows.head),
    rows: rows.rows.map(pick),
    ...(rows.alignRight ? { alignRight: pick(rows.alignRight) } : {}),
  };
}

/** The Sessions column (each strategy's count, mostly all of them) last. */
function lastColumnSessions(rows: Rows): Rows {
  return moveColumn(rows, 'Sessions', rows.head[rows.head.length - 1]!);
}

/** The strata (by agent format, by size) and where each strategy did worst, as in the Markdown. */
function suiteStrataHtml(suite: SuiteResults): string[] {
  const parts = suiteStrataRows(suite).flatMap(({ title, rows }) => [
    `<h2>${escapeHtml(title)}</h2>`,
    `<div class="table-wrap comparison-wrap">${htmlTable(rows).replace('<table>', '<table class="comparison">')}</div>`,
  ]);
  if (parts.length > 0)
    parts.push(
      '<p class="meta">Fact recall [95% CI] per stratum; Δ is the paired difference from the reference in that stratum (each interval its own, not adjusted).</p>',
    );
  const worst = suiteWorstLines(suite);
  if (worst.length > 0)
    parts.push(
      '<h2 id="worst">Where each strategy did worst</h2>',
      `<ul>${worst
        .map(
          ({ strategy, sessions }) =>
            `<li><code>${escapeHtml(strategy)}</code>: ${sessions.map((session) => `<a href="${escapeHtml(encodeURI(session.report))}">${escapeHtml(session.session)}</a> ${escapeHtml(session.text)}`).join('; ')}</li>`,
        )
        .join('')}</ul>`,
    );
  return parts;
}

/**
 * The suite report page; `sessions` are the results the suite was assembled from (for the heat map). With
 * `sessionPages: false` the sessions' pages were not written: none is linked, and the page says how to write them.
 */
export function renderSuiteHtml(
  suite: SuiteResults,
  sessions: readonly SessionDigest[],
  { sessionPages = true }: { sessionPages?: boolean } = {},
): string {
  const title = `Suite of ${suite.sessions.length} sessions: compaction strategies${suite.target === null ? '' : ` at ${suite.target} tokens`}`;
  const sessionLinks = suite.sessions.map((session) => {
    const results = sessionPages ? sessions.find((file) => file.fixture.name === session.name) : undefined;
    const page = results ? `${reportStem(results)}-report.html` : null;
    return `<li><code>${escapeHtml(session.name)}</code> (${escapeHtml(session.format)}, ${escapeHtml(session.size)}, ${session.probes} fact probes): <a href="${escapeHtml(session.comparison)}">comparison</a>${page ? ` · <a href="${escapeHtml(page)}">report</a>` : ''}</li>`;
  });
  const verdict = suiteVerdictOf(suite, sessions);
  const chart = chartStyle(
    suite.strategies.map((strategy) => strategy.name),
    verdict.recommended?.name ?? null,
  );
  const sessionsPlot = sessionPlot(sessions, chart);
  const recallPlot = intervalPlot(suite, chart);
  const worst = suiteWorstLines(suite).length > 0;
  const nav = [
    ['verdict', 'Verdict'],
    ['strategies', 'Strategies'],
    ...(suite.comparisons.length > 0 ? [['paired', 'Paired']] : []),
    ...(sessionsPlot ? [[sessionsPlot.id, 'Recall per session']] : []),
    ...(worst ? [['worst', 'Where each did worst']] : []),
    ...(recallPlot ? [[recallPlot.id, 'Recall vs tokens']] : []),
    ['sessions', 'Sessions'],
  ];
  return htmlDocument({
    title,
    nav,
    header: [
      `<p class="meta">Provider <code>${escapeHtml(suite.provider.id)}:${escapeHtml(suite.provider.model)}</code>${suite.provider.isLanguageModel ? '' : ' — an offline lexical stand-in, not a model'}; sizes by ${escapeHtml(suite.tokenizer)}.</p>`,
    ],
    main: [
      verdictHtml(verdict, () => null),
      '<h2 id="strategies">Each strategy over the suite</h2>',
      // Recall and its size first, as in a session's comparison: what a narrow page shows.
      strategyTable(
        lastColumnSessions(
          moveColumn(suiteStrategyRows(suite), 'Tokens after [95% CI]', 'Fact recall [95% CI]'),
        ),
        suite.strategies.map((strategy) => strategy.name),
        chart,
      ),
      ...[...suiteLegend(suite), ...intervalNote(suite), `Method: ${suite.method}.`].map(
        (line) => `<p class="meta">${escapeHtml(line.replaceAll('`', ''))}</p>`,
      ),
      ...(suite.comparisons.length > 0
        ? [
            `<h2 id="paired">Against ${escapeHtml(suite.reference ?? 'the reference')}, paired by session and probe</h2>`,
            strategyTable(
              suiteComparisonRows(suite),
              suite.comparisons.map((comparison) => comparison.strategy),
              chart,
            ),
            `<p class="meta">${escapeHtml(adjustmentNote(suite.comparisons))}</p>`,
          ]
        : []),
      figure(sessionsPlot, '', 'h2'),
      ...suiteStrataHtml(suite),
      figure(recallPlot, '', 'h2'),
      '<h2 id="sessions">Sessions</h2>',
      `<ul>${sessionLinks.join('')}</ul>`,
      ...(sessionPages
        ? []
        : [
            '<p class="meta">Each session\'s own page (its probe matrix, transcript and charts) is written by <code>compaction-bench report</code> with this folder: it writes them from the run\'s records, as the run would have, and this page again with a link to each (<code>compare --session-pages</code> writes them in the run).</p>',
          ]),
    ],
    footer: 'Written by compaction-bench from <code>suite-results.json</code>.',
  });
}
