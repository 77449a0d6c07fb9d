/**
 * Reading a records file's stored texts: from the packs its run header names (text-pack.ts), or, in records written
 * before packs, from `calls/<sha256>.json` and `contexts/<sha256>.txt` beside it; and carrying them into another
 * records folder.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { InputError } from '../errors.ts';
import { copyFileAtomic } from '../files.ts';
import { contextHashes, type JobRecord } from './record.ts';
import { recordsDirectory, storedPath } from './records-file.ts';
import { packHolds, packPath, readPacked, type StoredKind } from './text-pack.ts';

/**
 * Copies the stored texts jobs refer to from the records they were read from into `out`'s records: their packs
 * whole, each under a temporary name then renamed, and texts of records written before packs one file each. Records
 * written elsewhere (by `score`) can then be read again on their own; returns the packs, which their header names.
 * A file already there (or in the records of `landing`, the folder `out` is staged for), or one the source lacks,
 * is left as it is.
 */
export async function carryStoredTexts(
  jobs: ReadonlyArray<{ record: JobRecord; file: string }>,
  out: string,
  landing = out,
): Promise<string[]> {
  const target = recordsDirectory(out);
  const landed = recordsDirectory(landing);
  const seen = new Set<string>();
  const packs = new Set<string>();
  const carry = async (from: string, name: string) => {
    const to = join(target, name);
    if (seen.has(to)) return;
    seen.add(to);
    if (await exists(join(landed, name))) return;
    if (!(await exists(to)) && (await exists(from))) await copyFileAtomic(from, to);
  };
  for (const { record, file } of jobs) {
    const source = dirname(file);
    const here = resolve(source) === resolve(target) || resolve(source) === resolve(landed);
    const filePacks = packsOf(file);
    for (const pack of filePacks) {
      packs.add(pack);
      if (here) continue;
      for (const kind of STORED_KINDS) {
        const path = packPath(source, pack, kind);
        await carry(path, relative(source, path));
      }
    }
    if (here || filePacks.length > 0) continue;
    const texts: Array<[StoredKind, string]> = contextHashes(record).map((hash) => ['contexts', hash]);
    for (const call of record.calls)
      for (const hash of [call.promptHash, call.answerHash]) if (hash !== null) texts.push(['calls', hash]);
    for (const [kind, hash] of texts) {
      const from = storedPath(source, kind, hash);
      await carry(from, relative(source, from));
    }
  }
  return [...packs];
}

const STORED_KINDS: readonly StoredKind[] = ['calls', 'contexts'];

// The packs each records file's header names, read once per file.
const packsByFile = new Map<string, readonly string[]>();

/** The packs a records file's header names (none in records written before packs, or in a file without a header). */
export function packsOf(recordsFile: string): readonly string[] {
  // By path and version: a records file written again under its name (a rerun within the second) is read again.
  const info = statSync(recordsFile, { throwIfNoEntry: false });
  const key = `${recordsFile}\0${info?.mtimeMs}\0${info?.size}`;
  let packs = packsByFile.get(key);
  if (packs === undefined) {
    packs = [];
    try {
      const header = JSON.parse(firstLine(recordsFile)) as { kind?: unknown; texts?: unknown };
      if (header.kind === 'run' && Array.isArray(header.texts)) packs = header.texts.map(String);
    } catch {
      // Not a records file with a header: it names no pack.
    }
    packsByFile.set(key, packs);
  }
  return packs;
}

/** A file's first line, read a chunk at a time (a run header lists every job: it can be long). */
function firstLine(path: string): string {
  const descriptor = openSync(path, 'r');
  try {
    const chunks: Buffer[] = [];
    const chunk = Buffer.allocUnsafe(1 << 16);
    for (let position = 0; ;) {
      const count = readSync(descriptor, chunk, 0, chunk.length, position);
      if (count === 0) break;
      const end = chunk.subarray(0, count).indexOf(10);
      chunks.push(Buffer.from(chunk.subarray(0, end < 0 ? count : end)));
      if (end >= 0) break;
      position += count;
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Where a records file's stored text is: `<pack file>#<hash>` in one of the packs its header names, or the file of
 * records written before packs (`calls/<hash>.json`, `contexts/<hash>.txt`); undefined when it is in neither.
 */
export function storedLocation(recordsFile: string, kind: StoredKind, hash: string): string | undefined {
  const directory = dirname(recordsFile);
  for (const pack of packsOf(recordsFile)) {
    const path = packPath(directory, pack, kind);
    if (packHolds(path, kind, hash)) return `${path}#${hash}`;
  }
  const path = storedPath(directory, kind, hash);
  return existsSync(path) ? path : undefined;
}

/** A stored text of a records file (see {@link storedLocation}); undefined when it is not there. */
export function readStoredText(recordsFile: string, kind: StoredKind, hash: string): string | undefined {
  const directory = dirname(recordsFile);
  for (const pack of packsOf(recordsFile)) {
    const text = readPacked(packPath(directory, pack, kind), kind, hash);
    if (text !== undefined) return text;
  }
  try {
    return readFileSync(storedPath(directory, kind, hash), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Reads a stored text of a records file's folder; a missing one is an {@link InputError}. */
export async function readStored(recordsFile: string, kind: StoredKind, hash: string): Promise<string> {
  const text = readStoredText(recordsFile, kind, hash);
  if (text !== undefined) return text;
  const packs = packsOf(recordsFile);
  const where =
    packs.length > 0
      ? packPath(dirname(recordsFile), packs[0]!, kind)
      : storedPath(dirname(recordsFile), kind, hash);
  throw new InputError(`${where}: ${hash} missing (the records of ${basename(recordsFile)} refer to it)`);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
