/** sequential-rolling: one running summary, rewritten by each call with the next slice. */
import { rollingPrompt, SUMMARIZER_SYSTEM, withInstructions } from './prompts.ts';
import { renderSlice, runningBudget, sliceLabel } from './steps.ts';
import type { Strategy } from './types.ts';

/** One call per slice, each rewriting the summary so far. */
export const sequentialRolling: Strategy = {
  name: 'sequential-rolling',
  description: 'one running summary, rewritten slice by slice',
  group: 'core',
  callsModel: true,
  async run(session, context) {
    const slices = context.slice(session.messages);
    const budget = runningBudget(context.config);
    let summary: string | undefined;
    for (const slice of slices) {
      const prompt = rollingPrompt(renderSlice(session, slice, context), summary, {
        number: slice.index + 1,
        count: slices.length,
        budget,
      });
      summary = await context.complete(sliceLabel('rewrite', slice, slices.length), {
        system: SUMMARIZER_SYSTEM,
        prompt: withInstructions(prompt, context.config.instructions),
        maxTokens: budget,
      });
    }
    return { summary: summary ?? '' };
  },
};
