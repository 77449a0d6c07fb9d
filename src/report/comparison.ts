/** The comparison of strategies on one fixture: rows, observations, as Markdown or a terminal table. */
import type { ResultsFile, StrategyResult } from '../results.ts';
import { formatCost, formatMs, formatRatio } from './format.ts';
import { formatInteger, markdownTable, type Rows, terminalTable } from './table.ts';

/** The comparison rows (SPEC §4 columns, in order). */
export function comparisonRows(results: ResultsFile): Rows {
  const withCost = results.strategies.some((strategy) => strategy.cost !== null && strategy.cost > 0);
  const withStructure = results.strategies.some((strategy) => strategy.quality.structure !== null);
  const withKept = results.strategies.some((strategy) => strategy.keptMessages > 0);
  const head = [
    'Strategy',
    'Input Tokens',
    'Output Tokens',
    'API Calls',
    'Time (ms)',
    'Summary Tokens',
    // With kept messages the compacted context is more than the summary: show both.
    ...(withKept ? ['Kept Messages', 'Tokens After'] : []),
    'Compression',
    'Probe Recall',
    'File Recall',
    ...(withStructure ? ['Structure'] : []),
    'Invented Paths',
    ...(results.judge ? ['Judge'] : []),
    ...(withCost ? ['Cost'] : []),
  ];
  const rows = results.strategies.map((strategy) => {
    const failed = strategy.status === 'error';
    const spread = (name: string, text: string) =>
      strategy.spread?.[name] ? `${text} ± ${formatRatio(strategy.spread[name].stdError)}` : text;
    return [
      failed ? `${strategy.name} (failed)` : strategy.name,
      formatInteger(strategy.inputTokens),
      formatInteger(strategy.outputTokens),
      formatInteger(strategy.calls),
      formatMs(strategy.wallMs),
      failed ? '–' : formatInteger(strategy.summaryTokens),
      ...(withKept
        ? [
            failed ? '–' : formatInteger(strategy.keptMessages),
            failed ? '–' : formatInteger(strategy.tokensAfter),
          ]
        : []),
      failed ? '–' : formatRatio(strategy.compressionRatio, 3),
      failed ? '–' : spread('probeRecall', formatRatio(strategy.quality.probeRecall)),
      failed ? '–' : spread('fileRecall', formatRatio(strategy.quality.fileRecall)),
      ...(withStructure ? [failed ? '–' : formatRatio(strategy.quality.structure)] : []),
      failed ? '–' : String(strategy.quality.inventedPaths.length),
      ...(results.judge ? [failed ? '–' : spread('judge', formatRatio(strategy.quality.judge?.score))] : []),
      ...(withCost ? [formatCost(strategy.cost)] : []),
    ];
  });
  return { head, rows, alignRight: head.map((_, column) => column > 0) };
}

/**
 * Strategies not beaten on both probe recall (higher is better) and compacted size (tokens after,
 * lower is better): the quality/token Pareto front.
 */
export function paretoFront(strategies: readonly StrategyResult[]): StrategyResult[] {
  const scored = strategies.filter(
    (strategy) => strategy.status === 'ok' && strategy.quality.probeRecall !== null,
  );
  return scored.filter(
    (candidate) =>
      !scored.some(
        (other) =>
          other !== candidate &&
          other.quality.probeRecall! >= candidate.quality.probeRecall! &&
          other.tokensAfter <= candidate.tokensAfter &&
          (other.quality.probeRecall! > candidate.quality.probeRecall! ||
            other.tokensAfter < candidate.tokensAfter),
      ),
  );
}

function best(
  strategies: readonly StrategyResult[],
  figure: (strategy: StrategyResult) => number,
  direction: 'min' | 'max',
): StrategyResult[] {
  if (strategies.length === 0) return [];
  const values = strategies.map(figure);
  const target = direction === 'min' ? Math.min(...values) : Math.max(...values);
  return strategies.filter((_, index) => values[index] === target);
}

const names = (strategies: readonly StrategyResult[]) =>
  strategies.map((strategy) => `\`${strategy.name}\``).join(', ');

