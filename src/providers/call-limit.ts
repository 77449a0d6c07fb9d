/**
 * The run's one limit on model calls at once (`--concurrency`). Unlike a first-come queue, a call waiting for a slot
 * is started by how many calls its strategy still has to make one after another behind it: a sequential chain,
 * whose every call waits on the one before, never waits behind slices that could run in any order, so the run
 * ends with its longest chain (the floor no scheduler can beat) rather than a round later.
 */

/** A concurrency limit whose queued work starts by priority (higher first), then in the order it was asked for. */
export type CallLimit = {
  /**
   * Runs `work` once a slot is free; `priority`: the calls its chain still has to make after it (default 0);
   * `next`: a chain's next call, asked as the call before it answered (see {@link createCallLimit}).
   */
  <Result>(work: () => PromiseLike<Result> | Result, priority?: number, next?: boolean): Promise<Result>;
  /** Work running now. */
  readonly activeCount: number;
  /** Work waiting for a slot. */
  readonly pendingCount: number;
  /** Work asked for so far, started or not (undefined for a plain p-limit standing in). */
  readonly askedCount?: number | undefined;
  /**
   * Milliseconds since the longest-running work started, or sent its request if it said so (its answer is the next
   * one due); undefined when none runs (or, for a plain p-limit standing in, never known).
   */
  readonly oldestActiveMs?: number | undefined;
  /**
   * The shortest time any work took from its start, or from its request sent, to its end so far (a guess of when an
   * answer comes).
   */
  readonly shortestMs?: number | undefined;
  /**
   * Asked at the start of a work, before its first await: what the work calls once its request has left, from when
   * its answer is then timed (undefined outside a work's start, and for a plain p-limit standing in).
   */
  readonly startingWork?: () => (() => void) | undefined;
};

type Waiting = { priority: number; order: number; start: () => void };

/**
 * A {@link CallLimit} of `concurrency` slots. Work is started on a later turn of the event loop, never at once, both
 * when it is asked for and when a slot frees: the strategies of a run ask for their first calls in the same turn,
 * and a chain asks for its next call as its answer is read, so a chain's call is weighed against slices asked for
 * just before it instead of finding their slots taken. A chain's next call (`next`) that finds a slot free and no
 * waiting work of its priority or higher starts at once: nothing could be weighed against it that it would not come
 * before, and the answers that arrived with its own (a round of parallel slices) are read after it has left, not
 * before. `now` (ms) is the clock work is timed by (a test's own).
 */
export function createCallLimit(concurrency: number, now: () => number = () => performance.now()): CallLimit {
  if (!(concurrency >= 1))
    throw new RangeError(`a concurrency limit needs at least one slot, not ${concurrency}`);
  const waiting = createHeap();
  let active = 0;
  let asked = 0;
  // When each running work started: a handful at most (the concurrency), read when deciding what may hold the thread.
  const startedAt = new Set<{ at: number }>();
  let shortestMs: number | undefined;
  let dispatching = false;
  const dispatch = () => {
    dispatching = false;
    while (active < concurrency && waiting.size() > 0) {
      active++;
      waiting.pop()!.start();
    }
  };
  const dispatchSoon = () => {
    if (dispatching) return;
    dispatching = true;
    setImmediate(dispatch);
  };
  // The clock of the work being started, while its synchronous start runs (startingWork).
  let starting: { at: number } | undefined;
  const startWork = <Result>(work: () => Result, clock: { at: number }): Result => {
    starting = clock;
    try {
      return work();
    } finally {
      starting = undefined;
    }
  };
  const limit = <Result>(
    work: () => PromiseLike<Result> | Result,
    priority = 0,
    next = false,
  ): Promise<Result> =>
    new Promise<Result>((resolve, reject) => {
      const item: Waiting = {
        priority,
        order: asked++,
        start: () => {
          void (async () => {
            const started = { at: now() };
            startedAt.add(started);
            try {
              resolve(await startWork(work, started));
            } catch (error) {
              reject(error);
            } finally {
              active--;
              startedAt.delete(started);
              const took = now() - started.at;
              shortestMs = shortestMs === undefined ? took : Math.min(shortestMs, took);
              dispatchSoon();
            }
          })();
        },
      };
      const top = waiting.top();
      if (next && active < concurrency && (top === undefined || top.priority < priority)) {
        active++;
        item.start();
        return;
      }
      waiting.push(item);
      dispatchSoon();
    });
  return Object.defineProperties(limit, {
    activeCount: { get: () => active },
    pendingCount: { get: () => waiting.size() },
    askedCount: { get: () => asked },
    oldestActiveMs: {
      get: () => {
        let oldest = Number.POSITIVE_INFINITY;
        for (const { at } of startedAt) oldest = Math.min(oldest, at);
        return startedAt.size === 0 ? undefined : now() - oldest;
      },
    },
    shortestMs: { get: () => shortestMs },
    startingWork: {
      // The answer is due a model's latency after the request left, not after the work began building it: the
      // first round's long prompts take tens of ms to leave, and a window timed from the start shuts before the
      // thread has anything left to do.
      value: () => {
        const clock = starting;
        return clock && (() => (clock.at = now()));
      },
    },
  }) as CallLimit;
}

/** A binary heap of waiting work: the highest priority on top, the earliest asked among equals. */
function createHeap() {
  const items: Waiting[] = [];
  const before = (a: Waiting, b: Waiting) =>
    a.priority !== b.priority ? a.priority > b.priority : a.order < b.order;
  const swap = (i: number, j: number) => ([items[i], items[j]] = [items[j]!, items[i]!]);
  return {
    size: () => items.length,
    /** The work that would start next, left waiting. */
    top: (): Waiting | undefined => items[0],
    push(item: Waiting) {
      items.push(item);
      for (let index = items.length - 1; index > 0;) {
        const parent = (index - 1) >> 1;
        if (!before(items[index]!, items[parent]!)) break;
        swap(index, parent);
        index = parent;
      }
    },
    pop(): Waiting | undefined {
      const top = items[0];
      const last = items.pop();
      if (items.length > 0 && last) {
        items[0] = last;
        for (let index = 0; ;) {
          const left = 2 * index + 1;
          const right = left + 1;
          let first = index;
          if (left < items.length && before(items[left]!, items[first]!)) first = left;
          if (right < items.length && before(items[right]!, items[first]!)) first = right;
          if (first === index) break;
          swap(index, first);
          index = first;
        }
      }
      return top;
    },
  };
}
