import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anthropicUsage, openAIUsage } from '../../src/providers/usage.ts';

describe('openAIUsage', () => {
  it('takes prompt_tokens as input and completion_tokens as output', () => {
    assert.deepEqual(openAIUsage({ prompt_tokens: 1200, completion_tokens: 300 }), {
      input: 1200,
      output: 300,
    });
  });

  it('reports cached tokens without subtracting them from input (prompt_tokens includes them)', () => {
    assert.deepEqual(
      openAIUsage({
        prompt_tokens: 1200,
        completion_tokens: 300,
        prompt_tokens_details: { cached_tokens: 1024 },
      }),
      { input: 1200, output: 300, cachedInput: 1024 },
    );
  });

  it('reads a missing, partial or all-zero usage as not reported', () => {
    assert.equal(openAIUsage(undefined), undefined);
    assert.equal(openAIUsage(null), undefined);
    assert.equal(openAIUsage({ prompt_tokens: 10 }), undefined);
    assert.equal(openAIUsage({ prompt_tokens: 0, completion_tokens: 0 }), undefined);
  });
});

describe('anthropicUsage', () => {
  it('sums uncached input, cache reads and cache writes into input', () => {
    assert.deepEqual(
      anthropicUsage({
        input_tokens: 50,
        output_tokens: 400,
        cache_read_input_tokens: 9000,
        cache_creation_input_tokens: 1000,
      }),
      { input: 10_050, output: 400, cachedInput: 9000 },
    );
  });

  it('treats null cache fields as absent', () => {
    assert.deepEqual(
      anthropicUsage({
        input_tokens: 700,
        output_tokens: 90,
        cache_read_input_tokens: null,
        cache_creation_input_tokens: null,
      }),
      { input: 700, output: 90 },
    );
  });

  it('reads a missing usage as not reported', () => {
    assert.equal(anthropicUsage(undefined), undefined);
    assert.equal(anthropicUsage({ output_tokens: 5 }), undefined);
  });
});