/** Short observations under the table: fastest, cheapest, best recall, the Pareto front, failures. */
export function observations(results: ResultsFile): string[] {
  const ok = results.strategies.filter((strategy) => strategy.status === 'ok');
  const modelStrategies = ok.filter((strategy) => strategy.calls > 0);
  const lines: string[] = [];
  if (modelStrategies.length > 0) {
    const fastest = best(modelStrategies, (strategy) => strategy.wallMs, 'min');
    lines.push(`Fastest: ${names(fastest)} (${formatMs(fastest[0]!.wallMs)} ms).`);
    const cheapest = best(modelStrategies, (strategy) => strategy.inputTokens + strategy.outputTokens, 'min');
    lines.push(
      `Fewest tokens spent: ${names(cheapest)} (${formatInteger(cheapest[0]!.inputTokens + cheapest[0]!.outputTokens)} input + output).`,
    );
    const shortestPath = best(modelStrategies, (strategy) => strategy.criticalPathCalls, 'min');
    lines.push(
      `Shortest critical path: ${names(shortestPath)} (${shortestPath[0]!.criticalPathCalls} sequential ${shortestPath[0]!.criticalPathCalls === 1 ? 'call' : 'calls'}).`,
    );
  }
  const scored = ok.filter((strategy) => strategy.quality.probeRecall !== null);
  if (scored.length > 0) {
    const recall = best(scored, (strategy) => strategy.quality.probeRecall!, 'max');
    lines.push(`Best probe recall: ${names(recall)} (${formatRatio(recall[0]!.quality.probeRecall)}).`);
    const summarizing = scored.filter((strategy) => strategy.calls > 0);
    const slices = Math.ceil(results.fixture.tokens / results.config.sliceTokens);
    if (
      summarizing.length > 1 &&
      new Set(summarizing.map((strategy) => strategy.quality.probeRecall)).size === 1
    ) {
      lines.push(
        `Every summarizing strategy has the same probe recall: with about ${slices} slice${slices === 1 ? '' : 's'} of ${formatInteger(results.config.sliceTokens)} tokens their budgets are generous for this session; a longer fixture (large-session) or a smaller --slice-tokens separates them.`,
      );
    }
    const front = paretoFront(scored).sort((a, b) => a.tokensAfter - b.tokensAfter);
    lines.push(
      `Quality/size Pareto front (probe recall vs tokens after): ${front
        .map(
          (strategy) =>
            `\`${strategy.name}\` (${formatRatio(strategy.quality.probeRecall)} at ${formatInteger(strategy.tokensAfter)})`,
        )
        .join(', ')}.`,
    );
  }
  const invented = ok.filter((strategy) => strategy.quality.inventedPaths.length > 0);
  if (invented.length > 0) {
    lines.push(
      `Named paths that appear nowhere in the transcript: ${invented.map((strategy) => `\`${strategy.name}\` ${strategy.quality.inventedPaths.length}`).join(', ')}.`,
    );
  }
  if (results.judge) {
    const judged = results.strategies.flatMap((strategy) =>
      strategy.judgeUsage ? [strategy.judgeUsage] : [],
    );
    const calls = judged.reduce((sum, usage) => sum + usage.calls, 0);
    const costs = judged.map((usage) => usage.cost);
    const cost = costs.every((value) => value !== null)
      ? ` costing ${formatCost(costs.reduce((sum, value) => sum! + value!, 0))}`
      : '';
    lines.push(
      `Judged by \`${results.judge.id}:${results.judge.model}\`: ${calls} judge calls${cost}, not counted in the strategies' calls, tokens or cost.`,
    );
  }
  for (const failed of results.strategies.filter((strategy) => strategy.status === 'error')) {
    lines.push(`\`${failed.name}\` failed: ${failed.error}`);
  }
  return lines;
}

/** One line saying which provider produced the summaries, honest about the offline baseline. */
export function providerLine(results: ResultsFile): string {
  const { provider } = results;
  if (!provider.isLanguageModel) {
    return `Provider: \`${provider.id}\` — the offline, deterministic, non-LLM extractive baseline (no model was called; figures are a floor, not what an LLM would do).`;
  }
  const judge = results.judge ? `; judge \`${results.judge.id}:${results.judge.model}\`` : '';
  return `Provider: \`${provider.id}:${provider.model}\`${judge}.`;
}

function tokenNote(results: ResultsFile): string {
  const counter = results.tokensEstimated ? `${results.tokenizer} (estimates: chars/4)` : results.tokenizer;
  return `Transcript and compacted sizes are counted with ${counter}; input/output tokens come from the API where it reported usage, otherwise from the same tokenizer (see each strategy's report).`;
}

/** `F-comparison.md`. */
export function renderComparisonMarkdown(results: ResultsFile): string {
  const { fixture, config } = results;
  return [
    `# ${fixture.name}: strategy comparison`,
    '',
    `Fixture \`${fixture.name}\` (${fixture.format}): ${formatInteger(fixture.messages)} messages, ${formatInteger(fixture.tokens)} tokens, ${fixture.probes} probes.`,
    providerLine(results),
    `Slices of ${formatInteger(config.sliceTokens)} tokens with ${formatInteger(config.overlapTokens)} overlap; ratio ${config.ratio}, recent boost ${config.recentBoost}; concurrency ${config.concurrency}${config.contextWindow ? `; context window ${formatInteger(config.contextWindow)}` : ''}${config.runs > 1 ? `; ${config.runs} runs each (mean ± standard error)` : ''}.`,
    '',
    markdownTable(comparisonRows(results)),
    '',
    '## Observations',
    '',
    ...observations(results).map((line) => `- ${line}`),
    '',
    tokenNote(results),
    '',
  ].join('\n');
}

/** The comparison as the terminal shows it. */
export function renderComparisonTerminal(results: ResultsFile): string {
  const { fixture } = results;
  return [
    `${fixture.name} — ${formatInteger(fixture.tokens)} tokens${results.tokensEstimated ? ' (estimated: chars/4)' : ''}, ${formatInteger(fixture.messages)} messages, ${fixture.probes} probes`,
    providerLine(results).replaceAll('`', ''),
    terminalTable(comparisonRows(results)),
    ...observations(results).map((line) => `  • ${line.replaceAll('`', '')}`),
  ].join('\n');
}
