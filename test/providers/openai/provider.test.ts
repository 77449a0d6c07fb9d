import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ContextOverflowError, ProviderError } from '../../../src/errors.ts';
import { createOpenAIProvider, isReasoningModel } from '../../../src/providers/openai/provider.ts';
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
  return createOpenAIProvider({
    model: 'gpt-4.1-mini',
    apiKey: 'test-key',
    baseUrl: server.url,
    retries: 2,
    timeoutMs: 5000,
    tokenizer,
    ...options,
  });
}

const request: CompletionRequest = {
  system: 'You summarize coding sessions.',
  prompt: '[User]: fix the bug',
  maxTokens: 500,
};

describe('openai provider', () => {
  it('sends the system and the prompt as chat messages, with max_tokens and temperature 0', async (t) => {
    const server = await serve(t);
    await provider(server).complete(request);
    const [sent] = server.requests;
    assert.equal(sent?.body.model, 'gpt-4.1-mini');
    assert.deepEqual(sent?.body.messages, [
      { role: 'system', content: 'You summarize coding sessions.' },
      { role: 'user', content: '[User]: fix the bug' },
    ]);
    assert.equal(sent?.body.max_tokens, 500);
    assert.equal(sent?.body.temperature, 0);
    assert.equal(sent?.body.stream, undefined);
    assert.equal(sent?.headers.authorization, 'Bearer test-key');
  });

  it('gives reasoning models max_completion_tokens and no temperature', async (t) => {
    const server = await serve(t);
    for (const model of ['o3', 'o4-mini', 'gpt-5-mini']) await provider(server, { model }).complete(request);
    for (const sent of server.requests) {
      assert.equal(sent.body.max_completion_tokens, 500);
      assert.equal('max_tokens' in sent.body, false);
      assert.equal('temperature' in sent.body, false);
    }
  });

  it('recognises reasoning model names, gateway prefixes included', () => {
    for (const model of ['o1', 'o3-mini', 'o4-mini-2025-04-16', 'gpt-5', 'gpt-5.1', 'openai/o3']) {
      assert.ok(isReasoningModel(model), model);
    }
    for (const model of ['gpt-4.1', 'gpt-4o-mini', 'qwen2.5:7b', 'llama3.1:8b', 'olmo2']) {
      assert.ok(!isReasoningModel(model), model);
    }
  });

  it('honours retry-after in seconds', async (t) => {
    const server = await serve(t, {
      replies: [
        { kind: 'rate-limit', retryAfterSeconds: 1 },
        { kind: 'text', text: 'ok' },
      ],
    });
    const started = performance.now();
    const completion = await provider(server).complete(request);
    assert.ok(performance.now() - started >= 950);
    assert.equal(completion.attempts, 2);
  });

  // The real examples of openai/overflow.ts run in the conformance suite; vLLM puts its message at the top level.
  for (const shape of ['vllm'] as const) {
    it(`turns a context-overflow answer (${shape} shape) into ContextOverflowError, without retrying`, async (t) => {
      const server = await serve(t, { replies: [{ kind: 'context-overflow', shape }] });
      const error = await provider(server)
        .complete(request)
        .catch((caught: unknown) => caught);
      assert.ok(error instanceof ContextOverflowError, String(error));
      assert.equal(error.status, 400);
      assert.equal(error.retryable, false);
      assert.match(error.message, /does not fit the model's context window/);
      assert.match(error.message, /context (length|size)/);
      assert.equal(server.requests.length, 1);
    });
  }

  it('treats an answer with no text as an error, not an empty summary', async (t) => {
    const server = await serve(t, { replies: [{ kind: 'empty' }] });
    const error = await provider(server)
      .complete(request)
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof ProviderError);
    assert.match(error.message, /empty answer \(finish_reason: stop\)/);
  });

  it('explains an empty answer cut by the length limit on a reasoning model', async (t) => {
    const server = await serve(t, {
      replies: [
        {
          kind: 'raw',
          status: 200,
          body: {
            id: 'x',
            object: 'chat.completion',
            created: 1,
            model: 'o4-mini',
            choices: [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'length' }],
            usage: { prompt_tokens: 100, completion_tokens: 500 },
          },
        },
      ],
    });
    const error = await provider(server, { model: 'o4-mini' })
      .complete(request)
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof ProviderError);
    assert.match(
      error.message,
      /finish_reason: length; reasoning models spend max_completion_tokens on reasoning/,
    );
  });

  it('sends a conversation as chat messages: tool_calls on the assistant, a tool message per result, tools as functions', async (t) => {
    const server = await serve(t);
    const call = toolCall('read', { path: 'a.ts' }, 'call_1');
    await provider(server).generate({
      system: 'Be brief.',
      messages: [user('Read a.ts'), callsTools([call]), toolResult(call, 'const a = 1;'), user('Thanks')],
      tools: [{ name: 'read', description: 'Read a file', parameters: { type: 'object', properties: {} } }],
      maxTokens: 100,
    });
    const [sent] = server.requests;
    assert.deepEqual(sent?.body.messages, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Read a.ts' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'read', arguments: '{"path":"a.ts"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'const a = 1;' },
      { role: 'user', content: 'Thanks' },
    ]);
    assert.deepEqual(sent?.body.tools, [
      {
        type: 'function',
        function: {
          name: 'read',
          description: 'Read a file',
          parameters: { type: 'object', properties: {} },
        },
      },
    ]);
  });

  it('fails a tool call whose arguments are not a JSON object, naming the call', async (t) => {
    const server = await serve(t, {
      replies: [
        { kind: 'tool-calls', calls: [{ id: 'call_3', name: 'read', arguments: '{"path": "a.ts"' }] },
      ],
    });
    const error = await provider(server)
      .generate({ system: '', messages: [user('read a.ts')], maxTokens: 100 })
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof ProviderError);
    assert.equal(error.retryable, false);
    assert.match(
      error.message,
      /^openai:gpt-4\.1-mini: the arguments of tool call call_3 \(read\) are not a JSON object/,
    );
  });
});
