/**
 * Every figure of a result, defined once: its key, label, direction, how it is scored and read (from this
 * run's results and from a baseline file), whether `--runs` reports its spread, whether `check` can gate on
 * it, and how it is shown. The gate, the run statistics, the comparison, the per-strategy report and the
 * terminal table all iterate this registry; adding a metric is one entry, its scorer and its tests.
 */
import { formatCost, formatInteger, formatMs, formatRatio } from '../format.ts';
import { scoreFileRecall } from './file-recall.ts';
import { scoreInventedPaths } from './paths.ts';
import { scoreProbeRecall } from './probe-recall.ts';
import { scoreStructureOf } from './structure.ts';
import type { Scorer } from './types.ts';

/** What a figure is read from: a strategy's result of this run, or of a baseline file (which may lack some). */
export type FigureSource = { readonly [key: string]: unknown };

/** What decides whether the comparison shows a column: the results of one fixture (docs/results.md). */
export type ResultsView = { readonly judge: unknown; readonly strategies: readonly FigureSource[] };

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
  /** The part of the quality block it scores; cost figures are measured by the runner instead. */
  score?: Scorer;
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
  },
  {
    key: 'probeRecall',
    label: 'Probe Recall',
    direction: 'higher',
    kind: 'share',
    ...at('quality', 'probeRecall'),
    score: scoreProbeRecall,
    spread: true,
    gate: true,
    format: share,
    column: always,
    showSpread: true,
    terminalRank: 1,
    whenFailed: 'dash',
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
    key: 'fileRecall',
    label: 'File Recall',
    direction: 'higher',
    kind: 'share',
    ...at('quality', 'fileRecall'),
    score: scoreFileRecall,
    spread: true,
    gate: true,
    format: share,
    column: always,
    showSpread: true,
    terminalRank: 8,
    whenFailed: 'dash',
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
    score: scoreStructureOf,
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
    score: scoreInventedPaths,
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
  },
];

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
