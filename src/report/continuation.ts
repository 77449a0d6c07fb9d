/**
 * The continuation tables (docs/continuation.md), as rows every renderer shares: one row per strategy (and Full
 * and Null when a model predicted), and per step the real action beside each strategy's predicted one.
 */
import type {
  Action,
  ContinuationCut,
  ContinuationResult,
  NormalisedRates,
  PooledShare,
  StepScore,
} from '../results/continuation-types.ts';
import { formatInteger, formatRatio } from '../text/numbers.ts';
import type { ResultsFile, StrategyResult } from '../results/types.ts';
import type { Rows } from './table.ts';

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

/** Every cut of a block: its `cuts`, or the block itself when it has one cut. */
export function cutsOf(block: ContinuationResult): ContinuationCut[] {
  return block.cuts ?? [block];
}

/** A pooled share with its interval: `0.50 [0.20–0.80]`, or the estimate alone when there is no interval. */
function pooledCell(value: PooledShare): string {
  if (value.estimate === null) return '–';
  return value.low === null || value.high === null
    ? formatRatio(value.estimate)
    : `${formatRatio(value.estimate)} [${formatRatio(value.low)}–${formatRatio(value.high)}]`;
}

/** The normalised scores in one cell: `L0 / L1 / L2`, and `/ L3` when judged. */
function normalisedCell(normalised: NormalisedRates, judged: boolean): string {
  return [normalised.l0, normalised.l1, normalised.l2, ...(judged ? [normalised.l3] : [])]
    .map((value) => formatRatio(value))
    .join(' / ');
}

/** The level heads, with L3 when a judge scored it. */
const levelHeads = (judged: boolean) => [
  'L0',
  'L1',
  'L2',
  ...(judged ? ['L3 (judge)'] : []),
  judged ? 'normalised L0/L1/L2/L3' : 'normalised L0/L1/L2',
];

/** The table pooled over cuts (several cuts): grounding and, with a model, L0–L2 with 95% intervals. */
function pooledRows(rows: ReturnType<typeof withContinuation>): Rows {
  const predicted = rows.some((row) => row.continuation.pooled?.prediction);
  const judged = rows.some((row) => row.continuation.pooled?.prediction?.strategy.l3 !== undefined);
  const empty = Array.from({ length: judged ? 5 : 4 }, () => '–');
  const head = [
    'strategy',
    'rehydrate',
    'cuts',
    'steps',
    'grounded (lexical)',
    ...(predicted ? levelHeads(judged) : []),
  ];
  const table: Rows['rows'] = rows.map(({ name, continuation }) => {
    const pooled = continuation.pooled;
    if (!pooled)
      return [name, continuation.rehydrate, '1', continuation.steps, '–', ...(predicted ? empty : [])];
    const { grounding, prediction } = pooled;
    const base = [
      name,
      continuation.rehydrate,
      pooled.cuts.join(', '),
      pooled.steps,
      `${share(grounding.grounded, grounding.established)} ${pooledCell(grounding.rate)}`,
    ];
    if (!predicted) return base;
    if (!prediction) return [...base, ...empty];
    const { strategy } = prediction;
    return [
      ...base,
      pooledCell(strategy.l0),
      pooledCell(strategy.l1),
      pooledCell(strategy.l2),
      ...(judged ? [strategy.l3 ? pooledCell(strategy.l3) : '–'] : []),
      normalisedCell(prediction.normalised, judged),
    ];
  });
  if (predicted) {
    const reference = rows.find((row) => row.continuation.pooled?.prediction)?.continuation.pooled;
    // Full and Null are shared only where every strategy has the same cuts (not a chain's own compactions).
    const shared = rows.every((row) => row.continuation.pooled?.cuts.join() === reference?.cuts.join());
    for (const [label, rates] of [
      ['Full (uncompacted prefix)', reference?.prediction?.full],
      ['Null (last user message)', reference?.prediction?.null],
    ] as const) {
      if (!shared || !rates) continue;
      table.push([
        label,
        '',
        reference!.cuts.join(', '),
        rates.steps,
        '',
        pooledCell(rates.l0),
        pooledCell(rates.l1),
        pooledCell(rates.l2),
        ...(judged ? [rates.l3 ? pooledCell(rates.l3) : '–'] : []),
        '',
      ]);
    }
  }
  return { head, rows: table, alignRight: head.map((_, column) => column >= 3) };
}

/** With several cuts, one row per strategy and cut: grounding, conversation-only recall and the levels. */
export function cutRows(results: ResultsFile): Rows | null {
  const rows = withContinuation(results);
  if (!rows.some((row) => row.continuation.cuts)) return null;
  const predicted = rows.some((row) => cutsOf(row.continuation).some((cut) => cut.prediction));
  const head = [
    'strategy',
    'cut',
    'steps',
    'grounded (lexical)',
    'conversation-only recall',
    ...(predicted ? ['L0', 'L1', 'L2', 'Full L0/L1/L2', 'Null L0/L1/L2', 'normalised L0/L1/L2'] : []),
  ];
  const levels = (rates: { l0: number | null; l1: number | null; l2: number | null } | null | undefined) =>
    rates ? [rates.l0, rates.l1, rates.l2].map((value) => formatRatio(value)).join(' / ') : '–';
  const table: Rows['rows'] = rows.flatMap(({ name, continuation }) =>
    cutsOf(continuation).map((cut) => {
      const base = [
        name,
        cut.cut,
        cut.steps,
        share(cut.grounding.grounded, cut.grounding.established),
        `${formatRatio(cut.recoverability.conversationRecall)} of ${cut.recoverability.counts.conversation}`,
      ];
      if (!predicted) return base;
      const prediction = cut.prediction;
      if (!prediction) return [...base, '–', '–', '–', '–', '–', '–'];
      const { rates } = prediction.strategy;
      return [
        ...base,
        formatRatio(rates.l0),
        formatRatio(rates.l1),
        formatRatio(rates.l2),
        levels(prediction.full?.rates),
        levels(prediction.null?.rates),
        levels(prediction.normalised),
      ];
    }),
  );
  return { head, rows: table, alignRight: head.map((_, column) => column >= 1) };
}

