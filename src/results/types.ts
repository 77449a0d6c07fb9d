/**
 * The results JSON (`schemaVersion: 2`, docs/results.md): what a compare run produced, for machines. Each shape is a
 * zod schema with its type inferred: results files and job records are read back with the same definitions.
 */
import * as z from 'zod';
import { usageSourceSchema } from '../providers/types.ts';
import { intervalSchema } from './paired.ts';
import { probeSourceSchema } from '../quality/probes.ts';
import { qualitySchema } from '../quality/types.ts';
import { promptUseSchema } from '../strategies/types.ts';
import { messageRangeSchema } from '../session/message-ranges.ts';
import { chainResultSchema } from './chain.ts';
import { continuationResultSchema } from './continuation-types.ts';
import { provenanceSchema } from './provenance.ts';
import { judgeUsageSchema, traceEntrySchema } from './call-trace.ts';

export type { TraceEntry } from './call-trace.ts';

/** Mean and standard error of one figure over `--runs`. */
export const spreadSchema = z.object({ mean: z.number(), stdError: z.number() });

/** One {@link spreadSchema}. */
export type Spread = z.infer<typeof spreadSchema>;

/** A warning on a result: its context is over half the transcript (or the window), or it missed its target. */
export const strategyFlagSchema = z.enum(['does-not-compress', 'missed-target']);

/** One of {@link strategyFlagSchema}. */
export type StrategyFlag = z.infer<typeof strategyFlagSchema>;

/** One strategy's result as the compact stage measured it: every figure but the scores (`quality` null until evaluated). */
export const measuredResultSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  status: z.enum(['ok', 'error']),
  error: z.string().nullable(),
  callsModel: z.boolean(),
  /** A lexical baseline (paths, identifiers, grep): a floor, never recommended as a strategy. */
  lexical: z.boolean(),
  calls: z.number(),
  /** Sums over the strategy's calls; see `usageSource` for which counter produced them. */
  inputTokens: z.number(),
  outputTokens: z.number(),
  cachedInputTokens: z.number(),
  /** Input tokens written to the API's prompt cache (Anthropic; priced at its cache-write price); 0 in files written before it. */
  cacheWriteInputTokens: z.number().default(0),
  /** `api` when every figure came from the API, `tokenizer` when every one was counted by us, else `mixed`; `none` without calls. */
  usageSource: z.union([usageSourceSchema, z.enum(['mixed', 'none'])]),
  cachedCalls: z.number(),
  /** From the strategy's start to its end, waiting for concurrency slots included. */
  wallMs: z.number(),
  /**
   * The strategy's own time: its call chain (`criticalPathMs`) when it calls a model, else its wall time.
   * Strategies run at once, so this, not `wallMs`, is what compares.
   */
  ownMs: z.number(),
  criticalPathCalls: z.number(),
  /** The calls' own latency summed along the slowest chain: the strategy's own time, whatever else ran. */
  criticalPathMs: z.number(),
  /** What that chain spent queued for a concurrency slot: the time the rest of the run cost it. */
  waitMs: z.number(),
  /** When the strategy started, in ms since the run started (the trace's times add to it: one timeline). */
  startedAtMs: z.number(),
  /** Tokens of the transcript and of the compacted context (summary + kept messages), by the run's tokenizer. */
  tokensBefore: z.number(),
  tokensAfter: z.number(),
  summaryTokens: z.number(),
  keptMessages: z.number(),
  /** Where the kept messages come from in the transcript: 0-based `[start, end)` ranges (a kept message may be altered). */
  keptRanges: z.array(messageRangeSchema),
  compressionRatio: z.number(),
  /** With `--target-tokens`: the target, and how far tokens after landed from it (a miss is more than 15% over it). */
  target: z.object({ tokens: z.number(), deviation: z.number(), missed: z.boolean() }).nullable(),
  /** What a reader must know before comparing this row: `does-not-compress`, `missed-target`. */
  flags: z.array(strategyFlagSchema),
  /** Dollars, when the model's price is known. */
  cost: z.number().nullable(),
  quality: z.null(),
  /** Samples taken: `--runs`, or 1 for a deterministic provider. */
  runs: z.number(),
  /** Per run: calls answered afresh (not from the cache or a cassette). */
  freshCalls: z.array(z.number()),
  /** True when the provider answers a request always alike, so one sample was taken whatever `--runs` said. */
  deterministic: z.boolean(),
  /** Mean and standard error of each figure over the runs (only when `runs` > 1). */
  spread: z.record(z.string(), spreadSchema).nullable(),
  /** With several runs: each probe's share of runs that kept it (the probe is the cluster for intervals). */
  probeShares: z.record(z.string(), z.number()).nullable(),
  /** The report file written for this strategy (relative to `--out`). */
  file: z.string(),
  notes: z.array(z.string()),
  /** Every prompt the strategy sent (system prompt included): name, first 12 hex digits of its SHA-256, override file. */
  prompts: z.array(promptUseSchema),
  summary: z.string(),
  trace: z.array(traceEntrySchema),
  /** The judge's own calls and cost (`--judge`), never counted in the strategy's figures; null when not judged. */
  judgeUsage: judgeUsageSchema.nullable(),
  judgeTrace: z.array(traceEntrySchema),
  /** Under `--schedule` only: every compaction of the replayed session (the row itself is the context at its end). */
  chain: chainResultSchema.optional(),
  /** Under `--continuation` only: the next steps at the cut (docs/continuation.md). */
  continuation: continuationResultSchema.optional(),
});

