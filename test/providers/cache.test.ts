import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ProviderError } from '../../src/errors.ts';
import { entryFile, cacheMiddleware } from '../../src/providers/cache.ts';
import { createOpenAIProvider } from '../../src/providers/openai/provider.ts';
import { requestKey } from '../../src/providers/stored-answer.ts';
import type { CompletionRequest } from '../../src/providers/types.ts';
import { SecretLeakError } from '../../src/providers/secrets.ts';
import { getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import { type MockLlmServer, serveForTest as serve } from '../../support/loopback-llm-server.ts';
import { environmentForTests } from '../helpers/environment.ts';

// The key the secret scan must find in what is written; set for this file's tests only.
const API_KEY = `sk-proj-${'T3stKey'.repeat(12)}`;
environmentForTests({ OPENAI_API_KEY: API_KEY });

let tokenizer: Tokenizer;
let root: string;
before(async () => {
  tokenizer = await getTokenizer('heuristic');
  root = await mkdtemp(join(tmpdir(), 'compaction-bench-cache-'));
});
after(() => rm(root, { recursive: true, force: true }));

let directoryCount = 0;
const freshDirectory = () => join(root, `cache-${directoryCount++}`);

function cachedOpenAI(server: MockLlmServer, directory: string) {
  const provider = createOpenAIProvider({
    model: 'gpt-4.1-mini',
    apiKey: API_KEY,
    baseUrl: server.url,
    retries: 0,
    timeoutMs: 5000,
    tokenizer,
  });
  return cacheMiddleware({ directory })(provider);
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

const request: CompletionRequest = { system: 'Summarize.', prompt: '[User]: add retries', maxTokens: 300 };

describe('response cache', () => {
  it('answers a repeated request from disk: zero requests, the first latency as fromCache.ms', async (t) => {
    const server = await serve(t, {
      latencyMs: 40,
      replies: [
        { kind: 'text', text: 'cached summary', usage: { prompt_tokens: 900, completion_tokens: 12 } },
      ],
    });
    const provider = cachedOpenAI(server, freshDirectory());
    const first = await provider.complete(request);
    const second = await provider.complete({ ...request, signal: new AbortController().signal });
    assert.equal(server.requests.length, 1);
    assert.equal(first.fromCache, undefined);
    assert.equal(first.attempts, 1);
    assert.equal(second.text, 'cached summary');
    assert.deepEqual(second.usage, { input: 900, output: 12 });
    assert.equal(second.usageSource, 'api');
    assert.ok(second.fromCache && second.fromCache.ms >= 40, JSON.stringify(second.fromCache));
    assert.equal(second.attempts, undefined);
  });

  it('keys on system, prompt and maxTokens', async (t) => {
    const server = await serve(t);
    const provider = cachedOpenAI(server, freshDirectory());
    await provider.complete(request);
    await provider.complete({ ...request, maxTokens: 301 });
    await provider.complete({ ...request, system: 'Summarize briefly.' });
    await provider.complete({ ...request, prompt: `${request.prompt}!` });
    await provider.complete(request);
    assert.equal(server.requests.length, 4);
  });

  it('keys on provider and model but not on the base URL', () => {
    const openai = { id: 'openai', model: 'gpt-4.1-mini' };
    assert.equal(requestKey(openai, request), requestKey({ ...openai }, request));
    assert.notEqual(requestKey(openai, request), requestKey({ ...openai, model: 'gpt-4.1' }, request));
    assert.notEqual(
      requestKey(openai, request),
      requestKey({ id: 'anthropic', model: 'gpt-4.1-mini' }, request),
    );
  });

  it('never stores an error, so the next run asks again', async (t) => {
    const server = await serve(t, {
      replies: [{ kind: 'server-error' }, { kind: 'text', text: 'recovered' }],
    });
    const directory = freshDirectory();
    const provider = cachedOpenAI(server, directory);
    await assert.rejects(provider.complete(request), ProviderError);
    await assert.rejects(readdir(directory), { code: 'ENOENT' });
    assert.equal((await provider.complete(request)).text, 'recovered');
    assert.equal((await provider.complete(request)).fromCache !== undefined, true);
    assert.equal(server.requests.length, 2);
  });

  it('writes entries off the critical path and has them on disk once closed', async (t) => {
    const server = await serve(t);
    const directory = freshDirectory();
    const provider = cachedOpenAI(server, directory);
    await Promise.all([provider.complete(request), provider.complete({ ...request, maxTokens: 301 })]);
    await provider.close?.();
    assert.equal((await filesUnder(directory)).length, 2);
    assert.equal(server.requests.length, 2);
  });

  it('keeps no answer in memory once its file is written: a repeat is read from disk', async (t) => {
    const server = await serve(t);
    const directory = freshDirectory();
    const provider = cachedOpenAI(server, directory);
    await provider.complete(request);
    // Written once the call has returned: wait for the file, then remove it.
    await provider.close?.();
    const [file] = await filesUnder(directory);
    await rm(file!);
    const again = await provider.complete(request);
    assert.equal(again.fromCache, undefined, 'asked again: the answer was not held in memory');
    assert.equal(server.requests.length, 2);
    assert.equal((await provider.complete(request)).fromCache !== undefined, true);
    assert.equal(server.requests.length, 2);
  });

  it('stores one JSON file per answer, in a shard named by the key, without the API key', async (t) => {
    const server = await serve(t);
    const directory = freshDirectory();
    const provider = cachedOpenAI(server, directory);
    await provider.complete(request);
    await provider.close?.();
    const key = requestKey(provider, request);
    const files = await filesUnder(directory);
    assert.deepEqual(files, [entryFile(directory, key)]);
    assert.ok(files[0]?.includes(join(directory, key.slice(0, 2))));
    const text = await readFile(files[0]!, 'utf8');
    const entry = JSON.parse(text);
    assert.equal(entry.key, key);
    assert.equal(entry.provider, 'openai');
    assert.equal(entry.model, 'gpt-4.1-mini');
    assert.ok(!text.includes(API_KEY));
    assert.ok(!text.includes('sk-'));
  });

  it('refuses to store an answer that contains the key, and leaves no file behind', async (t) => {
    const server = await serve(t, { replies: [{ kind: 'text', text: `the config sets ${API_KEY}` }] });
    const directory = freshDirectory();
    const provider = cachedOpenAI(server, directory);
    const error = await provider.complete(request).catch((caught: unknown) => caught);
    assert.ok(error instanceof SecretLeakError);
    assert.ok(!error.message.includes(API_KEY));
    assert.deepEqual(await filesUnder(directory), []);
  });

  it('treats an unreadable entry as a miss and replaces it', async (t) => {
    const server = await serve(t);
    const directory = freshDirectory();
    const provider = cachedOpenAI(server, directory);
    await provider.complete(request);
    await provider.close?.();
    const file = entryFile(directory, requestKey(provider, request));
    await writeFile(file, '{"not": "an entry"}');
    // A later run: nothing of the first run is in memory any more.
    const rerun = cachedOpenAI(server, directory);
    await rerun.complete(request);
    await rerun.complete(request);
    await rerun.close?.();
    assert.equal(server.requests.length, 2);
    const third = cachedOpenAI(server, directory);
    assert.ok((await third.complete(request)).fromCache, 'the replaced entry answers the next run');
  });
});
