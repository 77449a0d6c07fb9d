/**
 * compare and check against a loopback server speaking the OpenAI and Anthropic wire formats,
 * through the real CLI and the real SDKs: usage, concurrency, overflow isolation, cache, cassettes,
 * the judge, secrets and Ctrl-C.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, startCli, temporaryDirectory } from '../helpers/cli.ts';
import {
  type MockReply,
  promptOf,
  type RecordedRequest,
  startMockLlmServer,
} from '../../support/loopback-llm-server.ts';

const KEY = 'sk-test-e2e-0123456789abcdefghij';
const SMALL_SLICES = ['--slice-tokens', '8000', '--overlap-tokens', '500'];

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

/** Every file under a directory, recursively. */
async function filesUnder(path: string): Promise<string[]> {
  if (!existsSync(path)) return [];
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function results(out: string) {
  return JSON.parse(await readFile(join(out, 'before-compaction-results.json'), 'utf8'));
}

/** Usage the server reports: distinct per request so sums can be checked. */
function numbered(request: RecordedRequest, index: number): MockReply {
  return {
    kind: 'text',
    text: `## Goal\nsummary ${index} of ${promptOf(request).length} characters`,
    usage: { prompt_tokens: 1000 + index, completion_tokens: 10 + index },
  };
}

describe('--runs with a model', () => {
  it('asks anew for every run (3× the calls), keeps run 1 on the cached key, and reports a real spread', async () => {
    // Odd requests keep the task's error code, even ones do not: the runs disagree on that probe.
    const server = await startMockLlmServer({
      reply: (_request, index) => ({
        kind: 'text',
        text:
          index % 2 === 0
            ? '## Goal\nFix ERR_INVOICE_TOTAL_MISMATCH: totals off by one cent.'
            : '## Goal\nFix the totals.',
      }),
    });
    const out = join(directory.path, 'runs');
    const cache = join(directory.path, 'cache-runs');
    const args = [
      'compare',
      'before-compaction',
      '-s',
      'single-shot',
      '-p',
      'openai:test-model',
      '--base-url',
      server.url,
    ];
    try {
      const once = await runCli(
        [...args, '-o', join(directory.path, 'once'), '--cache-dir', cache, '--quiet'],
        {
          cwd: directory.path,
          env: { OPENAI_API_KEY: KEY },
        },
      );
      assert.equal(once.code, 0, once.stderr);
      assert.equal(server.requests.length, 1);
      const three = await runCli([...args, '-o', out, '--cache-dir', cache, '--runs', '3', '--quiet'], {
        cwd: directory.path,
        env: { OPENAI_API_KEY: KEY },
      });
      assert.equal(three.code, 0, three.stderr);
      assert.equal(server.requests.length, 3, 'run 1 came from the cache; runs 2 and 3 asked anew');
      const [singleShot] = (await results(out)).strategies;
      assert.equal(singleShot.runs, 3);
      assert.deepEqual(singleShot.freshCalls, [0, 1, 1]);
      assert.equal(singleShot.deterministic, false);
      assert.ok(singleShot.spread.probeRecall.stdError > 0, 'the runs differ, and the spread says so');
      assert.ok((Object.values(singleShot.probeShares) as number[]).some((share) => share > 0 && share < 1));
    } finally {
      await server.close();
    }
  });
});

describe('compare with openai:<model> at a loopback server', () => {
  it('reports the usage the API reported, keeps calls within --concurrency, and caches a rerun', async () => {
    const server = await startMockLlmServer({ reply: numbered, latencyMs: 25 });
    const out = join(directory.path, 'usage');
    const cache = join(directory.path, 'cache-usage');
    const args = [
      'compare',
      'before-compaction',
      '-p',
      'openai:test-model',
      '--base-url',
      server.url,
      '-o',
      out,
      '--cache-dir',
      cache,
      '--concurrency',
      '2',
      ...SMALL_SLICES,
    ];
    try {
      const first = await runCli(args, { cwd: directory.path, env: { OPENAI_API_KEY: KEY } });
      assert.equal(first.code, 0, first.stderr);
      assert.equal(server.maxInFlight, 2, 'calls in flight never exceed --concurrency (and reach it)');
      const sent = server.requests.length;
      const run = await results(out);
      const reported = new Map<string, { input: number; output: number }>();
      server.requests.forEach((request, index) => {
        reported.set(JSON.stringify(request.body.messages), { input: 1000 + index, output: 10 + index });
      });
      let total = 0;
      for (const strategy of run.strategies) {
        assert.equal(strategy.status, 'ok', strategy.error);
        assert.equal(strategy.usageSource, 'api');
        assert.ok(strategy.trace.every((call: { attempts: number }) => call.attempts === 1));
        total += strategy.calls;
      }
      const inputSum = run.strategies.reduce(
        (sum: number, strategy: { inputTokens: number }) => sum + strategy.inputTokens,
        0,
      );
      const expectedInput = server.requests.reduce((sum, _request, index) => sum + 1000 + index, 0);
      assert.equal(total, sent);
      assert.equal(inputSum, expectedInput, 'inputTokens are the sums of the API-reported prompt tokens');

      const received = server.received.length;
      assert.equal(received, sent, 'the calls and nothing else: a cache in front opens no connection ahead');
      const rerun = await runCli(args, { cwd: directory.path, env: { OPENAI_API_KEY: KEY } });
      assert.equal(rerun.code, 0, rerun.stderr);
      assert.equal(server.requests.length, sent, 'a rerun sends zero requests');
      assert.deepEqual(server.received.slice(received), [], 'not even a pre-connect');
      const cached = await results(out);
      for (const strategy of cached.strategies) {
        assert.equal(strategy.cachedCalls, strategy.calls);
        assert.ok(strategy.trace.every((call: { cached: boolean }) => call.cached));
      }
      assert.deepEqual(
        cached.strategies.map((strategy: { inputTokens: number }) => strategy.inputTokens),
        run.strategies.map((strategy: { inputTokens: number }) => strategy.inputTokens),
        'a hit reports the usage recorded with it',
      );
      for (const file of [...(await filesUnder(out)), ...(await filesUnder(cache))]) {
        assert.ok(!(await readFile(file, 'utf8')).includes(KEY), `${file} holds no key`);
      }
    } finally {
      await server.close();
    }
  });

  it('isolates a context-overflow answer to the strategy that caused it (exit 3)', async () => {
    const server = await startMockLlmServer({
      reply: (request) =>
        promptOf(request).length > 60_000
          ? { kind: 'context-overflow' }
          : { kind: 'text', text: 'a summary' },
    });
    const out = join(directory.path, 'overflow');
    try {
      const run = await runCli(
        [
          'compare',
          'before-compaction',
          '-p',
          'openai:test-model',
          '--base-url',
          server.url,
          '-o',
          out,
          '--no-cache',
          ...SMALL_SLICES,
        ],
        {
          cwd: directory.path,
          env: { OPENAI_API_KEY: KEY },
        },
      );
      assert.equal(run.code, 3, run.stderr);
      const byName = Object.fromEntries(
        (await results(out)).strategies.map((strategy: { name: string }) => [strategy.name, strategy]),
      );
      assert.equal(byName['single-shot'].status, 'error');
      assert.match(byName['single-shot'].error, /^context overflow: checkpoint: /);
      for (const name of [
        'parallel-stitch',
        'sequential-accumulated',
        'sequential-rolling',
        'structured-iterative',
      ]) {
        assert.equal(byName[name].status, 'ok', `${name}: ${byName[name].error}`);
      }
    } finally {
      await server.close();
    }
  });

  it('records a cassette, replays it with no key and no request, and fails a replay miss clearly', async () => {
    const server = await startMockLlmServer({ reply: numbered });
    const cassette = join(directory.path, 'cassettes', 'run.jsonl');
    const common = [
      'compare',
      'before-compaction',
      '-p',
      'openai:test-model',
      '-s',
      'parallel-stitch,structured-iterative',
      '--no-cache',
    ];
    try {
      const recorded = await runCli(
        [
          ...common,
          '--base-url',
          server.url,
          '-o',
          join(directory.path, 'rec'),
          '--record',
          cassette,
          ...SMALL_SLICES,
        ],
        {
          cwd: directory.path,
          env: { OPENAI_API_KEY: KEY },
        },
      );
      assert.equal(recorded.code, 0, recorded.stderr);
      const sent = server.requests.length;
      const lines = (await readFile(cassette, 'utf8')).trim().split('\n');
      assert.equal(lines.length, sent);
      assert.ok(!lines.join('\n').includes(KEY));

      const replayed = await runCli(
        [...common, '-o', join(directory.path, 'replay'), '--replay', cassette, ...SMALL_SLICES],
        { cwd: directory.path },
      );
      assert.equal(replayed.code, 0, replayed.stderr);
      assert.equal(server.requests.length, sent, 'replay sends nothing');
      const original = await results(join(directory.path, 'rec'));
      const again = await results(join(directory.path, 'replay'));
      assert.deepEqual(
        again.strategies.map((strategy: { summary: string }) => strategy.summary),
        original.strategies.map((strategy: { summary: string }) => strategy.summary),
      );

      const miss = await runCli(
        [...common, '-o', join(directory.path, 'miss'), '--replay', cassette, '--slice-tokens', '5000'],
        { cwd: directory.path },
      );
      assert.equal(miss.code, 3);
      const missed = await results(join(directory.path, 'miss'));
      assert.match(
        missed.strategies[0].error,
        /^slice 1\/\d+: no recorded answer for this request: not in cassette .*run\.jsonl; re-record with --record/,
      );
    } finally {
      await server.close();
    }
  });

  it('scores with --judge, counting the judge calls apart', async () => {
    const server = await startMockLlmServer({
      reply: (request) => {
        const prompt = promptOf(request);
        if (request.body.model === 'judge-model') {
          if (prompt.includes('Question:') && prompt.includes('<summary>'))
            return { kind: 'text', text: 'an answer' };
          return { kind: 'text', text: '{"score": 0.5, "reason": "partly right"}' };
        }
        return { kind: 'text', text: 'a summary of the session' };
      },
    });
    const out = join(directory.path, 'judge');
    try {
      const run = await runCli(
        [
          'compare',
          'before-compaction',
          '-p',
          'openai:test-model',
          '--base-url',
          server.url,
          '--judge',
          'openai:judge-model',
          '--judge-base-url',
          server.url,
          '-s',
          'single-shot',
          '-o',
          out,
          '--no-cache',
        ],
        { cwd: directory.path, env: { OPENAI_API_KEY: KEY } },
      );
      assert.equal(run.code, 0, run.stderr);
      const file = await results(out);
      assert.deepEqual(file.judge, { id: 'openai', model: 'judge-model' });
      const [strategy] = file.strategies;
      const sidecarProbes = strategy.quality.judge.probes.length;
      assert.ok(sidecarProbes >= 15);
      assert.equal(strategy.quality.judge.score, 0.5);
      assert.equal(strategy.calls, 1, "the strategy's own calls exclude the judge");
      assert.equal(strategy.judgeUsage.calls, 2 * sidecarProbes);
      assert.equal(
        server.requests.filter((request) => request.body.model === 'judge-model').length,
        2 * sidecarProbes,
      );
      const report = await readFile(join(out, 'before-compaction-single-shot.md'), 'utf8');
      assert.match(report, /## Judge\n\nJudged by `openai:judge-model`: score 0\.50/);
      // The judge grades every probe 0.5 (kept); the one-line summary matches none of them lexically.
      assert.match(
        report,
        new RegExp(
          `Lexical vs judge: agree on 0 of ${sidecarProbes} probes \\(0\\.00, kappa 0\\.00\\); kept by the matcher only 0, by the judge only ${sidecarProbes} `,
        ),
      );
      const comparison = await readFile(join(out, 'before-compaction-comparison.md'), 'utf8');
      assert.match(comparison, /\| Judge \|/);
      assert.match(
        comparison,
        /Lexical probe outcomes agreeing with the judge, per strategy: `single-shot` 0\.00 \(kappa 0\.00\)\./,
      );
    } finally {
      await server.close();
    }
  });

  it('talks to an Anthropic-compatible server with anthropic:<model>', async () => {
    const server = await startMockLlmServer({
      reply: () => ({
        kind: 'text',
        text: 'anthropic summary',
        usage: { input_tokens: 321, output_tokens: 12 },
      }),
    });
    const out = join(directory.path, 'anthropic');
    try {
      const run = await runCli(
        [
          'compare',
          'before-compaction',
          '-p',
          'anthropic:claude-haiku-4-5',
          '--base-url',
          server.anthropicUrl,
          '-s',
          'single-shot',
          '-o',
          out,
          '--no-cache',
        ],
        {
          cwd: directory.path,
          env: { ANTHROPIC_API_KEY: 'sk-ant-test-0123456789abcdef' },
        },
      );
      assert.equal(run.code, 0, run.stderr);
      const [strategy] = (await results(out)).strategies;
      assert.equal(strategy.inputTokens, 321);
      assert.equal(strategy.outputTokens, 12);
      assert.equal(strategy.summary, 'anthropic summary');
      assert.equal(server.requests[0]!.vendor, 'anthropic');
    } finally {
      await server.close();
    }
  });

  it('stops on Ctrl-C with exit 130, writing no half-done report', async () => {
    const server = await startMockLlmServer({ reply: () => ({ kind: 'slow', ms: 5000, text: 'late' }) });
    const out = join(directory.path, 'interrupted');
    try {
      const cli = startCli(
        [
          'compare',
          'before-compaction',
          '-p',
          'openai:test-model',
          '--base-url',
          server.url,
          '-o',
          out,
          '--no-cache',
          '-s',
          'parallel-stitch',
          ...SMALL_SLICES,
        ],
        {
          cwd: directory.path,
          env: { OPENAI_API_KEY: KEY },
        },
      );
      // Long enough for a cold start on a busy machine; the loop ends as soon as the first request arrives.
      const deadline = Date.now() + 30_000;
      while (server.requests.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      cli.child.kill('SIGINT');
      const result = await cli.done;
      assert.equal(result.code, 130, result.stderr);
      assert.match(
        result.stderr,
        /stopping: (no call in flight|\d+ calls? in flight cancelled); nothing written half/,
      );
      assert.deepEqual(await filesUnder(out), []);
    } finally {
      await server.close();
    }
  });
});
