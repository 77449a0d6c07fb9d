import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { costOf, modelInfo } from '../../src/providers/models.ts';

describe('model table', () => {
  it('knows the context windows of well-known models', () => {
    assert.equal(modelInfo('openai', 'gpt-4o')?.contextWindow, 128_000);
    assert.equal(modelInfo('openai', 'gpt-4.1-mini')?.contextWindow, 1_047_576);
    assert.equal(modelInfo('anthropic', 'claude-sonnet-4-5')?.contextWindow, 200_000);
  });

  it('matches dated snapshots to their model', () => {
    assert.equal(modelInfo('openai', 'gpt-4.1-2025-04-14'), modelInfo('openai', 'gpt-4.1'));
    assert.equal(
      modelInfo('anthropic', 'claude-sonnet-4-5-20250929'),
      modelInfo('anthropic', 'claude-sonnet-4-5'),
    );
    assert.equal(
      modelInfo('anthropic', 'claude-3-5-haiku-latest'),
      modelInfo('anthropic', 'claude-3-5-haiku'),
    );
  });

  it('knows nothing of unknown models or providers', () => {
    assert.equal(modelInfo('openai', 'qwen2.5:7b'), undefined);
    assert.equal(modelInfo('extractive', ''), undefined);
  });
});

describe('costOf', () => {
  it('prices input and output per million tokens', () => {
    // gpt-4.1-mini: $0.40 in, $1.60 out
    assert.equal(costOf('openai', 'gpt-4.1-mini', { input: 1_000_000, output: 500_000 }), 1.2);
  });

  it('prices cached input at the cache price', () => {
    // claude-haiku-4-5: $1 in, $0.10 cache read, $5 out
    const cost = costOf('anthropic', 'claude-haiku-4-5', {
      input: 1_000_000,
      output: 0,
      cachedInput: 800_000,
    });
    assert.ok(Math.abs((cost ?? 0) - (0.2 + 0.08)) < 1e-12);
  });

  it('prices cache writes at 1.25 × input for Anthropic, and at the input price for OpenAI', () => {
    // claude-haiku-4-5: $1 in, $1.25 cache write, $0.10 cache read
    const anthropic = costOf('anthropic', 'claude-haiku-4-5', {
      input: 1_000_000,
      output: 0,
      cachedInput: 300_000,
      cacheWriteInput: 600_000,
    });
    assert.ok(Math.abs((anthropic ?? 0) - (0.1 + 0.03 + 0.75)) < 1e-12);
    const openai = costOf('openai', 'gpt-4.1-mini', {
      input: 1_000_000,
      output: 0,
      cacheWriteInput: 500_000,
    });
    assert.ok(Math.abs((openai ?? 0) - 0.4) < 1e-12);
  });

  it('is null, not zero, when the price is unknown', () => {
    assert.equal(costOf('openai', 'llama3.1:8b', { input: 10, output: 10 }), null);
  });
});
