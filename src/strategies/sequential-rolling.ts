/** sequential-rolling: one running summary, rewritten by each call with the next slice. */
import { conversationBlock, previousSummaryBlock } from './prompts.ts';
import { runningBudget } from './budgets.ts';
import { renderSlice, sliceLabel, summarize } from './summary-call.ts';
import type { Strategy } from './types.ts';

const name = 'sequential-rolling';

/** One call per slice, each rewriting the summary so far. */
export const sequentialRolling: Strategy = {
  name,
  description: 'one running summary, rewritten slice by slice',
  group: 'core',
  callsModel: true,
  // One call per slice, each after the one before.
  plannedCalls: (slices) => ({ calls: slices, sequential: slices }),
  prompts: { main: ['rolling'] },
  async run(session, context) {
    const slices = context.slice(session.messages);
    const budget = runningBudget(context.config);
    let summary: string | undefined;
    for (const slice of slices) {
      const previous = summary === undefined ? [] : [previousSummaryBlock(summary)];
      summary = await summarize(context, {
        label: sliceLabel('rewrite', slice, slices.length),
        owner: name,
        prompt: 'rolling',
        values: { number: slice.index + 1, count: slices.length, budget },
        blocks: [...previous, conversationBlock(renderSlice(session, slice, context))],
        maxTokens: budget,
      });
    }
    return { summary: summary ?? '' };
  },
};
