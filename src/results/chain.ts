/** The compaction chain of a result under `--schedule` (docs/results.md): one entry per compaction, for decay curves. */
import type { ChainCompaction, ChainOutput } from './chain-output.ts';

/**
 * What one compaction of a chain did, and what the context right after it kept; with the figure of every metric
 * the registry shows in chains (src/quality/metrics.ts), under its key.
 */
export type CycleResult = CycleFigures & { readonly [metric: string]: unknown };

/** The figures every compaction records: what the strategy made (as its job record stores it), then its scores. */
type CycleFigures = Omit<ChainCompaction, 'summary' | 'textHash'> & {
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

/**
 * A strategy's whole chain: the policy as `--schedule` spells it, how many compactions it needed, how it ended
 * (`stalled`: a compaction left no room for the next message, so the chain stopped; see `error`) and each one's
 * figures.
 */
export type ChainResult = Pick<ChainOutput, 'schedule' | 'status' | 'error'> & {
  compactions: number;
  cycles: CycleResult[];
};