/** One strategy's result on one session: the measured figures and their scores. */
export const strategyResultSchema = measuredResultSchema.extend({ quality: qualitySchema });

/** One strategy's result on one session. */
export type StrategyResult = z.infer<typeof strategyResultSchema>;

/** A strategy's result as the compact stage measured it (`quality` null until evaluated). */
export type MeasuredResult = z.infer<typeof measuredResultSchema>;

/** A result while the evaluators' scores are applied to it: `quality` null until the lexical evaluator fills it. */
export type ScoredResult = Omit<StrategyResult, 'quality'> & { quality: StrategyResult['quality'] | null };

/**
 * The `config` block: one key per declared setting (null when an optional one was not given), then the
 * context window, concurrency and runs. The slicing keys are named because the reports read them.
 */
export const resultsConfigSchema = z
  .object({
    sliceTokens: z.number(),
    overlapTokens: z.number(),
    ratio: z.number(),
    recentBoost: z.number(),
    contextWindow: z.number().nullable(),
    concurrency: z.number(),
    runs: z.number(),
  })
  .catchall(z.union([z.number(), z.string(), z.null()]));

/** One {@link resultsConfigSchema}. */
export type ResultsConfig = z.infer<typeof resultsConfigSchema>;

/** A fact probe as the results list it, so reports can be rebuilt from a results file alone. */
export const probeEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  question: z.string(),
  answer: z.string(),
  messageIndex: z.number().nullable(),
  /** `sidecar` (written by hand), `derived` (taken from the transcript by code) or `model` (written by a model). */
  source: probeSourceSchema,
  /**
   * Whether the fact still matters at the cut (counted in `probeRecall`); false for history (`historyRecall`).
   * Files written before live facts (issue 23) lack it: every probe was then live.
   */
  live: z.boolean().default(true),
});

/** One {@link probeEntrySchema}. */
export type ProbeEntry = z.infer<typeof probeEntrySchema>;

/** Where a continuation replay cut the transcript and how much of it there was. */
export const continuationRunSchema = z.object({
  cuts: z.array(z.number()),
  steps: z.number(),
  transcript: z.object({ messages: z.number(), tokens: z.number() }),
});

/** One {@link continuationRunSchema}. */
export type ContinuationRun = z.infer<typeof continuationRunSchema>;

/** The results format version this code writes and `check` reads. */
export const SCHEMA_VERSION = 2;

