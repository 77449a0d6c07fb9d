/** The comparison of strategies on one fixture: rows, observations, as Markdown or a terminal table. */
import { probeCountText, probeSourcesLine } from './probe-sources.ts';
import { countOf, formatInteger, formatRatio } from '../text/numbers.ts';
import { METRICS, type Metric } from '../quality/metrics.ts';
import { atRunPoint, lexicalMatches, observations } from './observations.ts';
import type { ResultsFile, StrategyResult } from '../results/types.ts';
import type { SessionDigest } from '../results/digest.ts';
import { renderChainMarkdown, renderChainTerminal } from './cycles.ts';
import { renderStatisticsMarkdown } from './statistics.ts';
import { continuationCutLine } from './continuation.ts';
import {
  renderContinuationTableTerminal,
  renderContinuationVerdictTerminal,
} from './continuation-terminal.ts';
import { reportStem } from '../report-names.ts';
import { provenanceMarkdown } from '../results/provenance.ts';
import { fitColumns, markdownTable, type Rows, terminalTable } from './table.ts';
import { wrapProse } from './wrap.ts';
import { formatEstimate, recallEstimate, sessionVerdict, type Verdict } from './verdict.ts';
import {
  renderVerdictMarkdown,
  renderVerdictTerminal,
  type Standing,
  standingLegend,
  standingOf,
} from './verdict-text.ts';

/** The registry metrics whose column says something for these results, in column order. */
export function comparisonMetrics(results: ResultsFile): Metric[] {
  return METRICS.filter((metric) => metric.column(results));
}

/**
 * Whether the times measure calls made now to a model. Otherwise (an offline provider, answers from the cache
 * or a cassette) they measure this machine from one run to the next, and stay out of the Markdown meant for
 * committing, so that a rerun writes the same bytes; the HTML report and the results JSON keep them.
 */
export function timingsMeasured(results: Pick<SessionDigest, 'provider' | 'strategies'>): boolean {
  return (
    results.provider.isLanguageModel &&
    // Results files of earlier versions may lack `freshCalls`: their times are then treated as measured.
    results.strategies.some((strategy) => (strategy.freshCalls ?? [1]).some((calls) => calls > 0))
  );
}

/**
 * What a rendering of the comparison includes: `elsewhere` takes the rows scored at another point of the session
 * (the agent's own compaction, where it compacted) instead of the run's.
 */
export type ComparisonOptions = { timings?: boolean; elsewhere?: boolean };

/** The comparison rows: the strategy, then every registry metric whose column says something for these results. */
export function comparisonRows(results: ResultsFile, options: ComparisonOptions = {}): Rows {
  const metrics = comparisonMetrics(results).filter(
    (metric) => options.timings !== false || metric.key !== 'ownMs',
  );
  const head = ['Strategy', ...metrics.map((metric) => metric.label)];
  const strategies = results.strategies.filter(
    (strategy) => atRunPoint(strategy, results) !== (options.elsewhere === true),
  );
  const rows = strategies.map((strategy) => {
    const failed = strategy.status === 'error';
    return [
      failed ? `${strategy.name} (failed)` : `${strategy.name}${marks(strategy, results)}`,
      ...metrics.map((metric) => comparisonCell(metric, strategy, failed)),
    ];
  });
  return { head, rows, alignRight: head.map((_, column) => column > 0) };
}

/** Marks a strategy that a lexical baseline matches at no more tokens. */
export const LEXICAL_MARK = '‡';
/** Marks a compacted context over half the transcript (or the usable window): it does not compress. */
export const NO_COMPRESSION_MARK = '⊘';
/** Marks a result more than 15% over its `--target-tokens` target. */
export const MISSED_TARGET_MARK = '!';

/** The marks after a strategy's name, with a space before them; empty without any. */
function marks(strategy: StrategyResult, results: ResultsFile): string {
  const found = [
    ...(lexicalMatches(strategy, results.strategies).length > 0 ? [LEXICAL_MARK] : []),
    ...(strategy.flags.includes('does-not-compress') ? [NO_COMPRESSION_MARK] : []),
    ...(strategy.flags.includes('missed-target') ? [MISSED_TARGET_MARK] : []),
  ];
  return found.length === 0 ? '' : ` ${found.join('')}`;
}

