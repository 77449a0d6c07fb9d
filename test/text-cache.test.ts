import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ageTextCaches,
  forgetTextCachesAfter,
  memoizeByText,
  ownCopy,
  recentMap,
} from '../src/text/text-cache.ts';

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

  it('hold at most about twice their weight budget, a value heavier than it alone, and still answer what is held', () => {
    const map = recentMap<string, string>(1_000, { of: (text) => text.length, max: 10 });
    for (let key = 0; key < 100; key++) {
      map.set(`k${key}`, 'x'.repeat(4));
      // Two values of 4 fill a generation of 10; a third ages it: never more than two generations of two.
      assert.ok(map.size <= 4, `${map.size} entries after ${key + 1} keys`);
    }
    assert.equal(map.get('k99'), 'xxxx');
    assert.equal(map.get('k98'), 'xxxx');
    assert.equal(map.get('k95'), undefined, 'aged out by weight, not by count');
    map.set('heavy', 'y'.repeat(50));
    assert.equal(
      map.get('heavy'),
      'y'.repeat(50),
      'a value over the budget is still kept, alone in its generation',
    );
    map.set('next', 'z');
    assert.equal(map.size, 2, 'the next value starts a generation of its own');
    assert.equal(map.get('heavy'), 'y'.repeat(50));
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

  it('keep, when their lifetime is the run, what sessions released long ago used, aging only as they fill', () => {
    const computed: string[] = [];
    const upper = memoizeByText(
      (text) => {
        computed.push(text);
        return text.toUpperCase();
      },
      2,
      'run',
    );
    const map = recentMap<string, number>(1_000, undefined, 'run');
    upper('alpha');
    map.set('the first session', 1);
    for (let session = 0; session < 5; session++) ageTextCaches();
    assert.equal(upper('alpha'), 'ALPHA');
    assert.deepEqual(computed, ['alpha'], 'not worked out again after five sessions released');
    assert.equal(map.get('the first session'), 1);
    // Filling still ages them: 'alpha', unused since, goes once two generations after its own have started.
    for (const text of ['beta', 'gamma', 'delta', 'epsilon', 'alpha']) upper(text);
    assert.deepEqual(computed, ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'alpha']);
    forgetTextCachesAfter(1)();
    assert.equal(map.size, 0, 'emptied with every other at the run end');
  });

  it('forget everything, both generations, once told as often as the run has sessions (each scored)', () => {
    const computed: string[] = [];
    const upper = memoizeByText((text) => {
      computed.push(text);
      return text.toUpperCase();
    }, 1_000);
    const map = recentMap<string, number>(1_000);
    map.set('older', 1);
    ageTextCaches();
    map.set('newer', 2);
    upper('alpha');
    const sessionScored = forgetTextCachesAfter(3);
    sessionScored();
    sessionScored();
    assert.equal(map.size, 2, 'kept while a session is left to score');
    assert.equal(upper('alpha'), 'ALPHA');
    assert.deepEqual(computed, ['alpha']);
    sessionScored();
    assert.equal(map.size, 0);
    assert.equal(map.get('older'), undefined);
    assert.equal(map.get('newer'), undefined);
    assert.equal(upper('alpha'), 'ALPHA', 'worked out anew, the same');
    assert.deepEqual(computed, ['alpha', 'alpha']);
    map.set('after', 3);
    sessionScored();
    assert.equal(map.get('after'), 3, 'once: later calls forget nothing');
  });

  it('copy a text exactly, whatever its length or characters', () => {
    for (const text of ['', 'a', 'x'.repeat(10_000), 'ünï 🚀\n\t']) assert.equal(ownCopy(text), text);
  });
});
