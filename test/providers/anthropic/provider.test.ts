import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { AbortedError, ContextOverflowError, ProviderError } from '../../../src/errors.ts';
import { createAnthropicProvider } from '../../../src/providers/anthropic/provider.ts';
import type { SdkProviderOptions } from '../../../src/providers/sdk-provider.ts';
import type { CompletionRequest } from '../../../src/providers/types.ts';
import { getTokenizer, type Tokenizer } from '../../../src/tokens.ts';
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
    await provider(server).complete(request);
    const [sent] = server.requests;
    assert.equal(sent?.path, '/v1/messages');
    assert.deepEqual(sent?.body, {
      model: 'claude-haiku-4-5',
      max_tokens: 800,
      system: 'You summarize coding sessions.',
      messages: [{ role: 'user', content: '[User]: fix the bug' }],
    });
  });

  it('leaves out an empty system prompt', async (t) => {
    const server = await serve(t);
    await provider(server).complete({ ...request, system: '' });
    assert.equal('system' in (server.requests[0]?.body ?? {}), false);
  });

  it('returns the text blocks and the usage the API reported, cache reads and writes summed into input', async (t) => {
    const server = await serve(t, {
      replies: [
        {
          kind: 'text',
          text: '## Goal\nFix the bug.',
          model: 'claude-haiku-4-5-20251001',
          usage: {
            input_tokens: 12,
            output_tokens: 64,
            cache_read_input_tokens: 3000,
            cache_creation_input_tokens: 500,
          },
        },
      ],
    });
    const completion = await provider(server).complete(request);
    assert.deepEqual(completion, {
      text: '## Goal\nFix the bug.',
      usage: { input: 3512, output: 64, cachedInput: 3000 },
      usageSource: 'api',
      model: 'claude-haiku-4-5-20251001',
      attempts: 1,
    });
  });

  it('counts with the tokenizer when a compatible server reports no usage', async (t) => {
    const server = await serve(t, { replies: [{ kind: 'text', text: 'summary', usage: null }] });
    const completion = await provider(server).complete(request);
    assert.equal(completion.usageSource, 'tokenizer');
    assert.equal(completion.usage.output, tokenizer.count('summary'));
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

  it('fails as a retryable ProviderError with the status once retries run out', async (t) => {
    const server = await serve(t, { reply: () => ({ kind: 'server-error' }) });
    const error = await provider(server, { retries: 1 })
      .complete(request)
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof ProviderError);
    assert.equal(error.status, 500);
    assert.equal(error.retryable, true);
    assert.match(
      error.message,
      /anthropic:claude-haiku-4-5: HTTP 500 after 2 attempts: Internal server error/,
    );
  });

  it('retries a timeout, then fails as a retryable ProviderError', async (t) => {
    const server = await serve(t, { reply: () => ({ kind: 'slow', ms: 3000 }) });
    const error = await provider(server, { retries: 1, timeoutMs: 150 })
      .complete(request)
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof ProviderError);
    assert.equal(error.retryable, true);
    assert.match(error.message, /timed out after 2 attempts/);
    assert.equal(server.requests.length, 2);
  });

  it('turns "prompt is too long" into ContextOverflowError, without retrying', async (t) => {
    const server = await serve(t, { replies: [{ kind: 'context-overflow' }] });
    const error = await provider(server)
      .complete(request)
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof ContextOverflowError, String(error));
    assert.equal(error.status, 400);
    assert.match(
      error.message,
      /does not fit the model's context window \(HTTP 400: prompt is too long: 215000 tokens > 200000 maximum\)/,
    );
    assert.equal(server.requests.length, 1);
  });

  it('treats an answer with no text blocks as an error', async (t) => {
    const server = await serve(t, { replies: [{ kind: 'empty' }] });
    const error = await provider(server)
      .complete(request)
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof ProviderError);
    assert.match(error.message, /empty answer \(stop_reason: end_turn\)/);
  });

  it('reports an abort as AbortedError', async (t) => {
    const server = await serve(t, { reply: () => ({ kind: 'slow', ms: 3000 }) });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50).unref();
    const error = await provider(server)
      .complete({ ...request, signal: controller.signal })
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof AbortedError, String(error));
  });
});
