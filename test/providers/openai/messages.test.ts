import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openAIMessages, openAIStopReason } from '../../../src/providers/openai/messages.ts';
import type { ToolResultMessage } from '../../../src/session/types.ts';
import { callsTools, toolCall, user } from '../../helpers/factories.ts';

describe('openai messages', () => {
  it('keeps a plain-text user message a string and leaves out an empty system prompt', () => {
    assert.deepEqual(openAIMessages('', [user('hi')]), [{ role: 'user', content: 'hi' }]);
  });

  it('sends user images as data URLs, and the images of tool results in a user message after the results', () => {
    const call = toolCall('screenshot', {}, 'call_1');
    const result: ToolResultMessage = {
      role: 'toolResult',
      toolCallId: 'call_1',
      toolName: 'screenshot',
      content: [
        { type: 'text', text: 'taken' },
        { type: 'image', mimeType: 'image/png', data: 'iVBOR' },
      ],
      isError: false,
    };
    const sent = openAIMessages('', [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image', mimeType: 'image/jpeg', data: '/9j/' },
        ],
      },
      callsTools([call]),
      result,
    ]);
    assert.deepEqual(sent[0], {
      role: 'user',
      content: [
        { type: 'text', text: 'look' },
        { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/' } },
      ],
    });
    assert.deepEqual(sent.slice(2), [
      { role: 'tool', tool_call_id: 'call_1', content: 'taken' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Images from the tool results above:' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBOR' } },
        ],
      },
    ]);
  });

  it('maps finish reasons', () => {
    assert.deepEqual(
      ['stop', 'length', 'tool_calls', 'content_filter', 'something_new', null].map(openAIStopReason),
      ['stop', 'length', 'toolUse', 'refusal', 'other', 'other'],
    );
  });
});
