/**
 * `F-report.html`: one self-contained page per fixture (styles, script and charts inline; it opens from disk
 * and loads nothing): the sortable comparison, the charts, and every strategy's details, side by side for any
 * two. Given several results files of one fixture (a budget sweep), it shows each target in turn.
 */
import { continuationSection } from './continuation.ts';
import { continuationCutLine } from '../continuation.ts';
import { provenanceMarkdown } from '../../results/provenance.ts';
import { formatInteger } from '../../text/numbers.ts';
import type { ResultsFile } from '../../results/types.ts';
import { providerLine, timingsMeasured } from '../comparison.ts';
import { observations } from '../observations.ts';
import { probeCountText } from '../probe-sources.ts';
import { adjustmentNote, statisticsRows } from '../statistics.ts';
import { resultsFileName } from '../../report-names.ts';
import { figure, htmlDocumentPieces } from './document.ts';
import { escapeHtml } from './escape.ts';
import { decayPlot } from './chain-plot.ts';
import { kindPlot } from './kind-plot.ts';
import { type ChartStyle, chartStyle, type Plot, strategyNames } from './plots.ts';
import { recallPlot } from './recall-plot.ts';
import { retentionPlot } from './retention-plot.ts';
import { timelinePlot } from './timeline-plot.ts';
import { probeMatrix, type ReportSource } from './probe-matrix.ts';
import type { StoredCalls } from '../../results/records-file.ts';
import { strategyDetails } from './strategy-details.ts';
import { comparisonTable, htmlTable } from './tables.ts';
import { transcriptHtml } from './transcript.ts';
import { strategyAnchor, verdictHtml } from './verdict.ts';
import { sessionVerdict } from '../verdict.ts';
import type { SessionReading } from '../session-reading.ts';
import { sweepTable } from './sweep-table.ts';
import { sweepVerdict } from '../sweep.ts';

/** Escaped text with Markdown `code` spans as <code>. */
function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** A section's heading prefix and the label of its target. */
type Part = { file: ResultsFile; prefix: string; label: string };

function configLine(results: ResultsFile): string {
  const { config } = results;
  return `Slices of ${formatInteger(config.sliceTokens)} tokens with ${formatInteger(config.overlapTokens)} overlap; ratio ${config.ratio}; concurrency ${config.concurrency}${config.contextWindow ? `; context window ${formatInteger(config.contextWindow)}` : ''}${config.runs > 1 ? `; ${config.runs} runs each (mean ± standard error)` : ''}.`;
}

function statistics(results: ResultsFile): string {
  const found = results.statistics;
  if (!found || found.comparisons.length === 0) return '';
  return [
    '<h3>Is the difference real?</h3>',
    `<p>Each strategy against <code>${escapeHtml(found.reference)}</code> on the same ${found.probes} live fact probes; "not distinguishable" means within what chance gives on this many probes (p-values Holm-corrected).</p>`,
    `<div class="table-wrap">${htmlTable(statisticsRows(found))}</div>`,
    `<p class="meta">${escapeHtml(adjustmentNote(found.comparisons))}</p>`,
  ].join('\n');
}

function sideBySide(part: Part): string {
  const { file, prefix } = part;
  const options = (selected: number) =>
    file.strategies
      .map(
        (strategy, index) =>
          `<option value="${strategyAnchor(strategy.name, prefix)}-body"${index === selected ? ' selected' : ''}>${escapeHtml(strategy.name)}</option>`,
      )
      .join('');
  const second = Math.min(1, file.strategies.length - 1);
  return [
    `<h3 id="${prefix}side-by-side">Side by side</h3>`,
    '<div class="side-by-side">',
    `<div class="pickers"><label>Left <select aria-label="left strategy">${options(0)}</select></label><label>Right <select aria-label="right strategy">${options(second)}</select></label></div>`,
    '<div class="panes"><div class="pane"></div><div class="pane"></div></div>',
    '</div>',
  ].join('\n');
}

