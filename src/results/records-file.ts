/**
 * Records on disk: `<out>/records/<run>.jsonl` (one line per record), the prompts and answers of every call in
 * `<out>/records/calls/<sha256>.json` and the compacted contexts in `<out>/records/contexts/<sha256>.txt`, each
 * stored once whatever number of jobs share it. Every file is written under a temporary name, then renamed.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, opendirSync, renameSync, writeFileSync } from 'node:fs';
import { recordFilesOf } from './record-runs.ts';
import { access, mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AbortedError, InputError } from '../errors.ts';
import { copyFileAtomic, writeFileAtomic } from '../files.ts';
import { assertNoSecrets, redactSecrets } from '../providers/secrets.ts';
import { describeSchemaProblem } from '../session/json-lines.ts';
import type { ResultsFile } from './types.ts';
import { z } from 'zod';
import {
  type AnyRecord,
  contentHash,
  contextHashes,
  type GateRecord,
  type JobRecord,
  recordSchema,
  type RunRecord,
  type SessionRecord,
} from './record.ts';

/** The folder of a run's records under `--out`. */
export function recordsDirectory(out: string): string {
  return join(out, 'records');
}

/** What kind of stored text: a call's prompt or answer, or a job's compacted context. */
export type StoredKind = 'calls' | 'contexts';

/**
 * Stores texts by content hash, each once per folder (a second job with the same prompt writes nothing);
 * key-like values are stored as `***`. Texts, and the records of each session as it finishes, wait in a staging
 * folder under `--out` until {@link ContentStore.finish} writes the records file and moves it, with every text,
 * into `records/` in one synchronous step: a run stopped by Ctrl-C (or failing) leaves no records, and {@link
 * ContentStore.discard} removes what was staged.
 */
export type ContentStore = {
  /** Stores a text; returns its hash. */
  put(kind: StoredKind, text: string): Promise<string>;
  /**
   * The run name records carry while staged: the real one hashes every planned job, so it is known only once
   * the last session is planned; {@link ContentStore.finish} writes the real one in its place.
   */
  pendingRun: string;
  /** Stages one part of the run's records (a session's, numbered in the run's order), so memory need not hold it. */
  stage(part: number, records: readonly AnyRecord[]): Promise<void>;
  /**
   * Writes the run's records file (the header, then the staged parts in order, named after the header's run or
   * `fileStem`, as a shard's is) and
   * moves every staged text into `records/`; returns the records file's path.
   */
  finish(header: RunRecord, signal?: AbortSignal, fileStem?: string): Promise<string>;
  /** A stored text as written (key-like values redacted), staged or already in `records/`. */
  read(kind: StoredKind, hash: string): Promise<string>;
  /** Removes the staging folder and whatever is still in it. */
  discard(): Promise<void>;
};

/**
 * A content store under `<out>/records/`; `landing`, the output folder `out` is staged for, already holds texts that
 * need not be stored again.
 */
