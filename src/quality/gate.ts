/** The CI quality gate of `check`: absolute floors and a baseline comparison over results JSON (pure). */
import * as z from 'zod';
import { InputError } from '../errors.ts';
import { describeSchemaProblem } from '../session/json-lines.ts';
import { formatFigure } from '../text/numbers.ts';
import {
  type FigureSource,
  gateMetricList,
  gateMetricsOf,
  METRICS,
  type Metric,
  metricByKey,
} from './metrics.ts';

/** The row of the agent's own recorded summary: gated only by floors that name it. */
const RECORDED = 'recorded';

/** Default of `--tolerance`: how far a figure may fall below its baseline before the gate fails. */
export const DEFAULT_TOLERANCE = 0.02;

// Figures are ratios of small counts; this keeps 0.81 − 0.79 from counting as more than 0.02.
const EPSILON = 1e-9;

/** One `--fail-under` floor; `strategy` null applies it to every strategy. */
export type Floor = { strategy: string | null; metric: string; value: number; spec: string };

/** The part of a strategy's results that the gate reads (docs/results.md); other keys are ignored. */
export type GateStrategy = FigureSource & {
  name: string;
  status: string;
  error?: unknown;
  quality?: Record<string, unknown> | null;
  /** A lexical baseline: a reference meant to score low, held only to floors that name it. */
  lexical?: boolean;
};

/** The part of a results JSON that the gate reads; a compare run's results or a baseline file. */
export type GateResults = { fixture?: { name?: string } | null; strategies: readonly GateStrategy[] };

/** Why a gate failed for one strategy and metric. */
export type GateFailure = {
  strategy: string;
  /** The metric, or null for a failure of the whole strategy (an error, missing from the run). */
  metric: string | null;
  /**
   * `lost`: facts the baseline kept and this run lost (deterministic answers, beyond `--allow-lost`); `baseline`: a
   * baseline that cannot gate this strategy (it failed there, or is not there); `unpaired`: one run of a sampled
   * model, whose loss cannot be told from noise (exit 2: the gate asked for cannot be given).
   */
  kind: 'floor' | 'regression' | 'lost' | 'missing' | 'error' | 'probes' | 'baseline' | 'unpaired';
  /** The floor, or the baseline figure. */
  expected: number | null;
  /** The figure of this run; null when it has none. */
  actual: number | null;
  /** One line: `parallel-stitch probeRecall 0.54 < 0.60`. */
  message: string;
  /** Set when the failure comes from the comparison with a baseline (what `--update-baseline` accepts). */
  againstBaseline?: boolean;
};

/** The gate's verdict. */
export type Verdict = {
  passed: boolean;
  failures: GateFailure[];
  /** Things reported without failing: figures not compared, floors never applied, improvements. */
  notes: string[];
  /** Figures compared with a floor or a baseline. */
  checks: number;
  /** Strategies in the run. */
  strategies: number;
};

/**
 * Parses `--fail-under` specs: `metric=value` or `strategy.metric=value`; a bad spec, or two floors of one figure
 * that disagree, is an {@link InputError}.
 */
