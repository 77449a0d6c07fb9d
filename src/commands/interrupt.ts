/** Ctrl-C for the commands that run calls: the first one stops the run, the second ends the process at once. */
import { setMaxListeners } from 'node:events';
import { standardError } from './streams.ts';

/** The exit code of a run stopped by Ctrl-C, as a shell reports a process ended by SIGINT. */
export const INTERRUPTED_EXIT_CODE = 130;

/** The line the first Ctrl-C prints when the command has no progress display to say more; nothing is printed after it. */
export const INTERRUPTED_LINE = 'stopping: nothing written half (Ctrl-C again to quit at once)';

/**
 * Runs `work` with an abort signal that the first Ctrl-C fires. `onInterrupt` runs first (to take a progress
 * display down, so nothing draws over or after the interrupted line) and may return that line (with the calls
 * it cancels). Once interrupted, the command ends with
 * exit 130 and prints nothing more, whether `work` then throws (the runner's AbortedError, a call's abort) or
 * returns: undefined is returned and the caller prints nothing. Files finished before the interrupt are whole
 * (every file is written to a temporary name, then renamed); none is written after it (each set of files is
 * renamed at once only when the signal is not aborted: report/write.ts).
 */
export async function interruptible<T>(
  work: (signal: AbortSignal) => Promise<T>,
  onInterrupt: () => string | void = () => {},
): Promise<T | undefined> {
  const controller = new AbortController();
  // Every call in flight listens to it, and a suite has far more than Node's default of 10 at once.
  setMaxListeners(0, controller.signal);
  const interrupt = () => {
    if (controller.signal.aborted) process.exit(INTERRUPTED_EXIT_CODE);
    const line = onInterrupt() ?? INTERRUPTED_LINE;
    standardError().write(`\n${line}\n`);
    controller.abort();
  };
  process.on('SIGINT', interrupt);
  try {
    const result = await work(controller.signal);
    if (!controller.signal.aborted) return result;
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    process.off('SIGINT', interrupt);
  }
  process.exitCode = INTERRUPTED_EXIT_CODE;
  return undefined;
}
