/** The "is the difference real?" part of a comparison: each strategy against the reference, paired on the probes. */
import { formatRatio } from '../format.ts';
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

/** The rows: the reference, then each strategy with its recall, difference, p and verdict. */
export function statisticsRows(statistics: ComparisonStatistics): Rows {
  const head = [
    'Strategy',
    'Probe recall [95% CI]',
    'vs reference [95% CI]',
    'Only this / only ref.',
    'p (Holm)',
    'Verdict',
  ];
  const rows = [
    [`${statistics.reference} (reference)`, interval(statistics.referenceRecall), '–', '–', '–', '–'],
    ...statistics.comparisons.map((comparison) => [
      comparison.strategy,
      interval(comparison.recall),
      interval(comparison.difference, true),
      `${comparison.onlyThis} / ${comparison.onlyReference}`,
      formatP(comparison.adjustedP),
      comparison.verdict,
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
    ? `outcomes averaged over ${results.config.runs} runs per probe; t intervals and paired t-tests clustered by probe`
    : "Wilson intervals; Newcombe's paired interval for the difference; exact McNemar tests";
  return [
    '## Is the difference real?',
    '',
    `Each strategy against \`${statistics.reference}\` on the same ${statistics.probes} fact probes (${method}; p-values Holm-corrected across the ${statistics.comparisons.length} comparisons). "not distinguishable" means the difference is within what chance gives on this many probes: do not rank those.`,
    '',
    markdownTable(statisticsRows(statistics)),
    '',
    smallest === null
      ? `With ${statistics.probes} probes, no difference between these strategies can be detected at 80% power.`
      : `With ${statistics.probes} probes, the smallest difference in recall a comparison here can detect at 80% power is about ${formatRatio(smallest)} (it grows as two strategies disagree on more probes); a smaller true difference usually reads "not distinguishable".`,
    '',
  ];
}