export function parseFailUnder(specs: readonly string[]): Floor[] {
  const floors = specs.map((spec) => {
    const problem = (reason: string) => new InputError(`--fail-under '${spec}': ${reason}`);
    const equals = spec.indexOf('=');
    if (equals < 0) throw problem('expected metric=value or strategy.metric=value (e.g. probeRecall=0.6)');
    const key = spec.slice(0, equals).trim();
    const valueText = spec.slice(equals + 1).trim();
    const target = splitTarget(key);
    if (!target) {
      const dot = key.indexOf('.');
      const metric = dot < 0 ? key : key.slice(dot + 1);
      throw problem(`unknown metric '${metric}'; available: ${gateMetricList()}`);
    }
    const value = valueText === '' ? Number.NaN : Number(valueText);
    const { metric } = target;
    if (metric.kind === 'count') {
      if (!Number.isInteger(value) || value < 0)
        throw problem(`${metric.key} is a count of ${metric.counts}; the value must be a whole number ≥ 0`);
    } else if (!Number.isFinite(value) || value < 0 || value > 1) {
      throw problem(`${metric.key} is a share; the value must be a number from 0 to 1`);
    }
    return { strategy: target.strategy, metric: metric.key, value, spec };
  });
  const seen = new Map<string, Floor>();
  for (const floor of floors) {
    const key = `${floor.strategy ?? ''}\u0000${floor.metric}`;
    const earlier = seen.get(key);
    if (earlier && earlier.value !== floor.value)
      throw new InputError(
        `--fail-under ${earlier.spec} and --fail-under ${floor.spec} set two floors for ${floor.strategy === null ? '' : `${floor.strategy}.`}${floor.metric}; give one`,
      );
    seen.set(key, floor);
  }
  return floors;
}

/** `probeRecall` → every strategy; `parallel-stitch.probeRecall.task` → one strategy (names may hold dots). */
function splitTarget(key: string): { strategy: string | null; metric: Metric } | null {
  const gated = (name: string) => {
    const metric = metricByKey(name);
    return metric?.gate ? metric : undefined;
  };
  const whole = gated(key);
  if (whole) return { strategy: null, metric: whole };
  for (let dot = key.indexOf('.'); dot > 0; dot = key.indexOf('.', dot + 1)) {
    const metric = gated(key.slice(dot + 1));
    if (metric) return { strategy: key.slice(0, dot), metric };
  }
  return null;
}

const figureSchema = z.number().nullable().optional();
// A count may be stored as the list it counts (invented paths).
const countSchema = z
  .union([z.array(z.string()), z.number()])
  .nullable()
  .optional();

/** The quality block of a baseline: every gateable metric stored in it, as its kind is stored, from the registry. */
const qualitySchema = z.looseObject({
  ...Object.fromEntries(
    METRICS.filter((metric) => metric.gate && metric.path.length === 2 && metric.path[0] === 'quality').map(
      (metric) => [metric.path[1]!, metric.kind === 'count' ? countSchema : figureSchema],
    ),
  ),
  probeRecallByKind: z.record(z.string(), z.number()).nullable().optional(),
  probeOutcomes: z.record(z.string(), z.string()).optional(),
});

const baselineSchema = z.looseObject({
  schemaVersion: z.literal(2, { error: 'unsupported schemaVersion (this version reads 2)' }),
  fixture: z
    .looseObject({ name: z.string().optional(), probes: z.number().optional() })
    .nullable()
    .optional(),
  probes: z.array(z.looseObject({ id: z.string() })).optional(),
  strategies: z.array(
    z.looseObject({
      name: z.string().min(1),
      status: z.string(),
      error: z.unknown().optional(),
      quality: qualitySchema.nullable().optional(),
    }),
  ),
});

/** Checks that parsed JSON is a results file usable as a baseline; otherwise an {@link InputError} `file: reason`, with the regenerating command given (or one from its fixture's name) for another schema. */
export function parseBaseline(json: unknown, file: string, regenerateCommand?: string): GateResults {
  const isObject = typeof json === 'object' && json !== null && !Array.isArray(json);
  const version = isObject ? (json as { schemaVersion?: unknown }).schemaVersion : 2;
  if (version !== 2) {
    const fixture = isObject ? (json as { fixture?: { name?: unknown } }).fixture?.name : undefined;
    const regenerate =
      regenerateCommand ??
      `compaction-bench check ${typeof fixture === 'string' ? fixture : '<transcript>'} --fail-under probeRecall=0 --update-baseline ${file}`;
    const why =
      version === undefined || version === 1
        ? 'a schemaVersion 1 baseline, whose probeRecall counted file names as facts'
        : `schemaVersion ${JSON.stringify(version)}, which this version (reading 2) does not know`;
    throw new InputError(`${file}: ${why}; regenerate it: ${regenerate} (docs/results.md)`);
  }
  const parsed = baselineSchema.safeParse(json);
  if (!parsed.success) throw new InputError(`${file}: ${describeSchemaProblem(parsed.error)}`);
  const names = new Set<string>();
  for (const strategy of parsed.data.strategies) {
    if (names.has(strategy.name)) throw new InputError(`${file}: strategy '${strategy.name}' appears twice`);
    names.add(strategy.name);
  }
  checkOutcomes(parsed.data, file);
  return parsed.data;
}

