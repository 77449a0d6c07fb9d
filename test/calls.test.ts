import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pLimit from 'p-limit';
import { type CallRecord, createCaller, criticalPath } from '../src/providers/calls.ts';
import { ContextOverflowError, ProviderError } from '../src/errors.ts';
import { getTokenizer } from '../src/tokens.ts';
import { fakeProvider } from './helpers/fake-provider.ts';

function call(requestedAt: number, endedAt: number): CallRecord {
  return {
    label: 'x',
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: null,
    cacheWriteInputTokens: null,
    usageSource: 'api',
    ms: endedAt - requestedAt,
    cached: false,
    attempts: null,
    requestedAt,
    startedAt: requestedAt,
    endedAt,
    error: null,
  };
}

describe('call layer', () => {
  it('lets 16 calls in flight listen to the run signal without a listener-leak warning', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const controller = new AbortController();
    const warnings: string[] = [];
    // Only the leak warning: other test files in this process may warn meanwhile (MockTimers is experimental).
    const onWarning = (warning: Error) => {
      if (warning.name === 'MaxListenersExceededWarning') warnings.push(warning.name);
    };
    process.on('warning', onWarning);
    try {
      // A provider that, like the SDKs, listens for abort on every request it has in flight.
      const listening = fakeProvider({ delayMs: 20 });
      const provider = {
        ...listening,
        complete: (request: Parameters<typeof listening.complete>[0]) => {
          const stop = () => {};
          request.signal?.addEventListener('abort', stop);
          return listening
            .complete(request)
            .finally(() => request.signal?.removeEventListener('abort', stop));
        },
      };
      const caller = createCaller({ provider, limit: pLimit(16), tokenizer, signal: controller.signal });
      const calls = Array.from({ length: 16 }, (_, index) =>
        caller.complete(`slice ${index + 1}/16`, { system: 's', prompt: 'abc', maxTokens: 10 }),
      );
      assert.equal((await Promise.all(calls)).length, 16);
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(warnings, []);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('records label, usage, latency and order of every call', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const caller = createCaller({ provider: fakeProvider({ delayMs: 20 }), limit: pLimit(2), tokenizer });
    const answers = await Promise.all([
      caller.complete('slice 1/2', { system: 's', prompt: 'abc', maxTokens: 10 }),
      caller.complete('slice 2/2', { system: 's', prompt: 'abcdef', maxTokens: 10 }),
    ]);
    assert.deepEqual(answers, ['summary #1', 'summary #2']);
    assert.deepEqual(
      caller.trace.map((record) => [
        record.label,
        record.inputTokens,
        record.outputTokens,
        record.usageSource,
        record.cached,
      ]),
      [
        ['slice 1/2', 3, 10, 'api', false],
        ['slice 2/2', 6, 10, 'api', false],
      ],
    );
    for (const record of caller.trace) assert.ok(record.ms >= 15, `latency measured (${record.ms})`);
  });

  it('shares one concurrency limit between callers', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const provider = fakeProvider({ delayMs: 10 });
    const limit = pLimit(3);
    const callers = [
      createCaller({ provider, limit, tokenizer }),
      createCaller({ provider, limit, tokenizer }),
    ];
    await Promise.all(
      callers.flatMap((caller) =>
        Array.from({ length: 6 }, (_, index) =>
          caller.complete(`c${index}`, { system: '', prompt: 'p', maxTokens: 5 }),
        ),
      ),
    );
    assert.equal(provider.maxInFlight, 3);
  });

  it('refuses a call above the context window before sending it', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const provider = fakeProvider();
    const caller = createCaller({ provider, limit: pLimit(1), tokenizer, contextWindow: 5 });
    await assert.rejects(
      caller.complete('checkpoint', {
        system: '',
        prompt: 'one two three four five six seven',
        maxTokens: 5,
      }),
      (error: Error) =>
        error instanceof ContextOverflowError &&
        /^checkpoint: input of 7 tokens exceeds the context window of 5 tokens/.test(error.message),
    );
    assert.equal(provider.requests.length, 0);
    assert.match(caller.trace[0]!.error ?? '', /exceeds the context window/);
  });

  it('records a failed call and keeps the error type', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const provider = fakeProvider({
      answer: () => {
        throw new ProviderError('server said 500', { status: 500, retryable: true });
      },
    });
    const caller = createCaller({ provider, limit: pLimit(1), tokenizer });
    await assert.rejects(
      caller.complete('stitch', { system: '', prompt: 'p', maxTokens: 5 }),
      (error: Error) => {
        return (
          error instanceof ProviderError &&
          error.status === 500 &&
          error.message === 'stitch: server said 500'
        );
      },
    );
    assert.equal(caller.trace[0]!.error, 'server said 500');
  });
});

describe('criticalPath', () => {
  it('is 1 for concurrent calls, n for a chain, 2 for fan-out then fan-in', () => {
    assert.equal(criticalPath([]).calls, 0);
    assert.equal(criticalPath([call(0, 10), call(0, 12), call(1, 9)]).calls, 1);
    assert.equal(criticalPath([call(0, 10), call(10, 20), call(20, 30)]).calls, 3);
    assert.equal(criticalPath([call(0, 10), call(0, 14), call(0, 12), call(14, 20)]).calls, 2);
  });
});
