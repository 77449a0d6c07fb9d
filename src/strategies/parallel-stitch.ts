/** parallel-stitch: every slice summarized concurrently, then one call stitches the summaries. */
import { conversationBlock, summariesBlock } from './prompts.ts';
import { oneCallBudget, renderSlice, sliceBudget, sliceLabel, slicePosition, summarize } from './steps.ts';
import type { Strategy } from './types.ts';

const name = 'parallel-stitch';

/** Slices in parallel (critical path of two calls), then a stitch. */
export const parallelStitch: Strategy = {
  name,
  description:
    'summarize all slices concurrently (recent ones with a boosted budget), then stitch them in one call',
  group: 'core',
  callsModel: true,
  prompts: { main: ['slice'], others: ['stitch'] },
  async run(session, context) {
    const slices = context.slice(session.messages);
    const summaries = await Promise.all(
      slices.map((slice) => {
        const budget = sliceBudget(slice, slices.length, context.config);
        return summarize(context, {
          label: sliceLabel('slice', slice, slices.length),
          owner: name,
          prompt: 'slice',
          values: {
            number: slice.index + 1,
            count: slices.length,
            position: slicePosition(slice, slices.length),
            budget,
          },
          blocks: [conversationBlock(renderSlice(session, slice, context))],
          maxTokens: budget,
        });
      }),
    );
    const summary = await summarize(context, {
      label: 'stitch',
      owner: name,
      prompt: 'stitch',
      blocks: [summariesBlock(summaries)],
      maxTokens: oneCallBudget(context.config),
    });
    return { summary };
  },
};
