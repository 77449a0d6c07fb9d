/** The results JSON (`schemaVersion: 2`, docs/results.md): what a compare run produced, for machines. */
import type { ProbeSource } from '../quality/probes.ts';
import type { UsageSource } from '../providers/types.ts';
import type { Quality } from '../quality/types.ts';
import type { PromptUse } from '../strategies/types.ts';
import type { MessageRange } from '../session/message-ranges.ts';
import type { ChainResult } from './chain.ts';
import type { ContinuationResult } from './continuation-types.ts';
import type { Provenance } from './provenance.ts';
import type { JudgeUsage, TraceEntry } from './call-trace.ts';

export type { TraceEntry } from './call-trace.ts';

/** Mean and standard error of one figure over `--runs`. */
export type Spread = { mean: number; stdError: number };

/** A warning on a result: its context is over half the transcript (or the window), or it missed its target. */
export type StrategyFlag = 'does-not-compress' | 'missed-target';

/** One strategy's result on one fixture. */
export type StrategyResult = {
  name: string;
  description: string;
  status: 'ok' | 'error';
  error: string | null;
  callsModel: boolean;
  /** A lexical baseline (paths, identifiers, grep): a floor, never recommended as a strategy. */
  lexical: boolean;
  calls: number;
  /** Sums over the strategy's calls; see `usageSource` for which counter produced them. */
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  /** Input tokens written to the API's prompt cache (Anthropic; priced at its cache-write price). Absent in files written before it. */
  cacheWriteInputTokens: number;
  /** `api` when every figure came from the API, `tokenizer` when every one was counted by us, else `mixed`; `none` without calls. */
  usageSource: UsageSource | 'mixed' | 'none';
  cachedCalls: number;
  /** From the strategy's start to its end, waiting for concurrency slots included. */
  wallMs: number;
  /**
   * The strategy's own time: its call chain (`criticalPathMs`) when it calls a model, else its wall time.
   * Strategies run at once, so this, not `wallMs`, is what compares.
   */
  ownMs: number;
  criticalPathCalls: number;
  /** The calls' own latency summed along the slowest chain: the strategy's own time, whatever else ran. */
  criticalPathMs: number;
  /** What that chain spent queued for a concurrency slot: the time the rest of the run cost it. */
  waitMs: number;
  /** When the strategy started, in ms since the run started (the trace's times add to it: one timeline). */
  startedAtMs: number;
  /** Tokens of the transcript and of the compacted context (summary + kept messages), by the run's tokenizer. */
  tokensBefore: number;
  tokensAfter: number;
  summaryTokens: number;
  keptMessages: number;
  /** Where the kept messages come from in the transcript: 0-based `[start, end)` ranges (a kept message may be altered). */
  keptRanges: MessageRange[];
  compressionRatio: number;
  /** With `--target-tokens`: the target, and how far tokens after landed from it (a miss is more than 15% over it). */
  target: { tokens: number; deviation: number; missed: boolean } | null;
  /** What a reader must know before comparing this row: `does-not-compress`, `missed-target`. */
  flags: StrategyFlag[];
  /** Dollars, when the model's price is known. */
  cost: number | null;
  quality: Quality;
  /** Samples taken: `--runs`, or 1 for a deterministic provider. */
  runs: number;
  /** Per run: calls answered afresh (not from the cache or a cassette). */
  freshCalls: number[];
  /** True when the provider answers a request always alike, so one sample was taken whatever `--runs` said. */
  deterministic: boolean;
  /** Mean and standard error of each figure over the runs (only when `runs` > 1). */
  spread: Record<string, Spread> | null;
  /** With several runs: each probe's share of runs that kept it (the probe is the cluster for intervals). */
  probeShares: Record<string, number> | null;
  /** The report file written for this strategy (relative to `--out`). */
  file: string;
  notes: string[];
  /** Every prompt the strategy sent (system prompt included): name, first 12 hex digits of its SHA-256, override file. */
  prompts: PromptUse[];
  summary: string;
  trace: TraceEntry[];
  /** The judge's own calls and cost (`--judge`), never counted in the strategy's figures; null when not judged. */
  judgeUsage: JudgeUsage | null;
  judgeTrace: TraceEntry[];
  /** Under `--schedule` only: every compaction of the replayed session (the row itself is the context at its end). */
  chain?: ChainResult;
  /** Under `--continuation` only: the next steps at the cut (docs/continuation.md). */
  continuation?: ContinuationResult;
};

/** A strategy's result as the compact stage measured it: every figure but the scores (`quality` null until evaluated). */
export type MeasuredResult = Omit<StrategyResult, 'quality'> & { quality: null };

/** A result while the evaluators' scores are applied to it: `quality` null until the lexical evaluator fills it. */
export type ScoredResult = Omit<StrategyResult, 'quality'> & { quality: Quality | null };

