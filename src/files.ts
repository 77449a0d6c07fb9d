/** Writing output files atomically (temp file, then rename); callers check for secrets first (providers/secrets.ts). */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import { appendFile, copyFile, mkdir, rename, rm } from 'node:fs/promises';
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
 * Writes several files as one: each is written under a temporary name as it comes, then {@link FileBatch.commit}
 * renames them all in one synchronous step. After a Ctrl-C (`signal` aborted) or a failure none is written.
 * Files are added one at a time, so a caller can render, write and drop each text before making the next.
 */
export type FileBatch = {
  /**
   * Writes one file's text (or its pieces, made and written one after another) under a temporary name beside
   * `path`.
   */
  add(path: string, text: string | Iterable<string>): Promise<void>;
  /** Renames every file added into place; refused (and every temporary removed) once `signal` is aborted. */
  commit(signal?: AbortSignal): Promise<string[]>;
  /** Removes every temporary written. */
  discard(): Promise<void>;
};

/** A new, empty {@link FileBatch}. */
export function createFileBatch(): FileBatch {
  const written: Array<{ path: string; temporary: string }> = [];
  const discard = async () => {
    await Promise.all(written.map(({ temporary }) => rm(temporary, { force: true })));
    written.length = 0;
  };
  return {
    async add(path, text) {
      written.push({ path, temporary: await writeTemporary(path, piecesOf(text)) });
    },
    async commit(signal) {
      try {
        if (signal?.aborted) throw new AbortedError('aborted by the user; no files were written');
        for (const { path, temporary } of written) {
          try {
            renameSync(temporary, path);
          } catch (error) {
            throw namedFor(error, path);
          }
        }
      } catch (error) {
        await discard();
        throw error;
      }
      return written.map(({ path }) => path);
    },
    discard,
  };
}

// A long text goes to its file in pieces of this many characters: never one buffer of the whole file beside it.
const PIECE_CHARS = 1 << 20;
// Short pieces are joined until they hold this many characters: a page made of thousands of small pieces (rows,
// marks) was thousands of writes, each a trip through the thread pool (4% of a suite's CPU).
const JOINED_CHARS = 1 << 16;

/**
 * A text, or its pieces, cut into pieces of at most {@link PIECE_CHARS} characters, short ones (a page's rows and
 * messages) joined up to {@link JOINED_CHARS}: a file is neither one buffer of its whole nor a write per line.
 */
function* piecesOf(text: string | Iterable<string>): Generator<string> {
  let held: string[] = [];
  let heldChars = 0;
  for (const piece of typeof text === 'string' ? [text] : text) {
    if (heldChars + piece.length <= JOINED_CHARS) {
      held.push(piece);
      heldChars += piece.length;
      continue;
    }
    if (held.length > 0) yield held.join('');
    held = [];
    heldChars = 0;
    if (piece.length <= JOINED_CHARS) {
      held.push(piece);
      heldChars = piece.length;
      continue;
    }
    let start = 0;
    while (start < piece.length) {
      let end = Math.min(start + PIECE_CHARS, piece.length);
      // Never between the two halves of a surrogate pair: each piece is encoded on its own.
      const last = piece.charCodeAt(end - 1);
      if (end < piece.length && last >= 0xd800 && last <= 0xdbff) end--;
      yield piece.slice(start, end);
      start = end;
    }
  }
  if (held.length > 0) yield held.join('');
}

/**
 * Writes a set of files as one (see {@link FileBatch}): after a Ctrl-C (`signal` aborted) none is written.
 */
export async function writeFilesAtomic(
  files: ReadonlyArray<{ path: string; text: string }>,
  signal?: AbortSignal,
): Promise<void> {
  const batch = createFileBatch();
  try {
    for (const { path, text } of files) await batch.add(path, text);
  } catch (error) {
    await batch.discard();
    throw error;
  }
  await batch.commit(signal);
}

/** Writes `text` beside `path` under a temporary name (its directory made when missing); returns that name. */
async function writeTemporary(path: string, text: string | Iterable<string>): Promise<string> {
  const temporary = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    writeNewFile(temporary, text);
    return temporary;
  } catch (error) {
    // The directory is made only when missing (a run writes many files into one): the file could not be opened,
    // so nothing of `text` was read yet, and there is no temporary to remove.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      // Where a file stands in for a directory of the path, the temporary cannot be looked for either.
      await rm(temporary, { force: true }).catch(() => undefined);
      throw namedFor(error, path);
    }
  }
  try {
    await mkdir(dirname(path), { recursive: true });
  } catch (error) {
    // A file where a directory of the path should be: mkdir says EEXIST, which names no problem a user knows.
    throw namedFor(error, path, (error as NodeJS.ErrnoException).code === 'EEXIST' ? 'ENOTDIR' : undefined);
  }
  try {
    writeNewFile(temporary, text);
  } catch (error) {
    await rm(temporary, { force: true });
    throw namedFor(error, path);
  }
  return temporary;
}

// Characters of a piece written at a time (see writeNewFile).
const WRITE_CHARS = 1 << 16;

/**
 * Writes `text`, or its pieces, to `path` at once (not atomically: for a file of a staging folder): one open, a
 * write of each piece as a string, one close. An asynchronous write made a Buffer of each piece (memory outside the
 * heap that only the collector frees) and took a trip through the thread pool for the open, each piece and the
 * close: a suite writes eight report files and a records part a session, the pages 0.4 MB each.
 */
export function writeNewFile(path: string, text: string | Iterable<string>): void {
  const descriptor = openSync(path, 'w');
  try {
    for (const piece of typeof text === 'string' ? [text] : text) {
      // At most 64k characters a write: Node encodes a string into native memory of its own, and a freed block
      // of megabytes raises the C allocator's threshold, so later blocks stay in its arena (README, Performance).
      for (let start = 0; start < piece.length;) {
        let end = Math.min(start + WRITE_CHARS, piece.length);
        const last = piece.charCodeAt(end - 1);
        if (end < piece.length && last >= 0xd800 && last <= 0xdbff) end--;
        writeWhole(descriptor, start === 0 && end === piece.length ? piece : piece.slice(start, end));
        start = end;
      }
    }
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Writes a piece and returns its length in bytes (`length`, when the caller counted them already). A string is
 * written as it is (Node encodes it into a buffer of its own outside the heap, freed at once); a short write, which a
 * plain file hardly makes, writes the rest from a Buffer.
 */
export function writeWhole(descriptor: number, piece: string, length = Buffer.byteLength(piece)): number {
  const written = writeSync(descriptor, piece);
  if (written < length) {
    const bytes = Buffer.from(piece);
    for (let at = written; at < length;) at += writeSync(descriptor, bytes, at, length - at);
  }
  return length;
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
