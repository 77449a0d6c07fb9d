/**
 * Every figure of a result, defined once: its key, label, direction, bounds, how it is scored and read (from this
 * run's results and from a baseline file), and how it aggregates: over runs (`--runs` spread), over a suite's
 * sessions (its share's denominator and its bounded interval), over a chain's compactions (the last or the mean),
 * and whether `check` gates on it. The gate and its baseline schema, the run statistics, the comparison, the
 * per-strategy report, the terminal table, the suite and the chain table all iterate this registry; adding a
 * metric is one entry, its scorer (named here, held by scorers.ts) and its tests.
 */
import { formatCost, formatInteger, formatMs, formatRatio } from '../text/numbers.ts';
import type { ScorerName } from './scorers.ts';

/** What a figure is read from: a strategy's result of this run, or of a baseline file (which may lack some). */
export type FigureSource = { readonly [key: string]: unknown };

/** What decides whether the comparison shows a column: the results of one fixture (docs/results.md). */
export type ResultsView = { readonly judge: unknown; readonly strategies: readonly FigureSource[] };

/**
 * How a figure pools over a suite's sessions: what one session weighs (its fact probes, its files, or one value),
 * and the interval that keeps to the figure's bounds (docs/ci.md): Wilson on the effective sample size for a
 * share, the logit scale for a ratio every session holds in [0, 1] (the log scale once one is over 1), the log
 * scale for a positive amount.
 */
export type SuiteAggregation = {
  /** The suite table's column header. */
  label: string;
  /** Where its column sits in the suite table (lowest first): quality, then size, then what compacting cost. */
  position: number;
  /**
   * The share's denominator: a session counts with its live fact probes, its history probes or its files; else
   * one value per session.
   */
  over: 'probes' | 'history' | 'all-probes' | 'files' | 'session';
  interval: 'wilson' | 'logit' | 'log';
  /** How the suite writes a mean, when not as the comparison writes one session's figure. */
  format?: (value: number) => string;
  /** Shown only when some strategy's mean is above 0 (cost, where every call was free). */
  whenPositive?: boolean;
};

/** How a figure reads over a compaction chain: a column of the chain table, after the last compaction or averaged. */
export type ChainAggregation = {
  /** The chain table's column header. */
  label: string;
  /** The context after the last compaction (what the agent goes on with), or the mean per compaction (costs). */
  over: 'last' | 'mean';
  /** The compaction's field holding it, when not the metric's key. */
  field?: string;
  /** How the chain table writes it, when not as the comparison does. */
  format?: (value: number) => string;
};

/** One metric. */
export type Metric = {
  key: string;
  /** The comparison's column header. */
  label: string;
  direction: 'higher' | 'lower';
  /** A share in [0, 1], a count of things, or an amount (tokens, ms, dollars). */
  kind: 'share' | 'count' | 'amount';
  /** What a count counts, for messages (`paths`). */
  counts?: string;
  /** Where the figure sits in a result; a list there counts its items. */
  path: readonly string[];
  /** The figure: a number, null when not applicable, undefined when the source lacks it. */
  read(result: FigureSource): number | null | undefined;
  /**
   * The scorer of the part of the quality block it scores (scorers.ts, loaded only to score); cost figures are
   * measured by the runner instead.
   */
  scorer?: ScorerName;
  /** Whether `--runs` reports its mean and standard error. */
  spread: boolean;
  /** Whether `check --fail-under` and `--baseline` can gate on it. */
  gate: boolean;
  format(value: number | null | undefined): string;
  /** Whether the comparison shows it for these results (some columns appear only when they say something). */
  column(results: ResultsView): boolean;
  /** The comparison shows ± its standard error when the run has several samples. */
  showSpread?: boolean;
  /** What the comparison shows for a failed strategy: the figure (calls made, tokens spent) or a dash. */
  whenFailed: 'figure' | 'dash';
  /** Which columns a narrow terminal keeps first (1 = most essential); the rest are in the Markdown and HTML. */
  terminalRank: number;
  /** The figure's possible values, when not its kind's ([0, 1] for a share, [0, ∞) otherwise). */
  bounds?: readonly [number, number];
  /** A time that measures this machine: left out of files that must be the same on a rerun. */
  timing?: boolean;
  /** Its column in the suite's strategy table and `suite-results.json`, and how it pools there; absent: not shown. */
  suite?: SuiteAggregation;
  /** Its column in the chain table, and what each compaction records; absent: not shown. */
  chain?: ChainAggregation;
};