/** The strategies' details, a strategy at a time: a long session's are tens of MB of page. */
function* strategies(part: Part, stored: StoredCalls | undefined, transcript: boolean): Generator<string> {
  const { file, prefix } = part;
  yield `<h3 id="${prefix}strategies">Strategies</h3>`;
  for (const strategy of file.strategies) {
    const recall = strategy.quality.probeRecall;
    const hint =
      strategy.status === 'error'
        ? 'failed'
        : `${formatInteger(strategy.tokensAfter)} tokens after${recall === null ? '' : `, probe recall ${recall.toFixed(2)}`}`;
    yield `\n${[
      `<details class="strategy" id="${strategyAnchor(strategy.name, prefix)}">`,
      `<summary>${escapeHtml(strategy.name)} <span class="hint">— ${escapeHtml(hint)}</span></summary>`,
      `<div class="strategy-body" id="${strategyAnchor(strategy.name, prefix)}-body">`,
      strategyDetails(file, strategy, stored, transcript),
      '</div></details>',
    ].join('\n')}`;
  }
}

/** One target's section of the page, as pieces: its blocks, then each strategy's details. */
function* section(
  part: Part,
  recall: Plot | null,
  sweep: boolean,
  source: ReportSource | undefined,
  chart: ChartStyle,
  recommended: string | null,
  remarks: readonly string[],
): Generator<string> {
  const { file, prefix } = part;
  const anchor = (name: string) => strategyAnchor(name, prefix);
  yield [
    `<section class="target" id="${prefix}section">`,
    sweep ? `<h2>${escapeHtml(part.label)}</h2>` : '',
    `<h3 id="${prefix}comparison">Comparison</h3>`,
    `<div class="table-wrap comparison-wrap">${comparisonTable(file, anchor, recommended, chart)}</div>`,
    `<ul>${remarks.map((line) => `<li>${inline(line)}</li>`).join('')}</ul>`,
    probeMatrix(file, prefix, anchor, sweep ? undefined : source),
    statistics(file),
    figure(recall, prefix),
    figure(timelinePlot(file, chart), prefix),
    figure(retentionPlot(file, chart), prefix),
    figure(kindPlot(file, chart), prefix),
    // A session's replay is at the top of its page; each target of a sweep has its own.
    sweep ? continuationSection(file, prefix, anchor, 'h3', chart) : '',
    sideBySide(part),
  ]
    .filter((block) => block !== '')
    .join('\n');
  yield '\n';
  yield* strategies(part, source?.calls, !sweep && (source?.messages.length ?? 0) > 0);
  yield '\n</section>';
}

/**
 * The HTML report of one fixture: one results file, or the files of a budget sweep (one per target); with the
 * `source` (transcript and probes) the probe matrix shows facets and the transcript is in the page.
 */
export function renderHtmlReport(
  files: readonly ResultsFile[],
  source?: ReportSource,
  reading?: SessionReading,
): string {
  return [...htmlReportPieces(files, source, reading)].join('');
}

/**
 * {@link renderHtmlReport} as pieces, written one after another: each session section and the transcript are
 * rendered when the page is written that far, so the page is never one string. `reading`: a session's verdict and
 * observations when its comparison Markdown worked them out already (not for a sweep, whose targets have their own).
 */
