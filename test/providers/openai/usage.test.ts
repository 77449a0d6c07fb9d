import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openAIUsage } from '../../../src/providers/openai/usage.ts';

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
