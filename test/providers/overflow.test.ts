import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAnthropicContextOverflow } from '../../src/providers/anthropic/overflow.ts';
import { isOpenAIContextOverflow } from '../../src/providers/openai/overflow.ts';

// The real examples of each provider's overflow.ts go through the SDKs in conformance.test.ts; these are the edges.
describe('overflow detection per provider', () => {
  it('reads llama.cpp overflow type even with its early status 500, but not a 500 that only mentions context', () => {
    const message = 'the request exceeds the available context size. try increasing the context size';
    assert.equal(isOpenAIContextOverflow({ status: 500, message, type: 'exceed_context_size_error' }), true);
    assert.equal(isOpenAIContextOverflow({ status: 500, message }), false);
    assert.equal(isOpenAIContextOverflow({ status: 400, message }), true);
  });

  it('takes no other client error for an overflow', () => {
    for (const fault of [
      {
        status: 400,
        message: "Invalid 'max_tokens': integer below minimum value.",
        code: 'integer_below_min_value',
      },
      { status: 401, message: 'Incorrect API key provided', code: 'invalid_api_key' },
      {
        status: 429,
        message: 'Rate limit reached for gpt-4.1-mini in organization org-x on tokens per min (TPM)',
      },
    ]) {
      assert.equal(isOpenAIContextOverflow(fault), false, fault.message);
      assert.equal(isAnthropicContextOverflow(fault), false, fault.message);
    }
    assert.equal(
      isAnthropicContextOverflow({ status: 400, message: 'messages: text content blocks must be non-empty' }),
      false,
    );
  });

  it('reads an Anthropic-compatible server that words it like vLLM', () => {
    const message = "This model's maximum context length is 8192 tokens. However, you requested 9000 tokens.";
    assert.equal(isAnthropicContextOverflow({ status: 400, message }), true);
  });
});
