import assert from 'node:assert/strict';
import { type AddressInfo, createServer } from 'node:net';
import { before, describe, it } from 'node:test';
import { AbortedError, ContextOverflowError, ProviderError } from '../../../src/errors.ts';
import { createOpenAIProvider, isReasoningModel } from '../../../src/providers/openai/provider.ts';
import type { SdkProviderOptions } from '../../../src/providers/sdk-provider.ts';
import type { CompletionRequest } from '../../../src/providers/types.ts';
import { getTokenizer, type Tokenizer } from '../../../src/tokens.ts';
import { type MockLlmServer, promptOf, serveForTest as serve } from '../../../support/loopback-llm-server.ts';

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

  it('returns the text and the usage the API reported, cached tokens too', async (t) => {
    const server = await serve(t, {
      replies: [
        {
          kind: 'text',
          text: '## Goal\nFix the bug.',
          model: 'gpt-4.1-mini-2025-04-14',
          usage: {
            prompt_tokens: 2048,
            completion_tokens: 77,
            total_tokens: 2125,
            prompt_tokens_details: { cached_tokens: 1024 },
          },
        },
      ],
    });
    const completion = await provider(server).complete(request);
    assert.deepEqual(completion, {
      text: '## Goal\nFix the bug.',
      usage: { input: 2048, output: 77, cachedInput: 1024 },
      usageSource: 'api',
      model: 'gpt-4.1-mini-2025-04-14',
      attempts: 1,
    });
  });

  it('counts with the tokenizer when the server reports no usage', async (t) => {
    const server = await serve(t, {
      replies: [{ kind: 'text', text: 'a summary of twenty-eight', usage: null }],
    });
    const completion = await provider(server).complete(request);
    assert.equal(completion.usageSource, 'tokenizer');
    assert.deepEqual(completion.usage, {
      input: tokenizer.count(request.system) + tokenizer.count(request.prompt),
      output: tokenizer.count('a summary of twenty-eight'),
    });
  });

  it('retries 429 and 500 through the SDK and records the attempts', async (t) => {
    const server = await serve(t, {
      replies: [{ kind: 'rate-limit' }, { kind: 'server-error' }, { kind: 'text', text: 'third time lucky' }],
    });
    const completion = await provider(server).complete(request);
    assert.equal(completion.text, 'third time lucky');
    assert.equal(completion.attempts, 3);
    assert.equal(server.requests.length, 3);
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

  it('fails as a retryable ProviderError with the status once retries run out', async (t) => {
    const server = await serve(t, { reply: () => ({ kind: 'rate-limit' }) });
    const error = await provider(server, { retries: 1 })
      .complete(request)
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof ProviderError);
    assert.equal(error.status, 429);
    assert.equal(error.retryable, true);
    assert.match(error.message, /openai:gpt-4\.1-mini: HTTP 429 after 2 attempts: Rate limit reached/);
    assert.equal(server.requests.length, 2);
  });

  it('retries a timeout, then fails as a retryable ProviderError', async (t) => {
    const server = await serve(t, { reply: () => ({ kind: 'slow', ms: 3000 }) });
    const error = await provider(server, { retries: 1, timeoutMs: 150 })
      .complete(request)
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof ProviderError);
    assert.equal(error.retryable, true);
    assert.equal(error.status, undefined);
    assert.match(error.message, /timed out after 2 attempts/);
    assert.equal(server.requests.length, 2);
  });

  it('does not retry a client error and keeps its status', async (t) => {
    const server = await serve(t, {
      replies: [
        {
          kind: 'raw',
          status: 401,
          body: {
            error: {
              message: 'Incorrect API key provided',
              type: 'invalid_request_error',
              code: 'invalid_api_key',
            },
          },
        },
      ],
    });
    const error = await provider(server)
      .complete(request)
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof ProviderError && !(error instanceof ContextOverflowError));
    assert.equal(error.status, 401);
    assert.equal(error.retryable, false);
    assert.match(error.message, /HTTP 401: Incorrect API key provided/);
    assert.equal(server.requests.length, 1);
  });

  for (const shape of ['vendor', 'vllm', 'llama.cpp'] as const) {
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

  it('names the base URL when it cannot connect (a local server not started, a wrong port)', async () => {
    // A port that was just free: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const baseUrl = `http://127.0.0.1:${port}/v1`;
    const unreachable = createOpenAIProvider({
      model: 'm',
      apiKey: 'k',
      baseUrl,
      retries: 1,
      timeoutMs: 2000,
      tokenizer,
    });
    await assert.rejects(unreachable.complete(request), (error: unknown) => {
      assert.ok(error instanceof ProviderError);
      assert.equal(error.retryable, true);
      assert.match(
        error.message,
        new RegExp(`^openai:m: could not connect to ${baseUrl.replace(/\./g, '\\.')} after 2 attempts: `),
      );
      return true;
    });
    // The message is printed and written into reports: a key in the URL stays out of it.
    const withKey = createOpenAIProvider({
      model: 'm',
      apiKey: 'k',
      baseUrl: `${baseUrl}?api-key=plainsecretvalue99`,
      retries: 0,
      timeoutMs: 2000,
      tokenizer,
    });
    await assert.rejects(withKey.complete(request), (error: unknown) => {
      assert.ok(error instanceof ProviderError);
      assert.ok(
        error.message.startsWith(`openai:m: could not connect to ${baseUrl}?api-key=***: `),
        error.message,
      );
      assert.doesNotMatch(error.message, /plainsecretvalue99/);
      return true;
    });
  });

  it('passes the abort signal to the SDK and reports an abort as AbortedError', async (t) => {
    const server = await serve(t, { reply: () => ({ kind: 'slow', ms: 3000 }) });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50).unref();
    const started = performance.now();
    const error = await provider(server)
      .complete({ ...request, signal: controller.signal })
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof AbortedError, String(error));
    assert.ok(performance.now() - started < 1000);
    assert.equal(server.requests.length, 1);
  });

  it('keeps the attempts of concurrent calls apart, and the server sees them in flight together', async (t) => {
    const failuresLeft = new Map<string, number>();
    const server = await serve(t, {
      latencyMs: 30,
      reply: (sent) => {
        const prompt = promptOf(sent);
        const left = failuresLeft.get(prompt) ?? Number(prompt.split(' ')[1]) % 3;
        failuresLeft.set(prompt, left - 1);
        return left > 0
          ? { kind: 'server-error', status: 503 }
          : { kind: 'text', text: `answer to ${prompt}` };
      },
    });
    const openai = provider(server);
    const completions = await Promise.all(
      Array.from({ length: 9 }, (_, index) => openai.complete({ ...request, prompt: `call ${index}` })),
    );
    completions.forEach((completion, index) => {
      assert.equal(completion.text, `answer to call ${index}`);
      assert.equal(completion.attempts, (index % 3) + 1, `call ${index}`);
    });
    assert.ok(server.maxInFlight >= 5, `max in flight ${server.maxInFlight}`);
    assert.ok(server.requests.every((sent) => !('x-compaction-bench-call' in sent.headers)));
  });
});
