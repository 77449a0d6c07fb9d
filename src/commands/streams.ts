/**
 * Where a command prints: the process's stdout and stderr, or the streams an in-process run hands in
 * (`runInProcess` in src/cli.ts, which the tests use), held per call chain so a stray write after a run ends still
 * goes to that run's streams.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** An output stream as the commands use it: written to, and read for being a terminal and its size. */
export type OutputStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number; rows?: number };

/** A command's two output streams. */
export type CommandStreams = { stdout: OutputStream; stderr: OutputStream };

const handedIn = new AsyncLocalStorage<CommandStreams>();

/** Runs `work` with its output going to `streams` instead of the process's. */
export function withStreams<T>(streams: CommandStreams, work: () => Promise<T>): Promise<T> {
  return handedIn.run(streams, work);
}

/** The stream a command's results go to. */
export function standardOutput(): OutputStream {
  return handedIn.getStore()?.stdout ?? process.stdout;
}

/** The stream a command's errors, notices and progress go to. */
export function standardError(): OutputStream {
  return handedIn.getStore()?.stderr ?? process.stderr;
}
