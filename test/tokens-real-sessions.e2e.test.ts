/**
 * Token counts on real transcripts, when they are beside the repository: every message of ../shared/real-sessions/
 * counted as js-tiktoken encodes it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getEncoding } from 'js-tiktoken';
import { loadSession } from '../src/session/load.ts';
import { getTokenizer, IMAGE_TOKENS } from '../src/tokens.ts';
import type { Message } from '../src/session/types.ts';
import { renderMessages } from '../src/session/transcript.ts';
import { REAL_SESSIONS, REAL_SESSIONS_ROOT, REAL_SESSIONS_SKIP } from './helpers/real-sessions.ts';

/** The texts of a message that the tokenizer counts, and the images it counts at a fixed price. */
function countedTexts(message: Message): { texts: string[]; images: number } {
  if (typeof message.content === 'string') return { texts: [message.content], images: 0 };
  const texts: string[] = [];
  let images = 0;
  for (const block of message.content) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'thinking') texts.push(block.thinking);
    else if (block.type === 'toolCall') texts.push(block.name, JSON.stringify(block.arguments));
    else images++;
  }
  return { texts, images };
}

describe('tokens on real sessions', { skip: REAL_SESSIONS_SKIP }, () => {
  it('counts every message of the real sessions exactly as js-tiktoken encodes it (o200k_base)', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const reference = getEncoding('o200k_base');
    let messages = 0;
    for (const file of REAL_SESSIONS) {
      const session = await loadSession(file);
      for (const [index, message] of session.messages.entries()) {
        const { texts, images } = countedTexts(message);
        const expected =
          texts.reduce((sum, text) => sum + reference.encode(text, [], []).length, 0) + images * IMAGE_TOKENS;
        assert.equal(
          tokenizer.countMessage(message),
          expected,
          `${file.slice(REAL_SESSIONS_ROOT.length)} #${index}`,
        );
        messages++;
      }
    }
    assert.ok(messages > 1_000, `${messages} messages`);
  });

  it('counts each real session rendered into a prompt, after its messages, exactly as js-tiktoken encodes it', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const reference = getEncoding('o200k_base');
    for (const file of REAL_SESSIONS) {
      const session = await loadSession(file);
      // The messages' texts are counted first (the session's counts), then their renderings in the prompt.
      for (const message of session.messages) tokenizer.countMessage(message);
      const rendered = renderMessages(session.messages, { toolResultChars: 2000 });
      const prompt = `Summarize.\n\n<conversation>\n${rendered}\n</conversation>`;
      const name = file.slice(REAL_SESSIONS_ROOT.length);
      assert.equal(tokenizer.count(prompt), reference.encode(prompt, [], []).length, name);
    }
  });
});
