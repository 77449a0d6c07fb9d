/** `F-S.md`: one strategy's summary, metrics, call trace and the probes it missed. */
import { describeAgreement, lexicalJudgeAgreement } from '../quality/judge/lexical-agreement.ts';
import { renderCyclesMarkdown } from './cycles.ts';
import { FILE_NAMES_ONLY, probeSourcesLine } from './probe-sources.ts';
import { formatCost, formatInteger, formatMs, formatRatio } from '../text/numbers.ts';
import { METRICS } from '../quality/metrics.ts';
import type { ResultsFile, StrategyResult } from '../results/types.ts';
import { formatRanges } from '../session/message-ranges.ts';
import { providerLine, timingsMeasured } from './comparison.ts';
import { markdownTable } from './table.ts';
import { probeCounts } from '../quality/recall-credit.ts';

function usageSourceText(source: StrategyResult['usageSource'], tokenizer: string): string {
  switch (source) {
    case 'api':
      return 'as reported by the API';
    case 'tokenizer':
      return `counted with ${tokenizer}; no usage reported by an API`;
    case 'mixed':
      return `from the API where it reported usage, otherwise counted with ${tokenizer} (see the trace)`;
    case 'none':
      return 'no calls';
  }
}

/** What the report says of a figure where it can say more than the figure itself. */
function details(results: ResultsFile, strategy: StrategyResult): Record<string, string> {
  const { quality } = strategy;
  return {
    calls: `${formatInteger(strategy.calls)}${strategy.cachedCalls > 0 ? ` (${strategy.cachedCalls} from cache)` : ''}`,
    inputTokens: `${formatInteger(strategy.inputTokens)} (${usageSourceText(strategy.usageSource, results.tokenizer)})`,
    ownMs: `${formatMs(strategy.ownMs)} (wall ${formatMs(strategy.wallMs)}, of which ${formatMs(strategy.waitMs)} waiting for a concurrency slot on its critical path)`,
    cost: formatCost(strategy.cost),
    tokensAfter: `${formatInteger(strategy.tokensAfter)} (summary ${formatInteger(strategy.summaryTokens)}${strategy.keptMessages > 0 ? ` + ${strategy.keptMessages} kept messages` : ''})`,
    probeRecall: `${formatRatio(quality.probeRecall)} (${probeCounts(quality)})`,
    inventedPaths:
      quality.inventedPaths.length === 0
        ? '0'
        : quality.inventedPaths.map((path) => `\`${path}\``).join(', '),
  };
}

// Figures the report shows inside another row (tokens after names the summary and kept messages).
const SHOWN_ELSEWHERE = new Set(['summaryTokens', 'keptMessages']);

function metricsTable(results: ResultsFile, strategy: StrategyResult): string {
  const detail = details(results, strategy);
  // Times of an offline or replayed run measure this machine: kept out so a rerun writes the same bytes.
  const timings = timingsMeasured(results);
  const rows: Array<[string, string]> = [
    ['Status', strategy.status === 'ok' ? 'ok' : `error: ${strategy.error}`],
    [
      'Critical path',
      `${strategy.criticalPathCalls} sequential ${strategy.criticalPathCalls === 1 ? 'call' : 'calls'}${timings ? ` (${formatMs(strategy.criticalPathMs)} ms of call time)` : ''}`,
    ],
    ['Tokens before', `${formatInteger(strategy.tokensBefore)} (${results.tokenizer})`],
    ...(strategy.cachedInputTokens > 0
      ? ([['Cached input tokens', formatInteger(strategy.cachedInputTokens)]] as Array<[string, string]>)
      : []),
    // Absent in results written before cache writes were counted.
    ...((strategy.cacheWriteInputTokens ?? 0) > 0
      ? ([
          ['Input tokens written to the prompt cache', formatInteger(strategy.cacheWriteInputTokens)],
        ] as Array<[string, string]>)
      : []),
  ];
  for (const metric of METRICS) {
    if (SHOWN_ELSEWHERE.has(metric.key) || (metric.key === 'judge' && !results.judge)) continue;
    if (metric.key === 'ownMs' && !timings) continue;
    rows.push([metric.label, detail[metric.key] ?? metric.format(metric.read(strategy))]);
  }
  if (strategy.runs > 1 && strategy.spread) {
    for (const [name, spread] of Object.entries(strategy.spread)) {
      rows.push([
        `${name} over ${strategy.runs} runs`,
        `${formatRatio(spread.mean, 3)} ± ${formatRatio(spread.stdError, 3)} (standard error)`,
      ]);
    }
  }
  return markdownTable({ head: ['Metric', 'Value'], rows });
}

function recallByKind(strategy: StrategyResult): string {
  const kinds = Object.entries(strategy.quality.probeRecallByKind);
  if (kinds.length === 0) return '';
  return markdownTable({
    head: ['Probe kind', 'Recall'],
    rows: kinds.map(([kind, recall]) => [kind, formatRatio(recall)]),
    alignRight: [false, true],
  });
}

