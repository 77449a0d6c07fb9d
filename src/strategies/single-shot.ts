/** single-shot: the whole transcript and the checkpoint prompt in one call. */
import { conversationBlock } from './prompts.ts';
import { oneCallBudget } from './budgets.ts';
import { summarize } from './summary-call.ts';
import type { Strategy } from './types.ts';

const name = 'single-shot';

/** One call over everything; fails when the transcript does not fit the context window. */
export const singleShot: Strategy = {
  name,
  description: 'whole transcript + checkpoint prompt in one call (max output 0.8 × reserve)',
  group: 'core',
  callsModel: true,
  plannedCalls: () => ({ calls: 1, sequential: 1 }),
  prompts: { main: ['checkpoint'] },
  async run(session, context) {
    const summary = await summarize(context, {
      label: 'checkpoint',
      owner: name,
      prompt: 'checkpoint',
      blocks: [conversationBlock(context.render(session.messages))],
      maxTokens: oneCallBudget(context.config),
    });
    return { summary };
  },
};