/** What the marks of these results mean, one line each (only those that occur). */
export function markLegend(results: ResultsFile): string[] {
  const names = comparisonRows(results).rows.map((row) => String(row[0]));
  const used = (mark: string) =>
    names.some((name) => / \S+$/.test(name) && name.slice(name.lastIndexOf(' ')).includes(mark));
  return [
    ...(used(LEXICAL_MARK)
      ? [`${LEXICAL_MARK} a lexical baseline keeps as much at no more tokens (see below)`]
      : []),
    ...(used(NO_COMPRESSION_MARK)
      ? [
          `${NO_COMPRESSION_MARK} does not compress: over half the transcript (or the model's window less the reserve); never "best"`,
        ]
      : []),
    ...(used(MISSED_TARGET_MARK)
      ? [`${MISSED_TARGET_MARK} missed the --target-tokens target: more than 15% over it; never "best"`]
      : []),
  ];
}

/** One cell: the figure (± its standard error over runs where the metric shows it), or a dash. */
function comparisonCell(metric: Metric, strategy: StrategyResult, failed: boolean): string {
  if (failed && metric.whenFailed === 'dash') return '–';
  const text = metric.format(metric.read(strategy));
  const spread = metric.showSpread ? strategy.spread?.[metric.key] : undefined;
  return spread ? `${text} ± ${formatRatio(spread.stdError)}` : text;
}

/** The rows scored at another point of the session (the agent's own compaction), in a table of their own. */
function elsewhereTerminal(results: ResultsFile, terminal: TerminalOptions): string[] {
  const caption = elsewhereCaption(results);
  if (caption === null) return [];
  const timings = timingsMeasured(results);
  const ranks = [
    0,
    ...comparisonMetrics(results)
      .filter((metric) => timings || metric.key !== 'ownMs')
      .map((metric) => metric.terminalRank),
  ];
  const fitted = fitColumns(comparisonRows(results, { timings, elsewhere: true }), ranks, terminal.width);
  return [wrapProse(caption, terminal.width), terminalTable(fitted.rows, { color: terminal.color ?? false })];
}

/** One line saying which provider produced the summaries, honest about the offline stand-in. */
export function providerLine(results: ResultsFile): string {
  const { provider } = results;
  if (!provider.isLanguageModel) {
    return `Provider: \`${provider.id}\` — an offline lexical stand-in, not a model: it copies sentences verbatim and fills its budget, so its rankings reflect each strategy's budget and structure, not what a model would do.`;
  }
  const judge = results.judge ? `; judge \`${results.judge.id}:${results.judge.model}\`` : '';
  const batch = provider.priceTier === 'batch' ? ' through its batch API (costs at batch prices)' : '';
  return `Provider: \`${provider.id}:${provider.model}\`${batch}${judge}.`;
}

function tokenNote(results: ResultsFile): string {
  const counter = results.tokensEstimated ? `${results.tokenizer} (estimates: chars/4)` : results.tokenizer;
  return `Transcript and compacted sizes are counted with ${counter}; input/output tokens come from the API where it reported usage, otherwise from the same tokenizer (see each strategy's report).`;
}

/**
 * What `--runs N` gave: N samples (mean ± standard error) where a provider samples, and one sample, said so,
 * where it is deterministic, instead of a standard error of 0.
 */
export function runsNote(results: Pick<ResultsFile, 'config' | 'strategies'>): string {
  if (results.config.runs <= 1) return '';
  const sampled = results.strategies.filter((strategy) => strategy.runs > 1).length;
  const deterministic = results.strategies
    .filter((strategy) => strategy.deterministic)
    .map((strategy) => strategy.name);
  const parts: string[] = [];
  if (sampled > 0) parts.push(`${results.config.runs} runs each (mean ± standard error)`);
  if (deterministic.length === results.strategies.length)
    parts.push(`--runs ${results.config.runs}: deterministic, one sample each`);
  else if (deterministic.length > 0) parts.push(`deterministic, one sample: ${deterministic.join(', ')}`);
  return parts.length > 0 ? `; ${parts.join('; ')}` : '';
}

/**
 * `F-comparison.md`; `reading`: its verdict and observations when the page's were worked out already (a
 * session-reading.ts `SessionReading`, named by its shape: that module reads `timingsMeasured` from here).
 */
