import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InputError } from '../../src/errors.ts';
import { assertNoSecrets, redactSecrets, SecretLeakError } from '../../src/providers/secrets.ts';

const openAIKey = `sk-proj-${'Ab3dE'.repeat(20)}`;
const legacyKey = `sk-${'x7Y'.repeat(16)}`;
const anthropicKey = `sk-ant-api03-${'Qw9_'.repeat(24)}`;

function refusal(text: string, environment: NodeJS.ProcessEnv = {}): SecretLeakError {
  try {
    assertNoSecrets(text, 'out/report.md', environment);
  } catch (error) {
    assert.ok(error instanceof SecretLeakError);
    return error;
  }
  assert.fail('expected a refusal');
}

describe('assertNoSecrets', () => {
  it('refuses OpenAI-style keys, project keys included', () => {
    assert.match(
      refusal(`key: ${legacyKey}`).message,
      /refusing to write out\/report\.md: .*API key \(sk-…\)/,
    );
    assert.match(refusal(`export OPENAI_API_KEY=${openAIKey}`).message, /\(sk-proj-…\)/);
  });

  it('refuses a key at the start of a line in JSON, after an escape (\\n) ending in a word character', () => {
    const line = JSON.stringify({ prompt: `first line\n${openAIKey}\tthen\t${legacyKey}` });
    assert.match(refusal(line).message, /\(sk-proj-…\)/);
    const redacted = redactSecrets(line, {});
    assert.ok(!redacted.includes('sk-proj-A') && !redacted.includes(legacyKey), redacted);
    assert.deepEqual(JSON.parse(redacted), { prompt: 'first line\n***\tthen\t***' });
    assert.doesNotThrow(() => assertNoSecrets(JSON.stringify('a\nsk-learn and task-2'), 'x', {}));
  });

  it('refuses Anthropic keys', () => {
    assert.match(refusal(`"apiKey": "${anthropicKey}"`).message, /\(sk-ant-…\)/);
  });

  it('refuses the literal values of the key variables, whatever their shape', () => {
    const environment = {
      OPENAI_API_KEY: 'gateway-token-123456',
      ANTHROPIC_API_KEY: 'anthropic-proxy-98765',
    };
    assert.match(
      refusal('token gateway-token-123456 here', environment).message,
      /the value of OPENAI_API_KEY/,
    );
    assert.match(refusal('anthropic-proxy-98765', environment).message, /the value of ANTHROPIC_API_KEY/);
  });

  it('never repeats the key in its message', () => {
    for (const key of [openAIKey, legacyKey, anthropicKey]) {
      const error = refusal(`a ${key} b`, { OPENAI_API_KEY: key });
      assert.ok(!error.message.includes(key));
      assert.ok(!error.message.includes(key.slice(8, 20)));
    }
  });

  it('is an input error (exit 2)', () => {
    assert.ok(refusal(legacyKey) instanceof InputError);
  });

  it('lets ordinary text through: sk-learn, risk-free, short placeholders, short variable values', () => {
    const text =
      'use sk-learn for the risk-free model; the fixture uses sk-test-123 as a fake key; value: abc';
    assertNoSecrets(text, 'out/report.md', { OPENAI_API_KEY: 'abc' });
  });
});