/** The continuation table: grounding (lexical), conversation-only recall, and the prediction columns. */
export function continuationRows(results: ResultsFile): Rows | null {
  const rows = withContinuation(results);
  if (rows.length === 0) return null;
  if (rows.some((row) => row.continuation.pooled)) return pooledRows(rows);
  const predicted = rows.some((row) => row.continuation.prediction !== null);
  const judged = rows.some((row) => row.continuation.prediction?.strategy.rates.l3 !== undefined);
  const head = [
    'strategy',
    'rehydrate',
    'grounded (lexical)',
    'conversation-only recall',
    ...(predicted ? [...levelHeads(judged), 'redundant re-reads'] : []),
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
    if (!prediction) return [...base, ...Array.from({ length: judged ? 6 : 5 }, () => '–')];
    const { rates, redundantReads, predictedReads } = prediction.strategy;
    return [
      ...base,
      formatRatio(rates.l0),
      formatRatio(rates.l1),
      formatRatio(rates.l2),
      ...(judged ? [formatRatio(rates.l3)] : []),
      normalisedCell(prediction.normalised, judged),
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
        ...(judged ? [formatRatio(run.rates.l3)] : []),
        '',
        share(run.redundantReads, run.predictedReads),
      ]);
    }
  }
  return { head, rows: table, alignRight: head.map((_, column) => column >= 2) };
}

/** An action in a table cell with the level it reached: `edit src/a.ts (L2)`, `✗` when none. */
function predictedCell(predicted: { predicted: Action | null; score: StepScore }): string {
  const { score } = predicted;
  const level = score.l2 ? 'L2' : score.l1 ? 'L1' : score.l0 ? 'L0' : '✗';
  // L3 adds news only below L2: the judge called a differently written action equivalent.
  const judged = !score.l2 && score.l3 === true ? ', L3' : '';
  return `${actionCell(predicted.predicted)} (${level}${judged})`;
}

/**
 * Per cut, per step after it: the real action beside each strategy's predicted one; null offline. A chain's
 * strategies compact at their own points: a cut's table has the strategies that cut there.
 */
export function stepTables(results: ResultsFile): Array<{ cut: number; table: Rows }> {
  const rows = withContinuation(results);
  const cuts = [...new Set(rows.flatMap((row) => cutsOf(row.continuation).map((cut) => cut.cut)))].sort(
    (a, b) => a - b,
  );
  return cuts.flatMap((at) => {
    const present = rows.flatMap((row) => {
      const block = cutsOf(row.continuation).find((cut) => cut.cut === at);
      return block ? [{ name: row.name, block }] : [];
    });
    const first = present[0]?.block;
    if (!first || present.every((one) => one.block.prediction === null)) return [];
    return [
      {
        cut: at,
        table: {
          head: ['step', 'real action', ...present.map((one) => one.name)],
          rows: first.realSteps.map((step, index) => [
            index + 1,
            step.actions.map(actionCell).join(' | '),
            ...present.map((one) => {
              const predicted = one.block.prediction?.strategy.steps[index];
              return predicted ? predictedCell(predicted) : '–';
            }),
          ]),
        },
      },
    ];
  });
}

/** Per step after the (first) cut: the real action beside each strategy's predicted one (null offline). */
export function stepRows(results: ResultsFile): Rows | null {
  return stepTables(results)[0]?.table ?? null;
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
  const cuts = [
    ...new Set(withContinuation(results).flatMap((row) => cutsOf(row.continuation).map((cut) => cut.cut))),
  ].sort((a, b) => a - b);
  const where =
    cuts.length > 1
      ? `Cuts before messages ${cuts.join(', ')}; at each, the next assistant turns (up to ${first.steps}) the agent really took are the answers. Pooled over cuts with 95% intervals that take a cut as the unit (its steps are not independent).`
      : `Cut before message ${first.cut}; the next ${first.steps} assistant turns the agent really took are the answers.`;
  return [
    `${where} Grounded: the compacted context names the target of a next action that was named before the cut (a lexical check, not a prediction). Conversation-only recall: probes found in no file and no attachment at the cut.`,
    ...notes,
  ];
}

/**
 * What a continuation replay's figures are of: the session up to the cut, said with where the cut was in the whole
 * transcript; null for a run without one (or a results file written before runs recorded it).
 */
export function continuationCutLine(results: ResultsFile): string | null {
  const run = results.continuation;
  if (!run) return null;
  const cuts =
    run.cuts.length === 1
      ? `Cut before message ${run.cuts[0]} of ${formatInteger(run.transcript.messages)} (${formatInteger(results.fixture.tokens)} of ${formatInteger(run.transcript.tokens)} tokens)`
      : `Cuts before messages ${run.cuts.join(', ')} of ${formatInteger(run.transcript.messages)}`;
  return `${cuts}: a continuation replay. The figures are of the session up to the ${run.cuts.length === 1 ? 'cut' : 'first cut'}; after ${run.cuts.length === 1 ? 'it' : 'each'}, the next ${run.steps} steps the agent really took are checked.`;
}
