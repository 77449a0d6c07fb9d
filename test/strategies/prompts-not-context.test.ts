/** Strategies that look for what the user asked find prompts, never the context an agent injected. */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { recentUserMessages } from '../../src/strategies/codex.ts';
import { selectTail } from '../../src/strategies/opencode.ts';
import { findCutPoint } from '../../src/session/cut-points.ts';
import { protectedFrom } from '../../src/strategies/tool-output-pruning.ts';
import { countMessages, getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import { renderMessages } from '../../src/session/transcript.ts';
import { assistant, context, user } from '../helpers/factories.ts';

let tokenizer: Tokenizer;
before(async () => {
  tokenizer = await getTokenizer('o200k_base');
});
const messages = [
  context('instructions', 'Always write tests first.'),
  user('Round the totals.'),
  assistant('Done.'),
  context('notification', 'Agent "profile" completed'),
  assistant('The profile shows one slow loop.'),
  user('Fix the loop.'),
  assistant('Fixed.'),
];

describe('prompts, not injected context', () => {
  it('codex keeps only the user’s own messages', () => {
    const kept = recentUserMessages(messages, 10_000, tokenizer).map((entry) => entry.index);
    assert.deepEqual(kept, [1, 5]);
  });

  it('opencode starts turns at prompts only', () => {
    const counts = countMessages(tokenizer, messages);
    const lastTurn = counts.slice(5).reduce((sum, tokens) => sum + tokens, 0);
    assert.equal(selectTail(messages, counts, lastTurn), 5);
  });

  it('tool-output-pruning protects turns counted by prompts', () => {
    assert.equal(protectedFrom(messages, 1), 5);
    assert.equal(protectedFrom(messages, 2), 1);
  });

  it('a tail starting at a context message belongs to the turn of the prompt before it', () => {
    const counts = countMessages(tokenizer, messages);
    const fromNotification = counts.slice(3).reduce((sum, tokens) => sum + tokens, 0);
    const cut = findCutPoint(messages, counts, fromNotification);
    assert.deepEqual(cut, { firstKept: 3, turnStart: 1 });
  });

  it('context counts the same tokens as before: only its rendering tag differs', () => {
    const plain = user('Always write tests first.');
    assert.equal(tokenizer.countMessage(messages[0]!), tokenizer.countMessage(plain));
    assert.equal(
      renderMessages(messages.slice(0, 2), { toolResultChars: 100 }),
      '[Context: instructions]: Always write tests first.\n\n[User]: Round the totals.',
    );
  });
});
