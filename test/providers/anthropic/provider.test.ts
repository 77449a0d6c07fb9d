import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ProviderError } from '../../../src/errors.ts';
import { createAnthropicProvider } from '../../../src/providers/anthropic/provider.ts';
import type { SdkProviderOptions } from '../../../src/providers/sdk-provider.ts';
import type { CompletionRequest } from '../../../src/providers/types.ts';
import { getTokenizer, type Tokenizer } from '../../../src/tokens.ts';
import { callsTools, toolCall, toolResult, user } from '../../helpers/factories.ts';
import { type MockLlmServer, serveForTest as serve } from '../../../support/loopback-llm-server.ts';

let tokenizer: Tokenizer;
before(async () => {
  tokenizer = await getTokenizer('heuristic');
});

function provider(server: MockLlmServer, options: Partial<SdkProviderOptions> = {}) {
  return createAnthropicProvider({
    model: 'claude-haiku-4-5',
    apiKey: 'test-key',
    baseUrl: server.anthropicUrl,
    retries: 2,
    timeoutMs: 5000,
    tokenizer,
    ...options,
  });
}

const request: CompletionRequest = {
  system: 'You summarize coding sessions.',
  prompt: '[User]: fix the bug',
  maxTokens: 800,
};

describe('anthropic provider', () => {
  it('sends max_tokens, the system prompt and one user message, and no sampling parameter', async (t) => {
    const server = await serve(t);
    await provider(server, { promptCache: false }).complete(request);
    const [sent] = server.requests;
    assert.equal(sent?.path, '/v1/messages');
    assert.deepEqual(sent?.body, {
      model: 'claude-haiku-4-5',
      max_tokens: 800,
      system: 'You summarize coding sessions.',
      messages: [{ role: 'user', content: '[User]: fix the bug' }],
    });
  });

  it('marks the system prompt and the stable prefix with cache_control, the rest of the prompt after it', async (t) => {
    const server = await serve(t);
    const prompt = '<conversation>\n[User]: fix the bug\n</conversation>\n\nSummarize in 800 tokens.';
    const stablePrefixLength = prompt.indexOf('Summarize');
    await provider(server).complete({ ...request, prompt, stablePrefixLength });
    await provider(server).complete({ ...request, prompt });
    const ephemeral = { type: 'ephemeral' };
    const system = [{ type: 'text', text: 'You summarize coding sessions.', cache_control: ephemeral }];
    assert.deepEqual(server.requests[0]?.body.system, system);
    assert.deepEqual(server.requests[0]?.body.messages, [
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '<conversation>\n[User]: fix the bug\n</conversation>\n\n',
            cache_control: ephemeral,
          },
          { type: 'text', text: 'Summarize in 800 tokens.' },
        ],
      },
    ]);
    // Without a stable prefix only the system prompt is marked, and the prompt stays one string.
    assert.deepEqual(server.requests[1]?.body.system, system);
    assert.deepEqual(server.requests[1]?.body.messages, [{ role: 'user', content: prompt }]);
  });

  it('leaves out an empty system prompt', async (t) => {
    const server = await serve(t);
    await provider(server).complete({ ...request, system: '' });
    assert.equal('system' in (server.requests[0]?.body ?? {}), false);
  });

  it('retries 429, 529 and 500 through the SDK and records the attempts', async (t) => {
    const server = await serve(t, {
      replies: [
        { kind: 'rate-limit' },
        { kind: 'server-error', status: 529 },
        { kind: 'text', text: 'done' },
      ],
    });
    const completion = await provider(server).complete(request);
    assert.equal(completion.text, 'done');
    assert.equal(completion.attempts, 3);
  });

  it('treats an answer with no text blocks as an error', async (t) => {
    const server = await serve(t, { replies: [{ kind: 'empty' }] });
    const error = await provider(server)
      .complete(request)
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof ProviderError);
    assert.match(error.message, /empty answer \(stop_reason: end_turn\)/);
  });

  it('sends a conversation with alternating roles: tool_use on the assistant, the result and the next words in one user message', async (t) => {
    const server = await serve(t);
    const call = toolCall('read', { path: 'a.ts' }, 'call_1');
    await provider(server).generate({
      system: 'Be brief.',
      messages: [
        user('Read a.ts'),
        callsTools([call], 'Reading.'),
        toolResult(call, 'const a = 1;'),
        user('Thanks'),
      ],
      tools: [{ name: 'read', description: 'Read a file', parameters: { type: 'object', properties: {} } }],
      maxTokens: 100,
    });
    const [sent] = server.requests;
    assert.deepEqual(sent?.body.messages, [
      { role: 'user', content: 'Read a.ts' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading.' },
          { type: 'tool_use', id: 'call_1', name: 'read', input: { path: 'a.ts' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1', content: [{ type: 'text', text: 'const a = 1;' }] },
          { type: 'text', text: 'Thanks' },
        ],
      },
    ]);
    assert.deepEqual(sent?.body.tools, [
      { name: 'read', description: 'Read a file', input_schema: { type: 'object', properties: {} } },
    ]);
  });
});
