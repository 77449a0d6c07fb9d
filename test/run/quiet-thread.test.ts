import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { quietThread } from '../../src/run/quiet-thread.ts';

/** Keeps the thread busy for `ms`, a turn of the event loop every 2 ms (as a request being sent does). */
function busyFor(ms: number): Promise<void> {
  const until = performance.now() + ms;
  return new Promise((resolve) => {
    const step = () => {
      const stop = performance.now() + 2;
      while (performance.now() < stop);
      if (performance.now() < until) setImmediate(step);
      else resolve();
    };
    setImmediate(step);
  });
}

describe('quietThread', () => {
  it('waits while the thread is busy, and resolves once it is quiet', async () => {
    let busy = true;
    void busyFor(30).then(() => (busy = false));
    await quietThread();
    assert.equal(busy, false);
  });

  it('resolves after one quiet window on an idle thread', async () => {
    const started = performance.now();
    await quietThread();
    const waited = performance.now() - started;
    assert.ok(waited >= 3, `waited ${waited} ms`);
  });
});
