/** Writing output files atomically (temp file, then rename); callers check for secrets first (providers/secrets.ts). */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import { appendFile, copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AbortedError } from './errors.ts';
import { cleanedUpAfter } from './cleanup.ts';

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
    throw await cleanedUpAfter(namedFor(error, path), [() => rm(temporary, { force: true })]);
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
      written.push({ path, temporary: await writeTemporary(path, text) });
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
        throw await cleanedUpAfter(error, [discard]);
      }
      return written.map(({ path }) => path);
    },
    discard,
  };
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
    throw await cleanedUpAfter(error, [() => batch.discard()]);
  }
  await batch.commit(signal);
}

// A temporary name's tag: random once per process, then counted, so no two names of this process or another (the
// pid alone may repeat across containers) meet; drawing random bytes for each of a suite's eight files a session
// was a tenth of their writes' CPU.
let temporaryTag: string | undefined;
let temporaries = 0;

/** A temporary name beside `path`: `<path>.tmp-<pid>-<8 random hex digits>-<count>`. */
function temporaryName(path: string): string {
  temporaryTag ??= `${process.pid}-${randomBytes(4).toString('hex')}`;
  temporaries += 1;
  return `${path}.tmp-${temporaryTag}-${temporaries}`;
}

/** Writes `text` beside `path` under a temporary name (its directory made when missing); returns that name. */
async function writeTemporary(path: string, text: string | Iterable<string>): Promise<string> {
  const temporary = temporaryName(path);
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

// Bytes of the buffer a file's text is encoded into before it is written (see encodedWriter).
const WRITE_BYTES = 1 << 18;
// The buffer writeNewFile encodes into, reused from file to file (taken while a file is written).
let spareBuffer: Buffer | null = null;

/**
 * Writes `text`, or its pieces, to `path` at once (not atomically: for a file of a staging folder): one open, the
 * pieces encoded one after another into one reused buffer and written as it fills, one close. A string written as
 * it is made Node encode it into native memory of its own, a write each (a page's pieces were joined first to keep
 * those few), and an asynchronous write made a Buffer of each piece and took a trip through the thread pool: a suite
 * writes eight report files and a records part a session, the pages 0.4 MB each.
 */
export function writeNewFile(path: string, text: string | Iterable<string>): void {
  const descriptor = openSync(path, 'w');
  const buffer = spareBuffer ?? Buffer.allocUnsafeSlow(WRITE_BYTES);
  spareBuffer = null;
  try {
    const writer = encodedWriter(descriptor, buffer);
    for (const piece of typeof text === 'string' ? [text] : text) writer.write(piece);
    writer.flush();
  } finally {
    spareBuffer = buffer;
    closeSync(descriptor);
  }
}

/** Text encoded (UTF-8) into a buffer and written to an open file as the buffer fills. */
export type EncodedWriter = {
  /** Adds a piece after those held (writing them first when it might not fit); returns its length in bytes. */
  write(piece: string): number;
  /** Writes what is held. */
  flush(): void;
};

/**
 * An {@link EncodedWriter} into `buffer` for the file open as `descriptor`. A piece is encoded straight into the
 * buffer (no joined string of the pieces, no encoding of each into memory of its own, no count of its bytes
 * apart); a piece that could need more than the whole buffer (3 bytes a UTF-16 unit) is encoded into it a slice at
 * a time, each slice written as the buffer fills.
 */
export function encodedWriter(descriptor: number, buffer: Buffer): EncodedWriter {
  let held = 0;
  const flush = () => {
    for (let at = 0; at < held;) at += writeSync(descriptor, buffer, at, held - at);
    held = 0;
  };
  const encode = (piece: string): number => {
    if (held + piece.length * 3 > buffer.length) flush();
    // A lone surrogate is written as U+FFFD, as writing the string would.
    const bytes = buffer.write(piece, held);
    held += bytes;
    return bytes;
  };
  // Characters of a long piece's slice: as many as surely fit the whole buffer, and a surrogate pair at least.
  const sliceChars = Math.max(2, Math.floor(buffer.length / 3));
  return {
    write(piece) {
      if (piece.length * 3 <= buffer.length) return encode(piece);
      // A results file or a page's long block (a suite session's results file is 94 kB) was written as strings,
      // each encoded by Node into memory of its own: its slices go through the buffer like any piece.
      let bytes = 0;
      for (let start = 0; start < piece.length;) {
        let end = Math.min(start + sliceChars, piece.length);
        // Never between the two halves of a surrogate pair: each slice is encoded on its own.
        const last = piece.charCodeAt(end - 1);
        if (end < piece.length && last >= 0xd800 && last <= 0xdbff) end--;
        const slice = piece.slice(start, end);
        if (slice.length * 3 <= buffer.length) bytes += encode(slice);
        else {
          // A buffer too small for a surrogate pair (never the writers' own): the slice written as it is.
          flush();
          bytes += writeWhole(descriptor, slice);
        }
        start = end;
      }
      return bytes;
    },
    flush,
  };
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