/** One strategy against the reference: paired on the same probes. */
export const pairedComparisonSchema = z.object({
  strategy: z.string(),
  /** What its p is corrected with: the other strategies, or the other lexical baselines (`holmByFamily`). */
  family: z.enum(['strategies', 'lexical baselines']),
  /** How many comparisons that family holds. */
  familySize: z.number(),
  /** Probe recall with its 95% interval (Wilson; with several runs, clustered by probe). */
  recall: intervalSchema,
  /** Recall minus the reference's, with its 95% interval (Newcombe's paired method; clustered t with runs). */
  difference: intervalSchema,
  /** Probes only this strategy kept, and only the reference kept. */
  onlyThis: z.number(),
  onlyReference: z.number(),
  /** Exact McNemar p (paired t with runs), and Holm-adjusted within its family. */
  pValue: z.number(),
  adjustedP: z.number(),
  /** `better` / `worse` when the adjusted p is under 0.05, else `not distinguishable`. */
  verdict: z.enum(['better', 'worse', 'not distinguishable']),
  /** The smallest difference these probes detect at 80% power, given how often the two disagree. */
  minimumDetectable: z.number().nullable(),
});

/** The paired statistics of a session's comparison. */
export const comparisonStatisticsSchema = z.object({
  reference: z.string(),
  /** Fact probes every comparison is paired on. */
  probes: z.number(),
  /** True when a probe's score is not kept-or-not: averaged over several runs, or a probe kept in part (½). */
  clustered: z.boolean(),
  referenceRecall: intervalSchema,
  comparisons: z.array(pairedComparisonSchema),
});

/** One {@link pairedComparisonSchema}. */
export type PairedComparison = z.infer<typeof pairedComparisonSchema>;
/** One {@link comparisonStatisticsSchema}. */
export type ComparisonStatistics = z.infer<typeof comparisonStatisticsSchema>;

/** A results file without its strategies, as a session record keeps it (`statistics` are recomputed). */
export const resultsFrameSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION, {
    error: `unsupported schemaVersion (this version reads ${SCHEMA_VERSION}); rerun compare to regenerate it`,
  }),
  fixture: z.object({
    name: z.string().min(1),
    path: z.string(),
    format: z.string(),
    messages: z.number(),
    tokens: z.number(),
    /** Fact probes (sidecar and derived); file names are counted in `files`. */
    probes: z.number(),
    /** Of them, the live ones (the rest are history); absent in files written before live facts. */
    liveProbes: z.number().optional(),
    /** Probes by where they came from: by hand, derived by code, written by a model. */
    probeSources: z.object({ sidecar: z.number(), derived: z.number(), model: z.number() }),
    /** The sidecar the probes were read from (as given); null when they were derived for this run. */
    probeFile: z.string().nullable(),
    /** Distinct files read or modified through tool calls. */
    files: z.number(),
  }),
  /** The `--target-tokens` target every strategy aimed at, or null. */
  target: z.number().nullable(),
  /** The fact probes every strategy was scored against, in order. */
  probes: z.array(probeEntrySchema),
  /** How sure the comparison is: each strategy against the reference (null without fact probes). */
  statistics: comparisonStatisticsSchema.nullable().optional(),
  /** `priceTier: 'batch'` when the calls went through a batch service (`--batch`): costs at batch prices. */
  provider: z.object({
    id: z.string(),
    model: z.string(),
    isLanguageModel: z.boolean(),
    priceTier: z.literal('batch').optional(),
  }),
  judge: z.object({ id: z.string(), model: z.string() }).nullable(),
  tokenizer: z.string(),
  tokensEstimated: z.boolean(),
  /** The settings the run used (every declared setting, src/settings.ts), and the run's own limits. */
  config: resultsConfigSchema,
  /** Under `--schedule` only: the policy as the flag spells it. */
  schedule: z.string().optional(),
  /**
   * Under `--continuation` without `--schedule`: where the transcript was cut (`fixture` is the session up to the
   * first cut), the steps replayed after each cut, and the whole transcript's size.
   */
  continuation: continuationRunSchema.optional(),
  /** Tool version, commit, date, command, provider, model and cassette of the run; absent in files of 0.1.0 and earlier runs. */
  provenance: provenanceSchema.optional(),
});

/** Everything a compare run produced for one session. */
export const resultsFileSchema = resultsFrameSchema.extend({
  statistics: comparisonStatisticsSchema.nullable(),
  strategies: z.array(strategyResultSchema),
});

/** A results file. */
export type ResultsFile = z.infer<typeof resultsFileSchema>;

/** A results file without its strategies, as a session record keeps it. */
export type ResultsFrame = z.infer<typeof resultsFrameSchema>;
