import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  MISSING_RESULT_TEXT,
  safeToolCallId,
  transformMessages,
} from '../../src/providers/transform-messages.ts';
import type { AssistantMessage, Message } from '../../src/session/types.ts';
import { assistant, callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

const transform = (messages: Message[], maxToolCallIdLength = 64) =>
  transformMessages(messages, { maxToolCallIdLength });

describe('transformMessages', () => {
  it('passes a well-formed conversation through unchanged', () => {
    const call = toolCall('read', { path: 'a.ts' }, 'call_1');
    const messages = [
      user('read a.ts'),
      callsTools([call], 'Reading.'),
      toolResult(call, 'a'),
      assistant('done'),
    ];
    assert.deepEqual(transform(messages), messages);
  });

  it('answers a tool call left without a result with an error result, before the next turn and at the end', () => {
    const first = toolCall('read', { path: 'a.ts' }, 'call_1');
    const second = toolCall('bash', { command: 'ls' }, 'call_2');
    const result = transform([
      callsTools([first, second]),
      toolResult(second, 'a.ts'),
      user('stop'),
      callsTools([first]),
    ]);
    assert.deepEqual(
      result.map((message) =>
        message.role === 'toolResult'
          ? `${message.toolCallId}:${message.isError}:${message.content[0]?.type === 'text' && message.content[0].text}`
          : message.role,
      ),
      [
        'assistant',
        'call_2:false:a.ts',
        `call_1:true:${MISSING_RESULT_TEXT}`,
        'user',
        'assistant',
        `call_1:true:${MISSING_RESULT_TEXT}`,
      ],
    );
  });

  it('turns a result whose call is not the latest turn, or a second result for one call, into a user message', () => {
    const call = toolCall('read', { path: 'a.ts' }, 'call_1');
    const result = transform([
      user('hi'),
      toolResult(call, 'orphan text'),
      callsTools([call]),
      toolResult(call, 'x'),
      toolResult(call, 'again', true),
    ]);
    assert.deepEqual(result[1], {
      role: 'user',
      content: [
        { type: 'text', text: 'Result of an earlier read call:' },
        { type: 'text', text: 'orphan text' },
      ],
    });
    assert.equal(result[3]?.role, 'toolResult');
    assert.deepEqual(result[4], {
      role: 'user',
      content: [
        { type: 'text', text: 'Result of an earlier read call (an error):' },
        { type: 'text', text: 'again' },
      ],
    });
  });

  it('drops thinking, empty text, and assistant turns that ended in an error or were aborted', () => {
    const thinkingOnly: AssistantMessage = {
      role: 'assistant',
      content: [{ type: 'thinking', thinking: 'hmm' }],
    };
    const mixed: AssistantMessage = {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'plan' },
        { type: 'text', text: '' },
        { type: 'text', text: 'Answer.' },
      ],
    };
    const failed: AssistantMessage = { ...assistant('partial'), stopReason: 'error' };
    const aborted: AssistantMessage = { ...assistant('half'), stopReason: 'aborted' };
    const result = transform([user('q'), thinkingOnly, failed, aborted, mixed, user('')]);
    assert.deepEqual(result, [
      user('q'),
      { role: 'assistant', content: [{ type: 'text', text: 'Answer.' }] },
    ]);
  });

  it('makes unsafe or long tool call ids safe, the same in the call and its result, and never equal for two ids', () => {
    const codexId = 'call_abc|fc_0123456789abcdef0123456789abcdef0123456789abcdef';
    const call = toolCall('read', {}, codexId);
    const [sent, result] = transform([callsTools([call]), toolResult(call, 'x')], 40);
    const id = sent?.role === 'assistant' && sent.content[0]?.type === 'toolCall' ? sent.content[0].id : '';
    assert.match(id, /^[A-Za-z0-9_-]{1,40}$/);
    assert.equal(result?.role === 'toolResult' && result.toolCallId, id);
    assert.notEqual(safeToolCallId(`${codexId}x`, 40), id);
    assert.equal(safeToolCallId('toolu_01ABC', 64), 'toolu_01ABC');
  });

  it('writes an image recorded without its data as a placeholder, and keeps one with data', () => {
    const result = transform([
      {
        role: 'user',
        content: [
          { type: 'image', mimeType: 'image/png' },
          { type: 'image', mimeType: 'image/jpeg', data: 'AAAA' },
        ],
      },
    ]);
    assert.deepEqual(result[0]?.content, [
      { type: 'text', text: '[image: image/png]' },
      { type: 'image', mimeType: 'image/jpeg', data: 'AAAA' },
    ]);
  });
});
