import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { CallLimit } from '../../src/providers/call-limit.ts';
import { answerWindows, quietThread } from '../../src/run/quiet-thread.ts';

/**
 * Keeps the thread busy for `ms`, a turn of the event loop every 2 ms (as a request being sent does); `onStep` is told
 * of each turn's work as it starts.
 */
function busyFor(ms: number, onStep: () => void = () => {}): Promise<void> {
  const until = performance.now() + ms;
  return new Promise((resolve) => {
    const step = () => {
      onStep();
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

  it('ends at its first look once it is told nothing is left to delay, busy thread or not', async () => {
    // Looks with no pause between them: the thread never idles, so only `done` can end the wait before its 60 ms.
    let looks = 0;
    await quietThread(
      () => true,
      async () => looks++,
    );
    assert.equal(looks, 1);
    let busyLooks = 0;
    await quietThread(
      () => busyLooks >= 3,
      async () => busyLooks++,
    );
    assert.equal(busyLooks, 3);
  });

  it('resolves after one quiet window on an idle thread', async () => {
    const started = performance.now();
    await quietThread();
    const waited = performance.now() - started;
    assert.ok(waited >= 3, `waited ${waited} ms`);
  });
});

/** A call limit as the window reads it: how long the oldest call in flight has run, and the quickest call so far. */
function fakeLimit(state: { oldestStartedAt?: number; shortestMs?: number; asked?: number }): CallLimit {
  const limit = (() => Promise.resolve()) as unknown as CallLimit;
  return Object.defineProperties(limit, {
    activeCount: { get: () => (state.oldestStartedAt === undefined ? 0 : 1) },
    pendingCount: { get: () => 0 },
    askedCount: { get: () => state.asked ?? 0 },
    oldestActiveMs: {
      get: () =>
        state.oldestStartedAt === undefined ? undefined : performance.now() - state.oldestStartedAt,
    },
    shortestMs: { get: () => state.shortestMs },
  });
}

describe('answerWindows', () => {
  it('lets work start at once when it ends before the next answer is due', async () => {
    const windows = answerWindows(fakeLimit({ oldestStartedAt: performance.now(), shortestMs: 2_000 }));
    const started = performance.now();
    await windows.wait();
    assert.ok(performance.now() - started < 500, `waited ${performance.now() - started} ms`);
  });

  it('holds work back while an answer is due within its stretch, until no call is in flight', async () => {
    const state: { oldestStartedAt?: number; shortestMs?: number } = {
      oldestStartedAt: performance.now(),
      shortestMs: 400,
    };
    const windows = answerWindows(fakeLimit(state));
    windows.held(300);
    // Asked 150 ms into a call due at 400: a 300 ms stretch would run into its answer, and the call is no longer
    // young (a quarter of a call). The call answers 100 ms later.
    await delay(150);
    setTimeout(() => (state.oldestStartedAt = undefined), 100);
    const started = performance.now();
    await windows.wait();
    const waited = performance.now() - started;
    assert.ok(waited >= 90 && state.oldestStartedAt === undefined, `waited ${waited} ms`);
  });

  it('starts a stretch too long for any window while the calls in flight are young', async () => {
    const windows = answerWindows(fakeLimit({ oldestStartedAt: performance.now(), shortestMs: 400 }));
    windows.held(500);
    const started = performance.now();
    await windows.wait();
    assert.ok(performance.now() - started < 100, `waited ${performance.now() - started} ms`);
  });

  it('waits no longer than a call takes when no window opens', async () => {
    const windows = answerWindows(fakeLimit({ oldestStartedAt: performance.now(), shortestMs: 50 }));
    windows.held(200);
    // Past a quarter of the call, and a stretch longer than the call: nothing fits until the answer, which never comes.
    await delay(30);
    const started = performance.now();
    await windows.wait();
    const waited = performance.now() - started;
    assert.ok(waited >= 45 && waited < 1_000, `waited ${waited} ms`);
  });
});

describe('answerWindows once every strategy’s calls have ended', () => {
  it('lets work start at once, even while the thread is busy', async () => {
    const windows = answerWindows(fakeLimit({}), () => true);
    let steps = 0;
    void busyFor(40, () => steps++);
    await windows.wait();
    // A quiet thread is waited for otherwise: at least one window of a few ms, here until the 40 ms of work end. At
    // once is before the busy work's first turn, counted rather than timed: a loaded machine stretches any ms bound.
    assert.equal(steps, 0, `waited ${steps} turns of the busy work`);
  });

  it('still waits for a quiet thread while a call runs, or before every strategy has ended', async () => {
    for (const [state, ended] of [
      [{ oldestStartedAt: performance.now(), shortestMs: 2_000 }, true],
      [{}, false],
    ] as const) {
      const windows = answerWindows(fakeLimit({ ...state }), () => ended);
      const started = performance.now();
      await windows.wait();
      assert.ok(performance.now() - started >= 3, `waited ${performance.now() - started} ms`);
    }
  });
});

describe('answerWindows once the run has asked for every call it plans', () => {
  it('lets work start at once while the last calls are in flight, busy thread or not', async () => {
    // Two sessions planning 3 calls and 2 (a strategy that calls no model adds 0), all 5 asked: the calls in flight
    // are the last, though none has ended and the thread is busy.
    const state = { oldestStartedAt: performance.now(), shortestMs: 2_000, asked: 5 };
    const windows = answerWindows(fakeLimit(state), () => false, 2);
    windows.planned([3]);
    windows.planned([2, 0]);
    let steps = 0;
    void busyFor(40, () => steps++);
    await windows.wait();
    assert.equal(steps, 0, `waited ${steps} turns of the busy work`);
  });

  it('still waits while a session is unplanned, a call is left to ask, or a plan does not say its calls', async () => {
    for (const [plans, asked] of [
      [[[3]], 5],
      [[[3], [2]], 4],
      [[[3], [2, undefined]], 5],
    ] as const) {
      const state = { oldestStartedAt: performance.now(), shortestMs: 2_000, asked };
      const windows = answerWindows(fakeLimit(state), () => false, 2);
      for (const totals of plans) windows.planned(totals);
      const started = performance.now();
      await windows.wait();
      assert.ok(
        performance.now() - started >= 3,
        `${JSON.stringify(plans)}: waited ${performance.now() - started} ms`,
      );
    }
  });
});
