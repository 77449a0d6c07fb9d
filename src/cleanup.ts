/**
 * Cleanup that never hides the error it follows: a run's `finally` removed its staging folders, and when that removal
 * failed (a folder not empty) its error replaced the run's own, which was lost (exit 70 for any cause).
 */

// The failures of cleanup steps that ran after each error, kept beside it (`--debug` prints them).
const failuresAfter = new WeakMap<object, unknown[]>();

/**
 * Runs `work`, then every step of `cleanup` in order, each whatever the others did. When the work failed, its error
 * is thrown, any cleanup failure kept beside it ({@link cleanupFailures}); else the first cleanup failure is thrown.
 */
export async function withCleanup<T>(
  work: () => Promise<T>,
  cleanup: ReadonlyArray<() => unknown>,
): Promise<T> {
  let outcome: { value: T } | { error: unknown };
  try {
    outcome = { value: await work() };
  } catch (error) {
    outcome = { error };
  }
  if ('error' in outcome) throw await cleanedUpAfter(outcome.error, cleanup);
  const failures = await cleanUp(cleanup);
  if (failures.length > 0) throw failures[0];
  return outcome.value;
}

/**
 * Runs every step of `cleanup` after `error` (each whatever the others did) and returns `error`, for the caller to
 * throw, any cleanup failure kept beside it ({@link cleanupFailures}).
 */
export async function cleanedUpAfter(
  error: unknown,
  cleanup: ReadonlyArray<() => unknown>,
): Promise<unknown> {
  const failures = await cleanUp(cleanup);
  if (failures.length > 0 && typeof error === 'object' && error !== null)
    failuresAfter.set(error, [...(failuresAfter.get(error) ?? []), ...failures]);
  return error;
}

/** Runs every step, in order, each whatever the others did; returns the failures. */
async function cleanUp(cleanup: ReadonlyArray<() => unknown>): Promise<unknown[]> {
  const failures: unknown[] = [];
  for (const step of cleanup) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  return failures;
}

/** The cleanup failures that followed `error` (none when its cleanup went well, or it went through none). */
export function cleanupFailures(error: unknown): readonly unknown[] {
  return (typeof error === 'object' && error !== null && failuresAfter.get(error)) || [];
}
