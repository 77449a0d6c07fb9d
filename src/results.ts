/** The results JSON (SPEC §4, `schemaVersion: 1`): what a compare run produced, for machines. */
import type { CallRecord } from './calls.ts';
import type { UsageSource } from './providers/types.ts';
import type { Quality } from './quality/score.ts';
import type { MessageRange, PromptUse } from './strategies/types.ts';

/** Mean and standard error of one figure over `--runs`. */
export type Spread = { mean: number; stdError: number };

/** One row of the trace in the results JSON. */
export type TraceEntry = Pick<
  CallRecord,
  | 'label'
  | 'inputTokens'
  | 'outputTokens'
  | 'cachedInputTokens'
  | 'usageSource'
  | 'ms'
  | 'cached'
  | 'attempts'
  | 'error'
  // When the call was asked for, started (after waiting for a concurrency slot) and ended, in ms
  // since the strategy started: enough to draw the run's timeline.
  | 'requestedAt'
  | 'startedAt'
  | 'endedAt'
>;

/** One strategy's result on one fixture. */
export type StrategyResult = {
  name: string;
  description: string;
  status: 'ok' | 'error';
  error: string | null;
  callsModel: boolean;
  calls: number;
  /** Sums over the strategy's calls; see `usageSource` for which counter produced them. */
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  /** `api` when every figure came from the API, `tokenizer` when every one was counted by us, else `mixed`; `none` without calls. */
  usageSource: UsageSource | 'mixed' | 'none';
  cachedCalls: number;
  wallMs: number;
  criticalPathCalls: number;
  /** The calls' own latency summed along the slowest chain: the floor of `wallMs` for this call shape. */
  criticalPathMs: number;
  /** Tokens of the transcript and of the compacted context (summary + kept messages), by the run's tokenizer. */
  tokensBefore: number;
  tokensAfter: number;
  summaryTokens: number;
  keptMessages: number;
  /** Where the kept messages come from in the transcript: 0-based `[start, end)` ranges (a kept message may be altered). */
  keptRanges: MessageRange[];
  compressionRatio: number;
  /** Dollars, when the model's price is known. */
  cost: number | null;
  quality: Quality;
  runs: number;
  /** Mean and standard error of each figure over the runs (only when `runs` > 1). */
  spread: Record<string, Spread> | null;
  /** The report file written for this strategy (relative to `--out`). */
  file: string;
  notes: string[];
  /** Every prompt the strategy sent (system prompt included): name, first 12 hex digits of its SHA-256, override file. */
  prompts: PromptUse[];
  summary: string;
  trace: TraceEntry[];
  /** The judge's own calls and cost (`--judge`), never counted in the strategy's figures; null when not judged. */
  judgeUsage: {
    calls: number;
    inputTokens: number;
    outputTokens: number;
    cachedCalls: number;
    cost: number | null;
  } | null;
  judgeTrace: TraceEntry[];
};

/** Everything a compare run produced for one fixture. */
export type ResultsFile = {
  schemaVersion: 1;
  fixture: { name: string; path: string; format: string; messages: number; tokens: number; probes: number };
  provider: { id: string; model: string; isLanguageModel: boolean };
  judge: { id: string; model: string } | null;
  tokenizer: string;
  tokensEstimated: boolean;
  config: {
    sliceTokens: number;
    overlapTokens: number;
    ratio: number;
    recentBoost: number;
    toolResultChars: number;
    reserveTokens: number;
    contextWindow: number | null;
    concurrency: number;
    runs: number;
    instructions: string | null;
    /** `--keep-recent-tokens` when given (core strategies then ran as `+recent` hybrids), else null (20000 where used). */
    keepRecentTokens: number | null;
    maskWindow: number;
    pruneKeepTokens: number;
    pruneMinimumTokens: number;
    pruneProtectTurns: number;
  };
  strategies: StrategyResult[];
};
