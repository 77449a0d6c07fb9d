/**
 * `suite-report.html`: the suite's verdict as one self-contained page — the per-strategy table with intervals
 * clustered by session, the paired comparison, recall with its interval against tokens after, and recall per
 * strategy and session as a heat map, with links to each session's own report.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { SessionDigest } from '../../results/digest.ts';
import { MINIMUM_CLUSTERS_FOR_INTERVAL } from '../../suite/cluster.ts';
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
import { strategyGroupsScript } from './colors.ts';
import { verdictHtml } from './verdict.ts';
import { figure, htmlDocument } from './document.ts';
import { escapeHtml } from './escape.ts';
import type { Plot } from './plots.ts';
import { strategyScale } from './colors.ts';
import { renderSvg } from './svg.ts';
import { htmlTable } from './tables.ts';

/** Each strategy's mean fact recall with its clustered interval, at its mean tokens after. */
async function intervalPlot(suite: SuiteResults): Promise<Plot | null> {
  const values = suite.strategies.flatMap((strategy) => {
    const recall = strategy.metrics.probeRecall;
    const tokens = strategy.metrics.tokensAfter;
    if (!recall || !tokens || !(tokens.estimate > 0)) return [];
    const clamp = (value: number) =>
      Math.min(1, Math.max(0, Number.isFinite(value) ? value : recall.estimate));
    return [
      {
        strategy: strategy.name,
        kind: strategy.lexical ? 'lexical baseline' : 'strategy',
        tokens: tokens.estimate,
        recall: recall.estimate,
        low: clamp(recall.low),
        high: clamp(recall.high),
      },
    ];
  });
  if (values.length === 0) return null;
  const names = values.map((value) => value.strategy);
  const x = {
    field: 'tokens',
    type: 'quantitative',
    scale: { type: 'log' },
    title: 'Mean tokens after',
  } as const;
  const spec = {
    width: 760,
    height: 340,
    data: { values },
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: {
          x,
          y: { field: 'low', type: 'quantitative', scale: { domain: [0, 1] }, title: 'Fact recall (95% CI)' },
          y2: { field: 'high' },
          color: { field: 'strategy', type: 'nominal', title: 'Strategy', scale: strategyScale(names) },
        },
      },
      {
        mark: { type: 'point', filled: true, size: 70 },
        encoding: {
          x,
          y: { field: 'recall', type: 'quantitative' },
          color: { field: 'strategy', type: 'nominal', scale: strategyScale(names) },
          shape: { field: 'kind', type: 'nominal', title: 'Kind' },
        },
      },
    ],
  } as TopLevelSpec;
  return {
    id: 'suite-recall',
    title: 'Fact recall against tokens after, over the suite',
    caption:
      suite.sessions.length < MINIMUM_CLUSTERS_FOR_INTERVAL
        ? `Each strategy's mean fact recall over ${suite.sessions.length} sessions at its mean tokens after (log scale); no interval with fewer than ${MINIMUM_CLUSTERS_FOR_INTERVAL} sessions.`
        : `Each strategy's mean fact recall over ${suite.sessions.length} sessions, the bar its 95% interval clustered by session, at its mean tokens after (log scale). Overlapping bars: not distinguishable.`,
    svg: await renderSvg(spec),
  };
}

/** Recall per strategy and session, each cell with its value; a cell without one says why (failed, no probes). */
async function sessionPlot(sessions: readonly SessionDigest[]): Promise<Plot | null> {
  const values = sessions.flatMap((results) =>
    results.strategies
      .filter((strategy) => strategy.name !== 'recorded')
      .map((strategy) => {
        const recall =
          strategy.status === 'ok' && strategy.quality.probeRecall !== null
            ? strategy.quality.probeRecall
            : null;
        return {
          strategy: strategy.name,
          session: results.fixture.name,
          recall,
          label: recall === null ? (strategy.status === 'ok' ? 'n/p' : 'fail') : recall.toFixed(2),
        };
      }),
  );
  if (values.every((value) => value.recall === null)) return null;
  const strategies = [...new Set(values.map((value) => value.strategy))];
  const spec = {
    width: { step: 64 },
    height: { step: 22 },
    data: { values },
    encoding: {
      x: {
        field: 'session',
        type: 'nominal',
        title: 'Session',
        sort: null,
        axis: { labelAngle: -30, labelLimit: 0 },
      },
      y: { field: 'strategy', type: 'nominal', title: null, sort: strategies, axis: { labelLimit: 0 } },
    },
    layer: [
      {
        name: 'sessionCells',
        mark: { type: 'rect', stroke: 'white' },
        encoding: {
          color: {
            condition: { test: 'datum.recall === null', value: '#f0f0f0' },
            field: 'recall',
            type: 'quantitative',
            title: 'Fact recall',
            scale: { domain: [0, 1], scheme: 'blues' },
          },
          tooltip: [{ field: 'strategy' }, { field: 'session' }, { field: 'label', title: 'recall' }],
        },
      },
      {
        name: 'sessionLabels',
        mark: { type: 'text', fontSize: 11 },
        encoding: {
          text: { field: 'label' },
          color: {
            condition: { test: 'datum.recall !== null && datum.recall > 0.6', value: 'white' },
            value: '#222',
          },
        },
      },
    ],
  } as unknown as TopLevelSpec;
  return {
    id: 'suite-sessions',
    title: 'Fact recall per session',
    caption:
      'Each strategy on each session, its fact recall in the cell; darker is more. "n/p": the session has no fact probes; "fail": the strategy failed there.',
    svg: await renderSvg(spec),
  };
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

/** The suite report page; `sessions` are the results the suite was assembled from (for the heat map). */
export async function renderSuiteHtml(
  suite: SuiteResults,
  sessions: readonly SessionDigest[],
): Promise<string> {
  const title = `Suite of ${suite.sessions.length} sessions: compaction strategies${suite.target === null ? '' : ` at ${suite.target} tokens`}`;
  const sessionLinks = suite.sessions.map((session) => {
    const results = sessions.find((file) => file.fixture.name === session.name);
    const page = results ? `${reportStem(results)}-report.html` : null;
    return `<li><code>${escapeHtml(session.name)}</code> (${escapeHtml(session.format)}, ${escapeHtml(session.size)}, ${session.probes} fact probes): <a href="${escapeHtml(session.comparison)}">comparison</a>${page ? ` · <a href="${escapeHtml(page)}">report</a>` : ''}</li>`;
  });
  return htmlDocument({
    title,
    header: [
      `<p class="meta">Provider <code>${escapeHtml(suite.provider.id)}:${escapeHtml(suite.provider.model)}</code>${suite.provider.isLanguageModel ? '' : ' — an offline lexical stand-in, not a model'}; sizes by ${escapeHtml(suite.tokenizer)}.</p>`,
    ],
    main: [
      verdictHtml(suiteVerdictOf(suite, sessions), () => null),
      strategyGroupsScript(suite.strategies.map((strategy) => strategy.name)),
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
      figure(await sessionPlot(sessions), '', 'h2'),
      ...suiteStrataHtml(suite),
      figure(await intervalPlot(suite), '', 'h2'),
      '<h2 id="sessions">Sessions</h2>',
      `<ul>${sessionLinks.join('')}</ul>`,
    ],
    footer: 'Written by compaction-bench from <code>suite-results.json</code>.',
  });
}
