/** Writing output files atomically (temp file, then rename); callers check for secrets first (providers/secrets.ts). */
import { randomBytes } from 'node:crypto';
import { renameSync } from 'node:fs';
import { appendFile, copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AbortedError } from './errors.ts';

/**
 * Writes `text` to `path` so that a reader never sees a half-written file. Pieces (an iterable) are written as
 * they come, so a file of hundreds of MB is never one string.
 */
export async function writeFileAtomic(path: string, text: string | Iterable<string>): Promise<void> {
  await replaceVia(path, text);
}

/**
 * Adds `text` to the end of `path` so that a reader never sees half of it: the file is copied (by the system, not
 * through memory) to a temporary name, the text appended there, and the copy renamed over the file.
 */
export async function appendFileAtomic(path: string, text: string): Promise<void> {
  await replaceVia(path, '', async (temporary) => {
    await copyFile(path, temporary);
    await appendFile(temporary, text, 'utf8');
  });
}

/** Copies `from` to `path` so that a reader never sees half of it (the copy made under a temporary name). */
export async function copyFileAtomic(from: string, path: string): Promise<void> {
  await replaceVia(path, '', (temporary) => copyFile(from, temporary));
}

/**
 * Writes `text` beside `path` under a temporary name, lets `fill` finish that file, and renames it over `path`; on
 * any failure the temporary is removed and the error names `path`.
 */
async function replaceVia(
  path: string,
  text: string | Iterable<string>,
  fill?: (temporary: string) => Promise<void>,
): Promise<void> {
  const temporary = await writeTemporary(path, text);
  try {
    await fill?.(temporary);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw namedFor(error, path);
  }
}

/**
 * Writes several files as one set: each to a temporary name, then, unless `signal` was aborted meanwhile, all
 * renamed in one synchronous step, so a Ctrl-C handler (which runs between event-loop turns) sees either none of
 * them or all; aborted, the temporary files are removed and nothing is written.
 */
export async function writeFilesAtomic(
  files: ReadonlyArray<{ path: string; text: string }>,
  signal?: AbortSignal,
): Promise<void> {
  const temporaries: string[] = [];
  try {
    for (const { path, text } of files) temporaries.push(await writeTemporary(path, text));
    if (signal?.aborted) throw new AbortedError('aborted by the user; no files were written');
    files.forEach(({ path }, index) => {
      try {
        renameSync(temporaries[index]!, path);
      } catch (error) {
        throw namedFor(error, path);
      }
    });
  } catch (error) {
    await Promise.all(temporaries.map((temporary) => rm(temporary, { force: true })));
    throw error;
  }
}

/** Writes `text` beside `path` under a temporary name (its directory made when missing); returns that name. */
async function writeTemporary(path: string, text: string | Iterable<string>): Promise<string> {
  try {
    await mkdir(dirname(path), { recursive: true });
  } catch (error) {
    // A file where a directory of the path should be: mkdir says EEXIST, which names no problem a user knows.
    throw namedFor(error, path, (error as NodeJS.ErrnoException).code === 'EEXIST' ? 'ENOTDIR' : undefined);
  }
  const temporary = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(temporary, text, 'utf8');
  } catch (error) {
    await rm(temporary, { force: true });
    throw namedFor(error, path);
  }
  return temporary;
}

/** A system error about the file asked for, not the temporary name or the directory made on the way to it. */
function namedFor(error: unknown, path: string, code?: string): unknown {
  const system = error as NodeJS.ErrnoException;
  if (!(error instanceof Error) || system.code === undefined) return error;
  return Object.assign(new Error(`${code ?? system.code}: ${path}`, { cause: error }), {
    code: code ?? system.code,
    path,
  });
}
