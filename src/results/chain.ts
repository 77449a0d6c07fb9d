/** The compaction chain of a result under `--schedule` (docs/results.md): one entry per compaction, for decay curves. */
import * as z from 'zod';
import { chainCompactionSchema, chainOutputSchema } from './chain-output.ts';

/**
 * What one compaction of a chain did, and what the context right after it kept: what the strategy made (as its job
 * record stores it), then its scores; with the figure of every metric the registry shows in chains
 * (src/quality/metrics.ts), under its key.
 */
export const cycleResultSchema = chainCompactionSchema
  .omit({ summary: true, textHash: true })
  .extend({
    /** Fact probes planted before `atMessage`, and the share the context kept. */
    probes: z.number(),
    probeRecall: z.number().nullable(),
    contradictions: z.number().nullable(),
    /**
     * Probes the previous compaction summarized (planted before its `keptFrom`) and the session has not restated
     * since: what survived a second pass. Null at the first compaction or when there are none.
     */
    earlierProbes: z.number(),
    earlierRecall: z.number().nullable(),
    /** The same for the first compaction's summarized stretch: how the oldest facts decay. */
    firstStretchProbes: z.number(),
    firstStretchRecall: z.number().nullable(),
    /** Files read or modified before `atMessage` that the context names (carried file lists count). */
    fileRecall: z.number().nullable(),
    modifiedFileRecall: z.number().nullable(),
    /** Ids of the probes so far that the context missed or contradicted. */
    missedProbes: z.array(z.string()),
  })
  .catchall(z.unknown());

/**
 * A strategy's whole chain: the policy as `--schedule` spells it, how many compactions it needed, how it ended
 * (`stalled`: a compaction left no room for the next message, so the chain stopped; see `error`) and each one's
 * figures.
 */
export const chainResultSchema = chainOutputSchema
  .pick({ schedule: true, status: true, error: true })
  .extend({ compactions: z.number(), cycles: z.array(cycleResultSchema) });

/** One compaction's figures in a chain. */
export type CycleResult = z.infer<typeof cycleResultSchema>;
/** A strategy's whole chain. */
export type ChainResult = z.infer<typeof chainResultSchema>;
