import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ageTextCaches, memoizeByText, ownCopy, recentMap } from '../src/text/text-cache.ts';

describe('text caches', () => {
  it('compute each text once, answer slices by their content, and forget what went unused past the bound', () => {
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
    // A third text starts a new generation: the two before it are still answered, and each use keeps it.
    assert.equal(upper('gamma'), 'GAMMA');
    assert.equal(upper('alpha'), 'ALPHA');
    assert.deepEqual(computed, ['alpha', 'beta', 'gamma']);
    // A fourth fills the newer generation again: 'beta', unused for a generation, is forgotten.
    assert.equal(upper('delta'), 'DELTA');
    assert.equal(upper('beta'), 'BETA');
    assert.deepEqual(computed, ['alpha', 'beta', 'gamma', 'delta', 'beta']);
  });

  it('hold at most twice their bound, however many keys go through them', () => {
    const map = recentMap<number, number>(100);
    for (let key = 0; key < 10_000; key++) {
      map.set(key, key);
      assert.ok(map.size <= 200, `${map.size} entries after ${key + 1} keys`);
    }
    assert.equal(map.get(9_999), 9_999);
    assert.equal(map.get(0), undefined);
  });

  it('forget, when aged twice, what was not used between (as each session of a suite is released)', () => {
    const map = recentMap<string, number>(1_000);
    map.set('only the first session', 1);
    map.set('every session', 2);
    ageTextCaches();
    assert.equal(map.get('every session'), 2);
    assert.equal(map.size, 2, 'the older generation is still there');
    ageTextCaches();
    assert.equal(map.get('every session'), 2);
    assert.equal(map.get('only the first session'), undefined);
    assert.equal(map.size, 1);
  });

  it('copy a text exactly, whatever its length or characters', () => {
    for (const text of ['', 'a', 'x'.repeat(10_000), 'ünï 🚀\n\t']) assert.equal(ownCopy(text), text);
  });
});
