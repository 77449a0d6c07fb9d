import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createCallLimit } from '../src/providers/call-limit.ts';
import { createCaller } from '../src/providers/calls.ts';
import { getTokenizer } from '../src/tokens.ts';
import { fakeProvider } from './helpers/fake-provider.ts';

describe('call limit', () => {
  it('says how long the oldest running work has run and the quickest work took', async () => {
    // On a clock the test moves, and work that ends when the test says: no figure depends on the machine's load.
    let clock = 1000;
    const limit = createCallLimit(2, () => clock);
    assert.equal(limit.oldestActiveMs, undefined);
    assert.equal(limit.shortestMs, undefined);
    const slow = deferred();
    const quick = deferred();
    const slowDone = limit(() => slow.promise);
    await turns();
    clock += 30;
    const quickDone = limit(() => quick.promise);
    await turns();
    clock += 5;
    // The slow work started 35 ms ago, the quick one 5: the oldest is the slow one.
    assert.equal(limit.oldestActiveMs, 35);
    clock += 7;
    quick.resolve();
    await quickDone;
    assert.equal(limit.shortestMs, 12);
    assert.equal(limit.oldestActiveMs, 42);
    clock += 50;
    slow.resolve();
    await slowDone;
    assert.equal(limit.oldestActiveMs, undefined);
    // The slow work took 92 ms: the quickest is still the quick one's 12.
    assert.equal(limit.shortestMs, 12);
  });

  it('times a work that says when its request left from then, not from its start', async () => {
    let clock = 1000;
    const limit = createCallLimit(2, () => clock);
    assert.equal(limit.startingWork?.(), undefined);
    const answer = deferred();
    let sent: (() => void) | undefined;
    const done = limit(async () => {
      sent = limit.startingWork?.();
      await answer.promise;
    });
    await turns();
    // Outside a work's start there is no clock to hand out.
    assert.equal(limit.startingWork?.(), undefined);
    clock += 40;
    assert.equal(limit.oldestActiveMs, 40);
    // The request took 40 ms to build and leave: its answer is due a latency after that.
    sent!();
    clock += 25;
    assert.equal(limit.oldestActiveMs, 25);
    clock += 275;
    answer.resolve();
    await done;
    assert.equal(limit.shortestMs, 300);
  });

  it('tells a caller’s provider to say when its request left, timed by the limit', async () => {
    let clock = 0;
    const limit = createCallLimit(1, () => clock);
    const answer = deferred();
    const provider = fakeProvider({
      answer: async (request) => {
        clock += 30;
        request.onSent?.();
        await answer.promise;
        return 'summary';
      },
    });
    const caller = createCaller({ provider, limit, tokenizer: await getTokenizer('o200k_base') });
    const done = caller.complete('one', { system: 'sys', prompt: 'text', maxTokens: 10 });
    await turns();
    clock += 5;
    assert.equal(limit.oldestActiveMs, 5);
    answer.resolve();
    await done;
  });

  it('never runs more than its slots at once, and counts what runs and what waits', async () => {
    const limit = createCallLimit(2);
    let running = 0;
    let most = 0;
    // Work that ends when the test says: on a busy machine a timer of a few ms ran out before the counts were read.
    const gate = deferred();
    const work = async () => {
      most = Math.max(most, ++running);
      await gate.promise;
      running--;
    };
    const all = Promise.all(Array.from({ length: 7 }, () => limit(work)));
    assert.equal(limit.pendingCount, 7);
    await turns();
    assert.equal(limit.activeCount, 2);
    assert.equal(limit.pendingCount, 5);
    gate.resolve();
    await all;
    assert.equal(most, 2);
    assert.equal(limit.activeCount, 0);
  });

  it('starts queued work by priority, then in the order asked, weighing work asked for in the same turn together', async () => {
    const limit = createCallLimit(2);
    const started: string[] = [];
    const work = (name: string) => async () => {
      started.push(name);
      await delay(5);
    };
    // As a run's first turn asks: a single call, the slices of a parallel strategy, then two chains' first calls.
    await Promise.all([
      limit(work('single'), 0),
      limit(work('slice 1'), 1),
      limit(work('slice 2'), 1),
      limit(work('chain a'), 8),
      limit(work('chain b'), 8),
    ]);
    assert.deepEqual(started, ['chain a', 'chain b', 'slice 1', 'slice 2', 'single']);
  });

  it('starts a chain’s next call at once on a free slot when no waiting work comes before it', async () => {
    const limit = createCallLimit(3);
    const started: string[] = [];
    const hold = deferred();
    const work = (name: string) => () => {
      started.push(name);
      return hold.promise;
    };
    const all = [limit(work('running'), 8)];
    await turns();
    // A slice waits for a later turn; the chain's next call, asked as its answer is read, leaves before it.
    all.push(limit(work('slice'), 1), limit(work('chain next'), 7, true));
    assert.deepEqual(started, ['running', 'chain next']);
    await turns();
    assert.deepEqual(started, ['running', 'chain next', 'slice']);
    hold.resolve();
    await Promise.all(all);
  });

  it('weighs a chain’s next call with the waiting work of its priority or higher, on a later turn', async () => {
    const limit = createCallLimit(1);
    const started: string[] = [];
    const work = (name: string) => async () => {
      started.push(name);
      await delay(1);
    };
    // One slot, free: a next call may not take it before an earlier call of the same priority, nor a higher one.
    const all = [limit(work('other chain'), 7), limit(work('chain next'), 7, true)];
    assert.deepEqual(started, []);
    all.push(limit(work('longer chain'), 8), limit(work('another next'), 8, true));
    await Promise.all(all);
    assert.deepEqual(started, ['longer chain', 'another next', 'other chain', 'chain next']);
  });

  it('frees the slot of work that fails, and passes the failure on', async () => {
    const limit = createCallLimit(1);
    await assert.rejects(
      limit(() => {
        throw new Error('refused');
      }),
      /refused/,
    );
    assert.equal(await limit(async () => 'after'), 'after');
    assert.equal(limit.activeCount, 0);
  });
});

describe('call layer with a planned chain', () => {
  it('gives the next call of a longer chain a slot before the slices of a shorter one', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const limit = createCallLimit(2);
    const provider = fakeProvider({ delayMs: 5 });
    const slices = createCaller({ provider, limit, tokenizer, chain: 2 });
    const chain = createCaller({ provider, limit, tokenizer, chain: 4 });
    const parallel = Promise.all(
      ['slice 1', 'slice 2', 'slice 3'].map((prompt) =>
        slices.complete(prompt, { system: '', prompt, maxTokens: 10 }),
      ),
    );
    const sequential = (async () => {
      for (const prompt of ['step 1', 'step 2', 'step 3', 'step 4'])
        await chain.complete(prompt, { system: '', prompt, maxTokens: 10 });
    })();
    await Promise.all([parallel, sequential]);
    // The chain asks for each step as the one before answers, after the slices queued: first-come would run all three
    // slices before its second step. Its last two steps have no more left after them than a slice has.
    assert.deepEqual(
      provider.requests.map((request) => request.prompt),
      ['step 1', 'slice 1', 'step 2', 'slice 2', 'slice 3', 'step 3', 'step 4'],
    );
  });
});

/** A promise and the function that resolves it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** A few turns of the event loop: work the limit starts on a later turn has started. */
async function turns(): Promise<void> {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
}
