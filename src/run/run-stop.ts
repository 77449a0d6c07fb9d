/**
 * How a run's sessions stop once one fails: a signal every session watches (the user's Ctrl-C as well), and the
 * failure that stopped them, which is the run's: the sessions stopped fail too (aborted), maybe before it ends.
 */

/** A run's stop: its signal, the call that stops it, and what the run's work gives or the failure to report. */
export type RunStop = {
  /** Aborted by the user's signal or by {@link RunStop.stop}. */
  signal: AbortSignal;
  /** Stops every session: `error`, the first given, is the run's failure. */
  stop(error: unknown): void;
  /** What `work` gives; when it fails, the failure that stopped the run (else its own) is thrown. */
  settled<T>(work: Promise<T>): Promise<T>;
  /** Stops following the user's signal (which outlives the run). */
  close(): void;
};

/** A stop for a run, following `user`'s signal when given. */
export function runStop(user?: AbortSignal): RunStop {
  const stopped = new AbortController();
  let cause: { error: unknown } | undefined;
  // Followed by hand, not with AbortSignal.any: that came in Node 20.3, and the project runs on any Node 20.
  const follow = () => stopped.abort(user?.reason);
  if (user?.aborted) follow();
  else user?.addEventListener('abort', follow, { once: true });
  return {
    signal: stopped.signal,
    stop(error) {
      cause ??= { error };
      stopped.abort();
    },
    settled: (work) =>
      work.catch((error: unknown) => Promise.reject(cause === undefined ? error : cause.error)),
    close: () => user?.removeEventListener('abort', follow),
  };
}
