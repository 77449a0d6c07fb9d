/**
 * What a compaction chain (`--schedule`) produced, as a job record stores it: the one definition of each
 * compaction's measured fields, which the chain's results (`chain.ts`) carry with its scores.
 */
import * as z from 'zod';

/**
 * One compaction of a chain (`--schedule`) as the strategy made it: where, its measured size, calls and time, its
 * summary, and the context right after it stored once by hash (`records/contexts/<hash>.txt`). The chain evaluator
 * scores it against the probes planted before `atMessage`.
 */
export const chainCompactionSchema = z.object({
  /** 1-based. */
  cycle: z.number(),
  /** The compaction came before this transcript message: the context covered messages 0 … atMessage − 1. */
  atMessage: z.number(),
  /** The first transcript message kept verbatim after it (null when nothing was kept). */
  keptFrom: z.number().nullable(),
  /** The running context just before and right after, by the run's tokenizer (null where the agent did not say). */
  tokensBefore: z.number().nullable(),
  tokensAfter: z.number(),
  summaryTokens: z.number(),
  keptMessages: z.number(),
  /** True when the strategy's update form merged the previous summary (structured-iterative, pi, …). */
  updated: z.boolean(),
  /** This compaction's own calls, tokens and time (its critical path), and its wall time. */
  calls: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  ms: z.number(),
  wallMs: z.number(),
  /** What the chain evaluator scores: the summary, and the context right after the compaction by hash. */
  summary: z.string(),
  textHash: z.string(),
});

/** A job's compaction chain: the schedule, how it ended, and every compaction it made. */
export const chainOutputSchema = z.object({
  schedule: z.string(),
  status: z.enum(['ok', 'stalled', 'error']),
  error: z.string().nullable(),
  compactions: z.array(chainCompactionSchema),
});

/** One stored compaction of a chain. */
export type ChainCompaction = z.infer<typeof chainCompactionSchema>;
/** A job's stored compaction chain. */
export type ChainOutput = z.infer<typeof chainOutputSchema>;