/**
 * A baseline's finished strategies must hold each probe's outcome: the facts lost are counted from them, and a
 * baseline without them would compare nothing and pass anything.
 */
function checkOutcomes(baseline: z.infer<typeof baselineSchema>, file: string): void {
  const ids = (baseline.probes ?? []).map((probe) => probe.id);
  const probes = Math.max(ids.length, baseline.fixture?.probes ?? 0);
  if (probes === 0) return;
  for (const strategy of baseline.strategies) {
    if (strategy.status !== 'ok') continue;
    const outcomes = strategy.quality?.probeOutcomes;
    if (!outcomes)
      throw new InputError(
        `${file}: strategy '${strategy.name}' has no quality.probeOutcomes, so no fact can be compared with it; write the baseline again with --update-baseline`,
      );
    const missing = ids.filter((id) => !(id in outcomes));
    if (missing.length > 0)
      throw new InputError(
        `${file}: strategy '${strategy.name}': quality.probeOutcomes lacks ${missing.length} of the file's ${ids.length} probes (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}); write the baseline again with --update-baseline`,
      );
  }
}

/** What {@link evaluateGate} compares. */
export type GateInput = {
  results: GateResults;
  floors: readonly Floor[];
  baseline?: GateResults | undefined;
  tolerance?: number;
  /** Metrics whose baseline comparison is made elsewhere, with intervals (src/suite/baseline-gate.ts). */
  pairedElsewhere?: (metric: string) => boolean;
};

/** What the checks of one run add up to, filled in as they go. */
type Tally = {
  failures: GateFailure[];
  notes: string[];
  checks: number;
  improved: string[];
  appliedFloors: Set<Floor>;
};

/**
 * The verdict on one run: a strategy that errored fails; every figure must reach its floor (a per-strategy floor
 * overrides a general one; for `inventedPaths` the floor is a ceiling); with a baseline, no share may fall by more
 * than the tolerance, and a figure the baseline has must still be there. Null figures are skipped; which
 * strategies the baseline and the run share is src/suite/baseline-coverage.ts's to say.
 */
