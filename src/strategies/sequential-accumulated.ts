/** sequential-accumulated: slice i is summarized with all earlier slice summaries as context. */
import { accumulatedPrompt, SUMMARIZER_SYSTEM, withInstructions } from './prompts.ts';
import { renderSlice, sliceBudget, sliceLabel } from './steps.ts';
import type { Strategy } from './types.ts';

/** One call per slice, in order; the result is the slice summaries in order. */
export const sequentialAccumulated: Strategy = {
  name: 'sequential-accumulated',
  description: 'summarize slice i with all earlier slice summaries as context; result = the summaries in order',
  group: 'core',
  callsModel: true,
  async run(session, context) {
    const slices = context.slice(session.messages);
    const summaries: string[] = [];
    for (const slice of slices) {
      const budget = sliceBudget(slice, slices.length, context.config);
      const prompt = accumulatedPrompt(renderSlice(session, slice, context), summaries, {
        number: slice.index + 1,
        count: slices.length,
        budget,
      });
      summaries.push(
        await context.complete(sliceLabel('slice', slice, slices.length), {
          system: SUMMARIZER_SYSTEM,
          prompt: withInstructions(prompt, context.config.instructions),
          maxTokens: budget,
        }),
      );
    }
    const summary =
      summaries.length === 1
        ? summaries[0]!
        : summaries.map((text, index) => `## Part ${index + 1} of ${summaries.length}\n\n${text.trim()}`).join('\n\n');
    return { summary };
  },
};
