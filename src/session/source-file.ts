/**
 * Opens a transcript file as text, for detection and for every importer: gzip is recognised by its
 * magic bytes (never by the file name) and decompressed as it streams, a UTF-8 byte-order mark is
 * dropped, and a file that cannot be read is an input error naming it in one line.
 */
import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { InputError, userCausedProblem } from '../errors.ts';

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const BYTE_ORDER_MARK = 0xfeff;
const CHUNK_BYTES = 1 << 20;
// A plain file up to this size is read in one synchronous call and decoded at once: a suite's sessions (about
// 190 KB each) went through a read stream's open, reads and close on the thread pool, its string decoder and a gzip
// check that opened the file once more, for the text one read gives.
const WHOLE_FILE_BYTES = CHUNK_BYTES;

/** What is wrong with gzip data, in words (system errors are worded by {@link userCausedProblem}). */
const GZIP_PROBLEMS: Record<string, string> = {
  Z_DATA_ERROR: 'it starts like gzip but its data is not valid gzip',
  Z_BUF_ERROR: 'its gzip data ends too early (a truncated download or copy?)',
};

/** The one-line input error for a file that cannot be read (the system error stays as its cause). */
export function unreadableFileError(file: string, error: unknown): InputError {
  if (error instanceof InputError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const problem =
    userCausedProblem(error) ?? (code && GZIP_PROBLEMS[code]) ?? code ?? (error as Error).message;
  return new InputError(`${file}: cannot read the file: ${problem}`, { cause: error });
}

/** Whether the file starts with the gzip magic bytes. */
export async function isGzipFile(file: string): Promise<boolean> {
  try {
    const handle = await open(file, 'r');
    try {
      const start = Buffer.alloc(GZIP_MAGIC.length);
      const { bytesRead } = await handle.read(start, 0, start.length, 0);
      return bytesRead === start.length && start.equals(GZIP_MAGIC);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw unreadableFileError(file, error);
  }
}

function byteStream(file: string, gzip: boolean): Readable {
  const raw = createReadStream(file, { highWaterMark: CHUNK_BYTES });
  if (!gzip) return raw;
  const gunzip = createGunzip({ chunkSize: CHUNK_BYTES });
  // `pipe` does not forward errors: a read error of the file must still end the gunzip stream.
  raw.on('error', (error) => gunzip.destroy(error));
  return raw.pipe(gunzip);
}

/**
 * The bytes of a regular file of at most {@link WHOLE_FILE_BYTES}, read at once; undefined for a larger file or
 * anything else (a directory, a device), which the stream reads (and a read error names).
 */
export function smallFileBytes(file: string): Buffer | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r');
  } catch (error) {
    throw unreadableFileError(file, error);
  }
  try {
    const status = fstatSync(descriptor);
    if (!status.isFile() || status.size > WHOLE_FILE_BYTES) return undefined;
    // One byte more than the size: a file that grew since its status was read is read by the stream instead.
    const bytes = Buffer.allocUnsafe(status.size + 1);
    let length = 0;
    while (length < bytes.length) {
      const read = readSync(descriptor, bytes, length, bytes.length - length, length);
      if (read === 0) break;
      length += read;
    }
    return length > status.size ? undefined : bytes.subarray(0, length);
  } catch (error) {
    throw unreadableFileError(file, error);
  } finally {
    closeSync(descriptor);
  }
}

/** {@link smallFileBytes} of a file that is not gzip; undefined for a gzip file too. */
export function smallPlainFileBytes(file: string): Buffer | undefined {
  const bytes = smallFileBytes(file);
  return bytes === undefined || startsAsGzip(bytes) ? undefined : bytes;
}

/** Whether bytes start with the gzip magic bytes. */
function startsAsGzip(bytes: Buffer): boolean {
  return bytes.length >= GZIP_MAGIC.length && bytes.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC);
}

/** The file's text, decompressed when it is gzip, in chunks; the first chunk without a byte-order mark. */
export async function* textChunks(file: string): AsyncGenerator<string> {
  const whole = smallFileBytes(file);
  if (whole !== undefined && !startsAsGzip(whole)) {
    // Decoded as the stream's decoder decodes a file it reads in one chunk (a bad sequence as U+FFFD).
    const text = whole.toString('utf8');
    if (text.length > 0) yield text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
    return;
  }
  const stream = byteStream(file, whole === undefined ? await isGzipFile(file) : true);
  stream.setEncoding('utf8');
  let first = true;
  try {
    for await (const chunk of stream) {
      let text = chunk as string;
      if (first) {
        first = false;
        if (text.charCodeAt(0) === BYTE_ORDER_MARK) text = text.slice(1);
      }
      yield text;
    }
  } catch (error) {
    throw unreadableFileError(file, error);
  } finally {
    stream.destroy();
  }
}

/** The file's lines without their line ends (`\n` or `\r\n`), a last line without one included. */
export async function* textLines(file: string): AsyncGenerator<string> {
  // Pieces of a line that spans chunks are joined once, so a 50 MB line is not copied per chunk.
  let pieces: string[] = [];
  const finish = (text: string) => (text.endsWith('\r') ? text.slice(0, -1) : text);
  for await (const chunk of textChunks(file)) {
    let start = 0;
    let newline = chunk.indexOf('\n');
    while (newline >= 0) {
      pieces.push(chunk.slice(start, newline));
      yield finish(pieces.join(''));
      pieces = [];
      start = newline + 1;
      newline = chunk.indexOf('\n', start);
    }
    if (start < chunk.length) pieces.push(chunk.slice(start));
  }
  if (pieces.length > 0) yield finish(pieces.join(''));
}

/** The first `characters` of a file's text (decompressed, without a byte-order mark), for an importer's own look. */
export async function textHead(file: string, characters = 64 * 1024): Promise<string> {
  let head = '';
  for await (const chunk of textChunks(file)) {
    head += chunk;
    if (head.length >= characters) break;
  }
  return head.slice(0, characters);
}
