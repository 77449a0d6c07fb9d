/** sequential-accumulated: slice i is summarized with all earlier slice summaries as context. */
import { conversationBlock, summariesBlock } from './prompts.ts';
import { sliceBudgets } from './budgets.ts';
import { renderSlice, sliceLabel, summarize } from './summary-call.ts';
import type { Strategy } from './types.ts';

const name = 'sequential-accumulated';

/** About what a `## Part i of n` heading and its blank lines cost. */
const PART_HEADING_TOKENS = 10;

/** One call per slice, in order; the result is the slice summaries in order. */
export const sequentialAccumulated: Strategy = {
  name,
  description:
    'summarize slice i with all earlier slice summaries as context; result = the summaries in order',
  group: 'core',
  callsModel: true,
  // One call per slice, each after the one before.
  plannedCalls: (slices) => ({ calls: slices, sequential: slices }),
  prompts: { main: ['accumulated'] },
  async run(session, context) {
    const slices = context.slice(session.messages);
    // Under a target the summaries are the result, so they share it (less the `## Part i of n` headings).
    const target = context.config.targetTokens;
    const headings = slices.length > 1 ? PART_HEADING_TOKENS * slices.length : 0;
    const budgets = sliceBudgets(
      slices,
      context.config,
      target === undefined ? undefined : target - headings,
    );
    const summaries: string[] = [];
    for (const slice of slices) {
      const budget = budgets[slice.index]!;
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
