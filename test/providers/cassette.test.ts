import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import { InputError, ProviderError } from '../../src/errors.ts';
import { cacheMiddleware } from '../../src/providers/cache.ts';
import {
  createRecorder,
  readCassette,
  recordMiddleware,
  replayMiddleware,
} from '../../src/providers/cassette.ts';
import { createOpenAIProvider } from '../../src/providers/openai/provider.ts';
import type { CompletionRequest, Provider } from '../../src/providers/types.ts';
import { requestKey } from '../../src/providers/stored-answer.ts';
import { getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import {
  type MockLlmServer,
  type MockServerOptions,
  promptOf,
  startMockLlmServer,
} from '../../support/loopback-llm-server.ts';
import { environmentForTests } from '../helpers/environment.ts';

const API_KEY = `sk-proj-${'CassetteKey'.repeat(8)}`;
environmentForTests({ OPENAI_API_KEY: API_KEY });

let tokenizer: Tokenizer;
let root: string;
before(async () => {
  tokenizer = await getTokenizer('heuristic');
  root = await mkdtemp(join(tmpdir(), 'compaction-bench-cassette-'));
});
after(() => rm(root, { recursive: true, force: true }));

let fileCount = 0;
const freshFile = () => join(root, `cassette-${fileCount++}.jsonl`);

async function serve(t: TestContext, options: MockServerOptions = {}): Promise<MockLlmServer> {
  const server = await startMockLlmServer({
    reply: (sent) => ({
      kind: 'text',
      text: `summary of ${promptOf(sent)}`,
      usage: { prompt_tokens: 50, completion_tokens: 7 },
    }),
    ...options,
  });
  t.after(() => server.close());
  return server;
}

function openai(server: MockLlmServer | undefined, apiKey = API_KEY): Provider {
  return createOpenAIProvider({
    model: 'gpt-4.1-mini',
    apiKey,
    // Replay tests get a URL where nothing listens: any request would fail loudly.
    baseUrl: server?.url ?? 'http://127.0.0.1:9/v1',
    retries: 0,
    timeoutMs: 5000,
    tokenizer,
  });
}

const requests: CompletionRequest[] = ['slice 1', 'slice 2', 'stitch'].map((prompt) => ({
  system: 'Summarize.',
  prompt,
  maxTokens: 200,
}));

describe('cassettes', () => {
  it('record then replay: the same answers, no request, the recorded latency', async (t) => {
    const server = await serve(t, { latencyMs: 20 });
    const file = freshFile();
    const recording = recordMiddleware(file)(openai(server));
    const recorded = await Promise.all(requests.map((request) => recording.complete(request)));
    await recording.close!();
    assert.equal(server.requests.length, 3);
    assert.equal((await readFile(file, 'utf8')).trim().split('\n').length, 3);

    const replay = replayMiddleware(file)(openai(undefined, 'not-needed'));
    for (const [index, request] of requests.entries()) {
      const answer = await replay.complete(request);
      assert.equal(answer.text, recorded[index]?.text);
      assert.deepEqual(answer.usage, { input: 50, output: 7 });
      assert.equal(answer.usageSource, 'api');
      assert.ok(answer.fromCache && answer.fromCache.ms >= 20);
    }
    assert.equal(server.requests.length, 3);
  });

  it('fails a replay miss clearly, naming the cassette and how to fix it', async (t) => {
    const server = await serve(t);
    const file = freshFile();
    const recording = recordMiddleware(file)(openai(server));
    await recording.complete(requests[0]!);
    await recording.close!();
    const replay = replayMiddleware(file)(openai(undefined));
    const error = await replay.complete(requests[1]!).catch((caught: unknown) => caught);
    assert.ok(error instanceof ProviderError);
    assert.match(
      error.message,
      new RegExp(`not in cassette ${file.replaceAll('\\', '\\\\')}; re-record with --record`),
    );
  });

  it('says which models a cassette holds when replaying another', async (t) => {
    const server = await serve(t);
    const file = freshFile();
    const recording = recordMiddleware(file)(openai(server));
    await recording.complete(requests[0]!);
    await recording.close!();
    const other = { ...openai(undefined), model: 'gpt-4.1' };
    const error = await replayMiddleware(file)(other)
      .complete(requests[0]!)
      .catch((caught: unknown) => caught);
    assert.match(String(error), /it holds answers of openai:gpt-4\.1-mini/);
  });

  it('writes whole lines only while answers arrive, and every answer by close', async (t) => {
    const server = await serve(t);
    const file = freshFile();
    const recording = recordMiddleware(file)(openai(server));
    const reads: string[] = [];
    const watcher = setInterval(() => {
      readFile(file, 'utf8').then(
        (text) => reads.push(text),
        () => {},
      );
    }, 1);
    await recording.complete(requests[0]!);
    await recording.complete(requests[1]!);
    await recording.close!();
    clearInterval(watcher);
    for (const text of reads) assert.ok(text === '' || text.endsWith('\n'), 'never half a line');
    assert.equal(readCassette(file).size, 2);
  });

  it('adds each answer once as it comes, and a new recording replaces the old cassette', async (t) => {
    const server = await serve(t);
    const file = freshFile();
    await writeFile(file, `${JSON.stringify({ stale: true })}\n`);
    const recorder = createRecorder(file);
    const recording = recordMiddleware(recorder)(openai(server));
    for (const request of [requests[0]!, requests[1]!, requests[0]!, requests[2]!]) {
      await recording.complete(request);
      // Each answer is on disk before the next is asked: every write after the first adds to the file.
      await recorder.flush();
    }
    await recording.close!();
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    assert.equal(lines.length, 3, 'the repeated request once, the stale line gone');
    const keys = requests.map((request) => requestKey(openai(undefined), request));
    assert.deepEqual(
      lines.map((line) => (JSON.parse(line) as { key: string }).key),
      keys,
    );
  });

  it('records cache hits too', async (t) => {
    const server = await serve(t);
    const directory = join(root, 'cache-for-recording');
    const earlier = cacheMiddleware({ directory })(openai(server));
    await earlier.complete(requests[0]!);
    await earlier.close?.();
    const file = freshFile();
    const recording = recordMiddleware(file)(cacheMiddleware({ directory })(openai(server)));
    await recording.complete(requests[0]!);
    await recording.close!();
    assert.equal(server.requests.length, 1);
    assert.equal(readCassette(file).size, 1);
  });

  it('never writes the API key into a cassette', async (t) => {
    const server = await serve(t);
    const file = freshFile();
    const recording = recordMiddleware(file)(openai(server));
    await recording.complete(requests[0]!);
    await recording.close!();
    const text = await readFile(file, 'utf8');
    assert.ok(!text.includes(API_KEY));
  });

  it('reports a bad line as file:line: reason', async () => {
    const file = freshFile();
    const good = {
      key: 'a'.repeat(64),
      provider: 'openai',
      model: 'gpt-4.1-mini',
      ms: 12,
      completion: { text: 'x', usage: { input: 1, output: 1 }, usageSource: 'api', model: 'gpt-4.1-mini' },
    };
    await writeFile(file, `${JSON.stringify(good)}\n${JSON.stringify({ ...good, ms: 'fast' })}\n`);
    assert.throws(
      () => readCassette(file),
      (error: unknown) => {
        assert.ok(error instanceof InputError);
        assert.match(error.message, new RegExp(`${file.replaceAll('\\', '\\\\')}:2: ms: `));
        return true;
      },
    );
    await writeFile(file, '{"key": \n');
    assert.throws(() => readCassette(file), /:1: not valid JSON/);
  });

  it('refuses to replay a cassette that does not exist, before any call', () => {
    const file = join(root, 'missing.jsonl');
    assert.throws(
      () => replayMiddleware(file)(openai(undefined)),
      (error: unknown) => {
        assert.ok(error instanceof InputError);
        assert.match(
          error.message,
          /cassette .*missing\.jsonl does not exist; record it first with --record/,
        );
        return true;
      },
    );
  });
});

describe('cassettes and secrets', () => {
  it('refuses an answer holding the key without blocking the answers after it', async (t) => {
    const server = await serve(t, {
      replies: [
        { kind: 'text', text: `here is ${API_KEY}` },
        { kind: 'text', text: 'a clean summary' },
      ],
    });
    const file = freshFile();
    const recording = recordMiddleware(file)(openai(server));
    await assert.rejects(recording.complete(requests[0]!), /refusing to write .*looks like an API key/);
    assert.equal((await recording.complete(requests[1]!)).text, 'a clean summary');
    await recording.close!();
    const text = await readFile(file, 'utf8');
    assert.ok(!text.includes(API_KEY));
    assert.equal(readCassette(file).size, 1);
  });
});
