/** The one middleware shape: layers composed outermost first, each one's `complete` the text form of its `generate`. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InputError } from '../../src/errors.ts';
import { providerMiddleware } from '../../src/providers/create.ts';
import { applyMiddleware, generateMiddleware } from '../../src/providers/middleware.ts';
import type { ProviderMiddleware } from '../../src/providers/middleware.ts';
import { fakeProvider } from '../helpers/fake-provider.ts';

/** A layer that appends its name to every answer it passes back. */
function tagging(name: string): ProviderMiddleware {
  return generateMiddleware((next) => ({
    ...next,
    async generate(request) {
      const generation = await next.generate(request);
      const text = `${generation.text} ${name}`;
      return { ...generation, text, content: [{ type: 'text', text }] };
    },
  }));
}

describe('provider middleware', () => {
  it('applies layers outermost first, and complete goes through every layer’s generate', async () => {
    const provider = applyMiddleware(fakeProvider({ answer: () => 'answer' }), [
      tagging('outer'),
      tagging('inner'),
    ]);
    const completion = await provider.complete({ system: 'S', prompt: 'P', maxTokens: 10 });
    assert.equal(completion.text, 'answer inner outer');
    const generation = await provider.generate({
      system: 'S',
      messages: [{ role: 'user', content: 'P' }],
      maxTokens: 10,
    });
    assert.equal(generation.text, 'answer inner outer');
  });

  it('puts the layers in the documented order: record, cache, batch; replay alone; none for the extractive baseline', () => {
    const model = { isLanguageModel: true };
    const batch = { stateFile: '/nowhere/batches.json', pollMs: 1 };
    assert.equal(
      providerMiddleware(model, { cacheDirectory: '/tmp/x', record: '/tmp/c.jsonl', batch }).length,
      3,
    );
    assert.equal(providerMiddleware(model, { cacheDirectory: false }).length, 0);
    assert.equal(providerMiddleware({ isLanguageModel: false }, { cacheDirectory: '/tmp/x' }).length, 0);
    assert.throws(
      () => providerMiddleware(model, { record: 'a.jsonl', replay: 'b.jsonl' }),
      (error: Error) => error instanceof InputError && /--record and --replay/.test(error.message),
    );
    assert.throws(
      () => providerMiddleware(model, { batch, replay: 'b.jsonl' }),
      (error: Error) => error instanceof InputError && /--batch and --replay/.test(error.message),
    );
  });
});