export function evaluateGate({
  results,
  floors,
  baseline,
  tolerance = DEFAULT_TOLERANCE,
  pairedElsewhere = () => false,
}: GateInput): Verdict {
  const tally: Tally = { failures: [], notes: [], checks: 0, improved: [], appliedFloors: new Set() };
  const names = new Set(results.strategies.map((strategy) => strategy.name));
  for (const floor of floors) {
    if (floor.strategy === null || names.has(floor.strategy)) continue;
    tally.appliedFloors.add(floor);
    tally.failures.push({
      strategy: floor.strategy,
      metric: floor.metric,
      kind: 'missing',
      expected: floor.value,
      actual: null,
      message: `${floor.strategy}: not in this run, but --fail-under ${floor.spec} names it`,
    });
  }
  const baselineSessionName = baseline?.fixture?.name;
  const resultsSessionName = results.fixture?.name;
  if (baselineSessionName && resultsSessionName && baselineSessionName !== resultsSessionName) {
    tally.notes.push(
      `the baseline is for session '${baselineSessionName}', this run for '${resultsSessionName}'`,
    );
  }

  for (const strategy of results.strategies) {
    if (strategy.status !== 'ok') {
      const message = `${strategy.name} failed: ${errorText(strategy)}`;
      tally.failures.push({
        strategy: strategy.name,
        metric: null,
        kind: 'error',
        expected: null,
        actual: null,
        message,
      });
      continue;
    }
    checkFloors(strategy, floorsFor(strategy, floors), tally);
    if (baseline) compareWithBaseline(strategy, baseline, tolerance, tally, pairedElsewhere);
  }

  if (
    names.has(RECORDED) &&
    floors.some((floor) => floor.strategy === null) &&
    !floors.some((floor) => floor.strategy === RECORDED)
  )
    tally.notes.push(
      `general floors skip the ${RECORDED} row (the agent's own summary, not a strategy of this run); name it to gate it: --fail-under ${RECORDED}.probeRecall=…`,
    );
  const lexical = results.strategies.filter((strategy) => strategy.lexical).map((strategy) => strategy.name);
  if (lexical.length > 0 && floors.some((floor) => floor.strategy === null))
    tally.notes.push(
      `general floors skip the lexical baselines (${lexical.join(', ')}): they are references, meant to score low`,
    );
  for (const floor of floors) {
    if (!tally.appliedFloors.has(floor))
      tally.notes.push(`--fail-under ${floor.spec}: no strategy has a ${floor.metric} figure; not applied`);
  }
  if (tally.improved.length > 0) {
    const what = tally.improved.length === 1 ? 'figure' : 'figures';
    tally.notes.push(
      `${tally.improved.length} ${what} improved beyond the tolerance (${tally.improved.join(', ')}); --update-baseline records them`,
    );
  }
  const { failures, notes, checks } = tally;
  return { passed: failures.length === 0, failures, notes, checks, strategies: results.strategies.length };
}

/** Holds one strategy's figures to its floors. */
function checkFloors(strategy: GateStrategy, floors: readonly Floor[], tally: Tally): void {
  for (const floor of floors) {
    const metric = metricByKey(floor.metric)!;
    const actual = metric.read(strategy);
    if (actual === null || actual === undefined) continue;
    tally.appliedFloors.add(floor);
    tally.checks++;
    const ceiling = metric.direction === 'lower';
    const fails = ceiling ? actual > floor.value + EPSILON : actual < floor.value - EPSILON;
    if (!fails) continue;
    const comparison = `${formatFigure(actual, floor.value)} ${ceiling ? '>' : '<'} ${formatFigure(floor.value, actual)}`;
    tally.failures.push({
      strategy: strategy.name,
      metric: floor.metric,
      kind: 'floor',
      expected: floor.value,
      actual,
      message: `${strategy.name} ${floor.metric} ${comparison}`,
    });
  }
}