export function renderComparisonMarkdown(
  results: ResultsFile,
  reading?: { verdict: Verdict; observations: readonly string[] },
): string {
  const { fixture, config } = results;
  const timings = timingsMeasured(results);
  return [
    `# ${fixture.name}: strategy comparison`,
    '',
    `Session \`${fixture.name}\` (${fixture.format})${results.continuation ? ' up to the cut' : ''}: ${formatInteger(fixture.messages)} messages, ${formatInteger(fixture.tokens)} tokens, ${probeCountText(fixture)}.`,
    ...(continuationCutLine(results) ? [continuationCutLine(results)!] : []),
    probeSourcesLine(fixture),
    providerLine(results),
    `${results.target === null ? '' : `Every strategy aimed at ${formatInteger(results.target)} tokens of compacted context. `}Slices of ${formatInteger(config.sliceTokens)} tokens with ${formatInteger(config.overlapTokens)} overlap; ratio ${config.ratio}, recent boost ${config.recentBoost}; concurrency ${config.concurrency}${config.contextWindow ? `; context window ${formatInteger(config.contextWindow)}` : ''}${runsNote(results)}.`,
    '',
    ...renderVerdictMarkdown(reading?.verdict ?? sessionVerdict(results), { timings }),
    '## Comparison',
    '',
    markdownTable(comparisonRows(results, { timings })),
    '',
    ...markLegend(results).map((line) => `${line}  `),
    '',
    ...elsewhereMarkdown(results, timings),
    ...renderChainMarkdown(results),
    ...renderStatisticsMarkdown(results),
    '## Observations',
    '',
    ...(reading?.observations ?? observations(results, { timings })).map((line) => `- ${line}`),
    '',
    tokenNote(results),
    ...(timings ? [] : ['', UNTIMED_NOTE]),
    '',
    provenanceMarkdown(results.provenance),
    '',
  ].join('\n');
}

/**
 * The rows scored at another point of the session than the run's (the agent's own compaction, where it
 * compacted): their own table under its own heading, so no figure is set beside the strategies' as if comparable.
 */
export function elsewhereCaption(results: ResultsFile): string | null {
  const rows = results.strategies.filter(
    (strategy) => strategy.status === 'ok' && !atRunPoint(strategy, results),
  );
  if (rows.length === 0) return null;
  const first = rows[0]!;
  return `The agent's own compaction, scored where it compacted (${formatInteger(first.tokensBefore)} tokens of the session, ${countOf(first.quality.probesTotal, 'live fact')}) rather than at this run's point (${formatInteger(results.fixture.tokens)} tokens): not comparable with the rows above, and not ranked with them.`;
}

function elsewhereMarkdown(results: ResultsFile, timings: boolean): string[] {
  const caption = elsewhereCaption(results);
  if (caption === null) return [];
  return [caption, '', markdownTable(comparisonRows(results, { timings, elsewhere: true })), ''];
}

/** Why a Markdown report has no times: they would only measure this machine. */
export const UNTIMED_NOTE =
  'Times are left out of this file: no call went to a model during the run (an offline provider, or answers from the cache or a cassette), so they would only measure this machine; the HTML report and the results JSON have them.';

/** How the terminal is: its width in columns (none when not a terminal) and whether colour is wanted. */
export type TerminalOptions = { width?: number | undefined; color?: boolean };

