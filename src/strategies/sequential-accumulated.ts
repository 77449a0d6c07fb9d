/** sequential-accumulated: slice i is summarized with all earlier slice summaries as context. */
import { conversationBlock, summariesBlock } from './prompts.ts';
import { renderSlice, sliceBudget, sliceLabel, summarize } from './steps.ts';
import type { Strategy } from './types.ts';

const name = 'sequential-accumulated';

/** One call per slice, in order; the result is the slice summaries in order. */
export const sequentialAccumulated: Strategy = {
  name,
  description:
    'summarize slice i with all earlier slice summaries as context; result = the summaries in order',
  group: 'core',
  callsModel: true,
  prompts: { main: ['accumulated'] },
  async run(session, context) {
    const slices = context.slice(session.messages);
    const summaries: string[] = [];
    for (const slice of slices) {
      const budget = sliceBudget(slice, slices.length, context.config);
      const earlier = summaries.length === 0 ? [] : [summariesBlock(summaries)];
      summaries.push(
        await summarize(context, {
          label: sliceLabel('slice', slice, slices.length),
          owner: name,
          prompt: 'accumulated',
          values: { number: slice.index + 1, count: slices.length, budget },
          blocks: [...earlier, conversationBlock(renderSlice(session, slice, context))],
          maxTokens: budget,
        }),
      );
    }
    const summary =
      summaries.length === 1
        ? summaries[0]!
        : summaries
            .map((text, index) => `## Part ${index + 1} of ${summaries.length}\n\n${text.trim()}`)
            .join('\n\n');
    return { summary };
  },
};