/** Compares one strategy's figures with its baseline run's. */
function compareWithBaseline(
  strategy: GateStrategy,
  baseline: GateResults,
  tolerance: number,
  tally: Tally,
  pairedElsewhere: (metric: string) => boolean,
): void {
  // A strategy the baseline lacks, or one that failed there, is the coverage's to report (src/suite/baseline-coverage.ts).
  const before = baseline.strategies.find((candidate) => candidate.name === strategy.name);
  if (before?.status !== 'ok') return;
  const metrics = new Map(
    [...gateMetricsOf(before), ...gateMetricsOf(strategy)].map((metric) => [metric.key, metric]),
  );
  for (const [metric, definition] of metrics) {
    if (pairedElsewhere(metric)) continue;
    const was = definition.read(before);
    const now = definition.read(strategy);
    if (definition.direction === 'lower' && definition.kind === 'count') {
      // A count of invented paths is reported against the baseline, not gated: cap it with a floor instead.
      if (typeof was === 'number' && typeof now === 'number' && now > was)
        tally.notes.push(`${strategy.name} ${metric} ${was} → ${now} (cap it with --fail-under ${metric}=N)`);
      continue;
    }
    if (typeof was !== 'number') {
      if (typeof now === 'number')
        tally.notes.push(
          `${strategy.name} ${metric}: not in the baseline (now ${formatFigure(now)}); not compared`,
        );
      continue;
    }
    if (typeof now !== 'number') {
      tally.failures.push({
        strategy: strategy.name,
        metric,
        kind: 'missing',
        expected: was,
        actual: null,
        againstBaseline: true,
        message: `${strategy.name} ${metric} ${formatFigure(was)} → none (the baseline measured it, this run did not)`,
      });
      continue;
    }
    tally.checks++;
    // A share where lower is better (contradictions) regresses by rising.
    const change = (definition.direction === 'lower' ? -1 : 1) * (now - was);
    if (change < -tolerance - EPSILON) {
      tally.failures.push({
        strategy: strategy.name,
        metric,
        kind: 'regression',
        expected: was,
        actual: now,
        againstBaseline: true,
        message: `${strategy.name} ${metric} ${formatFigure(was, now)} → ${formatFigure(now, was)} (${signed(now - was, tolerance)}, tolerance ${formatFigure(tolerance)})`,
      });
    } else if (change > tolerance + EPSILON) {
      tally.improved.push(`${strategy.name} ${metric}`);
    }
  }
}

/** The floors that apply to a strategy: per metric, its own floor over a general one (two of one figure are refused). */
function floorsFor(strategy: GateStrategy, floors: readonly Floor[]): Floor[] {
  const byMetric = new Map<string, Floor>();
  // A general floor is for the strategies asked for: a lexical baseline (a path list, a grep) exists to score
  // low, and the recorded row is the agent's own summary, which comes with the transcript.
  if (!strategy.lexical && strategy.name !== RECORDED)
    for (const floor of floors) if (floor.strategy === null) byMetric.set(floor.metric, floor);
  for (const floor of floors) if (floor.strategy === strategy.name) byMetric.set(floor.metric, floor);
  return [...byMetric.values()];
}

function errorText(strategy: GateStrategy): string {
  const error = strategy.error;
  if (typeof error === 'string' && error.length > 0) return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string')
    return (error as { message: string }).message;
  return `status ${strategy.status}`;
}

/** `−0.07` / `+0.03`, with a real minus sign and enough decimals to tell it from the tolerance. */
function signed(change: number, tolerance: number): string {
  const text = formatFigure(Math.abs(change), tolerance);
  return change < 0 ? `−${text}` : `+${text}`;
}

/**
 * The exit code of `check` for a verdict: 0 passed, 2 the gate asked for cannot be given (one run of a sampled
 * model against a baseline), 1 a figure failed its gate, 3 only strategies failed.
 */
export function gateExitCode(verdict: Verdict): number {
  if (verdict.passed) return 0;
  if (verdict.failures.some((failure) => failure.kind === 'unpaired')) return 2;
  return verdict.failures.every((failure) => failure.kind === 'error') ? 3 : 1;
}

/** Several fixtures' verdicts as one (`check` over many fixtures). */
export function combineVerdicts(verdicts: ReadonlyArray<{ transcript: string; verdict: Verdict }>): Verdict {
  const prefix = (transcript: string, text: string) =>
    verdicts.length > 1 ? `${transcript}: ${text}` : text;
  return {
    passed: verdicts.every(({ verdict }) => verdict.passed),
    failures: verdicts.flatMap(({ transcript, verdict }) =>
      verdict.failures.map((failure) => ({ ...failure, message: prefix(transcript, failure.message) })),
    ),
    notes: verdicts.flatMap(({ transcript, verdict }) =>
      verdict.notes.map((note) => prefix(transcript, note)),
    ),
    checks: verdicts.reduce((sum, { verdict }) => sum + verdict.checks, 0),
    strategies: Math.max(0, ...verdicts.map(({ verdict }) => verdict.strategies)),
  };
}
