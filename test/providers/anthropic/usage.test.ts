import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anthropicUsage } from '../../../src/providers/anthropic/usage.ts';

describe('anthropicUsage', () => {
  it('sums uncached input, cache reads and cache writes into input', () => {
    assert.deepEqual(
      anthropicUsage({
        input_tokens: 50,
        output_tokens: 400,
        cache_read_input_tokens: 9000,
        cache_creation_input_tokens: 1000,
      }),
      { input: 10_050, output: 400, cachedInput: 9000, cacheWriteInput: 1000 },
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
