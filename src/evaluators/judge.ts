/** The LLM judge as an evaluator (`--judge`): grades each probe against a finished job's context. */
import * as z from 'zod';
import { judgeText } from '../quality/judge/run-judge.ts';
import { judgeResultSchema } from '../quality/judge/judge.ts';
import { traceEntry } from '../results/assemble.ts';
import { judgeUsageSchema, traceEntrySchema } from '../results/call-trace.ts';
import type { Evaluator } from './types.ts';

/** The judge's grades of one context, and its own calls and cost (never counted in the strategy's). */
export const judgeScoresSchema = z.object({
  judge: judgeResultSchema,
  usage: judgeUsageSchema,
  trace: z.array(traceEntrySchema),
});

/** One {@link judgeScoresSchema}. */
export type JudgeScores = z.infer<typeof judgeScoresSchema>;

/** Judges finished jobs when the run has a judge; each run of `--runs` is judged afresh. */
export const judgeEvaluator: Evaluator<JudgeScores> = {
  name: 'judge',
  description: 'an LLM grades each probe against the compacted context (--judge)',
  callsModel: true,
  enabled: (context) => context.judge !== undefined,
  async evaluate(input, context) {
    if (!input.ok || !context.judge) return null;
    const judged = await judgeText(input.text, input.reference.probes, {
      judge: context.judge,
      limit: context.limit,
      tokenizer: context.tokenizer,
      signal: context.signal,
      sample: input.sample,
    });
    return { judge: judged.judge, usage: judged.usage, trace: judged.trace.map(traceEntry) };
  },
  schema: judgeScoresSchema,
  apply(result, scores) {
    if (!scores) return;
    // The lexical evaluator's block comes first; the judge's grades go into it.
    if (result.quality) result.quality.judge = scores.judge;
    result.judgeUsage = scores.usage;
    result.judgeTrace = scores.trace;
  },
};