function judgeSection(results: ResultsFile, strategy: StrategyResult): string[] {
  const judge = strategy.quality.judge;
  if (!results.judge || !judge) return [];
  const usage = strategy.judgeUsage;
  const spent = usage
    ? ` ${usage.calls} judge calls (${formatInteger(usage.inputTokens)} input, ${formatInteger(usage.outputTokens)} output tokens, ${formatCost(usage.cost)}), not counted above.`
    : '';
  const kinds = Object.entries(judge.byKind)
    .map(([kind, score]) => `${kind} ${formatRatio(score)}`)
    .join(', ');
  return [
    '## Judge',
    `Judged by \`${results.judge.id}:${results.judge.model}\`: score ${formatRatio(judge.score)} over ${judge.graded + judge.errors} probes${judge.errors > 0 ? ` (${judge.errors} could not be graded and count as failed; reasons below)` : ''}${kinds ? `; by kind: ${kinds}` : ''}.${spent}`,
    describeAgreement(lexicalJudgeAgreement(strategy.quality.probeOutcomes, judge)),
    markdownTable({
      head: ['Probe', 'Kind', 'Score', 'Answer from the summary', 'Reason'],
      rows: judge.probes.map((probe) => [
        probe.id,
        probe.kind,
        formatRatio(probe.score),
        probe.answer,
        probe.reason,
      ]),
    }),
  ];
}

function traceTable(strategy: StrategyResult, timings: boolean): string {
  if (strategy.trace.length === 0) return 'No provider calls.';
  const keep = (_: unknown, column: number) => timings || column !== 4;
  return markdownTable({
    head: ['#', 'Label', 'Input tokens', 'Output tokens', 'ms', 'Cached', 'Attempts', 'Error'].filter(keep),
    alignRight: [true, false, true, true, true, false, true, false].filter(keep),
    rows: strategy.trace.map((call, index) =>
      [
        index + 1,
        call.label,
        formatInteger(call.inputTokens),
        formatInteger(call.outputTokens),
        formatMs(call.ms),
        call.cached ? 'yes' : 'no',
        call.attempts ?? '–',
        call.error ?? '',
      ].filter(keep),
    ),
  });
}

function missedProbes(results: ResultsFile, strategy: StrategyResult): string {
  const outcomes = strategy.quality.probeOutcomes;
  const rows = results.probes.filter((probe) => outcomes[probe.id] && outcomes[probe.id] !== 'matched');
  if (rows.length === 0)
    return strategy.quality.probesTotal === 0
      ? `This session has no fact probes: ${FILE_NAMES_ONLY}.`
      : 'None: every probe was kept.';
  return markdownTable({
    head: ['Probe', 'Kind', 'Outcome', 'At message', 'Question', 'Expected answer'],
    rows: rows.map((probe) => [
      probe.id,
      probe.kind,
      outcomes[probe.id] === 'partial' ? 'partial (counts half)' : outcomes[probe.id]!,
      probe.messageIndex ?? '–',
      probe.question,
      probe.answer,
    ]),
  });
}

/** A fenced block that the text itself cannot close. */
function fenced(text: string): string {
  const longestRun = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  return `${fence}markdown\n${text}\n${fence}`;
}

function summaryBlock(strategy: StrategyResult): string {
  if (strategy.summary) return fenced(strategy.summary);
  if (strategy.status === 'error') return '_No summary: the strategy failed._';
  return '_No summary: the compacted context is the kept messages alone._';
}

/** The transcript ranges kept verbatim after the summary (0-based message indices, inclusive). */
function keptSection(strategy: StrategyResult): string[] {
  if (strategy.keptMessages === 0) return [];
  const from =
    strategy.keptRanges.length > 0
      ? `, from transcript messages ${formatRanges(strategy.keptRanges)} (0-based)`
      : '';
  return [
    '## Kept messages',
    `${formatInteger(strategy.keptMessages)} messages kept verbatim after the summary${from}.`,
  ];
}

/** The prompts the strategy sent, by hash, so results from different prompt versions can be told apart. */
function promptsSection(strategy: StrategyResult): string[] {
  if (strategy.prompts.length === 0) return [];
  return [
    '## Prompts',
    markdownTable({
      head: ['Prompt', 'SHA-256 (first 12)', 'Source'],
      rows: strategy.prompts.map((prompt) => [
        prompt.name,
        `\`${prompt.sha256}\``,
        prompt.file ? `\`${prompt.file}\`` : 'built-in',
      ]),
    }),
  ];
}

/** The report of one strategy on one fixture. */
export function renderStrategyMarkdown(results: ResultsFile, strategy: StrategyResult): string {
  const blocks = [
    `# ${results.fixture.name} · ${strategy.name}`,
    `${strategy.description}.\n${providerLine(results)}\n${probeSourcesLine(results.fixture)}`,
    '## Metrics',
    metricsTable(results, strategy),
    recallByKind(strategy),
    ...renderCyclesMarkdown(strategy),
    ...(strategy.notes.length > 0 ? ['## Notes', strategy.notes.map((note) => `- ${note}`).join('\n')] : []),
    '## Call trace',
    traceTable(strategy, timingsMeasured(results)),
    '## Probes not kept in full',
    missedProbes(results, strategy),
    ...judgeSection(results, strategy),
    ...promptsSection(strategy),
    '## Summary',
    summaryBlock(strategy),
    ...keptSection(strategy),
  ];
  return `${blocks.filter((block) => block !== '').join('\n\n')}\n`;
}
