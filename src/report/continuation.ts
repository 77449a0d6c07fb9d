/**
 * The continuation tables (docs/continuation.md), as rows every renderer shares: one row per strategy (and Full
 * and Null when a model predicted), and per step the real action beside each strategy's predicted one.
 */
import type { Action } from '../results/continuation-types.ts';
import { formatRatio } from '../numbers.ts';
import type { ResultsFile, StrategyResult } from '../results/types.ts';
import { markdownTable, type Rows } from './table.ts';

/** The strategies of a results file that carry a continuation block. */
function withContinuation(
  results: ResultsFile,
): Array<StrategyResult & { continuation: NonNullable<StrategyResult['continuation']> }> {
  return results.strategies.filter(
    (strategy): strategy is StrategyResult & { continuation: NonNullable<StrategyResult['continuation']> } =>
      strategy.continuation !== undefined,
  );
}

/** An action in a table cell: `kind target`, or `–` for none. */
export function actionCell(action: Action | null | undefined): string {
  if (!action) return '–';
  return action.target === '' ? action.kind : `${action.kind} ${action.target}`;
}

const share = (part: number, whole: number) => (whole === 0 ? '–' : `${part}/${whole}`);

/** The continuation table: grounding (lexical), conversation-only recall, and the prediction columns. */
export function continuationRows(results: ResultsFile): Rows | null {
  const rows = withContinuation(results);
  if (rows.length === 0) return null;
  const predicted = rows.some((row) => row.continuation.prediction !== null);
  const head = [
    'strategy',
    'rehydrate',
    'grounded (lexical)',
    'conversation-only recall',
    ...(predicted ? ['L0', 'L1', 'L2', 'normalised L0/L1/L2', 'redundant re-reads'] : []),
  ];
  const table: Rows['rows'] = rows.map(({ name, continuation }) => {
    const { grounding, recoverability, prediction } = continuation;
    const base = [
      name,
      continuation.rehydrate,
      `${share(grounding.grounded, grounding.established)}${grounding.rate === null ? '' : ` (${formatRatio(grounding.rate)})`}`,
      `${formatRatio(recoverability.conversationRecall)} of ${recoverability.counts.conversation}`,
    ];
    if (!predicted) return base;
    if (!prediction) return [...base, '–', '–', '–', '–', '–'];
    const { rates, redundantReads, predictedReads } = prediction.strategy;
    const normalised = prediction.normalised;
    return [
      ...base,
      formatRatio(rates.l0),
      formatRatio(rates.l1),
      formatRatio(rates.l2),
      [normalised.l0, normalised.l1, normalised.l2].map((value) => formatRatio(value)).join(' / '),
      share(redundantReads, predictedReads),
    ];
  });
  const reference = rows.find((row) => row.continuation.prediction)?.continuation.prediction;
  if (reference) {
    for (const [label, run] of [
      ['Full (uncompacted prefix)', reference.full],
      ['Null (last user message)', reference.null],
    ] as const) {
      if (!run) continue;
      table.push([
        label,
        '',
        '',
        '',
        formatRatio(run.rates.l0),
        formatRatio(run.rates.l1),
        formatRatio(run.rates.l2),
        '',
        share(run.redundantReads, run.predictedReads),
      ]);
    }
  }
  return { head, rows: table, alignRight: head.map((_, column) => column >= 2) };
}

/** Per step after the cut: the real action beside each strategy's predicted one (null offline). */
export function stepRows(results: ResultsFile): Rows | null {
  const rows = withContinuation(results);
  const first = rows[0]?.continuation;
  if (!first || rows.every((row) => row.continuation.prediction === null)) return null;
  return {
    head: ['step', 'real action', ...rows.map((row) => row.name)],
    rows: first.realSteps.map((step, index) => [
      index + 1,
      step.actions.map(actionCell).join(' | '),
      ...rows.map((row) => {
        const predicted = row.continuation.prediction?.strategy.steps[index];
        if (!predicted) return '–';
        const level = predicted.score.l2 ? 'L2' : predicted.score.l1 ? 'L1' : predicted.score.l0 ? 'L0' : '✗';
        return `${actionCell(predicted.predicted)} (${level})`;
      }),
    ]),
  };
}

/** What a reader must know above the tables: the cut, K, and the note (offline: why the prediction columns are empty). */
export function continuationLead(results: ResultsFile): string[] {
  const first = withContinuation(results)[0]?.continuation;
  if (!first) return [];
  const notes = [
    ...new Set(
      withContinuation(results).flatMap((row) => (row.continuation.note ? [row.continuation.note] : [])),
    ),
  ];
  return [
    `Cut before message ${first.cut}; the next ${first.steps} assistant turns the agent really took are the answers. Grounded: the compacted context names the target of a next action that was named before the cut (a lexical check, not a prediction). Conversation-only recall: probes found in no file and no attachment at the cut.`,
    ...notes,
  ];
}

/** `F-continuation.md`: the continuation tables of one fixture; null when it ran without `--continuation`. */
export function renderContinuationMarkdown(results: ResultsFile): string | null {
  const table = continuationRows(results);
  if (!table) return null;
  const steps = stepRows(results);
  return [
    `# Continuation: ${results.fixture.name}`,
    '',
    ...continuationLead(results).flatMap((line) => [line, '']),
    markdownTable(table),
    ...(steps ? ['', '## Real and predicted actions', '', markdownTable(steps)] : []),
    '',
  ].join('\n');
}
