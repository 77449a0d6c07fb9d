/**
 * Waiting for a quiet thread: work that holds the thread (preparing for scoring, scoring a finished strategy) while
 * calls are in flight starts once the requests asked for have left, so it delays no request, and answers that arrive
 * meanwhile wait on one stretch of it at most.
 */
import { setTimeout as delay } from 'node:timers/promises';

// The thread is quiet (its requests sent, waiting on answers) once it was busy less than this share of a few ms.
const QUIET_SHARE = 0.2;
const QUIET_MS = 4;
// How long a wait lasts at most: past it, the work runs anyway.
const MOST_WAIT_MS = 60;

/**
 * Resolves once the thread has had next to nothing to do for {@link QUIET_MS} (or after {@link MOST_WAIT_MS}): the
 * calls asked for have sent their requests, which takes the SDK and fetch several turns of the event loop.
 */
export async function quietThread(): Promise<void> {
  const started = performance.now();
  let before = performance.eventLoopUtilization();
  while (performance.now() - started < MOST_WAIT_MS) {
    await delay(QUIET_MS);
    const now = performance.eventLoopUtilization();
    if (performance.eventLoopUtilization(now, before).utilization < QUIET_SHARE) return;
    before = now;
  }
}
