/** A long session's run collects the heap as it lets go of a long text's index; a short one's never does. */
import assert from 'node:assert/strict';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { runInNewContext } from 'node:vm';
import { describe, it } from 'node:test';
import { LONG_TEXT_CHARS, collectAfterLongText, collectGarbage } from '../src/collect-garbage.ts';

/** A weak reference to an object nothing else holds, made in a turn of its own (a job keeps what it made). */
async function unreachable(): Promise<WeakRef<object>> {
  const reference = new WeakRef({ payload: 'x'.repeat(1_000) });
  await nextTurn();
  return reference;
}

describe('collectGarbage', () => {
  it('collects an object nothing holds, now', async () => {
    const reference = await unreachable();
    collectGarbage();
    assert.equal(reference.deref(), undefined);
  });

  it('leaves no `gc` in contexts made after it, nor in this one', () => {
    collectGarbage();
    assert.equal(runInNewContext('typeof gc'), 'undefined');
    assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined');
  });
});

describe('collectAfterLongText', () => {
  it('collects from a text of LONG_TEXT_CHARS (1 Mi characters) on, not below', async () => {
    assert.equal(LONG_TEXT_CHARS, 1_048_576);
    assert.equal(collectAfterLongText(0), false);
    assert.equal(collectAfterLongText(LONG_TEXT_CHARS - 1), false);
    const reference = await unreachable();
    assert.equal(collectAfterLongText(LONG_TEXT_CHARS), true);
    assert.equal(reference.deref(), undefined);
  });
});