const always = () => true;
const never = () => false;
/** Whether some strategy's figure at `path` passes `test`. */
const some =
  (path: readonly string[], test: (value: unknown) => boolean) =>
  (results: ResultsView): boolean =>
    results.strategies.some((strategy) => test(valueAt(strategy, path)));
const withKept = some(['keptMessages'], (value) => typeof value === 'number' && value > 0);

/** The value at a path of a result, or undefined where the path does not lead. */
export function valueAt(result: FigureSource, path: readonly string[]): unknown {
  let value: unknown = result;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A metric's `path` and `read`: a number, null when not applicable, a list as its length. */
function at(...path: string[]): Pick<Metric, 'path' | 'read'> {
  return {
    path,
    read: (result) => {
      const value = valueAt(result, path);
      if (Array.isArray(value)) return value.length;
      return typeof value === 'number' || value === null ? value : undefined;
    },
  };
}

const share = (value: number | null | undefined) => formatRatio(value);
const integer = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : formatInteger(value);

/** The metrics, in the comparison's column order. */
export const METRICS: readonly Metric[] = [
  {
    key: 'inputTokens',
    label: 'Input Tokens',
    direction: 'lower',
    kind: 'amount',
    ...at('inputTokens'),
    spread: true,
    gate: false,
    format: integer,
    column: always,
    terminalRank: 13,
    whenFailed: 'figure',
  },
  {
    key: 'outputTokens',
    label: 'Output Tokens',
    direction: 'lower',
    kind: 'amount',
    ...at('outputTokens'),
    spread: true,
    gate: false,
    format: integer,
    column: always,
    terminalRank: 14,
    whenFailed: 'figure',
  },
  {
    key: 'calls',
    label: 'API Calls',
    direction: 'lower',
    kind: 'count',
    counts: 'calls',
    ...at('calls'),
    spread: true,
    gate: false,
    format: integer,
    column: always,
    terminalRank: 5,
    whenFailed: 'figure',
    suite: {
      label: 'Calls',
      position: 50,
      over: 'session',
      interval: 'log',
      format: (value) => formatRatio(value, 1),
    },
    chain: { label: 'Calls / compaction', over: 'mean', format: (value) => formatRatio(value, 1) },
  },
  {
    // The strategy's own time (its call chain), not its wall time: strategies run at once.
    key: 'ownMs',
    label: 'Time (ms)',
    direction: 'lower',
    kind: 'amount',
    ...at('ownMs'),
    spread: true,
    gate: false,
    format: (value) => (value === null || value === undefined ? '–' : formatMs(value)),
    column: always,
    terminalRank: 6,
    whenFailed: 'figure',
    timing: true,
    suite: { label: 'Time (ms)', position: 60, over: 'session', interval: 'log', format: formatInteger },
    chain: { label: 'ms / compaction', over: 'mean', field: 'ms' },
  },
  {
    key: 'summaryTokens',
    label: 'Summary Tokens',
    direction: 'lower',
    kind: 'amount',
    ...at('summaryTokens'),
    spread: false,
    gate: false,
    format: integer,
    column: always,
    terminalRank: 4,
    whenFailed: 'dash',
  },
  {
    key: 'keptMessages',
    label: 'Kept Messages',
    direction: 'lower',
    kind: 'count',
    counts: 'messages',
    ...at('keptMessages'),
    spread: false,
    gate: false,
    format: integer,
    column: withKept,
    terminalRank: 15,
    whenFailed: 'dash',
  },
  {
    // With kept messages the compacted context is more than the summary: both are shown then.
    key: 'tokensAfter',
    label: 'Tokens After',
    direction: 'lower',
    kind: 'amount',
    ...at('tokensAfter'),
    spread: true,
    gate: false,
    format: integer,
    column: withKept,
    terminalRank: 3,
    whenFailed: 'dash',
    suite: { label: 'Tokens after', position: 30, over: 'session', interval: 'log' },
    chain: { label: 'Tokens after (mean)', over: 'mean' },
  },
  {
    key: 'compressionRatio',
    label: 'Compression',
    direction: 'lower',
    kind: 'amount',
    ...at('compressionRatio'),
    spread: true,
    gate: false,
    format: (value) => formatRatio(value, 3),
    column: always,
    terminalRank: 12,
    whenFailed: 'dash',
    // A context larger than its transcript is over 1: the bound is the kind's, the logit scale only while all are ≤ 1.
    suite: { label: 'Compression', position: 40, over: 'session', interval: 'logit' },
  },
  {
    key: 'probeRecall',
    label: 'Probe Recall',
    direction: 'higher',
    kind: 'share',
    ...at('quality', 'probeRecall'),
    scorer: 'probeRecall',
    spread: true,
    gate: true,
    format: share,
    column: always,
    showSpread: true,
    terminalRank: 1,
    whenFailed: 'dash',
    suite: { label: 'Fact recall', position: 10, over: 'probes', interval: 'wilson' },
  },
  {
    // Facts that mattered once and no longer do at the cut (a fixed error, an earlier task): beside the headline.
    key: 'historyRecall',
    label: 'History Recall',
    direction: 'higher',
    kind: 'share',
    ...at('quality', 'historyRecall'),
    spread: true,
    // Reported beside the headline, not gated: a handoff may drop history on purpose.
    gate: false,
    format: share,
    column: some(['quality', 'historyRecall'], (value) => typeof value === 'number'),
    terminalRank: 18,
    whenFailed: 'dash',
    suite: { label: 'History recall', position: 12, over: 'history', interval: 'wilson' },
  },
  {
    // Probes whose opposite the summary states ("added decimal.js" for "no new dependencies").
    key: 'contradictions',
    label: 'Contradictions',
    direction: 'lower',
    kind: 'count',
    counts: 'contradicted probes',
    ...at('quality', 'contradictions'),
    spread: true,
    gate: true,
    format: integer,
    column: some(['quality', 'contradictions'], (value) => typeof value === 'number'),
    terminalRank: 9,
    whenFailed: 'dash',
  },
  {
    // Contradicted probes / fact probes: unlike the count it reads alike on sessions of 10 and 100 probes and pools
    // over a suite's probes. Read it beside fact recall (an empty summary contradicts nothing). Null where no probe
    // has an opposite; stored nowhere, so `path` is empty.
    key: 'contradictionRate',
    label: 'Contradiction Rate',
    direction: 'lower',
    kind: 'share',
    path: [],
    read: (result) => {
      // Contradictions are counted over every fact probe, live and history: so is the rate.
      const contradicted = valueAt(result, ['quality', 'contradictions']);
      const live = valueAt(result, ['quality', 'probesTotal']);
      const history = valueAt(result, ['quality', 'historyTotal']);
      if (typeof contradicted !== 'number' || typeof live !== 'number')
        return contradicted === null ? null : undefined;
      const probes = live + (typeof history === 'number' ? history : 0);
      return probes === 0 ? null : contradicted / probes;
    },
    spread: true,
    gate: true,
    format: share,
    column: some(['quality', 'contradictions'], (value) => typeof value === 'number'),
    terminalRank: 18,
    whenFailed: 'dash',
    suite: { label: 'Contradiction rate', position: 15, over: 'all-probes', interval: 'wilson' },
    chain: { label: 'Contradiction rate after the last', over: 'last' },
  },
  {
    key: 'fileRecall',
    label: 'File Recall',
    direction: 'higher',
    kind: 'share',
    ...at('quality', 'fileRecall'),
    scorer: 'fileRecall',
    spread: true,
    gate: true,
    format: share,
    column: always,
    showSpread: true,
    terminalRank: 8,
    whenFailed: 'dash',
    suite: { label: 'File recall', position: 20, over: 'files', interval: 'wilson' },
    chain: { label: 'Files after the last', over: 'last' },
  },
  {
    // Scored together with fileRecall; shown in the per-strategy report.
    key: 'modifiedFileRecall',
    label: 'Modified-file Recall',
    direction: 'higher',
    kind: 'share',
    ...at('quality', 'modifiedFileRecall'),
    spread: true,
    gate: true,
    format: share,
    column: never,
    terminalRank: 16,
    whenFailed: 'dash',
  },
  {
    key: 'structure',
    label: 'Structure',
    direction: 'higher',
    kind: 'share',
    ...at('quality', 'structure'),
    scorer: 'structure',
    spread: true,
    gate: true,
    format: share,
    column: some(['quality', 'structure'], (value) => typeof value === 'number'),
    terminalRank: 11,
    whenFailed: 'dash',
  },
  {
    // A count of paths the transcript never mentions: a baseline reports a rise, a floor caps it.
    key: 'inventedPaths',
    label: 'Invented Paths',
    direction: 'lower',
    kind: 'count',
    counts: 'paths',
    ...at('quality', 'inventedPaths'),
    scorer: 'inventedPaths',
    spread: true,
    gate: true,
    format: integer,
    column: always,
    terminalRank: 10,
    whenFailed: 'dash',
  },
  {
    // The judge's mean score; filled in by the judge (src/quality/judge/), not by a deterministic scorer.
    key: 'judge',
    label: 'Judge',
    direction: 'higher',
    kind: 'share',
    ...at('quality', 'judge', 'score'),
    spread: true,
    gate: true,
    format: share,
    column: (results) => results.judge !== null,
    showSpread: true,
    terminalRank: 2,
    whenFailed: 'dash',
  },
  {
    key: 'cost',
    label: 'Cost',
    direction: 'lower',
    kind: 'amount',
    ...at('cost'),
    spread: false,
    gate: false,
    format: formatCost,
    column: some(['cost'], (value) => typeof value === 'number' && value > 0),
    terminalRank: 7,
    whenFailed: 'figure',
    suite: { label: 'Cost', position: 70, over: 'session', interval: 'log', whenPositive: true },
  },
];

/** A metric's possible values: its own bounds, else [0, 1] for a share and [0, ∞) for a count or an amount. */
export function boundsOf(metric: Metric): readonly [number, number] {
  return metric.bounds ?? (metric.kind === 'share' ? [0, 1] : [0, Number.POSITIVE_INFINITY]);
}

/** The metrics a suite summarizes, in column order. */
export function suiteMetrics(): Array<Metric & { suite: SuiteAggregation }> {
  return METRICS.filter(
    (metric): metric is Metric & { suite: SuiteAggregation } => metric.suite !== undefined,
  ).sort((a, b) => a.suite.position - b.suite.position);
}

/**
 * The metrics of the chain table: the end state first (after the last compaction), then the means per
 * compaction, each by its terminal rank.
 */
export function chainMetrics(): Array<Metric & { chain: ChainAggregation }> {
  const order = (metric: Metric & { chain: ChainAggregation }) => (metric.chain.over === 'last' ? 0 : 1);
  return METRICS.filter(
    (metric): metric is Metric & { chain: ChainAggregation } => metric.chain !== undefined,
  ).sort((a, b) => order(a) - order(b) || a.terminalRank - b.terminalRank);
}

/**
 * What a compaction records for the chain metrics: each read from the compaction's figures and quality block as
 * from a strategy's result, under its key (a metric with its own `field` is recorded there by the chain itself).
 */
export function chainFigures(source: FigureSource): Record<string, number | null> {
  const figures: Record<string, number | null> = {};
  for (const metric of chainMetrics()) {
    const value = metric.chain.field === undefined ? metric.read(source) : undefined;
    if (value !== undefined) figures[metric.key] = value;
  }
  return figures;
}

/** The prefix of a per-kind recall: `probeRecall.decision`. */
export const KIND_RECALL_PREFIX = 'probeRecall.';

/** Recall of one probe kind, as a metric of its own (gated and spread, not a comparison column). */
export function kindRecallMetric(kind: string): Metric {
  return {
    key: `${KIND_RECALL_PREFIX}${kind}`,
    label: `Probe Recall (${kind})`,
    direction: 'higher',
    kind: 'share',
    ...at('quality', 'probeRecallByKind', kind),
    spread: true,
    gate: true,
    format: share,
    column: never,
    whenFailed: 'dash',
    terminalRank: 17,
  };
}

/** The probe kinds a result has a recall for. */
export function kindsOf(result: FigureSource): string[] {
  const byKind = valueAt(result, ['quality', 'probeRecallByKind']);
  return byKind && typeof byKind === 'object' ? Object.keys(byKind) : [];
}

/** The metric of a key, per-kind recalls included; undefined for an unknown key. */
export function metricByKey(key: string): Metric | undefined {
  const metric = METRICS.find((candidate) => candidate.key === key);
  if (metric) return metric;
  if (key.startsWith(KIND_RECALL_PREFIX) && /^\S+$/.test(key.slice(KIND_RECALL_PREFIX.length)))
    return kindRecallMetric(key.slice(KIND_RECALL_PREFIX.length));
  return undefined;
}

/** The gateable metrics, per-kind recall as `probeRecall.<kind>`, for messages. */
export function gateMetricList(): string {
  return `${METRICS.filter((metric) => metric.gate)
    .map((metric) => metric.key)
    .join(', ')}, ${KIND_RECALL_PREFIX}<kind>`;
}

/** Every gateable metric a result carries a figure for (null included), per-kind recalls last. */
export function gateMetricsOf(result: FigureSource): Metric[] {
  return [...METRICS.filter((metric) => metric.gate), ...kindsOf(result).map(kindRecallMetric)].filter(
    (metric) => metric.read(result) !== undefined,
  );
}

/** The metrics `--runs` averages for a result: every spread metric, per-kind recalls included. */
export function spreadMetricsOf(result: FigureSource): Metric[] {
  return [...METRICS.filter((metric) => metric.spread), ...kindsOf(result).map(kindRecallMetric)];
}
