/**
 * An SDK provider's warm-up (sdk-provider.ts): the connections it opens are the ones the calls then use, and warm-ups
 * open at most 16 in all.
 */
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createOpenAIProvider } from '../../src/providers/openai/provider.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { serveForTest } from '../../support/loopback-llm-server.ts';

describe('sdk provider warm-up', () => {
  it('opens connections the calls reuse, and at most 16 over all warm-ups', async (t) => {
    // As an API does: an idle connection stays open.
    const server = await serveForTest(t, { keepAliveMs: 60_000 });
    let opened = 0;
    const count = (message: unknown) => {
      if ((message as { socket: Socket }).socket.localPort === server.port) opened++;
    };
    subscribe('net.server.socket', count);
    t.after(() => unsubscribe('net.server.socket', count));
    const provider = createOpenAIProvider({
      model: 'gpt-4.1-mini',
      apiKey: 'test-key',
      baseUrl: server.url,
      retries: 0,
      timeoutMs: 5000,
      tokenizer: await getTokenizer('heuristic'),
    });
    await provider.warmUp!({ connections: 3 });
    assert.equal(opened, 3);
    assert.deepEqual(
      server.received.map((request) => request.method),
      ['GET', 'GET', 'GET'],
    );
    // Three calls at once, once the answers' connections are given back (a run's first calls come after its first
    // session is loaded): each takes a warm connection, none connects (Node's fetch closes a HEAD's connection).
    await delay(20);
    const request = {
      system: 'You summarize coding sessions.',
      prompt: '[User]: fix the bug',
      maxTokens: 50,
    };
    await Promise.all([provider.complete(request), provider.complete(request), provider.complete(request)]);
    assert.equal(server.count, 3);
    assert.equal(opened, 3);
    await provider.warmUp!({ connections: 20 });
    assert.equal(opened, 16);
    await provider.warmUp!({ connections: 4 });
    assert.equal(opened, 16);
  });
});