/**
 * The `config` block: one key per declared setting (null when an optional one was not given), then the
 * context window, concurrency and runs. The slicing keys are named because the reports read them.
 */
export type ResultsConfig = {
  sliceTokens: number;
  overlapTokens: number;
  ratio: number;
  recentBoost: number;
  contextWindow: number | null;
  concurrency: number;
  runs: number;
  [setting: string]: number | string | null;
};

/** A fact probe as the results list it, so reports can be rebuilt from a results file alone. */
export type ProbeEntry = {
  id: string;
  kind: string;
  question: string;
  answer: string;
  messageIndex: number | null;
  /** `sidecar` (written by hand), `derived` (taken from the transcript by code) or `model` (written by a model). */
  source: ProbeSource;
  /** Whether the fact still matters at the cut (counted in `probeRecall`); false for history (`historyRecall`). */
  live: boolean;
};

/** Where a continuation replay cut the transcript and how much of it there was. */
export type ContinuationRun = {
  cuts: number[];
  steps: number;
  transcript: { messages: number; tokens: number };
};

/** The results format version this code writes and `check` reads. */
export const SCHEMA_VERSION = 2;

/** Everything a compare run produced for one fixture. */
export type ResultsFile = {
  schemaVersion: typeof SCHEMA_VERSION;
  fixture: {
    name: string;
    path: string;
    format: string;
    messages: number;
    tokens: number;
    /** Fact probes (sidecar and derived); file names are counted in `files`. */
    probes: number;
    /** Of them, the live ones (the rest are history); absent in files written before live facts. */
    liveProbes?: number;
    /** Probes by where they came from: by hand, derived by code, written by a model. */
    probeSources: { sidecar: number; derived: number; model: number };
    /** The sidecar the probes were read from (as given); null when they were derived for this run. */
    probeFile: string | null;
    /** Distinct files read or modified through tool calls. */
    files: number;
  };
  /** The `--target-tokens` target every strategy aimed at, or null. */
  target: number | null;
  /** The fact probes every strategy was scored against, in order. */
  probes: ProbeEntry[];
  /** How sure the comparison is: each strategy against the reference (null without fact probes). */
  statistics: ComparisonStatistics | null;
  /** `priceTier: 'batch'` when the calls went through a batch service (`--batch`): costs at batch prices. */
  provider: { id: string; model: string; isLanguageModel: boolean; priceTier?: 'batch' };
  judge: { id: string; model: string } | null;
  tokenizer: string;
  tokensEstimated: boolean;
  /** The settings the run used (every declared setting, src/settings.ts), and the run's own limits. */
  config: ResultsConfig;
  /** Under `--schedule` only: the policy as the flag spells it. */
  schedule?: string;
  /**
   * Under `--continuation` without `--schedule`: where the transcript was cut (`fixture` is the session up to the
   * first cut), the steps replayed after each cut, and the whole transcript's size.
   */
  continuation?: ContinuationRun;
  /** Tool version, commit, date, command, provider, model and cassette of the run; absent in files of 0.1.0 and earlier runs. */
  provenance?: Provenance;
  strategies: StrategyResult[];
};

/** A results file without its strategies, as a session record keeps it (`statistics` are recomputed). */
export type ResultsFrame = Omit<ResultsFile, 'strategies' | 'statistics'> & {
  statistics?: ComparisonStatistics | null;
};

/** One strategy against the reference: paired on the same probes. */
export type PairedComparison = {
  strategy: string;
  /** What its p is corrected with: the other strategies, or the other lexical baselines (`holmByFamily`). */
  family: 'strategies' | 'lexical baselines';
  /** How many comparisons that family holds. */
  familySize: number;
  /** Probe recall with its 95% interval (Wilson; with several runs, clustered by probe). */
  recall: { estimate: number; low: number; high: number };
  /** Recall minus the reference's, with its 95% interval (Newcombe's paired method; clustered t with runs). */
  difference: { estimate: number; low: number; high: number };
  /** Probes only this strategy kept, and only the reference kept. */
  onlyThis: number;
  onlyReference: number;
  /** Exact McNemar p (paired t with runs), and Holm-adjusted within its family. */
  pValue: number;
  adjustedP: number;
  /** `better` / `worse` when the adjusted p is under 0.05, else `not distinguishable`. */
  verdict: 'better' | 'worse' | 'not distinguishable';
  /** The smallest difference these probes detect at 80% power, given how often the two disagree. */
  minimumDetectable: number | null;
};

/** The paired statistics of a fixture's comparison. */
export type ComparisonStatistics = {
  reference: string;
  /** Fact probes every comparison is paired on. */
  probes: number;
  /** True when a probe's score is not kept-or-not: averaged over several runs, or a probe kept in part (½). */
  clustered: boolean;
  referenceRecall: { estimate: number; low: number; high: number };
  comparisons: PairedComparison[];
};
