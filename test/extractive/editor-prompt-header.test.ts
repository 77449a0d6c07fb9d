import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createExtractiveProvider } from '../../src/providers/extractive.ts';
import type { Provider } from '../../src/providers/types.ts';
import { typedRequest } from '../../src/session/editor-prompt-header.ts';
import { renderMessages } from '../../src/session/transcript.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

// How Codex in an editor sends a prompt: the editor's open tabs, then what the user typed.
const WRAPPED = [
  '# Context from my IDE setup:',
  '',
  '## Open tabs:',
  '- notes.md: docs/notes.md',
  '- routes.ts: src/app/routes.ts',
  '',
  '## My request for Codex:',
  'Invoice export',
  'Build a page that lists every invoice of the month with its total, and a button that exports them as CSV.',
  'Keep the existing invoice service as it is.',
].join('\n');

let provider: Provider;
before(async () => {
  provider = createExtractiveProvider({ tokenizer: await getTokenizer('o200k_base') });
});

describe("an editor's header before the user's prompt", () => {
  it('is taken off: what the user typed is left, and a prompt without one is unchanged', () => {
    assert.equal(typedRequest(WRAPPED).split('\n')[0], 'Invoice export');
    assert.equal(typedRequest('Fix the login bug.'), 'Fix the login bug.');
  });

  it("is no part of the extractive summary's goal: the task opens with the title line the user typed", async () => {
    const read = toolCall('bash', { command: 'cat src/app/routes.ts' });
    const prompt = `<conversation>\n${renderMessages(
      [user(WRAPPED), callsTools([read]), toolResult(read, 'export const routes = [];')],
      { toolResultChars: 2000 },
    )}\n</conversation>\n\nSummarize the conversation above.`;
    const { text } = await provider.complete({ system: 'Compress the session.', prompt, maxTokens: 2000 });
    const goal = text.split('## ')[1] ?? '';
    assert.match(goal, /^Goal\n- Invoice export Build a page that lists every invoice/m, text);
    assert.doesNotMatch(text, /Open tabs|notes\.md/, text);
  });
});
