import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anthropicMessages, anthropicStopReason } from '../../../src/providers/anthropic/messages.ts';
import { assistant, callsTools, toolCall, toolResult, user } from '../../helpers/factories.ts';

describe('anthropic messages', () => {
  it('merges consecutive same-role messages so roles alternate, and keeps a lone plain user message a string', () => {
    assert.deepEqual(anthropicMessages([user('hi')]), [{ role: 'user', content: 'hi' }]);
    assert.deepEqual(anthropicMessages([user('one'), user('two'), assistant('a'), assistant('b')]), [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
    ]);
  });

  it('sends every result of one turn in one user message, an error flagged, and images as base64 sources', () => {
    const first = toolCall('read', {}, 'call_1');
    const second = toolCall('bash', {}, 'call_2');
    const sent = anthropicMessages([
      callsTools([first, second]),
      toolResult(first, 'ok'),
      toolResult(second, 'boom', true),
      { role: 'user', content: [{ type: 'image', mimeType: 'image/png', data: 'iVBOR' }] },
    ]);
    assert.equal(sent.length, 2);
    assert.deepEqual(sent[1], {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'call_1', content: [{ type: 'text', text: 'ok' }] },
        {
          type: 'tool_result',
          tool_use_id: 'call_2',
          content: [{ type: 'text', text: 'boom' }],
          is_error: true,
        },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBOR' } },
      ],
    });
  });

  it('maps stop reasons', () => {
    assert.deepEqual(
      (
        [
          'end_turn',
          'stop_sequence',
          'max_tokens',
          'model_context_window_exceeded',
          'tool_use',
          'refusal',
          'pause_turn',
        ] as const
      ).map(anthropicStopReason),
      ['stop', 'stop', 'length', 'length', 'toolUse', 'refusal', 'other'],
    );
  });
});
