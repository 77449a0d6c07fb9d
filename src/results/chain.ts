/** The compaction chain of a result under `--schedule` (docs/results.md): one entry per compaction, for decay curves. */

/**
 * What one compaction of a chain did, and what the context right after it kept; with the figure of every metric
 * the registry shows in chains (src/quality/metrics.ts), under its key.
 */
export type CycleResult = CycleFigures & { readonly [metric: string]: unknown };

/** The figures every compaction records. */
type CycleFigures = {
  /** 1-based. */
  cycle: number;
  /** The compaction came before this transcript message: the context covered messages 0 … atMessage − 1. */
  atMessage: number;
  /** The first transcript message kept verbatim after it (null when nothing was kept). */
  keptFrom: number | null;
  /** The running context just before and right after, by the run's tokenizer (null where the agent did not say). */
  tokensBefore: number | null;
  tokensAfter: number;
  summaryTokens: number;
  keptMessages: number;
  /** True when the strategy's update form merged the previous summary (structured-iterative, pi, …). */
  updated: boolean;
  /** This compaction's own calls, tokens and time (its critical path), and its wall time. */
  calls: number;
  inputTokens: number;
  outputTokens: number;
  ms: number;
  wallMs: number;
  /** Fact probes planted before `atMessage`, and the share the context kept. */
  probes: number;
  probeRecall: number | null;
  contradictions: number | null;
  /**
   * Probes the previous compaction summarized (planted before its `keptFrom`) and the session has not restated
   * since: what survived a second pass. Null at the first compaction or when there are none.
   */
  earlierProbes: number;
  earlierRecall: number | null;
  /** The same for the first compaction's summarized stretch: how the oldest facts decay. */
  firstStretchProbes: number;
  firstStretchRecall: number | null;
  /** Files read or modified before `atMessage` that the context names (carried file lists count). */
  fileRecall: number | null;
  modifiedFileRecall: number | null;
  /** Ids of the probes so far that the context missed or contradicted. */
  missedProbes: string[];
};

/** A strategy's whole chain: how many compactions the schedule needed and each one's figures. */
export type ChainResult = {
  /** The policy as `--schedule` spells it. */
  schedule: string;
  compactions: number;
  /** `stalled`: a compaction left no room for the next message, so the chain stopped (see `error`). */
  status: 'ok' | 'stalled' | 'error';
  error: string | null;
  cycles: CycleResult[];
};
