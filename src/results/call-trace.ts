/** The calls a result traces (`trace`, `judgeTrace`) and the judge's own usage, as the results JSON and job records hold them. */
import * as z from 'zod';
import { usageSourceSchema } from '../providers/types.ts';

/** One row of the trace in the results JSON: a call as `src/providers/calls.ts` records it, times rounded. */
export const traceEntrySchema = z.object({
  /** What the call was for: `slice 2/4`, `stitch`, `update 3/5`, … */
  label: z.string(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** Input tokens the API served from its prompt cache, where it said so. */
  cachedInputTokens: z.number().nullable(),
  /** Input tokens the API wrote to its prompt cache (Anthropic); null when not said or in files written before it. */
  cacheWriteInputTokens: z.number().nullable().default(null),
  /** Which counter produced the token figures. */
  usageSource: usageSourceSchema,
  ms: z.number(),
  cached: z.boolean(),
  /** HTTP attempts (1 = no retry), where the provider knows. */
  attempts: z.number().nullable(),
  error: z.string().nullable(),
  // When the call was asked for, started (after waiting for a concurrency slot) and ended, in ms
  // since the strategy started: enough to draw the run's timeline.
  requestedAt: z.number(),
  startedAt: z.number(),
  endedAt: z.number(),
  /** The stored prompt and answer of the call (`records/calls/<hash>.json`); null when not sent or failed, absent in older files. */
  promptHash: z.string().nullable().optional(),
  answerHash: z.string().nullable().optional(),
});

/** The judge's own calls and cost (`--judge`), never counted in the strategy's figures. */
export const judgeUsageSchema = z.object({
  calls: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  cachedCalls: z.number(),
  cost: z.number().nullable(),
});

/** One row of a trace. */
export type TraceEntry = z.infer<typeof traceEntrySchema>;
/** The judge's usage on one result. */
export type JudgeUsage = z.infer<typeof judgeUsageSchema>;
