import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { memoizeByText, ownCopy } from '../src/text-cache.ts';

describe('text caches', () => {
  it('compute each text once, answer slices by their content, and forget everything past the bound', () => {
    const computed: string[] = [];
    const upper = memoizeByText((text) => {
      computed.push(text);
      return text.toUpperCase();
    }, 2);
    const source = 'alpha beta gamma delta';
    assert.equal(upper(source.slice(0, 5)), 'ALPHA');
    assert.equal(upper('alpha'), 'ALPHA');
    assert.equal(upper(source.slice(6, 10)), 'BETA');
    assert.deepEqual(computed, ['alpha', 'beta']);
    // A third text clears the two before it.
    assert.equal(upper('gamma'), 'GAMMA');
    assert.equal(upper('alpha'), 'ALPHA');
    assert.deepEqual(computed, ['alpha', 'beta', 'gamma', 'alpha']);
  });

  it('copy a text exactly, whatever its length or characters', () => {
    for (const text of ['', 'a', 'x'.repeat(10_000), 'ünï 🚀\n\t']) assert.equal(ownCopy(text), text);
  });
});
