/**
 * The cost arithmetic of docs/scale.md, computed by the tool: `-s core` at three budgets on one fixture, sent to the
 * loopback server acting as the vendor's prompt cache and answering at 80% of each call's max_tokens, once with
 * prompt-cache marks and once with `--no-prompt-cache` (priced with no cache discount, as OpenAI caches either
 * way), and the same two again with `--batch` through the loopback batch endpoints (priced at the provider table's
 * batch factor); the results' costs (list prices from the provider table) scaled to a sweep of N sessions.
 *
 *   npx tsx scripts/sweep-cost.ts [fixture] [provider:model] [sessions]
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { costOf } from '../src/providers/models.ts';
import { startMockLlmServer } from '../support/loopback-llm-server.ts';

const [transcript = 'large-session', spec = 'anthropic:claude-sonnet-4-5', sessionsText = '200'] =
  process.argv.slice(2);
const sessions = Number(sessionsText);
const BUDGETS = '1000,2000,4000';

const directory = await mkdtemp(join(tmpdir(), 'sweep-cost-'));
const [vendor = '', model = ''] = [spec.slice(0, spec.indexOf(':')), spec.slice(spec.indexOf(':') + 1)];
try {
  /** One run on a fresh server (an empty prompt cache): the summed cost as reported, and without any cache price. */
  const run = async (name: string, extra: string[]) => {
    const batch = extra.includes('--batch');
    const server = await startMockLlmServer({
      promptCache: {},
      reply: (request) => {
        const maxTokens = Number(request.body.max_tokens ?? request.body.max_completion_tokens ?? 500);
        return { kind: 'text', text: '## Goal\n' + 'word '.repeat(Math.round(maxTokens * 0.8)) };
      },
    });
    const baseUrl = vendor === 'openai' ? server.url : server.anthropicUrl;
    const out = join(directory, name);
    await promisify(execFile)(
      process.execPath,
      [
        'bin/compaction-bench.js',
        'compare',
        transcript,
        '-s',
        'core',
        '--target-tokens',
        BUDGETS,
        '-p',
        spec,
        '--base-url',
        baseUrl,
        '--no-cache',
        '--concurrency',
        '1',
        '-o',
        out,
        '--quiet',
        ...extra,
      ],
      { env: { ...process.env, OPENAI_API_KEY: 'sk-sweep', ANTHROPIC_API_KEY: 'sk-sweep' } },
    );
    await server.close();
    let cost = 0;
    let uncachedCost = 0;
    let calls = 0;
    for (const file of (await readdir(out)).filter((name) => /@\d+-results\.json$/.test(name))) {
      const results = JSON.parse(await readFile(join(out, file), 'utf8'));
      for (const strategy of results.strategies) {
        cost += strategy.cost ?? 0;
        // OpenAI caches whatever is sent: without its discount is what the same calls cost uncached.
        const usage = { input: strategy.inputTokens, output: strategy.outputTokens };
        uncachedCost += costOf(vendor, model, usage, batch ? 'batch' : 'standard') ?? 0;
        calls += strategy.calls;
      }
    }
    return { cost, uncachedCost, calls };
  };
  const direct = (await run('direct', ['--no-prompt-cache'])).uncachedCost;
  const cached = await run('cached', []);
  const batchFlags = ['--batch', '--batch-poll', '20'];
  const batched = (await run('batch', ['--no-prompt-cache', ...batchFlags])).uncachedCost;
  const batchedCached = await run('batch-cached', batchFlags);
  const dollars = (value: number) => `$${value.toFixed(2)}`;
  console.log(
    `${sessions} sessions like ${transcript} × 5 core strategies × budgets ${BUDGETS}, ${spec} at list price`,
  );
  console.log(`(${cached.calls} calls per session)\n`);
  console.log('| | per session | sweep |');
  console.log('| --- | --- | --- |');
  for (const [label, cost] of [
    ['direct', direct],
    ['with prompt caching', cached.cost],
    ['with batch', batched],
    ['with batch and prompt caching', batchedCached.cost],
  ] as const) {
    console.log(`| ${label} | ${dollars(cost)} | ${dollars(cost * sessions)} |`);
  }
} finally {
  await rm(directory, { recursive: true, force: true });
}
