/**
 * `--batch` in-process: the real SDKs against the loopback server's batch endpoints (OpenAI file upload and
 * `/v1/batches`, Anthropic Message Batches): calls issued together go in one batch, answered exactly as direct
 * calls are, matched by `custom_id` (the response-cache key); errored or expired requests go once more in the next
 * batch and are then reported; the API's request limit splits a batch; the saved batch list resumes.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { InputError, ProviderError } from '../../src/errors.ts';
import { batchMiddleware } from '../../src/providers/batch.ts';
import { createAnthropicProvider } from '../../src/providers/anthropic/provider.ts';
import { costOf } from '../../src/providers/models.ts';
import { createOpenAIProvider } from '../../src/providers/openai/provider.ts';
import { requestKey } from '../../src/providers/stored-answer.ts';
import type { BatchStatus, CompletionRequest, Provider } from '../../src/providers/types.ts';
import { getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import { type MockLlmServer, promptOf, serveForTest } from '../../support/loopback-llm-server.ts';

let tokenizer: Tokenizer;
let root: string;
before(async () => {
  tokenizer = await getTokenizer('heuristic');
  root = await mkdtemp(join(tmpdir(), 'compaction-bench-batch-'));
});
after(() => rm(root, { recursive: true, force: true }));

let files = 0;
const freshFile = () => join(root, `batches-${files++}.json`);

type Vendor = 'openai' | 'anthropic';

function direct(vendor: Vendor, server: MockLlmServer): Provider {
  const common = { apiKey: 'sk-test', retries: 0, timeoutMs: 5000, tokenizer };
  return vendor === 'openai'
    ? createOpenAIProvider({ ...common, model: 'gpt-4.1-mini', baseUrl: server.url })
    : createAnthropicProvider({ ...common, model: 'claude-haiku-4-5', baseUrl: server.anthropicUrl });
}

function batched(provider: Provider, stateFile: string, statuses: BatchStatus[] = []): Provider {
  return batchMiddleware({
    stateFile,
    pollMs: 5,
    quietMs: 20,
    onStatus: (status) => statuses.push(status),
  })(provider);
}

const requestFor = (prompt: string): CompletionRequest => ({ system: 'Summarize.', prompt, maxTokens: 200 });
const PROMPTS = ['[User]: add retries', '[User]: fix the parser', '[User]: rename the module'];

for (const vendor of ['openai', 'anthropic'] as const) {
  describe(`batch (${vendor})`, () => {
    it('sends calls issued together as one batch, answered as direct calls are, by custom_id', async (t) => {
      const server = await serveForTest(t, {
        reply: (request) => ({ kind: 'text', text: `answer to ${promptOf(request)}` }),
      });
      server.batches.control.pollsBeforeEnd = 2;
      const statuses: BatchStatus[] = [];
      const provider = batched(direct(vendor, server), freshFile(), statuses);
      const answers = await Promise.all(PROMPTS.map((prompt) => provider.complete(requestFor(prompt))));
      assert.deepEqual(
        answers.map((answer) => answer.text),
        PROMPTS.map((prompt) => `answer to ${prompt}`),
      );
      assert.equal(server.requests.length, 0, 'no direct call');
      assert.equal(server.batches.created.length, 1);
      assert.deepEqual(
        server.batches.lines.map((line) => line.customId).sort(),
        PROMPTS.map((prompt) => requestKey(provider, { ...requestFor(prompt) })).sort(),
      );
      // The same requests sent directly get the same answers and usage.
      const plain = direct(vendor, server);
      const directAnswers = await Promise.all(PROMPTS.map((prompt) => plain.complete(requestFor(prompt))));
      assert.deepEqual(
        answers.map(({ text, usage }) => ({ text, usage })),
        directAnswers.map(({ text, usage }) => ({ text, usage })),
      );
      // Submitted, polled in progress twice, then ended: each state once, with its counts.
      assert.deepEqual(
        statuses.map((status) => [status.state, status.succeeded, status.total]),
        vendor === 'openai'
          ? [
              ['submitted', 0, 3],
              ['in_progress', 0, 3],
              ['completed', 3, 3],
            ]
          : [
              ['submitted', 0, 3],
              ['in_progress', 0, 3],
              ['ended', 3, 3],
            ],
      );
      assert.equal(provider.priceTier, 'batch');
    });

    it('sends an expired request once more in the next batch, then reports it as the call’s error', async (t) => {
      const server = await serveForTest(t);
      const doomed = PROMPTS[0]!;
      const lucky = PROMPTS[1]!;
      let luckyExpired = false;
      server.batches.control.fail = (line) => {
        const prompt = promptOf({ vendor, path: '', headers: {}, body: line.body });
        if (prompt === doomed) return 'expired';
        if (prompt === lucky && !luckyExpired) return ((luckyExpired = true), 'expired');
        return undefined;
      };
      const provider = batched(direct(vendor, server), freshFile());
      const outcomes = await Promise.allSettled(
        PROMPTS.map((prompt) => provider.complete(requestFor(prompt))),
      );
      assert.equal(outcomes[0]!.status, 'rejected');
      const error = (outcomes[0] as PromiseRejectedResult).reason;
      assert.ok(error instanceof ProviderError);
      assert.match(error.message, /expired/);
      assert.match(error.message, /sent in two batches/);
      assert.equal(outcomes[1]!.status, 'fulfilled', 'expired once, answered in the second batch');
      assert.equal(outcomes[2]!.status, 'fulfilled');
      assert.equal(server.batches.created.length, 2);
      const sent = server.batches.lines.map((line) => line.batch);
      assert.deepEqual(
        [
          sent.filter((batch) => batch === server.batches.created[0]).length,
          sent.filter((batch) => batch === server.batches.created[1]).length,
        ],
        [3, 2],
        'the second batch holds exactly the two expired requests',
      );
    });
  });
}

describe('batch limits and the saved batch list', () => {
  it('splits the calls of one flush at the API’s request limit', async (t) => {
    const server = await serveForTest(t);
    const plain = direct('openai', server);
    const limited: Provider = { ...plain, batch: { ...plain.batch!, limits: { requests: 2, bytes: 1e9 } } };
    const provider = batched(limited, freshFile());
    const prompts = ['a', 'b', 'c', 'd', 'e'].map((letter) => `[User]: task ${letter}`);
    await Promise.all(prompts.map((prompt) => provider.complete(requestFor(prompt))));
    assert.equal(server.batches.created.length, 3);
    assert.equal(server.batches.lines.length, 5);
  });

  it('polls a batch saved by an earlier process instead of sending its requests again', async (t) => {
    const server = await serveForTest(t);
    server.batches.control.hold = true;
    const file = freshFile();
    const first = batched(direct('anthropic', server), file);
    const abandoned = new AbortController();
    const pending = first.complete({ ...requestFor(PROMPTS[0]!), signal: abandoned.signal });
    // The batch is saved as soon as it is submitted, before anything waits on it.
    const savedIds = () =>
      readFile(file, 'utf8').then(
        (text) => (JSON.parse(text) as { batches: Array<{ id: string }> }).batches.map((batch) => batch.id),
        () => [],
      );
    while ((await savedIds()).length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(await savedIds(), server.batches.created);
    abandoned.abort();
    await assert.rejects(pending);
    await first.close?.();
    server.batches.control.hold = false;
    const second = batched(direct('anthropic', server), file);
    const answer = await second.complete(requestFor(PROMPTS[0]!));
    assert.match(answer.text, /^summary of a/);
    assert.equal(server.batches.lines.length, 1, 'not submitted again');
    assert.equal(server.batches.created.length, 1);
  });

  it('sends a call anew once when the batch an earlier run saved for it is gone', async (t) => {
    const server = await serveForTest(t);
    const file = freshFile();
    const plain = direct('openai', server);
    const key = requestKey(plain, requestFor(PROMPTS[0]!));
    const gone = { id: 'batch_gone', provider: 'openai', model: 'gpt-4.1-mini', customIds: [key] };
    await writeFile(file, JSON.stringify({ version: 1, batches: [gone] }));
    const answer = await batched(plain, file).complete(requestFor(PROMPTS[0]!));
    assert.match(answer.text, /^summary of a/);
    assert.deepEqual(
      server.batches.lines.map((line) => line.customId),
      [key],
    );
    assert.ok(server.received.some((request) => request.path === '/v1/batches/batch_gone'));
  });

  it('refuses a saved batch list it cannot read, naming the file', async (t) => {
    const server = await serveForTest(t);
    const file = freshFile();
    await writeFile(file, '{"version": 1, "batches": [{"id": 3}]}');
    const provider = batched(direct('openai', server), file);
    await assert.rejects(provider.warmUp!({ connect: false }), (error: unknown) => {
      assert.ok(error instanceof InputError);
      assert.match(
        error.message,
        new RegExp(`^${file}: not a batch list of compaction-bench \\(batches\\.0\\.id`),
      );
      return true;
    });
  });

  it('refuses a provider with no batch service', () => {
    const provider: Provider = { ...({} as Provider), id: 'extractive', model: '' };
    assert.throws(() => batched(provider, freshFile()), {
      name: 'InputError',
      message: '--batch: extractive has no batch service (openai: and anthropic: models have)',
    });
  });
});

describe('batch prices', () => {
  it('bills every token at the table’s batch factor: half the list price', () => {
    const usage = { input: 1_000_000, output: 1_000_000 };
    // gpt-4.1-mini: $0.40 input + $1.60 output per million at list price.
    assert.equal(costOf('openai', 'gpt-4.1-mini', usage), 2);
    assert.equal(costOf('openai', 'gpt-4.1-mini', usage, 'batch'), 1);
    // claude-haiku-4-5: $1 input, $0.10 cache read, $1.25 cache write, $5 output per million.
    const cached = {
      input: 3_000_000,
      cachedInput: 1_000_000,
      cacheWriteInput: 1_000_000,
      output: 1_000_000,
    };
    assert.ok(Math.abs(costOf('anthropic', 'claude-haiku-4-5', cached)! - 7.35) < 1e-9);
    assert.ok(Math.abs(costOf('anthropic', 'claude-haiku-4-5', cached, 'batch')! - 3.675) < 1e-9);
  });
});
