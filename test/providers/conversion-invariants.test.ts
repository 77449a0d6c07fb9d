/**
 * The conversion holds the APIs' pairing rules on whole sessions: the shipped fixtures always, and the real
 * transcripts in ../shared/real-sessions/ when they are there.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { anthropicMessages } from '../../src/providers/anthropic/messages.ts';
import { openAIMessages } from '../../src/providers/openai/messages.ts';
import { loadSession } from '../../src/session/load.ts';
import type { Message } from '../../src/session/types.ts';

const REAL_SESSIONS = new URL('../../../shared/real-sessions/', import.meta.url).pathname;

/** Every break of OpenAI's rule: each `tool` message answers an open call of the latest assistant, and every call is answered before the next turn. */
function openAIBreaks(sent: readonly ChatCompletionMessageParam[]): string[] {
  const breaks: string[] = [];
  let open = new Set<string>();
  sent.forEach((message, index) => {
    if (message.role === 'tool') {
      if (!open.delete(message.tool_call_id))
        breaks.push(`${index}: result ${message.tool_call_id} with no open call`);
      return;
    }
    if (open.size > 0) breaks.push(`${index}: calls ${[...open].join(', ')} unanswered`);
    open = new Set(message.role === 'assistant' ? (message.tool_calls ?? []).map((call) => call.id) : []);
  });
  if (open.size > 0) breaks.push(`end: calls ${[...open].join(', ')} unanswered`);
  return breaks;
}

/** Every break of Anthropic's rules: roles alternate, and each tool_use is answered in the next message. */
function anthropicBreaks(turns: readonly MessageParam[]): string[] {
  const breaks: string[] = [];
  const blocks = (index: number) => {
    const content = turns[index]?.content;
    return Array.isArray(content) ? content : [];
  };
  turns.forEach((turn, index) => {
    if (index > 0 && turns[index - 1]!.role === turn.role)
      breaks.push(`${index}: two ${turn.role} turns in a row`);
    if (turn.role !== 'assistant') return;
    const answered = new Set(
      blocks(index + 1).flatMap((block) => (block.type === 'tool_result' ? [block.tool_use_id] : [])),
    );
    for (const block of blocks(index)) {
      if (block.type !== 'tool_use') continue;
      if (!answered.has(block.id)) breaks.push(`${index}: tool_use ${block.id} unanswered`);
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(block.id)) breaks.push(`${index}: id ${block.id} refused by the API`);
    }
  });
  return breaks;
}

function sessionsIn(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.jsonl'))
    .map((file) => join(directory, file));
}

describe('message conversion on whole sessions', () => {
  const transcripts = sessionsIn(new URL('../../fixtures/', import.meta.url).pathname).filter(
    (file) => !file.includes('generator'),
  );
  for (const file of transcripts) {
    it(`pairs every tool call with its result for both APIs: ${file.split('/').pop()}`, async () => {
      const session = await loadSession(file);
      assert.ok(
        session.messages.some((message) => message.role === 'toolResult'),
        'the fixture has tool results',
      );
      assert.deepEqual(openAIBreaks(openAIMessages('system', session.messages)), []);
      assert.deepEqual(anthropicBreaks(anthropicMessages(session.messages)), []);
    });
  }

  it('pairs every tool call with its result on the real transcripts', async (t) => {
    if (!existsSync(REAL_SESSIONS)) return t.skip(`no real transcripts at ${REAL_SESSIONS}`);
    for (const file of sessionsIn(REAL_SESSIONS)) {
      const session = await loadSession(file);
      assert.deepEqual(openAIBreaks(openAIMessages('system', session.messages)), [], file);
      assert.deepEqual(anthropicBreaks(anthropicMessages(session.messages)), [], file);
    }
  });

  it('finds the breaks the conversion repairs (the check can fail)', () => {
    const orphanCall: Message[] = [
      { role: 'assistant', content: [{ type: 'toolCall', id: 'a|b', name: 'read', arguments: {} }] },
      { role: 'user', content: 'go on' },
    ];
    assert.deepEqual(openAIBreaks(openAIMessages('', orphanCall)), []);
    assert.deepEqual(anthropicBreaks(anthropicMessages(orphanCall)), []);
    assert.deepEqual(
      openAIBreaks([
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'a', type: 'function', function: { name: 'read', arguments: '{}' } }],
        },
        { role: 'user', content: 'go on' },
        { role: 'tool', tool_call_id: 'b', content: 'x' },
      ]),
      ['1: calls a unanswered', '2: result b with no open call'],
    );
    assert.deepEqual(
      anthropicBreaks([
        { role: 'assistant', content: [{ type: 'tool_use', id: 'a|b', name: 'read', input: {} }] },
        { role: 'assistant', content: 'more' },
      ]),
      ['0: tool_use a|b unanswered', '0: id a|b refused by the API', '1: two assistant turns in a row'],
    );
  });
});
