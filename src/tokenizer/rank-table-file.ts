/**
 * Rank tables stored by the build (`dist/ranks/<encoding>.bin`), so the installed command neither parses
 * js-tiktoken's 2 MB rank module nor builds the table at start-up: the file is read into one buffer and the
 * table's arrays are views of it. A file made from another js-tiktoken (its rank module has another size) is
 * ignored, and the table is built as in development.
 */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RankTable } from './bpe-ranks.ts';
import { packageRoot } from '../package-root.ts';

/** What a stored table holds: the table, the pre-tokenizer pattern, and the size of the module it came from. */
export type StoredTable = { table: RankTable; pattern: string; sourceBytes: number };

/** Where the build stores the table of an encoding. */
export function rankTablePath(encoding: string, root = packageRoot(fileURLToPath(import.meta.url))): string {
  return join(root, 'dist', 'ranks', `${encoding}.bin`);
}

/** The byte size of js-tiktoken's rank module for an encoding: what a stored table must have been made from. */
export function rankModuleBytes(encoding: string): number {
  return statSync(fileURLToPath(import.meta.resolve(`js-tiktoken/ranks/${encoding}`))).size;
}

// Layout: a 4-byte header length, the JSON header, padding to 4 bytes, then bytes | starts | ranks | slots.
type Header = {
  pattern: string;
  sourceBytes: number;
  bytes: number;
  tokens: number;
  slots: number;
  mask: number;
};

/** The file a table is stored as. */
export function serializeRankTable(stored: StoredTable): Buffer {
  const { table } = stored;
  const header: Header = {
    pattern: stored.pattern,
    sourceBytes: stored.sourceBytes,
    bytes: table.bytes.length,
    tokens: table.ranks.length,
    slots: table.slots.length,
    mask: table.mask,
  };
  const json = Buffer.from(JSON.stringify(header));
  const start = align(4 + json.length);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  return Buffer.concat([
    length,
    json,
    Buffer.alloc(start - 4 - json.length),
    padded(Buffer.from(table.bytes.buffer, table.bytes.byteOffset, table.bytes.length)),
    bytesOf(table.starts),
    bytesOf(table.ranks),
    bytesOf(table.slots),
  ]);
}

// Each stored file's bytes, read once by whichever asks first: a prefetch or the tokenizer itself.
const reads = new Map<string, Promise<Buffer | undefined>>();

function readOnce(file: string): Promise<Buffer | undefined> {
  let read = reads.get(file);
  if (!read) {
    read = readFile(file).catch(() => undefined);
    reads.set(file, read);
  }
  return read;
}

/**
 * Starts reading the stored table of `encoding` (5.4 MB for o200k_base) on the thread pool, so a command that will
 * count tokens has it while its own modules load: read when the tokenizer is made, it held the thread 20-30 ms.
 */
export function prefetchRankTable(encoding: string): void {
  readOnce(rankTablePath(encoding));
}

/** The table stored in `file`, if it exists and was made from the rank module now installed (`sourceBytes`). */
export async function readRankTable(file: string, sourceBytes: number): Promise<StoredTable | undefined> {
  const buffer = await readOnce(file);
  // The views below are the table: the bytes are not read again.
  reads.delete(file);
  if (!buffer) return undefined;
  const header = JSON.parse(buffer.toString('utf8', 4, 4 + buffer.readUInt32LE(0))) as Header;
  if (header.sourceBytes !== sourceBytes) return undefined;
  // The 4-byte views below must be aligned: a buffer that starts its own ArrayBuffer is (a file this large is read
  // into one); one in a shared pool is copied.
  const data =
    buffer.byteOffset === 0 && buffer.buffer instanceof ArrayBuffer
      ? buffer.buffer
      : new Uint8Array(buffer).buffer;
  let offset = align(4 + buffer.readUInt32LE(0));
  const take = <T>(
    make: (buffer: ArrayBuffer, offset: number, length: number) => T,
    length: number,
    size: number,
  ) => {
    const view = make(data, offset, length);
    offset += align(length * size);
    return view;
  };
  const table: RankTable = {
    bytes: take((b, o, l) => new Uint8Array(b, o, l), header.bytes, 1),
    starts: take((b, o, l) => new Uint32Array(b, o, l), header.tokens + 1, 4),
    ranks: take((b, o, l) => new Int32Array(b, o, l), header.tokens, 4),
    slots: take((b, o, l) => new Int32Array(b, o, l), header.slots, 4),
    mask: header.mask,
  };
  return { table, pattern: header.pattern, sourceBytes };
}

const align = (bytes: number) => Math.ceil(bytes / 4) * 4;

function padded(bytes: Buffer): Buffer {
  return Buffer.concat([bytes, Buffer.alloc(align(bytes.length) - bytes.length)]);
}

function bytesOf(array: Uint32Array | Int32Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}
