/** The one error base class of compaction-bench; subclasses say what went wrong and pick the exit code. */
export class BenchError extends Error {
  /** Process exit code this error maps to when it ends a command. */
  readonly exitCode: number = 2;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Bad usage or bad input: unknown session, malformed file, bad flag value, unknown name. Exit 2. */
export class InputError extends BenchError {}

/** A provider call failed; `status` is the HTTP status when there was one. */
export class ProviderError extends BenchError {
  override readonly exitCode: number = 3;
  readonly status: number | undefined;
  readonly retryable: boolean;

  constructor(message: string, options: { status?: number; retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.retryable = options.retryable ?? false;
  }
}

/** The request did not fit the model's context window (ours, from `--context-window`, or the API's answer). */
export class ContextOverflowError extends ProviderError {
  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { ...options, retryable: false });
  }
}

/** The run was aborted (Ctrl-C); nothing half-done is written. Exit 130 like a shell. */
export class AbortedError extends BenchError {
  override readonly exitCode: number = 130;
}

/** What a system error a user can cause means, in words (a file missing, unreadable, a directory, …). */
const USER_CAUSED_PROBLEMS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a directory',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
};

/** The words for a system error's code when a user can cause it (undefined for anything else). */
export function userCausedProblem(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === undefined ? undefined : USER_CAUSED_PROBLEMS[code];
}

/**
 * Exit code for any thrown value: ours carry it; a system error about a path the user gave (missing,
 * not readable, not writable) is bad input; anything else is an internal failure (exit 70).
 */
export function exitCodeFor(error: unknown): number {
  if (error instanceof BenchError) return error.exitCode;
  if (userCausedProblem(error) !== undefined) return 2;
  return 70;
}

/** The message of any thrown value, for one-line reporting (`path: problem` for a user-caused system error). */
export function messageOf(error: unknown): string {
  const problem = userCausedProblem(error);
  const path = (error as NodeJS.ErrnoException | undefined)?.path;
  if (problem !== undefined && path !== undefined) return `${path}: ${problem}`;
  return error instanceof Error ? error.message : String(error);
}
