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
import { chartStyle } from './plots.ts';
import { intervalPlot, sessionPlot } from './suite-plots.ts';
import { htmlTable } from './tables.ts';

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

/** The suite report page; `sessions` are the results the suite was assembled from (for the heat map). */
export function renderSuiteHtml(suite: SuiteResults, sessions: readonly SessionDigest[]): string {
  const title = `Suite of ${suite.sessions.length} sessions: compaction strategies${suite.target === null ? '' : ` at ${suite.target} tokens`}`;
  const sessionLinks = suite.sessions.map((session) => {
    const results = sessions.find((file) => file.fixture.name === session.name);
    const page = results ? `${reportStem(results)}-report.html` : null;
    return `<li><code>${escapeHtml(session.name)}</code> (${escapeHtml(session.format)}, ${escapeHtml(session.size)}, ${session.probes} fact probes): <a href="${escapeHtml(session.comparison)}">comparison</a>${page ? ` · <a href="${escapeHtml(page)}">report</a>` : ''}</li>`;
  });
  const verdict = suiteVerdictOf(suite, sessions);
  const chart = chartStyle(
    suite.strategies.map((strategy) => strategy.name),
    verdict.recommended?.name ?? null,
  );
  return htmlDocument({
    title,
    header: [
      `<p class="meta">Provider <code>${escapeHtml(suite.provider.id)}:${escapeHtml(suite.provider.model)}</code>${suite.provider.isLanguageModel ? '' : ' — an offline lexical stand-in, not a model'}; sizes by ${escapeHtml(suite.tokenizer)}.</p>`,
    ],
    main: [
      verdictHtml(verdict, () => null),
      '<h2 id="strategies">Each strategy over the suite</h2>',
      `<div class="table-wrap comparison-wrap">${htmlTable(suiteStrategyRows(suite)).replace('<table>', '<table class="comparison">')}</div>`,
      ...[...suiteLegend(suite), ...intervalNote(suite), `Method: ${suite.method}.`].map(
        (line) => `<p class="meta">${escapeHtml(line.replaceAll('`', ''))}</p>`,
      ),
      ...(suite.comparisons.length > 0
        ? [
            `<h2 id="paired">Against ${escapeHtml(suite.reference ?? 'the reference')}, paired by session and probe</h2>`,
            `<div class="table-wrap comparison-wrap">${htmlTable(suiteComparisonRows(suite)).replace('<table>', '<table class="comparison">')}</div>`,
            `<p class="meta">${escapeHtml(adjustmentNote(suite.comparisons))}</p>`,
          ]
        : []),
      figure(sessionPlot(sessions, chart), '', 'h2'),
      ...suiteStrataHtml(suite),
      figure(intervalPlot(suite, chart), '', 'h2'),
      '<h2 id="sessions">Sessions</h2>',
      `<ul>${sessionLinks.join('')}</ul>`,
    ],
    footer: 'Written by compaction-bench from <code>suite-results.json</code>.',
  });
}
