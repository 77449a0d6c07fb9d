/**
 * An example of a strategy loaded from a file: `compaction-bench compare before-compaction -s ./docs/examples/keep-last-user-message.ts`.
 * It asks the model for a short summary of everything but the last user message, and keeps that message verbatim.
 */
import type { Strategy } from '../../src/strategies/types.ts';

const strategy: Strategy = {
  name: 'keep-last-user-message',
  description: 'one short summary of the history, with the last user message kept verbatim',
  group: 'custom',
  callsModel: true,
  async run(session, context) {
    const lastUser = session.messages.findLastIndex((message) => message.role === 'user');
    const history = lastUser > 0 ? session.messages.slice(0, lastUser) : session.messages;
    const summary = await context.complete('summary', {
      system: 'You summarize coding-agent sessions for a handoff. Keep exact paths, identifiers and errors.',
      prompt: `<conversation>\n${context.render(history)}\n</conversation>\n\nSummarize the conversation above in at most 600 tokens.`,
      maxTokens: 600,
    });
    return { summary, kept: lastUser > 0 ? session.messages.slice(lastUser, lastUser + 1) : [] };
  },
};

export default strategy;
