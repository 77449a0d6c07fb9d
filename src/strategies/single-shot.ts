/** single-shot: the whole transcript and the checkpoint prompt in one call. */
import { checkpointPrompt, SUMMARIZER_SYSTEM, withInstructions } from './prompts.ts';
import { oneCallBudget } from './steps.ts';
import type { Strategy } from './types.ts';

/** One call over everything; fails when the transcript does not fit the context window. */
export const singleShot: Strategy = {
  name: 'single-shot',
  description: 'whole transcript + checkpoint prompt in one call (max output 0.8 × reserve)',
  group: 'core',
  callsModel: true,
  async run(session, context) {
    const prompt = withInstructions(checkpointPrompt(context.render(session.messages)), context.config.instructions);
    const summary = await context.complete('checkpoint', {
      system: SUMMARIZER_SYSTEM,
      prompt,
      maxTokens: oneCallBudget(context.config),
    });
    return { summary };
  },
};
