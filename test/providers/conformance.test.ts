/**
 * The provider contract, one suite over every provider: the SDK providers against the loopback server (the real
 * SDKs on the wire), the extractive provider where a case applies. What only one vendor does is tested in its
 * own folder.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AbortedError, ContextOverflowError, ProviderError } from '../../src/errors.ts';
import { ANTHROPIC_OVERFLOW_EXAMPLES } from '../../src/providers/anthropic/overflow.ts';
import { createAnthropicProvider } from '../../src/providers/anthropic/provider.ts';
import { cacheMiddleware } from '../../src/providers/cache.ts';
import { recordMiddleware, replayMiddleware } from '../../src/providers/cassette.ts';
import { createExtractiveProvider } from '../../src/providers/extractive.ts';
import { OPENAI_OVERFLOW_EXAMPLES } from '../../src/providers/openai/overflow.ts';
import { createOpenAIProvider } from '../../src/providers/openai/provider.ts';
import type { SdkProviderOptions } from '../../src/providers/sdk-provider.ts';
import { requestKey } from '../../src/providers/stored-answer.ts';
import { countGenerateRequest, generateRequestOf, promptOfMessages } from '../../src/providers/text-form.ts';
import type {
  CompletionRequest,
  GenerateRequest,
  Provider,
  ToolDefinition,
  Usage,
} from '../../src/providers/types.ts';
import { getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import {
  type MockLlmServer,
  offeredTools,
  promptOf,
  sentToolResults,
  serveForTest as serve,
} from '../../support/loopback-llm-server.ts';
import { callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

let tokenizer: Tokenizer;
let root: string;
before(async () => {
  tokenizer = await getTokenizer('heuristic');
  root = await mkdtemp(join(tmpdir(), 'compaction-bench-conformance-'));
});
after(() => rm(root, { recursive: true, force: true }));

/** What differs between the SDK providers, everything else is the contract. */
type Subject = {
  id: 'openai' | 'anthropic';
  model: string;
  create(options: Omit<SdkProviderOptions, 'model' | 'apiKey' | 'tokenizer'>): Provider;
  baseUrl(server: MockLlmServer): string;
  /** A wire usage with prompt-cache reads, and the usage it means. */
  cachedUsage: { wire: Record<string, unknown>; usage: Usage };
  overflowExamples: ReadonlyArray<{ seenAt: string; status: number; body: unknown }>;
};

const subjects: Subject[] = [
  {
    id: 'openai',
    model: 'gpt-4.1-mini',
    create: (options) =>
      createOpenAIProvider({ model: 'gpt-4.1-mini', apiKey: 'test-key', tokenizer, ...options }),
    baseUrl: (server) => server.url,
    cachedUsage: {
      wire: { prompt_tokens: 2048, completion_tokens: 77, prompt_tokens_details: { cached_tokens: 1024 } },
      usage: { input: 2048, output: 77, cachedInput: 1024 },
    },
    overflowExamples: OPENAI_OVERFLOW_EXAMPLES,
  },
  {
    id: 'anthropic',
    model: 'claude-haiku-4-5',
    create: (options) =>
      createAnthropicProvider({ model: 'claude-haiku-4-5', apiKey: 'test-key', tokenizer, ...options }),
    baseUrl: (server) => server.anthropicUrl,
    cachedUsage: {
      wire: {
        input_tokens: 12,
        output_tokens: 64,
        cache_read_input_tokens: 3000,
        cache_creation_input_tokens: 500,
      },
      usage: { input: 3512, output: 64, cachedInput: 3000, cacheWriteInput: 500 },
    },
    overflowExamples: ANTHROPIC_OVERFLOW_EXAMPLES,
  },
];

const textRequest: CompletionRequest = {
  system: 'You summarize coding sessions.',
  prompt: '[User]: fix the bug',
  maxTokens: 500,
};

