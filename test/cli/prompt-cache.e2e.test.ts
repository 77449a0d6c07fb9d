/**
 * Prompt caching through the real CLI and SDKs against a loopback server that acts as both vendors' prompt caches:
 * what is sent (Anthropic `cache_control` on the shared prefix, OpenAI's shared prefix first) and what the results
 * report (cached and written tokens, and the cost at cache prices).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { costOf } from '../../src/providers/models.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { promptOf, type RecordedRequest, serveForTest } from '../../support/loopback-llm-server.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

type Strategy = {
  name: string;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  cacheWriteInputTokens: number;
  cost: number;
};

/** single-shot at two budgets: the same conversation sent twice, with another instruction after it. */
async function sweep(vendor: 'openai' | 'anthropic', url: string, name: string, extra: string[] = []) {
  const model = vendor === 'openai' ? 'gpt-4.1-mini' : 'claude-haiku-4-5';
  const out = join(directory.path, name);
  const run = await runCli(
    [
      'compare',
      'before-compaction',
      '-s',
      'single-shot',
      '--target-tokens',
      '300,600',
      '-p',
      `${vendor}:${model}`,
      '--base-url',
      url,
      '--no-cache',
      '--concurrency',
      '1',
      '-o',
      out,
      '--quiet',
      ...extra,
    ],
    { cwd: directory.path, env: { OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'sk-ant-test' } },
  );
  assert.equal(run.code, 0, run.stderr);
  const strategies: Strategy[] = [];
  for (const target of [300, 600]) {
    const file = JSON.parse(await readFile(join(out, `before-compaction@${target}-results.json`), 'utf8'));
    strategies.push(file.strategies.find((strategy: Strategy) => strategy.name === 'single-shot'));
  }
  return { model, out, strategies, total: strategies.reduce((sum, strategy) => sum + strategy.cost, 0) };
}

const CONVERSATION_END = '</conversation>\n\n';

describe('prompt caching', () => {
  it('anthropic: marks the system prompt and the conversation, reads it back on the second budget, and costs less than without marks', async (t) => {
    const server = await serveForTest(t, { promptCache: {} });
    const cached = await sweep('anthropic', server.anthropicUrl, 'anthropic-cached');
    const sent = server.requests.splice(0);
    assert.equal(sent.length, 2);
    const prefixes = sent.map((request: RecordedRequest) => {
      assert.deepEqual(request.body.system[0].cache_control, { type: 'ephemeral' });
      const [prefix, instruction] = request.body.messages[0].content;
      assert.deepEqual(prefix.cache_control, { type: 'ephemeral' });
      assert.ok(prefix.text.startsWith('<conversation>') && prefix.text.endsWith(CONVERSATION_END));
      assert.equal(instruction.cache_control, undefined);
      return prefix.text;
    });
    assert.equal(prefixes[0], prefixes[1]);
    // The two calls differ in their budget, after the shared prefix.
    assert.notEqual(sent[0]!.body.max_tokens, sent[1]!.body.max_tokens);
    assert.ok(promptOf(sent[0]!).startsWith(prefixes[0]!));

    const [first, second] = cached.strategies as [Strategy, Strategy];
    assert.equal(first.cachedInputTokens, 0);
    assert.ok(first.cacheWriteInputTokens > 0.9 * first.inputTokens, JSON.stringify(first));
    assert.equal(second.cacheWriteInputTokens, 0);
    assert.equal(second.cachedInputTokens, first.cacheWriteInputTokens);
    assert.equal(
      first.cost,
      costOf('anthropic', cached.model, {
        input: first.inputTokens,
        output: first.outputTokens,
        cacheWriteInput: first.cacheWriteInputTokens,
      }),
    );

    const report = await readFile(join(cached.out, 'before-compaction@300-single-shot.md'), 'utf8');
    assert.match(
      report,
      new RegExp(
        `Input tokens written to the prompt cache \\| ${first.cacheWriteInputTokens.toLocaleString('en-US')}`,
      ),
    );

    const plain = await sweep('anthropic', server.anthropicUrl, 'anthropic-plain', ['--no-prompt-cache']);
    for (const request of server.requests) {
      assert.equal(typeof request.body.system, 'string');
      assert.equal(typeof request.body.messages[0].content, 'string');
    }
    for (const strategy of plain.strategies) {
      assert.equal(strategy.cachedInputTokens + strategy.cacheWriteInputTokens, 0);
    }
    // The first budget pays 1.25 × for the write; the second reads at 0.1 ×: cheaper in sum.
    assert.ok(first.cost > plain.strategies[0]!.cost);
    assert.ok(cached.total < 0.7 * plain.total, `${cached.total} vs ${plain.total}`);
  });

  it('openai: sends the system prompt and the conversation first, and prices the cached tokens it reports', async (t) => {
    const server = await serveForTest(t, { promptCache: {} });
    const cached = await sweep('openai', server.url, 'openai-cached');
    const [one, two] = server.requests.map((request) => request.body.messages);
    assert.deepEqual(one[0], two[0]);
    assert.equal(one[0].role, 'system');
    const shared = one[1].content.slice(
      0,
      one[1].content.indexOf(CONVERSATION_END) + CONVERSATION_END.length,
    );
    assert.ok(shared.length > 1000);
    assert.ok(two[1].content.startsWith(shared));

    const [first, second] = cached.strategies as [Strategy, Strategy];
    assert.equal(first.cachedInputTokens, 0);
    assert.ok(second.cachedInputTokens > 0.9 * second.inputTokens, JSON.stringify(second));
    assert.equal(second.cachedInputTokens % 128, 0);
    const uncachedCost = costOf('openai', cached.model, {
      input: second.inputTokens,
      output: second.outputTokens,
    })!;
    assert.ok(second.cost < 0.5 * uncachedCost, `${second.cost} vs ${uncachedCost}`);
    assert.equal(
      second.cost,
      costOf('openai', cached.model, {
        input: second.inputTokens,
        output: second.outputTokens,
        cachedInput: second.cachedInputTokens,
      }),
    );
  });
});
