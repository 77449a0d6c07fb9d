/**
 * `--batch` through the real CLI and SDKs against the loopback server's batch endpoints: a run killed after it
 * submitted its first batch and run again polls that batch instead of sending its requests again, and ends with
 * the results of a direct run at half the cost; a later run without `--batch` is answered from the response cache;
 * a request that expires twice is that strategy's error.
 */
import assert from 'node:assert/strict';
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, startCli, temporaryDirectory } from '../helpers/cli.ts';
import { serveForTest } from '../../support/loopback-llm-server.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

const ENV = { OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'sk-ant-test' };
// What a run measures, without its timings (and cost, compared apart).
const MEASURED = [
  'name',
  'status',
  'error',
  'calls',
  'inputTokens',
  'outputTokens',
  'tokensAfter',
  'summaryTokens',
  'summary',
  'quality',
  'criticalPathCalls',
] as const;

type Strategy = Record<(typeof MEASURED)[number], unknown> & { cost: number; cachedCalls: number };

async function strategiesOf(out: string): Promise<Strategy[]> {
  const results = JSON.parse(await readFile(join(out, 'before-compaction-results.json'), 'utf8'));
  return results.strategies;
}

const measured = (strategies: Strategy[]) =>
  strategies.map((strategy) => Object.fromEntries(MEASURED.map((key) => [key, strategy[key]])));

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

for (const vendor of ['openai', 'anthropic'] as const) {
  const spec = vendor === 'openai' ? 'openai:gpt-4.1-mini' : 'anthropic:claude-haiku-4-5';
  describe(`compare --batch (${vendor})`, () => {
    it('resumes a killed run from its saved batches: no request sent twice, a direct run’s results at half the cost', async (t) => {
      const directServer = await serveForTest(t);
      const batchServer = await serveForTest(t);
      const url = (server: typeof directServer) => (vendor === 'openai' ? server.url : server.anthropicUrl);
      const common = ['compare', 'before-compaction', '-s', 'core', '-p', spec, '--quiet'];
      const directOut = join(directory.path, `${vendor}-direct`);
      const direct = await runCli(
        [...common, '--base-url', url(directServer), '--no-cache', '-o', directOut],
        { cwd: directory.path, env: ENV },
      );
      assert.equal(direct.code, 0, direct.stderr);

      const out = join(directory.path, `${vendor}-batch`);
      const cacheDir = join(directory.path, `${vendor}-cache`);
      const batchArgs = [
        ...common,
        '--base-url',
        url(batchServer),
        '--batch',
        '--batch-poll',
        '50',
        '--cache-dir',
        cacheDir,
        '-o',
        out,
      ];
      batchServer.batches.control.hold = true;
      const first = startCli(batchArgs, { cwd: directory.path, env: ENV });
      await until(
        () =>
          access(join(out, 'batches.json')).then(
            () => true,
            () => false,
          ),
        'the saved batch list',
      );
      first.child.kill('SIGKILL');
      await first.done;
      assert.equal(batchServer.batches.created.length, 1, 'killed after its first batch');
      const submitted = batchServer.batches.lines.length;
      assert.ok(submitted > 0);

      batchServer.batches.control.hold = false;
      const second = await runCli(batchArgs, { cwd: directory.path, env: ENV });
      assert.equal(second.code, 0, second.stderr);
      const customIds = batchServer.batches.lines.map((line) => line.customId);
      assert.equal(new Set(customIds).size, customIds.length, 'no request submitted twice');
      assert.equal(batchServer.requests.length, 0, 'no direct call');
      const batched = await strategiesOf(out);
      const frame = JSON.parse(await readFile(join(out, 'before-compaction-results.json'), 'utf8'));
      assert.equal(frame.provider.priceTier, 'batch');
      const comparison = await readFile(join(out, 'before-compaction-comparison.md'), 'utf8');
      assert.ok(comparison.includes(`Provider: \`${spec}\` through its batch API (costs at batch prices).`));
      const plain = await strategiesOf(directOut);
      assert.deepEqual(measured(batched), measured(plain));
      assert.equal(
        customIds.length,
        plain.reduce((sum, strategy) => sum + (strategy.calls as number), 0),
        'every call of the run sent once',
      );
      for (const [index, strategy] of batched.entries()) {
        const full = plain[index]!.cost;
        assert.ok(full > 0);
        assert.ok(
          Math.abs(strategy.cost - full / 2) < 1e-12,
          `${strategy.name}: ${strategy.cost} vs ${full}`,
        );
      }

      // A later run without --batch is answered from the response cache the batch results went into.
      const cachedOut = join(directory.path, `${vendor}-cached`);
      const cached = await runCli(
        [...common, '--base-url', url(batchServer), '--cache-dir', cacheDir, '-o', cachedOut],
        { cwd: directory.path, env: ENV },
      );
      assert.equal(cached.code, 0, cached.stderr);
      assert.equal(batchServer.requests.length, 0);
      assert.equal(batchServer.batches.lines.length, customIds.length);
      const fromCache = await strategiesOf(cachedOut);
      assert.deepEqual(measured(fromCache), measured(plain));
      assert.deepEqual(
        fromCache.map((strategy) => strategy.cachedCalls),
        plain.map((strategy) => strategy.calls),
      );
    });
  });
}

describe('compare --batch: a request that expires twice', () => {
  it('is retried once in the next batch, then reported as its strategy’s error (exit 3)', async (t) => {
    const server = await serveForTest(t);
    // single-shot makes one call: it expires in every batch.
    server.batches.control.fail = () => 'expired';
    const out = join(directory.path, 'expired');
    const run = await runCli(
      [
        'compare',
        'before-compaction',
        '-s',
        'single-shot',
        '-p',
        'openai:gpt-4.1-mini',
        '--base-url',
        server.url,
        '--batch',
        '--batch-poll',
        '20',
        '--no-cache',
        '-o',
        out,
        '--quiet',
      ],
      { cwd: directory.path, env: ENV },
    );
    assert.equal(run.code, 3, run.stderr);
    const [strategy] = await strategiesOf(out);
    assert.equal(strategy!.status, 'error');
    assert.match(
      String(strategy!.error),
      /openai:gpt-4\.1-mini: batch batch_\d+: request expired before the batch completed \(sent in two batches\)/,
    );
    assert.equal(server.batches.created.length, 2);
    assert.deepEqual(
      server.batches.lines.map((line) => line.customId),
      [server.batches.lines[0]!.customId, server.batches.lines[0]!.customId],
    );
  });
});