export function htmlReportPieces(
  files: readonly ResultsFile[],
  source?: ReportSource,
  reading?: SessionReading,
): Iterable<string> {
  const sorted = [...files].sort((a, b) => (a.target ?? 0) - (b.target ?? 0));
  const first = sorted[0]!;
  const sweep = sorted.length > 1;
  const parts: Part[] = sorted.map((file, position) => ({
    file,
    prefix: sweep ? `t${position}-` : '',
    label: file.target === null ? 'No target' : `At ${formatInteger(file.target)} tokens`,
  }));
  const given = sweep ? undefined : reading;
  const verdict = sweep ? sweepVerdict(sorted) : (given?.verdict ?? sessionVerdict(first));
  const chart = chartStyle(strategyNames(sorted), verdict.recommended?.name ?? null);
  const recall = recallPlot(sorted, chart);
  // A session's page has one verdict: it is not worked out again for its comparison table.
  const recommendedOf = (file: ResultsFile) =>
    (sweep ? sessionVerdict(file) : verdict).recommended?.name ?? null;
  // Offline, "fastest" would measure this machine: left out, as the verdict says (the timeline keeps the times).
  const remarksOf = (file: ResultsFile) =>
    given?.observations ?? observations(file, { timings: timingsMeasured(file) });
  const sections = parts.map(
    (part) => () =>
      section(
        part,
        sweep ? null : recall,
        sweep,
        source,
        chart,
        recommendedOf(part.file),
        remarksOf(part.file),
      ),
  );
  // A sweep's details live in each target's section; the verdict links to the first target's.
  const names = new Set(first.strategies.map((strategy) => strategy.name));
  const verdictAnchor = (name: string) => (names.has(name) ? strategyAnchor(name, parts[0]!.prefix) : null);
  const decay = sweep ? null : decayPlot(first, chart);
  const { fixture } = first;
  const nav = sweep
    ? [
        ['verdict', 'Verdict'],
        ['sweep', 'Recall per budget'],
        ['recall-vs-tokens', 'Recall vs tokens'],
        ...parts.map((part) => [`${part.prefix}section`, part.label]),
      ]
    : [
        ['verdict', 'Verdict'],
        ...(first.strategies.some((strategy) => strategy.continuation)
          ? [['continuation', 'Continuation']]
          : []),
        ...(decay ? [['decay', 'Across compactions']] : []),
        ['comparison', 'Comparison'],
        ...(first.probes.length > 0 ? [['probes', 'Probes']] : []),
        ...[recall ? ['recall-vs-tokens', 'Recall vs tokens'] : []],
        ['timeline', 'Timeline'],
        ['retention', 'Retention'],
        ['recall-by-kind', 'Recall per kind'],
        ['side-by-side', 'Side by side'],
        ['strategies', 'Strategies'],
        ...(source && source.messages.length > 0 ? [['transcript', 'Transcript']] : []),
      ].filter((entry) => entry.length > 0);
  const replay = first.continuation
    ? `, continuation replay at message ${first.continuation.cuts.join(', ')}`
    : '';
  const chain = first.schedule === undefined ? '' : ', compaction chain';
  const title = `${fixture.name}: compaction strategies${sweep ? ', budget sweep' : first.target === null ? '' : ` at ${formatInteger(first.target)} tokens`}${chain}${replay}`;
  return htmlDocumentPieces({
    title,
    header: [
      `<p class="meta">Session <code>${escapeHtml(fixture.name)}</code> (${escapeHtml(fixture.format)})${first.continuation ? ' up to the cut' : ''}: ${formatInteger(fixture.messages)} messages, ${formatInteger(fixture.tokens)} tokens (${escapeHtml(first.tokenizer)}${first.tokensEstimated ? ', estimated' : ''}), ${probeCountText(fixture, 'fact probes')}, ${fixture.files} files.</p>`,
      ...(continuationCutLine(first)
        ? [`<p class="meta">${escapeHtml(continuationCutLine(first)!)}</p>`]
        : []),
      `<p class="meta">${inline(providerLine(first))}</p>`,
      `<p class="meta">${escapeHtml(configLine(first))}</p>`,
      ...(first.schedule === undefined
        ? []
        : [
            `<p class="meta">Replayed as a compaction chain: <code>--schedule ${escapeHtml(first.schedule)}</code>; the figures are of the context at the chain's end.</p>`,
          ]),
    ],
    nav,
    main: [
      verdictHtml(verdict, verdictAnchor),
      ...(sweep ? [] : [continuationSection(first, '', verdictAnchor, 'h2', chart)]),
      ...(decay ? [figure(decay, '', 'h2')] : []),
      ...(sweep ? [sweepTable(sorted, (name) => strategyAnchor(name, parts[0]!.prefix))] : []),
      ...(sweep && recall ? [figure(recall, '')] : []),
      ...sections,
      ...(sweep ? [] : [() => transcriptHtml(source?.messages)]),
    ],
    footer: `Written by compaction-bench from ${sorted.map((file) => `<code>${escapeHtml(resultsFileName(file))}</code>`).join(', ')}; rebuild with <code>compaction-bench report</code>. ${provenanceHtml(first.provenance)}`,
  });
}

/** The provenance with its date (the HTML report is not meant for committing, so the date may change it). */
function provenanceHtml(provenance: ResultsFile['provenance']): string {
  const line = provenanceMarkdown(provenance).replace(/^_|_$/g, '');
  const date = provenance ? ` Run on ${provenance.date}.` : '';
  return `${inline(line)}${escapeHtml(date)}`;
}