const readTool: ToolDefinition = {
  name: 'read',
  description: 'Read a file',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

/** A conversation with a tool call and its result, then the user's next words. */
function conversation(): GenerateRequest {
  const call = toolCall('read', { path: 'src/a.ts' }, 'call_read_1');
  return {
    system: 'You are a coding agent.',
    messages: [
      user('What does src/a.ts export?'),
      callsTools([call], 'Let me look.'),
      toolResult(call, 'export const answer = 42;'),
      user('And what is the answer?'),
    ],
    maxTokens: 300,
  };
}

for (const subject of subjects) {
  describe(`provider contract: ${subject.id}`, () => {
    const provider = (server: MockLlmServer, options: Partial<SdkProviderOptions> = {}) =>
      subject.create({ baseUrl: subject.baseUrl(server), retries: 2, timeoutMs: 5000, ...options });
    const rejection = (promise: Promise<unknown>) =>
      promise.then(
        () => assert.fail('expected a rejection'),
        (error: unknown) => error,
      );

    it('answers a text call: the prompt as the one user message, the text, the API usage, one attempt', async (t) => {
      const server = await serve(t, {
        replies: [{ kind: 'text', text: '## Goal\nFix the bug.', usage: subject.cachedUsage.wire }],
      });
      const completion = await provider(server).complete(textRequest);
      assert.deepEqual(completion, {
        text: '## Goal\nFix the bug.',
        usage: subject.cachedUsage.usage,
        usageSource: 'api',
        model: subject.model,
        attempts: 1,
      });
      assert.equal(server.count, 1);
      assert.equal(promptOf(server.requests[0]!), textRequest.prompt);
      assert.equal(server.requests[0]!.body.messages.length, subject.id === 'openai' ? 2 : 1);
    });

    it('sends the text form of generate exactly as complete sends it, and answers it the same', async (t) => {
      const server = await serve(t, { reply: () => ({ kind: 'text', text: 'same' }) });
      const viaComplete = await provider(server).complete(textRequest);
      const viaGenerate = await provider(server).generate(generateRequestOf(textRequest));
      assert.deepEqual(server.requests[1]!.body, server.requests[0]!.body);
      assert.deepEqual(viaGenerate, {
        ...viaComplete,
        content: [{ type: 'text', text: 'same' }],
        stopReason: 'stop',
      });
    });

    it('sends a tool call and its result paired by id, and answers the conversation', async (t) => {
      const server = await serve(t, { replies: [{ kind: 'text', text: 'The answer is 42.' }] });
      const generation = await provider(server).generate(conversation());
      assert.equal(generation.text, 'The answer is 42.');
      assert.deepEqual(sentToolResults(server.requests[0]!), [
        { id: 'call_read_1', text: 'export const answer = 42;', isError: false },
      ]);
      assert.deepEqual(offeredTools(server.requests[0]!), []);
    });

    it('offers tools and returns the tool calls the model asked for, which go back paired with their results', async (t) => {
      const server = await serve(t, {
        replies: [
          {
            kind: 'tool-calls',
            text: 'Reading.',
            calls: [{ id: 'call_9', name: 'read', arguments: { path: 'b.ts' } }],
          },
          { kind: 'text', text: 'b.ts is empty.' },
        ],
      });
      const model = provider(server);
      const request = { ...conversation(), tools: [readTool] };
      const first = await model.generate(request);
      assert.deepEqual(offeredTools(server.requests[0]!), ['read']);
      assert.equal(first.stopReason, 'toolUse');
      assert.equal(first.text, 'Reading.');
      assert.deepEqual(first.content, [
        { type: 'text', text: 'Reading.' },
        { type: 'toolCall', id: 'call_9', name: 'read', arguments: { path: 'b.ts' } },
      ]);
      const [, call] = first.content;
      assert.equal(call?.type, 'toolCall');
      if (call?.type !== 'toolCall') return;
      const second = await model.generate({
        ...request,
        messages: [
          ...request.messages,
          { role: 'assistant', content: first.content },
          toolResult(call, '(an empty file)'),
        ],
      });
      assert.equal(second.stopReason, 'stop');
      assert.deepEqual(
        sentToolResults(server.requests[1]!).map((result) => result.id),
        ['call_read_1', 'call_9'],
      );
    });

    it('refuses a text call answered with tool calls only: never an empty summary', async (t) => {
      const server = await serve(t, {
        replies: [{ kind: 'tool-calls', calls: [{ name: 'read', arguments: {} }] }],
      });
      const error = await rejection(provider(server).complete(textRequest));
      assert.ok(error instanceof ProviderError);
      assert.match(error.message, /empty answer \(stop reason: toolUse; 1 tool calls and no text\)/);
    });

    it('says the answer was cut at maxTokens', async (t) => {
      const server = await serve(t, { replies: [{ kind: 'text', text: 'half a summ', truncated: true }] });
      assert.equal((await provider(server).generate(conversation())).stopReason, 'length');
    });

    it('counts with the tokenizer, labelled so, when the server reports no usage', async (t) => {
      const server = await serve(t, { reply: () => ({ kind: 'text', text: 'a short answer', usage: null }) });
      const completion = await provider(server).complete(textRequest);
      assert.equal(completion.usageSource, 'tokenizer');
      assert.deepEqual(completion.usage, {
        input: tokenizer.count(textRequest.system) + tokenizer.count(textRequest.prompt),
        output: tokenizer.count('a short answer'),
      });
      const generation = await provider(server).generate({ ...conversation(), tools: [readTool] });
      assert.equal(
        generation.usage.input,
        countGenerateRequest(tokenizer, { ...conversation(), tools: [readTool] }),
      );
      assert.ok(generation.usage.input > tokenizer.count(promptOfMessages(conversation().messages)));
    });

    for (const example of subject.overflowExamples) {
      it(`turns a real overflow answer into ContextOverflowError without retrying (${example.seenAt})`, async (t) => {
        const server = await serve(t, {
          replies: [{ kind: 'raw', status: example.status, body: example.body }],
        });
        const error = await rejection(provider(server).complete(textRequest));
        assert.ok(error instanceof ContextOverflowError, String(error));
        assert.equal(error.status, example.status);
        assert.equal(error.retryable, false);
        assert.match(error.message, /does not fit the model's context window/);
        assert.equal(server.count, 1);
      });
    }

    it('does not take another client error for an overflow, nor retry it', async (t) => {
      const body =
        subject.id === 'openai'
          ? {
              error: {
                message: 'Incorrect API key provided',
                type: 'invalid_request_error',
                code: 'invalid_api_key',
              },
            }
          : { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } };
      const server = await serve(t, { replies: [{ kind: 'raw', status: 401, body }] });
      const error = await rejection(provider(server).complete(textRequest));
      assert.ok(error instanceof ProviderError && !(error instanceof ContextOverflowError));
      assert.equal(error.status, 401);
      assert.equal(error.retryable, false);
      assert.equal(server.count, 1);
    });

    it('retries 429 and 5xx through the SDK and reports the attempts', async (t) => {
      const server = await serve(t, {
        replies: [
          { kind: 'rate-limit' },
          { kind: 'server-error' },
          { kind: 'text', text: 'third time lucky' },
        ],
      });
      const completion = await provider(server).generate(conversation());
      assert.equal(completion.text, 'third time lucky');
      assert.equal(completion.attempts, 3);
      assert.equal(server.count, 3);
    });

    it('fails as a retryable ProviderError with the status once retries run out', async (t) => {
      const server = await serve(t, { reply: () => ({ kind: 'rate-limit' }) });
      const error = await rejection(provider(server, { retries: 1 }).complete(textRequest));
      assert.ok(error instanceof ProviderError);
      assert.equal(error.status, 429);
      assert.equal(error.retryable, true);
      assert.match(
        error.message,
        new RegExp(`^${subject.id}:${subject.model}: HTTP 429 after 2 attempts: Rate limit`),
      );
      assert.equal(server.count, 2);
    });

    it('retries a timeout, then fails as a retryable ProviderError', async (t) => {
      const server = await serve(t, { reply: () => ({ kind: 'slow', ms: 3000 }) });
      // 500 ms, not less: on a loaded machine a shorter timeout can fire before an attempt reaches the server.
      const error = await rejection(provider(server, { retries: 1, timeoutMs: 500 }).complete(textRequest));
      assert.ok(error instanceof ProviderError);
      assert.equal(error.retryable, true);
      assert.equal(error.status, undefined);
      assert.match(error.message, /timed out after 2 attempts/);
      assert.equal(server.count, 2);
    });

    it('names the base URL when it cannot connect, with any key in it hidden', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const baseUrl = `http://127.0.0.1:${port}/v1?api-key=plainsecretvalue99`;
      const error = await rejection(
        subject.create({ baseUrl, retries: 1, timeoutMs: 2000 }).complete(textRequest),
      );
      assert.ok(error instanceof ProviderError);
      assert.equal(error.retryable, true);
      assert.ok(
        error.message.startsWith(
          `${subject.id}:${subject.model}: could not connect to http://127.0.0.1:${port}/v1?api-key=***`,
        ),
        error.message,
      );
      assert.match(error.message, /after 2 attempts/);
      assert.doesNotMatch(error.message, /plainsecretvalue99/);
    });

    it('passes the abort signal to the SDK and reports an abort as AbortedError', async (t) => {
      const controller = new AbortController();
      let abortedAt = 0;
      // Aborted once the request is on the server: the SDK must stop waiting for an answer that takes 3 s.
      const server = await serve(t, {
        reply: () => {
          setTimeout(() => {
            abortedAt = performance.now();
            controller.abort();
          }, 20).unref();
          return { kind: 'slow', ms: 3000 };
        },
      });
      const error = await rejection(
        provider(server).generate({ ...conversation(), signal: controller.signal }),
      );
      assert.ok(error instanceof AbortedError, String(error));
      assert.ok(performance.now() - abortedAt < 1000, `${performance.now() - abortedAt} ms after the abort`);
      assert.equal(server.count, 1);
    });

    it('keeps the attempts of concurrent calls apart', async (t) => {
      const failuresLeft = new Map<string, number>();
      // Each answer waits long enough that all nine calls' first attempts are on the server together even when a
      // loaded machine delays the client between requests (30 ms let them finish one by one at load 30+).
      const server = await serve(t, {
        latencyMs: 250,
        reply: (sent) => {
          const prompt = promptOf(sent);
          const left = failuresLeft.get(prompt) ?? Number(prompt.split(' ')[1]) % 3;
          failuresLeft.set(prompt, left - 1);
          return left > 0
            ? { kind: 'server-error', status: 503 }
            : { kind: 'text', text: `answer to ${prompt}` };
        },
      });
      const model = provider(server);
      const answers = await Promise.all(
        Array.from({ length: 9 }, (_, index) => model.complete({ ...textRequest, prompt: `call ${index}` })),
      );
      answers.forEach((answer, index) => {
        assert.equal(answer.text, `answer to call ${index}`);
        assert.equal(answer.attempts, (index % 3) + 1, `call ${index}`);
      });
      assert.ok(server.maxInFlight >= 5, `max in flight ${server.maxInFlight}`);
      assert.ok(server.requests.every((sent) => !('x-compaction-bench-call' in sent.headers)));
    });

    it('caches and records a tool-call answer whole, so a replay answers it with no request', async (t) => {
      const server = await serve(t, {
        reply: () => ({
          kind: 'tool-calls',
          calls: [{ id: 'call_7', name: 'read', arguments: { path: 'c.ts' } }],
        }),
      });
      const request = { ...conversation(), tools: [readTool] };
      const cassette = join(root, `${subject.id}-tools.jsonl`);
      const recording = recordMiddleware(cassette)(
        cacheMiddleware({ directory: join(root, `${subject.id}-cache`) })(provider(server)),
      );
      const answered = await recording.generate(request);
      const again = await recording.generate(request);
      await recording.close!();
      assert.equal(server.count, 1);
      assert.ok(again.fromCache);
      assert.deepEqual(again.content, answered.content);
      const replayed = await replayMiddleware(cassette)(provider(server)).generate(request);
      assert.equal(server.count, 1);
      assert.deepEqual(
        { content: replayed.content, stopReason: replayed.stopReason },
        { content: answered.content, stopReason: 'toolUse' },
      );
    });
  });
}

