import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getEncoding } from 'js-tiktoken';
import { countRequestTokens } from '../../src/extractive/request-tokens.ts';
import { readRequest } from '../../src/extractive/request.ts';
import { renderMessages } from '../../src/session/transcript.ts';
import { countRequest, getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import { assistant, callsTools, context, toolCall, toolResult, user } from '../helpers/factories.ts';

const read = toolCall('read', { path: 'src/a.ts' });
const test = toolCall('bash', { command: 'npm test' });
// Lines inside messages that open with `[`, `<` and `#`, and line ends a piece may pull a line break into.
const conversation = renderMessages(
  [
    context('instructions', '# Rules\n<rule>Use pnpm.</rule>\n[x] done'),
    user('Fix the parser.\r\n[Note]: it fails on `a.b`.  \n#hashtag.\n'),
    callsTools([read], 'Reading it first.'),
    toolResult(read, 'export const a = 1;\n<div>\n  [1, 2]\n#!/bin/sh\n\n\n'),
    callsTools([test]),
    toolResult(test, "FAIL src/a.test.ts\nError: it's 3's\n[stack]\n", true),
    assistant('Fixed: the parser now reads `a.b`.\n\n## Done\n- [x] parser'),
  ],
  { toolResultChars: 2000 },
);

/** Prompts of the shapes the strategies send, and some they do not: what comes before and after the conversation. */
const PROMPTS = [
  `Summarize the conversation.\n\n<conversation>\n${conversation}\n</conversation>\n\nWrite the summary.`,
  `<previous-summary>\n## Goal\n- Fix it.\n</previous-summary>\n\n<conversation>\n${conversation}\n</conversation>`,
  `<conversation>\n${conversation}\n</conversation>`,
  `<conversation>${conversation}</conversation>\nNo line break around it.`,
  `<conversation>\n${conversation}\n</conversation>and text right after.`,
  `<conversation>\n${conversation}.</conversation>`,
  `<conversation>\n${conversation}...\t</conversation>`,
  `<conversation>\n${conversation}\n</conversation>\n`,
  `Summarize this:\n${conversation}`,
  `Summarize this:\n${conversation}\n`,
  `<conversation>\n[User]: one block, no other\n</conversation>\n\nSummarize.`,
  `<conversation>\n\n</conversation>\n\nNothing to summarize.`,
  'No conversation at all.',
];

/** The request's count through {@link countRequestTokens}, the conversation remembered under `key`. */
function counted(tokenizer: Tokenizer, prompt: string, key: string | undefined): number {
  const request = { system: 'You summarize coding sessions.\n', prompt };
  const parsed = readRequest(request.system, prompt);
  return countRequestTokens(tokenizer, request, {
    text: parsed.conversation,
    at: parsed.conversationAt,
    key,
  });
}

describe('extractive: a request’s input tokens', () => {
  it('counts every prompt exactly as js-tiktoken encodes it, the conversation remembered or not', async () => {
    for (const name of ['o200k_base', 'cl100k_base'] as const) {
      const tokenizer = await getTokenizer(name);
      const encoding = getEncoding(name);
      PROMPTS.forEach((prompt, index) => {
        const request = { system: 'You summarize coding sessions.\n', prompt };
        const expected =
          encoding.encode(request.system, [], []).length + encoding.encode(prompt, [], []).length;
        assert.equal(countRequest(tokenizer, request), expected, `${name}, prompt ${index}`);
        // The first count remembers the conversation's, the second reads it back.
        const key = `${name} ${index} ${Math.random()}`;
        assert.equal(counted(tokenizer, prompt, key), expected, `${name}, prompt ${index}, counted`);
        assert.equal(counted(tokenizer, prompt, key), expected, `${name}, prompt ${index}, remembered`);
        assert.equal(counted(tokenizer, prompt, undefined), expected, `${name}, prompt ${index}, unkeyed`);
      });
    }
  });

  it('counts a remembered conversation with the tokenizer asking, and an estimate over the whole prompt', async () => {
    const o200k = await getTokenizer('o200k_base');
    const cl100k = await getTokenizer('cl100k_base');
    const heuristic = await getTokenizer('heuristic');
    for (const prompt of PROMPTS) {
      const key = `shared ${Math.random()}`;
      for (const tokenizer of [o200k, cl100k, heuristic, o200k]) {
        const request = { system: 'You summarize coding sessions.\n', prompt };
        assert.equal(counted(tokenizer, prompt, key), countRequest(tokenizer, request), tokenizer.name);
      }
    }
    const prompt = PROMPTS[0]!;
    // The counts differ, so a count remembered for one tokenizer and read by another would have failed above.
    const request = { system: '', prompt };
    assert.notEqual(countRequest(o200k, request), countRequest(cl100k, request));
    assert.notEqual(countRequest(o200k, request), countRequest(heuristic, request));
  });

  it('reads the remembered count of a conversation under its key, whatever the prompt around it', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const key = `around ${Math.random()}`;
    const first = `Summarize.\n\n<conversation>\n${conversation}\n</conversation>\n\nWrite it.`;
    const second = `<summaries>\n<summary>\n## Goal\n- Earlier.\n</summary>\n</summaries>\n\n<conversation>\n${conversation}\n</conversation>\n\nDo not repeat them.`;
    for (const prompt of [first, second, first]) {
      assert.equal(
        counted(tokenizer, prompt, key),
        countRequest(tokenizer, { system: 'You summarize coding sessions.\n', prompt }),
      );
    }
  });

  it('counts an unkeyed conversation (one read each time) once per text, and an edited one again', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const seen: string[] = [];
    const spy = { estimate: false, count: (text: string) => (seen.push(text), tokenizer.count(text)) };
    const unique = `${conversation}\n\n[User]: and one more ${Math.random()}\n`;
    const edited = unique.replace('Fix the parser.', 'Fix the lexer.');
    for (const text of [unique, unique, edited, unique]) {
      const request = { system: 'You summarize.\n', prompt: `<conversation>\n${text}</conversation>\n\nGo.` };
      const parsed = readRequest(request.system, request.prompt);
      const tokens = countRequestTokens(spy, request, {
        text: parsed.conversation,
        at: parsed.conversationAt,
        key: undefined,
      });
      assert.equal(tokens, countRequest(tokenizer, request));
    }
    // The conversation from its first cut on is counted for the first text and for the edited one only.
    const whole = seen.filter((text) => text.length > conversation.length / 2);
    assert.equal(whole.length, 2);
    assert.ok(whole[1]!.includes('Fix the lexer.'));
  });
});
