/** The compaction chains of a `--schedule` run: recall per compaction per strategy, as Markdown and for the terminal. */
import { formatInteger, formatMs, formatRatio } from '../text/numbers.ts';
import { type ChainAggregation, chainMetrics, type Metric } from '../quality/metrics.ts';
import type { ChainResult, CycleResult } from '../results/chain.ts';
import type { ResultsFile, StrategyResult } from '../results/types.ts';
import { fitColumns, markdownTable, type Rows, terminalTable, type TerminalStyle } from './table.ts';
import { wrapProse } from './wrap.ts';

type Chained = StrategyResult & { chain: ChainResult };

function chained(results: ResultsFile): Chained[] {
  return results.strategies.filter((strategy): strategy is Chained => strategy.chain !== undefined);
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** A chain metric over a strategy's compactions: the figure after the last one, or the mean of all. */
function overCycles(
  metric: Metric & { chain: ChainAggregation },
  cycles: readonly CycleResult[],
): number | null {
  const field = metric.chain.field ?? metric.key;
  const figure = (cycle: CycleResult | undefined) => {
    const value = cycle?.[field];
    return typeof value === 'number' ? value : null;
  };
  if (metric.chain.over === 'last') return figure(cycles.at(-1));
  return mean(cycles.map(figure).filter((value): value is number => value !== null));
}

/** `0.83` with the probes it is over, or `–`. */
function recallCell(recall: number | null, probes: number): string {
  return recall === null ? '–' : `${formatRatio(recall)} (${probes})`;
}

function nameOf(strategy: Chained): string {
  const { status } = strategy.chain;
  return status === 'ok' ? strategy.name : `${strategy.name} (${status})`;
}

/** Whether any compaction had fact probes to score; without them the per-compaction cells show file recall. */
function hasProbes(strategies: readonly Chained[]): boolean {
  return strategies.some((strategy) => strategy.chain.cycles.some((cycle) => cycle.probes > 0));
}

/** Strategy × compaction: recall of the facts planted so far (file recall without probes), the end state, the cost. */
export function chainRows(results: ResultsFile, timings = true): Rows {
  const strategies = chained(results);
  const metrics = chainMetrics().filter((metric) => timings || !metric.timing);
  const perCycle = hasProbes(strategies)
    ? (cycle: CycleResult | undefined) => cycle?.probeRecall
    : (cycle: CycleResult | undefined) => cycle?.fileRecall;
  const cycles = Math.max(0, ...strategies.map((strategy) => strategy.chain.cycles.length));
  const head = [
    'Strategy',
    'Compactions',
    ...Array.from({ length: cycles }, (_, index) => `#${index + 1}`),
    'First stretch after the last',
    ...metrics.map((metric) => metric.chain.label),
  ];
  const rows = strategies.map((strategy) => {
    const list = strategy.chain.cycles;
    const last = list.at(-1);
    return [
      nameOf(strategy),
      strategy.chain.compactions,
      ...Array.from({ length: cycles }, (_, index) => formatRatio(perCycle(list[index]))),
      last ? recallCell(last.firstStretchRecall, last.firstStretchProbes) : '–',
      ...metrics.map((metric) => {
        const value = overCycles(metric, list);
        return metric.chain.format && value !== null ? metric.chain.format(value) : metric.format(value);
      }),
    ];
  });
  return { head, rows, alignRight: head.map((_, column) => column > 0) };
}

/** Strategy × compaction from the second on: recall of facts an earlier compaction had already summarized. */
function earlierRows(results: ResultsFile): Rows {
  const strategies = chained(results);
  const cycles = Math.max(0, ...strategies.map((strategy) => strategy.chain.cycles.length));
  const head = ['Strategy', ...Array.from({ length: cycles - 1 }, (_, index) => `#${index + 2}`)];
  const rows = strategies.map((strategy) => [
    nameOf(strategy),
    ...Array.from({ length: cycles - 1 }, (_, index) => {
      const cycle = strategy.chain.cycles[index + 1];
      return cycle ? recallCell(cycle.earlierRecall, cycle.earlierProbes) : '';
    }),
  ]);
  return { head, rows, alignRight: head.map((_, column) => column > 0) };
}

/** The chain section of `F-comparison.md`; nothing without `--schedule`. */
export function renderChainMarkdown(results: ResultsFile): string[] {
  const strategies = chained(results);
  if (strategies.length === 0) return [];
  const stopped = strategies.filter((strategy) => strategy.chain.error !== null);
  return [
    `## Compaction chain (\`--schedule ${results.schedule ?? strategies[0]!.chain.schedule}\`)`,
    '',
    "Each compaction is scored on the context right after it (its summary and the messages kept) against the facts planted so far; a strategy whose output is bigger compacts again sooner. Each row above is the context at the end of the session. First stretch: the facts the first compaction summarized that the session never restated, after the last compaction. `recorded` is the agent's own summary at each of its points.",
    '',
    hasProbes(strategies)
      ? '### Recall of the facts so far, per compaction'
      : '### File recall per compaction (this transcript has no fact probes)',
    '',
    markdownTable(chainRows(results)),
    '',
    ...(hasProbes(strategies) && strategies.some((strategy) => strategy.chain.cycles.length > 1)
      ? [
          '### Facts an earlier compaction summarized (not restated since), per compaction',
          '',
          markdownTable(earlierRows(results)),
          '',
        ]
      : []),
    ...stopped.map((strategy) => `- ${strategy.name}: ${strategy.chain.error}`),
    ...(stopped.length > 0 ? [''] : []),
  ];
}

/**
 * The chain table as the terminal shows it, fitted to the width: the strategy, the last compaction's recall and the
 * first stretch's first, then the earlier compactions from the latest, then the end state by the registry's rank;
 * without times when `timings` is false (no call went to a model). Empty without `--schedule`.
 */
export function renderChainTerminal(
  results: ResultsFile,
  terminal: TerminalStyle & { width?: number | undefined } = {},
  timings = true,
): string {
  if (chained(results).length === 0) return '';
  const what = hasProbes(chained(results)) ? 'recall of the facts so far' : 'file recall (no fact probes)';
  const rows = chainRows(results, timings);
  const cycles = rows.head.filter((head) => /^#\d+$/.test(head)).length;
  const metrics = chainMetrics().filter((metric) => timings || !metric.timing);
  // Strategy 0, Compactions 3, #1…#n from the last (1, 4, 5, …), the first stretch 2, then the registry's order.
  const ranks = [
    0,
    3,
    ...Array.from({ length: cycles }, (_, index) => (index === cycles - 1 ? 1 : 4 + (cycles - 1 - index))),
    2,
    ...metrics.map((metric) => 100 + metric.terminalRank),
  ];
  const fitted = fitColumns(rows, ranks, terminal.width);
  return [
    wrapProse(
      `Compaction chain (--schedule ${results.schedule ?? 'recorded'}): ${what} after each compaction`,
      terminal.width,
    ),
    terminalTable(fitted.rows, { color: terminal.color ?? false }),
    ...(fitted.omitted.length > 0
      ? [wrapProse(`  (${fitted.omitted.join(', ')} in the Markdown and HTML reports)`, terminal.width)]
      : []),
  ].join('\n');
}

/** Every compaction of one strategy's chain, for its own report; nothing without one. */
export function renderCyclesMarkdown(strategy: StrategyResult): string[] {
  const { chain } = strategy;
  if (!chain) return [];
  const head = [
    '#',
    'Before message',
    'Kept from',
    'Tokens before → after',
    'Summary tokens',
    'Updated',
    'Calls',
    'ms',
    'Recall (probes)',
    'Earlier (probes)',
    'First stretch (probes)',
    'Files',
    'Modified files',
  ];
  const row = (cycle: CycleResult) => [
    cycle.cycle,
    cycle.atMessage,
    cycle.keptFrom ?? '–',
    `${cycle.tokensBefore === null ? '?' : formatInteger(cycle.tokensBefore)} → ${formatInteger(cycle.tokensAfter)}`,
    formatInteger(cycle.summaryTokens),
    cycle.updated ? 'yes' : 'no',
    cycle.calls,
    formatMs(cycle.ms),
    recallCell(cycle.probeRecall, cycle.probes),
    recallCell(cycle.earlierRecall, cycle.earlierProbes),
    recallCell(cycle.firstStretchRecall, cycle.firstStretchProbes),
    formatRatio(cycle.fileRecall),
    formatRatio(cycle.modifiedFileRecall),
  ];
  const alignRight = head.map((_, column) => column !== 5);
  return [
    `## Compaction chain (\`--schedule ${chain.schedule}\`)`,
    [
      `${chain.compactions} compaction${chain.compactions === 1 ? '' : 's'}${chain.error ? `; ${chain.error}` : ''}.`,
      '',
      markdownTable({ head, rows: chain.cycles.map(row), alignRight }),
    ].join('\n'),
  ];
}