describe('provider contract: cache keys', () => {
  const openai = { id: 'openai', model: 'gpt-4.1-mini' };
  const anthropic = { id: 'anthropic', model: 'claude-haiku-4-5' };

  it('keeps the key every text request had before messages existed, whichever call asks', () => {
    // Computed with the key function of a20cb05: shipped cassettes and caches hold these.
    assert.equal(
      requestKey(openai, textRequest),
      '83ed1d32ce87f9b924d4575bb19f629663c7a452cdf189b2c48049bead9f2e26',
    );
    assert.equal(
      requestKey(anthropic, textRequest),
      'af33daff866e8177d0701c5c484f87b9b5a21c3e808996901c09539baa91e7a5',
    );
    assert.equal(
      requestKey(openai, { ...textRequest, sample: 2 }),
      'e46b3ba9df8dd4ada6ff61aa1c57cc45915b1c8840a91361311f86483b1e3ed5',
    );
    assert.equal(requestKey(openai, generateRequestOf(textRequest)), requestKey(openai, textRequest));
    assert.equal(
      requestKey(openai, { ...generateRequestOf(textRequest), tools: [] }),
      requestKey(openai, textRequest),
    );
  });

  it('keys a conversation by what is sent: its messages and tools, not timestamps or recorded usage', () => {
    const base = conversation();
    const key = requestKey(openai, base);
    assert.notEqual(key, requestKey(openai, { ...textRequest, prompt: promptOfMessages(base.messages) }));
    assert.notEqual(key, requestKey(openai, { ...base, tools: [readTool] }));
    assert.notEqual(key, requestKey(openai, { ...base, messages: base.messages.slice(0, 3) }));
    const stamped = base.messages.map((message) => ({ ...message, timestamp: 1_700_000_000_000 }));
    assert.equal(requestKey(openai, { ...base, messages: stamped }), key);
  });
});