export function createContentStore(out: string, signal?: AbortSignal, landing?: string): ContentStore {
  const directory = recordsDirectory(out);
  const landed = landing === undefined ? undefined : recordsDirectory(landing);
  const staging = join(out, `.records-staging-${process.pid}-${randomBytes(4).toString('hex')}`);
  // The staging folders made: a folder is made once, not once per text.
  const made = new Set<string>();
  const makeFolder = (folder: string) => {
    if (made.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  };
  const pendingRun = `pending-${randomBytes(8).toString('hex')}`;
  const parts: number[] = [];
  const partPath = (part: number) => join(staging, `part-${part}.jsonl`);
  return {
    async put(kind, text) {
      const hash = contentHash(text);
      if (signal?.aborted) throw new AbortedError('aborted by the user; no records were written');
      const temporary = storedPath(staging, kind, hash);
      makeFolder(dirname(temporary));
      // Written at once, in this turn of the event loop: an asynchronous write goes a chunk per turn, and while
      // scoring holds the thread a long context (and its encoded bytes) stayed in memory for whole strategies.
      // No existence check first (two system calls per text were 5–8% of a suite): a text staged already is the
      // file that refuses to be created, and one stored by an earlier run into this folder is staged again and
      // renamed over itself, the same bytes under the same hash. A transcript may quote a key: stored redacted
      // (named by the hash of what was sent), never refused.
      try {
        writeFileSync(temporary, redactSecrets(text), { encoding: 'utf8', flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      // A turn of the event loop, as the asynchronous write gave: a Ctrl-C's handler runs before the job's
      // progress line is printed (after the interrupted line, nothing more is).
      await nextTurn();
      return hash;
    },
    async read(kind, hash) {
      const path = storedPath(directory, kind, hash);
      const fallback = (next: string) => (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        return readFile(next, 'utf8');
      };
      const stored = readFile(storedPath(staging, kind, hash), 'utf8').catch(fallback(path));
      return landed ? stored.catch(fallback(storedPath(landed, kind, hash))) : stored;
    },
    pendingRun,
    async stage(part, records) {
      const lines = records.map((record) => `${JSON.stringify(record)}\n`);
      for (const line of lines) assertNoSecrets(line, join(directory, `${pendingRun}.jsonl`));
      makeFolder(staging);
      await writeFile(partPath(part), lines);
      parts.push(part);
    },
    async finish(header, finishSignal, fileStem = header.run) {
      const run = header.run;
      const path = join(directory, `${fileStem}.jsonl`);
      const headerLine = `${JSON.stringify(header)}\n`;
      assertNoSecrets(headerLine, path);
      const temporary = join(staging, `${run}.jsonl`);
      await mkdir(staging, { recursive: true });
      const file = await open(temporary, 'w');
      try {
        await file.write(headerLine);
        // One session's part at a time, through two buffers reused from part to part: the whole run's records
        // are never in memory at once, and copying them makes no garbage that grows with the run.
        const from = Buffer.from(`"run":"${pendingRun}"`);
        const to = Buffer.from(`"run":${JSON.stringify(run)}`);
        let read: Filled = { buffer: Buffer.alloc(0), length: 0 };
        let written: Filled = { buffer: Buffer.alloc(0), length: 0 };
        for (const part of [...parts].sort((a, b) => a - b)) {
          read = await readWhole(partPath(part), read.buffer);
          written = replaceBytes(read.buffer.subarray(0, read.length), from, to, written.buffer);
          await file.write(written.buffer, 0, written.length);
        }
      } finally {
        await file.close();
      }
      for (const kind of STORED_KINDS) {
        await mkdir(join(directory, kind), { recursive: true });
        await mkdir(join(staging, kind), { recursive: true });
      }
      // Checked and renamed in one synchronous step: after a Ctrl-C nothing lands in records/.
      if (finishSignal?.aborted) throw new AbortedError('aborted by the user; no records were written');
      for (const kind of STORED_KINDS) moveEntries(join(staging, kind), join(directory, kind));
      renameSync(temporary, path);
      return path;
    },
    async discard() {
      await rm(staging, { recursive: true, force: true });
    },
  };
}

const STORED_KINDS: readonly StoredKind[] = ['calls', 'contexts'];

/** The reused buffer of a loop, and how many of its bytes are this turn's. */
type Filled = { buffer: Buffer; length: number };

/** A whole file's bytes, read into `buffer` when it is large enough, else into a new one. */
async function readWhole(path: string, buffer: Buffer): Promise<Filled> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const target = buffer.length >= size ? buffer : Buffer.alloc(Math.max(size, buffer.length * 2));
    let length = 0;
    while (length < size) {
      const { bytesRead } = await file.read(target, length, size - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return { buffer: target, length };
  } finally {
    await file.close();
  }
}

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

/**
 * Renames every file of `from` into `to`, one directory entry at a time (a run's texts are never listed at once).
 * Whether a listing returns an entry renamed during it is unspecified, so it lists again until nothing is left.
 */
function moveEntries(from: string, to: string): void {
  for (let moved = 1; moved > 0;) {
    moved = 0;
    const entries = opendirSync(from);
    try {
      for (let entry = entries.readSync(); entry !== null; entry = entries.readSync()) {
        renameSync(join(from, entry.name), join(to, entry.name));
        moved++;
      }
    } finally {
      entries.closeSync();
    }
  }
}

/** Where a stored text lives: calls as JSON (`{system, prompt}` or `{answer}`), contexts as plain text. */
export function storedPath(directory: string, kind: StoredKind, hash: string): string {
  return join(directory, kind, `${hash}.${kind === 'calls' ? 'json' : 'txt'}`);
}

/**
 * The calls' stored texts a report can show: each answer by its hash, and the link (relative to the report) of
 * each stored prompt and answer file. A hash missing from both is a call whose texts are not beside the report.
 */
export type StoredCalls = { answers: ReadonlyMap<string, string>; links: ReadonlyMap<string, string> };

const storedAnswerSchema = z.object({ answer: z.string() });

/** The answer of a stored answer's text; undefined when the file holds something else. */
function storedAnswer(text: string): string | undefined {
  try {
    const parsed = storedAnswerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.answer : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The stored calls of results files' traces: `read` gives a stored call's text (undefined when it is not there)
 * and `link` where the report finds its file.
 */
export async function storedCalls(
  results: readonly ResultsFile[],
  read: (hash: string) => Promise<string | undefined>,
  link: (hash: string) => string,
): Promise<StoredCalls> {
  const answers = new Map<string, string>();
  const links = new Map<string, string>();
  const trace = results.flatMap((file) => file.strategies.flatMap((strategy) => strategy.trace));
  for (const call of trace) {
    for (const hash of [call.promptHash, call.answerHash]) {
      if (!hash || links.has(hash)) continue;
      const text = await read(hash);
      if (text === undefined) continue;
      links.set(hash, link(hash));
      const answer = hash === call.answerHash ? storedAnswer(text) : undefined;
      if (answer !== undefined) answers.set(hash, answer);
    }
  }
  return { answers, links };
}

/** Writes a run's records as `records/<run>.jsonl`, atomically, when it stored no texts (`score`); returns its path. */
export async function writeRecords(
  out: string,
  run: string,
  records: readonly AnyRecord[],
  signal?: AbortSignal,
): Promise<string> {
  const path = join(recordsDirectory(out), `${run}.jsonl`);
  const lines = records.map((record) => `${JSON.stringify(record)}\n`);
  for (const line of lines) assertNoSecrets(line, path);
  if (signal?.aborted) throw new AbortedError('aborted by the user; no records were written');
  await writeFileAtomic(path, lines);
  return path;
}

/**
 * Copies the stored texts jobs refer to (each context, each call's prompt and answer) from the records they were
 * read from into `out`'s records, each once, under a temporary name then renamed: records written elsewhere (by
 * `score`) can then be read again on their own. A text already there (or in the records of `landing`, the folder
 * `out` is staged for), or one the source lacks, is left as it is.
 */
export async function carryStoredTexts(
  jobs: ReadonlyArray<{ record: JobRecord; file: string }>,
  out: string,
  landing = out,
): Promise<void> {
  const target = recordsDirectory(out);
  const landed = recordsDirectory(landing);
  const seen = new Set<string>();
  for (const { record, file } of jobs) {
    const source = dirname(file);
    if (resolve(source) === resolve(target) || resolve(source) === resolve(landed)) continue;
    const texts: Array<[StoredKind, string]> = contextHashes(record).map((hash) => ['contexts', hash]);
    for (const call of record.calls)
      for (const hash of [call.promptHash, call.answerHash]) if (hash !== null) texts.push(['calls', hash]);
    for (const [kind, hash] of texts) {
      const to = storedPath(target, kind, hash);
      if (seen.has(to)) continue;
      seen.add(to);
      const from = storedPath(source, kind, hash);
      if (await exists(storedPath(landed, kind, hash))) continue;
      if (!(await exists(to)) && (await exists(from))) await copyFileAtomic(from, to);
    }
  }
}

/** A set of records read from disk, each with the file it came from. */
export type RecordSet = {
  runs: Array<{ record: RunRecord; file: string }>;
  sessions: Array<{ record: SessionRecord; file: string }>;
  jobs: Array<{ record: JobRecord; file: string }>;
  /** The gate's outcome of each `check` run read (none for a compare's records). */
  gates?: Array<{ record: GateRecord; file: string }>;
  /**
   * For each folder that held several runs: which run it stood for (the newest) and how to take another, one line
   * each, for the command to say.
   */
  choices?: string[];
};

/**
 * Reads records files: `.jsonl` files (every one given), `records/` folders, or output folders holding one (the
 * newest run there). A line that is not a record of this version is an {@link InputError} naming the file and line.
 */
export async function readRecordSet(paths: readonly string[]): Promise<RecordSet> {
  const set: RecordSet = { runs: [], sessions: [], jobs: [], gates: [], choices: [] };
  for (const path of paths) {
    const { files, choice } = await recordFilesOf(path);
    if (choice) set.choices!.push(choice);
    for (const file of files) {
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        if (line.trim() === '') return;
        const where = `${file}:${index + 1}`;
        let json: unknown;
        try {
          json = JSON.parse(line);
        } catch (error) {
          throw new InputError(`${where}: not JSON (${(error as Error).message})`);
        }
        const parsed = recordSchema.safeParse(json);
        if (!parsed.success) throw new InputError(`${where}: ${describeSchemaProblem(parsed.error)}`);
        // Kept as written: parsing reorders keys, and the results file shows them in the order they were made.
        const record = json as AnyRecord;
        if (record.kind === 'run') set.runs.push({ record, file });
        else if (record.kind === 'session') set.sessions.push({ record, file });
        else if (record.kind === 'gate') set.gates!.push({ record, file });
        else set.jobs.push({ record, file });
      });
    }
  }
  return set;
}

/** Reads a stored text of a records file's folder; a missing one is an {@link InputError}. */
export async function readStored(recordsFile: string, kind: StoredKind, hash: string): Promise<string> {
  const path = storedPath(dirname(recordsFile), kind, hash);
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(`${path}: missing (the records of ${basename(recordsFile)} refer to it)`, {
      cause: error,
    });
  }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