/** The comparison for the terminal: columns by rank, recall with its interval, a Verdict column after tokens after. */
function terminalRows(results: ResultsFile, verdict: Verdict): { rows: Rows; ranks: number[] } {
  // Times of no model call measure this machine: left out, as in the Markdown (the HTML and JSON have them).
  const timings = timingsMeasured(results);
  const metrics = [...comparisonMetrics(results)]
    .filter((metric) => timings || metric.key !== 'ownMs')
    .sort((a, b) => a.terminalRank - b.terminalRank);
  // The agent's own compaction scored at another point of the session has its own table (elsewhereTerminal).
  const strategies = results.strategies.filter((strategy) => atRunPoint(strategy, results));
  const standings = strategies.map((strategy) =>
    standingOf(verdict, {
      name: strategy.name,
      failed: strategy.status === 'error',
      lexical: strategy.lexical,
      flagged: strategy.flags.length > 0,
      scored: strategy.quality.probeRecall !== null,
    }),
  );
  // Tokens after, or the summary's tokens where no strategy keeps messages (the same figure, one column).
  const tokensAt =
    [metrics.findIndex((metric) => metric.key === 'tokensAfter')]
      .concat(metrics.findIndex((metric) => metric.key === 'summaryTokens'))
      .find((index) => index >= 0) ?? -1;
  const verdictAt = tokensAt < 0 ? metrics.length : tokensAt + 1;
  const head = metrics.map((metric) =>
    metric.key === 'probeRecall' ? `${metric.label} [95% CI]` : metric.label,
  );
  head.splice(verdictAt, 0, 'Verdict');
  const rows = strategies.map((strategy, index) => {
    const failed = strategy.status === 'error';
    const cells = metrics.map((metric) =>
      metric.key === 'probeRecall' && !failed && strategy.quality.probeRecall !== null
        ? formatEstimate(recallEstimate(strategy, results))
        : comparisonCell(metric, strategy, failed),
    );
    cells.splice(verdictAt, 0, standings[index]!);
    return [failed ? `${strategy.name} (failed)` : `${strategy.name}${marks(strategy, results)}`, ...cells];
  });
  const ranks = [0, ...metrics.map((metric) => metric.terminalRank)];
  // The verdict right after tokens after: kept at any width that keeps recall and size.
  ranks.splice(verdictAt + 1, 0, (metrics[tokensAt]?.terminalRank ?? 0) + 0.5);
  return {
    rows: {
      head: ['Strategy', ...head],
      rows,
      alignRight: ranks.map((_, column) => column > 0 && column !== verdictAt + 1),
    },
    ranks,
  };
}

/**
 * The comparison as the terminal shows it, verdict first: the columns that fit the width, most essential first
 * (recall with its interval, tokens after, the verdict, then the registry's `terminalRank`); the others are named
 * under the table and are in the Markdown and HTML. The recommended row is green when colour is on.
 */
export function renderComparisonTerminal(results: ResultsFile, terminal: TerminalOptions = {}): string {
  const { fixture } = results;
  const verdict = sessionVerdict(results);
  const table = terminalRows(results, verdict);
  const fitted = fitColumns(table.rows, table.ranks, terminal.width);
  const stem = reportStem(results);
  const prose = (line: string) => wrapProse(line.replaceAll('`', ''), terminal.width);
  const recommended = results.strategies
    .filter((strategy) => atRunPoint(strategy, results))
    .findIndex((strategy) => strategy.name === verdict.recommended?.name);
  const standings = table.rows.rows.map((row) => String(row[table.rows.head.indexOf('Verdict')]) as Standing);
  const legend = fitted.rows.head.some((head) => head === 'Verdict') ? standingLegend(standings) : null;
  return [
    renderVerdictTerminal(verdict, terminal.width),
    renderContinuationVerdictTerminal(results, terminal),
    prose(
      `${fixture.name}${results.continuation ? ' up to the cut' : ''} — ${formatInteger(fixture.tokens)} tokens${results.tokensEstimated ? ' (estimated: chars/4)' : ''}, ${formatInteger(fixture.messages)} messages, ${probeCountText(fixture)}`,
    ),
    prose(continuationCutLine(results) ?? ''),
    prose(probeSourcesLine(fixture)),
    prose(providerLine(results)),
    terminalTable(fitted.rows, {
      color: terminal.color ?? false,
      paint: new Map(recommended < 0 ? [] : [[recommended, 'green' as const]]),
    }),
    ...markLegend(results).map((line) => prose(`  ${line}`)),
    ...(legend ? [prose(`  ${legend}`)] : []),
    ...elsewhereTerminal(results, terminal),
    ...(fitted.omitted.length > 0
      ? [
          prose(
            `  (${fitted.omitted.length} more ${fitted.omitted.length === 1 ? 'column' : 'columns'} in ${stem}-comparison.md and ${stem}-report.html: ${fitted.omitted.join(', ')})`,
          ),
        ]
      : []),
    renderContinuationTableTerminal(results, terminal),
    ...observations(results, { timings: timingsMeasured(results) }).map((line) => prose(`  • ${line}`)),
    renderChainTerminal(results, terminal, timingsMeasured(results)),
  ]
    .filter((line) => line !== '')
    .join('\n');
}
