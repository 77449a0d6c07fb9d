/**
 * A run's records while it runs: one file of its staging folder, each session's part appended as the session ends
 * (its lines encoded into one buffer and written as it fills), then copied part by part, in the parts' order, into
 * the records file with the pending run's name replaced (records-file.ts). A suite staged a file per session, then
 * opened, measured and read each again at the end: one file kept open is one directory pass for the whole run.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { encodedWriter, type EncodedWriter } from '../files.ts';

/** The staged parts of a run's records. */
export type StagedRecords = {
  /** Appends part `part`'s lines (each given as its pieces, a line break ending each line). */
  append(part: number, pieces: Iterable<string>): void;
  /** Writes every part, in the order of their numbers, to `file`, each `from` in its bytes written as `to`. */
  copyInOrder(file: FileHandle, from: Buffer, to: Buffer): Promise<void>;
  /** Closes the staging file (it goes with the staging folder). */
  close(): void;
};

// Bytes of lines held before they are written: a session's part (about 150 kB in a suite) in one write or two.
const HELD_BYTES = 1 << 18;

/** The staged parts of a run in `staging`, their file made when the first part comes. */
export function createStagedRecords(staging: string): StagedRecords {
  let open: { descriptor: number; writer: EncodedWriter } | undefined;
  let closed = false;
  let size = 0;
  const spans = new Map<number, { offset: number; length: number }>();
  return {
    append(part, pieces) {
      if (closed) throw new Error(`the staged records in ${staging} are closed: part ${part} comes too late`);
      if (!open) {
        const descriptor = openSync(join(staging, '.parts.jsonl'), 'wx+');
        open = { descriptor, writer: encodedWriter(descriptor, Buffer.allocUnsafeSlow(HELD_BYTES)) };
      }
      if (spans.has(part)) throw new Error(`part ${part} of the records in ${staging} staged twice`);
      let length = 0;
      for (const piece of pieces) length += open.writer.write(piece);
      spans.set(part, { offset: size, length });
      size += length;
    },
    async copyInOrder(file, from, to) {
      if (!open) return;
      open.writer.flush();
      // Through two buffers reused from part to part: the whole run's records are never in memory at once, and
      // copying them makes no garbage that grows with the run.
      let read = Buffer.alloc(0);
      let written: Filled = { buffer: Buffer.alloc(0), length: 0 };
      for (const part of [...spans.keys()].sort((a, b) => a - b)) {
        const { offset, length } = spans.get(part)!;
        if (read.length < length) read = Buffer.alloc(Math.max(length, read.length * 2));
        for (let at = 0; at < length;) {
          const count = readSync(open.descriptor, read, at, length - at, offset + at);
          if (count === 0) throw new Error(`the staged records in ${staging} end before part ${part} does`);
          at += count;
        }
        written = replaceBytes(read.subarray(0, length), from, to, written.buffer);
        await file.write(written.buffer, 0, written.length);
      }
    },
    close() {
      closed = true;
      if (open) closeSync(open.descriptor);
      open = undefined;
    },
  };
}

/** The reused buffer of a loop, and how many of its bytes are this turn's. */
type Filled = { buffer: Buffer; length: number };

/**
 * `source` with every `from` replaced by `to`, written into `buffer` when it is large enough, else into a new
 * one. Bytes of ASCII text: a match never starts inside a UTF-8 character.
 */
export function replaceBytes(source: Buffer, from: Buffer, to: Buffer, buffer: Buffer): Filled {
  let matches = 0;
  for (let at = source.indexOf(from); at >= 0; at = source.indexOf(from, at + from.length)) matches++;
  const size = source.length + matches * (to.length - from.length);
  const target = buffer.length >= size ? buffer : Buffer.alloc(Math.max(size, buffer.length * 2));
  let length = 0;
  let start = 0;
  for (let at = source.indexOf(from); at >= 0; at = source.indexOf(from, start)) {
    length += source.copy(target, length, start, at);
    length += to.copy(target, length);
    start = at + from.length;
  }
  length += source.copy(target, length, start);
  return { buffer: target, length };
}