describe('provider contract: extractive', () => {
  it('answers generate for text as complete does, reading messages as the rendered transcript, with no tool call', async () => {
    const provider = createExtractiveProvider({ tokenizer });
    const viaComplete = await provider.complete(textRequest);
    const viaGenerate = await provider.generate(generateRequestOf(textRequest));
    assert.deepEqual(viaGenerate, {
      ...viaComplete,
      content: [{ type: 'text', text: viaComplete.text }],
      stopReason: 'stop',
    });
    const request = { ...conversation(), tools: [readTool] };
    const generation = await provider.generate(request);
    const rendered = await provider.complete({
      ...textRequest,
      system: request.system,
      maxTokens: request.maxTokens,
      prompt: promptOfMessages(request.messages),
    });
    assert.equal(generation.text, rendered.text);
    // It read the rendered conversation: the request, and the file the tool call read.
    assert.match(generation.text, /What does src\/a\.ts export\?/);
    assert.match(generation.text, /`src\/a\.ts` — read/);
    assert.deepEqual(
      generation.content.map((block) => block.type),
      ['text'],
    );
    assert.equal(generation.stopReason, 'stop');
  });

  it('stops on an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      createExtractiveProvider({ tokenizer }).generate({ ...conversation(), signal: controller.signal }),
    );
  });
});
