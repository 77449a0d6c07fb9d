import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { InputError } from '../../src/errors.ts';
import { recordMiddleware } from '../../src/providers/cassette.ts';
import {
  createProvider,
  isLocalServer,
  parseProviderSpec,
  wrapProvider,
} from '../../src/providers/create.ts';
import { PROVIDER_TABLE } from '../../src/providers/registry.ts';
import { getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import { type MockLlmServer, serveForTest as serve } from '../../support/loopback-llm-server.ts';

let tokenizer: Tokenizer;
let root: string;
before(async () => {
  tokenizer = await getTokenizer('heuristic');
  root = await mkdtemp(join(tmpdir(), 'compaction-bench-registry-'));
});
after(() => rm(root, { recursive: true, force: true }));

const request = { system: 'Summarize.', prompt: '[User]: hello', maxTokens: 100 };

function inputError(action: () => unknown): InputError {
  try {
    action();
  } catch (error) {
    assert.ok(error instanceof InputError, String(error));
    return error;
  }
  assert.fail('expected an InputError');
}

/** A spec as the id of its table entry and its model. */
function parsed(spec: string): { id: string; model: string } {
  const { entry, model } = parseProviderSpec(spec);
  return { id: entry.id, model };
}

describe('parseProviderSpec', () => {
  it('reads extractive, openai:<model> and anthropic:<model>', () => {
    assert.deepEqual(parsed('extractive'), { id: 'extractive', model: '' });
    assert.deepEqual(parsed('openai:gpt-4.1-mini'), { id: 'openai', model: 'gpt-4.1-mini' });
    assert.deepEqual(parsed('anthropic:claude-sonnet-4-5'), {
      id: 'anthropic',
      model: 'claude-sonnet-4-5',
    });
  });

  it('splits on the first colon only, so model names may contain colons', () => {
    assert.deepEqual(parsed('openai:qwen2.5:7b'), { id: 'openai', model: 'qwen2.5:7b' });
    assert.deepEqual(parsed('openai:hf.co/org/model:Q4_K_M'), {
      id: 'openai',
      model: 'hf.co/org/model:Q4_K_M',
    });
  });

  it('fails an unknown provider loudly and lists what exists', () => {
    assert.equal(
      inputError(() => parseProviderSpec('gemini:pro')).message,
      "unknown provider 'gemini'; available: extractive, openai:<model>, anthropic:<model>",
    );
  });

  it('suggests the vendor when given a bare known model', () => {
    assert.match(inputError(() => parseProviderSpec('gpt-4o')).message, /did you mean openai:gpt-4o\?/);
  });

  it('asks for a model when the vendor has none', () => {
    assert.match(inputError(() => parseProviderSpec('openai')).message, /needs a model: openai:<model>/);
    assert.match(
      inputError(() => parseProviderSpec('anthropic:')).message,
      /needs a model: anthropic:<model>/,
    );
  });

  it('lists every provider with a one-line description', () => {
    assert.deepEqual(
      PROVIDER_TABLE.map((provider) => provider.spec),
      ['extractive', 'openai:<model>', 'anthropic:<model>'],
    );
    for (const provider of PROVIDER_TABLE)
      assert.ok(provider.description && !provider.description.includes('\n'));
  });
});

describe('createProvider', () => {
  it('fails a missing key before any work, naming the variable', async (t) => {
    const server = await serve(t);
    const openai = inputError(() => createProvider('openai:gpt-4.1-mini', { tokenizer, environment: {} }));
    assert.equal(openai.message, 'OPENAI_API_KEY is not set; export it or use -p extractive');
    const anthropic = inputError(() =>
      createProvider('anthropic:claude-haiku-4-5', { tokenizer, environment: {} }),
    );
    assert.equal(anthropic.message, 'ANTHROPIC_API_KEY is not set; export it or use -p extractive');
    assert.equal(server.requests.length, 0);
  });

  it('needs no key for a local server, and sends a placeholder', async (t) => {
    const server = await serve(t);
    const provider = createProvider('openai:qwen2.5:7b', { tokenizer, baseUrl: server.url, environment: {} });
    await provider.complete(request);
    assert.equal(server.requests[0]?.headers.authorization, 'Bearer not-needed');
    assert.equal(server.requests[0]?.body.model, 'qwen2.5:7b');
  });

  it('needs no key to replay', () => {
    const provider = createProvider('openai:gpt-4.1-mini', {
      tokenizer,
      environment: {},
      replay: 'ci.jsonl',
    });
    assert.equal(provider.id, 'openai');
  });

  it('reads the key and the base URL from the environment', async (t) => {
    const server = await serve(t);
    const provider = createProvider('anthropic:claude-haiku-4-5', {
      tokenizer,
      environment: { ANTHROPIC_API_KEY: 'from-the-environment', ANTHROPIC_BASE_URL: server.anthropicUrl },
    });
    await provider.complete(request);
    assert.equal(server.requests[0]?.headers.authorization, 'Bearer from-the-environment');
  });

  it('knows the context window of known models', () => {
    const environment = { OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'k' };
    assert.equal(createProvider('openai:gpt-4o', { tokenizer, environment }).contextWindow, 128_000);
    assert.equal(
      createProvider('anthropic:claude-opus-4-1', { tokenizer, environment }).contextWindow,
      200_000,
    );
    assert.equal(createProvider('openai:llama3.1:8b', { tokenizer, environment }).contextWindow, undefined);
  });

  it('rejects a base URL that is not http(s), and bad retries or timeouts', () => {
    const environment = { OPENAI_API_KEY: 'k' };
    assert.match(
      inputError(() => createProvider('openai:m', { tokenizer, environment, baseUrl: 'localhost:11434' }))
        .message,
      /--base-url 'localhost:11434' is not an http\(s\) URL/,
    );
    assert.match(
      inputError(() => createProvider('openai:m', { tokenizer, environment, retries: -1 })).message,
      /--retries/,
    );
    assert.match(
      inputError(() => createProvider('openai:m', { tokenizer, environment, timeoutMs: 0 })).message,
      /--timeout/,
    );
  });

  it('makes the extractive baseline with no key and no network', () => {
    const provider = createProvider('extractive', { tokenizer, environment: {} });
    assert.equal(provider.id, 'extractive');
    assert.equal(provider.isLanguageModel, false);
  });
});

describe('isLocalServer', () => {
  it('accepts loopback, private-network and .local hosts only', () => {
    for (const url of [
      'http://localhost:11434/v1',
      'http://127.0.0.1:8080/v1',
      'http://[::1]:1234/v1',
      'http://192.168.1.20:8000/v1',
      'http://10.0.0.5/v1',
      'http://172.20.0.2:8000/v1',
      'http://gpu-box.local:8000/v1',
      'http://host.docker.internal:11434/v1',
    ]) {
      assert.ok(isLocalServer(url), url);
    }
    for (const url of ['https://api.openai.com/v1', 'https://openrouter.ai/api/v1', 'http://172.32.0.1/v1']) {
      assert.ok(!isLocalServer(url), url);
    }
  });
});

describe('wrapProvider', () => {
  function openai(server: MockLlmServer) {
    return createProvider('openai:gpt-4.1-mini', { tokenizer, baseUrl: server.url, environment: {} });
  }

  it('puts the cache in front by default settings', async (t) => {
    const server = await serve(t);
    const directory = join(root, 'wrap-cache');
    const provider = wrapProvider(openai(server), { cacheDirectory: directory });
    await provider.complete(request);
    const again = await provider.complete(request);
    assert.ok(again.fromCache);
    assert.equal(server.requests.length, 1);
  });

  it('turns the cache off with cacheDirectory: false', async (t) => {
    const server = await serve(t);
    const provider = wrapProvider(openai(server), { cacheDirectory: false });
    await provider.complete(request);
    await provider.complete(request);
    assert.equal(server.requests.length, 2);
  });

  it('lets replay win over the cache: no network, no cache directory', async (t) => {
    const server = await serve(t);
    const file = join(root, 'wrap.jsonl');
    const recording = recordMiddleware(file)(openai(server));
    await recording.complete(request);
    await recording.close!();
    const directory = join(root, 'never-made');
    const provider = wrapProvider(openai(server), { cacheDirectory: directory, replay: file });
    assert.ok((await provider.complete(request)).fromCache);
    assert.equal(server.requests.length, 1);
    assert.equal(existsSync(directory), false);
  });

  it('records cache hits into the cassette and flushes on close', async (t) => {
    const server = await serve(t);
    const directory = join(root, 'wrap-record-cache');
    const earlier = wrapProvider(openai(server), { cacheDirectory: directory });
    await earlier.complete(request);
    await earlier.close?.();
    const file = join(root, 'wrap-record.jsonl');
    const provider = wrapProvider(openai(server), { cacheDirectory: directory, record: file });
    assert.ok((await provider.complete(request)).fromCache);
    await provider.close?.();
    assert.equal(server.requests.length, 1);
    assert.ok(existsSync(file));
  });

  it('refuses record and replay together', () => {
    assert.throws(
      () =>
        wrapProvider(
          {
            id: 'x',
            model: 'y',
            isLanguageModel: true,
            complete: async () => assert.fail(),
            generate: async () => assert.fail(),
          },
          { record: 'a', replay: 'b' },
        ),
      InputError,
    );
  });

  it('leaves the extractive baseline uncached', () => {
    const extractive = createProvider('extractive', { tokenizer, environment: {} });
    assert.equal(wrapProvider(extractive, { cacheDirectory: join(root, 'x') }), extractive);
  });
});
