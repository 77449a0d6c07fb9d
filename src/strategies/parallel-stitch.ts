/** parallel-stitch: every slice summarized concurrently, then one call stitches the summaries. */
import { SUMMARIZER_SYSTEM, slicePrompt, stitchPrompt, withInstructions } from './prompts.ts';
import { oneCallBudget, renderSlice, sliceBudget, sliceLabel } from './steps.ts';
import type { Strategy } from './types.ts';

/** Slices in parallel (critical path of two calls), then a stitch. */
export const parallelStitch: Strategy = {
  name: 'parallel-stitch',
  description: 'summarize all slices concurrently (recent ones with a boosted budget), then stitch them in one call',
  group: 'core',
  callsModel: true,
  async run(session, context) {
    const slices = context.slice(session.messages);
    const { instructions } = context.config;
    const summaries = await Promise.all(
      slices.map((slice) => {
        const budget = sliceBudget(slice, slices.length, context.config);
        const prompt = slicePrompt(renderSlice(session, slice, context), {
          number: slice.index + 1,
          count: slices.length,
          budget,
        });
        return context.complete(sliceLabel('slice', slice, slices.length), {
          system: SUMMARIZER_SYSTEM,
          prompt: withInstructions(prompt, instructions),
          maxTokens: budget,
        });
      }),
    );
    const summary = await context.complete('stitch', {
      system: SUMMARIZER_SYSTEM,
      prompt: withInstructions(stitchPrompt(summaries), instructions),
      maxTokens: oneCallBudget(context.config),
    });
    return { summary };
  },
};
