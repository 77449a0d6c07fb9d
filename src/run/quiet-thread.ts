/**
 * Waiting for a quiet thread: work that holds the thread (preparing for scoring, scoring a finished strategy) while
 * calls are in flight starts once the requests asked for have left, so it delays no request, and answers that arrive
 * meanwhile wait on one stretch of it at most.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { CallLimit } from '../providers/call-limit.ts';

// The thread is quiet (its requests sent, waiting on answers) once it was busy less than this share of a few ms.
const QUIET_SHARE = 0.2;
const QUIET_MS = 4;
// How long a wait lasts at most: past it, the work runs anyway.
const MOST_WAIT_MS = 60;

/**
 * Resolves once the thread has had next to nothing to do for {@link QUIET_MS} (or after {@link MOST_WAIT_MS}): the
 * calls asked for have sent their requests, which takes the SDK and fetch several turns of the event loop. `done`
 * ends the wait at the next look, busy or not (nothing is left that the work could delay); `pause` waits between looks
 * (a test's own).
 */
export async function quietThread(
  done: () => boolean = () => false,
  pause: () => Promise<unknown> = () => delay(QUIET_MS),
): Promise<void> {
  const started = performance.now();
  let before = performance.eventLoopUtilization();
  while (performance.now() - started < MOST_WAIT_MS) {
    await pause();
    if (done()) return;
    const now = performance.eventLoopUtilization();
    if (performance.eventLoopUtilization(now, before).utilization < QUIET_SHARE) return;
    before = now;
  }
}

/**
 * What work that holds the thread while calls are in flight waits for: a quiet thread, then a window in which a stretch
 * as long as the longest so far ends before the next answer is due, so an answer is not left waiting behind it.
 */
export type AnswerWindow = {
  /** Resolves once a stretch of work may start (or once waiting longer would cost more than it saves). */
  wait(): Promise<void>;
  /** Tells the window how long a stretch of work held the thread: the longest is what later waits make room for. */
  held(ms: number): void;
  /** Adds the calls one session's plans will ask for (an undefined total is not known, nor then the run's). */
  planned(totals: ReadonlyArray<number | undefined>): void;
};

// Before any answer, when the first is guessed due: no model answers a request much faster, and a step that waits
// for a later window costs a round of calls at most.
const FIRST_ANSWER_GUESS_MS = 300;
// The stretch made room for before any was measured: indexing a long session's transcript, or reading its probes for
// scoring, takes about this long (100 ms each for the 180k-token large-session fixture on a quiet 2-core machine); a
// guess too short lets the first step run into the first answers.
const FIRST_STRETCH_GUESS_MS = 150;

// Where a stretch cannot end before the next answer whenever it starts (a loaded machine, a quick model), it starts
// while the calls in flight are this young a share of a call: just after a round of requests left, the most room.
const FRESH_SHARE = 0.25;

/**
 * Windows between the calls of `limit`: the next answer is due when the call in flight longest has taken as long as
 * the quickest call so far. Work waits until its stretch ends before that (or, when no stretch that long fits, until
 * the calls in flight are young), or no call is in flight, or it has waited as long as a call takes (an answer then
 * came meanwhile, and the calls it lets a chain ask for have been sent). Once `callsEnded` says every strategy's
 * calls have ended and none runs or waits, work starts at once: no request is left to delay (the strategies that
 * end together after the last answer were each scored after a wait of a few ms for a quiet thread). So it does once
 * the `sessions` sessions of the run are planned ({@link AnswerWindow.planned}), the limit has been asked for every call
 * they plan and none waits for a slot: the calls in flight are the last, and work that delays reading their answers
 * delays only the work those answers bring (a strategy whose last call answered a few ms before the others' is scored
 * then, not after theirs).
 */
export function answerWindows(
  limit: CallLimit,
  callsEnded: () => boolean = () => false,
  sessions = Number.POSITIVE_INFINITY,
): AnswerWindow {
  let longestStretch = FIRST_STRETCH_GUESS_MS;
  let plannedSessions = 0;
  let plannedCalls: number | undefined = 0;
  const everyCallAsked = () =>
    plannedSessions >= sessions &&
    plannedCalls !== undefined &&
    limit.askedCount !== undefined &&
    limit.askedCount >= plannedCalls;
  const nothingToDelay = () =>
    limit.pendingCount === 0 && ((callsEnded() && limit.activeCount === 0) || everyCallAsked());
  return {
    async wait() {
      const started = performance.now();
      for (;;) {
        if (nothingToDelay()) return;
        // A stretch waiting here when the last calls end starts then, not after the others' scoring quiets down.
        await quietThread(nothingToDelay);
        if (nothingToDelay()) return;
        const due = limit.shortestMs ?? FIRST_ANSWER_GUESS_MS;
        const oldest = limit.oldestActiveMs;
        if (oldest === undefined || oldest <= Math.max(due - longestStretch, due * FRESH_SHARE)) return;
        if (performance.now() - started >= due) return;
      }
    },
    held(ms) {
      longestStretch = Math.max(longestStretch, ms);
    },
    planned(totals) {
      plannedSessions++;
      for (const calls of totals)
        plannedCalls = plannedCalls === undefined || calls === undefined ? undefined : plannedCalls + calls;
    },
  };
}
