import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAttemptCounter } from '../../src/providers/attempts.ts';

describe('attempt counter', () => {
  it('tells a call each time one of its attempts leaves, and counts only its own', async () => {
    const seen: Array<string | null> = [];
    const counter = createAttemptCounter(async (_input, init) => {
      seen.push(new Headers(init?.headers).get('x-compaction-bench-call'));
      return new Response('{}', { status: 200 });
    });
    let sent = 0;
    const call = counter.start(() => sent++);
    const other = counter.start();
    await counter.fetch('http://127.0.0.1/', { headers: call.headers });
    await counter.fetch('http://127.0.0.1/', { headers: call.headers });
    await counter.fetch('http://127.0.0.1/', { headers: other.headers });
    await counter.fetch('http://127.0.0.1/');
    assert.equal(sent, 2);
    assert.equal(call.count(), 2);
    assert.equal(other.count(), 1);
    // The marker header is the counter's own: no request leaves with it.
    assert.deepEqual(seen, [null, null, null, null]);
  });
});
