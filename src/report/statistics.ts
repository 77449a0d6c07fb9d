/** The "is the difference real?" part of a comparison: each strategy against the reference, paired on the probes. */
import { formatRatio } from '../text/numbers.ts';
import type { ComparisonStatistics, ResultsFile } from '../results/types.ts';
import { markdownTable, type Rows } from './table.ts';

const interval = (value: { estimate: number; low: number; high: number }, signed = false) => {
  const format = (number: number) => `${signed && number > 0 ? '+' : ''}${formatRatio(number)}`;
  return `${format(value.estimate)} [${format(value.low)}, ${format(value.high)}]`;
};

/** A p-value as people read it. */
function formatP(p: number): string {
  if (p < 0.001) return '< 0.001';
  return p.toFixed(3);
}

/** Marks a verdict that its unadjusted interval seems to contradict: the interval leaves out 0, Holm's p does not. */
export const ADJUSTED_MARK = '†';

/** Whether an unadjusted interval leaves out 0 while the family-adjusted verdict is "not distinguishable". */
export function disagreesWithInterval(comparison: {
  difference: { low: number; high: number };
  verdict: string;
}): boolean {
  const { low, high } = comparison.difference;
  return comparison.verdict === 'not distinguishable' && (low > 0 || high < 0);
}

/**
 * The verdict, with † where the unadjusted interval alone would have read otherwise; a suite's `too uncertain`
 * with about how many sessions would tell.
 */
export function verdictCell(
  comparison: Parameters<typeof disagreesWithInterval>[0] & {
    toTell?: { sessions: number } | null;
  },
): string {
  const tell = comparison.toTell ? ` (~${comparison.toTell.sessions} sessions would tell)` : '';
  return `${comparison.verdict}${tell}${disagreesWithInterval(comparison) ? ` ${ADJUSTED_MARK}` : ''}`;
}

/**
 * What the intervals and p-values of paired comparisons mean: which are adjusted, within which families, and why
 * a verdict can disagree with an interval (one paragraph; the families as counted).
 */
export function adjustmentNote(
  comparisons: ReadonlyArray<{
    family: string;
    familySize: number;
    difference: { low: number; high: number };
    verdict: string;
  }>,
): string {
  // Results written before families were one family of every comparison.
  const families = [
    ...new Map(
      comparisons.map((comparison) => [
        comparison.family ?? 'strategies',
        comparison.familySize ?? comparisons.length,
      ]),
    ),
  ]
    .map(
      ([family, size]) =>
        `${size} ${family === 'strategies' ? (size === 1 ? 'strategy' : 'strategies') : family}`,
    )
    .join(' and, apart, ');
  const disagreeing = comparisons.some(disagreesWithInterval);
  return [
    `The differences' 95% intervals are each comparison's own, not adjusted; the p-values and verdicts are Holm-adjusted within their family (here ${families} against the reference), so an interval that leaves out 0 can still read "not distinguishable"${disagreeing ? ` (marked ${ADJUSTED_MARK})` : ''}.`,
    "The correction depends on the family: the same pair can read differently in a run with more or fewer strategies, while adding lexical baselines (a family of their own) changes no strategy's verdict.",
  ].join(' ');
}

/** The rows: the reference, then each strategy with its recall, difference, p and verdict. */
export function statisticsRows(statistics: ComparisonStatistics): Rows {
  const head = [
    'Strategy',
    'Probe recall [95% CI]',
    'vs reference [95% CI, unadjusted]',
    'Only this / only ref.',
    'p (Holm)',
    'Verdict',
  ];
  const rows = [
    [`${statistics.reference} (reference)`, interval(statistics.referenceRecall), '–', '–', '–', '–'],
    ...statistics.comparisons.map((comparison) => [
      comparison.family === 'lexical baselines' ? `${comparison.strategy} (lexical)` : comparison.strategy,
      interval(comparison.recall),
      interval(comparison.difference, true),
      `${comparison.onlyThis} / ${comparison.onlyReference}`,
      formatP(comparison.adjustedP),
      verdictCell(comparison),
    ]),
  ];
  return { head, rows, alignRight: [false, true, true, true, true, false] };
}

/** The section as Markdown, with what the numbers mean and how small a difference these probes can show. */
export function renderStatisticsMarkdown(results: ResultsFile): string[] {
  const statistics = results.statistics;
  if (!statistics || statistics.comparisons.length === 0) return [];
  const detectable = statistics.comparisons
    .map((comparison) => comparison.minimumDetectable)
    .filter((value): value is number => value !== null);
  const smallest = detectable.length > 0 ? Math.min(...detectable) : null;
  const method = statistics.clustered
    ? `${results.config.runs > 1 ? `outcomes averaged over ${results.config.runs} runs per probe` : 'a probe kept in part scores ½'}; t intervals and paired t-tests clustered by probe`
    : "Wilson intervals; Newcombe's paired interval for the difference; exact McNemar tests";
  return [
    '## Is the difference real?',
    '',
    `Each strategy against \`${statistics.reference}\` on the same ${statistics.probes} live fact probes (${method}). "not distinguishable" means the difference is within what chance gives on this many probes: do not rank those.`,
    '',
    markdownTable(statisticsRows(statistics)),
    '',
    adjustmentNote(statistics.comparisons),
    '',
    smallest === null
      ? `With ${statistics.probes} probes, no difference between these strategies can be detected at 80% power.`
      : `With ${statistics.probes} probes, the smallest difference in recall a comparison here can detect at 80% power is about ${formatRatio(smallest)} (it grows as two strategies disagree on more probes); a smaller true difference usually reads "not distinguishable".`,
    '',
  ];
}
