/** parallel-stitch: every slice summarized concurrently, then one call stitches the summaries. */
import { conversationBlock, summariesBlock } from './prompts.ts';
import { oneCallBudget, sliceBudgets } from './budgets.ts';
import { renderSlice, sliceLabel, slicePosition, summarize } from './summary-call.ts';
import type { Strategy } from './types.ts';

const name = 'parallel-stitch';

/** Under a target: how much slice summary the stitch gets per token it may write. */
const STITCH_INPUT_FACTOR = 1.5;

/** Slices in parallel (critical path of two calls), then a stitch. */
export const parallelStitch: Strategy = {
  name,
  description:
    'summarize all slices concurrently (recent ones with a boosted budget), then stitch them in one call',
  group: 'core',
  callsModel: true,
  // Every slice at once, then the stitch.
  plannedCalls: (slices) => ({ calls: slices + 1, sequential: 2 }),
  prompts: { main: ['slice'], others: ['stitch'] },
  async run(session, context) {
    const slices = context.slice(session.messages);
    // Under a target, the slice summaries together hold half as much again as the target, so that the stitch,
    // which drops what they repeat, still has enough to fill it.
    const { targetTokens } = context.config;
    const budgets = sliceBudgets(
      slices,
      context.config,
      targetTokens === undefined ? undefined : Math.round(targetTokens * STITCH_INPUT_FACTOR),
    );
    const summaries = await Promise.all(
      slices.map((slice) => {
        const budget = budgets[slice.index]!;
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
