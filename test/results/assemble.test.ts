import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Probe } from '../../src/quality/probes.ts';
import pLimit from 'p-limit';
import { applyScores, evaluate } from '../../src/evaluators/registry.ts';
import { compactedText, measureResult } from '../../src/results/assemble.ts';
import type { SessionReference } from '../../src/results/session-reference.ts';
import { sessionReference } from '../../src/results/session-reference.ts';
import { getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import { assistant, session, toolExchange, user } from '../helpers/factories.ts';

let tokenizer: Tokenizer;
before(async () => {
  tokenizer = await getTokenizer('o200k_base');
});
const filler = 'x'.repeat(2500);
// The fact and the path sit past 2,000 characters of a tool result (where rendering for a model cuts) and
// past 300 (where an earlier version cut kept messages).
const [call, output] = toolExchange(
  'bash',
  { command: 'grep -rn retry' },
  `${filler}\nsrc/late/retry-policy.ts: retries use exponential backoff with full jitter`,
);
const shop = session([user('Make the uploader retry.'), call, output, assistant('Done.')], { cwd: '/work' });
const probe: Probe = {
  id: 'jitter',
  kind: 'decision',
  question: '?',
  answer: 'Exponential backoff with full jitter.',
  facets: [['exponential backoff'], ['full jitter']],
  contradictions: [],
  messageIndex: 2,
  source: 'sidecar',
};

async function facts(): Promise<SessionReference> {
  return { ...(await sessionReference(shop, tokenizer)), probes: [probe] };
}

/** A result as the compact stage measures it and the evaluate stage scores it. */
async function result(summary: string, kept = shop.messages.slice(2, 3)) {
  const reference = await facts();
  const measured = measureResult(
    { name: 'test', description: 'test', callsModel: false },
    { summary, kept },
    { error: null, wallMs: 0, trace: [], prompts: [] },
    reference,
    { tokenizer, provider: { id: 'extractive', model: 'extractive-v1' } },
  );
  const input = {
    text: compactedText(summary, kept),
    summary,
    ok: true,
    reference: reference,
    requiredSections: undefined,
    sample: 1,
    whole: reference,
    texts: new Map<string, string>(),
  };
  const context = { judge: undefined, limit: pLimit(1), tokenizer, signal: new AbortController().signal };
  return applyScores(measured, await evaluate(input, context, false), 'test');
}

describe('result assembly', () => {
  it('scores kept messages in full: a fact past 2,000 characters of a kept tool result counts', async () => {
    const scored = await result('');
    assert.equal(scored.quality.probeOutcomes['jitter'], 'matched');
    assert.equal(scored.keptMessages, 1);
  });

  it('looks invented paths up in the whole transcript, not in tool results cut for a model', async () => {
    const scored = await result('See src/late/retry-policy.ts and src/made/up.ts.', []);
    assert.deepEqual(scored.quality.inventedPaths, ['src/made/up.ts']);
  });

  it('flags a context over half the transcript as not compressing', async () => {
    const whole = await result('', shop.messages);
    assert.deepEqual(whole.flags, ['does-not-compress']);
    const small = await result('Retries use exponential backoff with full jitter.', []);
    assert.deepEqual(small.flags, []);
  });
});
