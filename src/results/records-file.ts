/**
 * Records on disk: `<out>/records/<run>.jsonl` (one line per record) and the run's pack of stored texts beside it
 * (text-pack.ts: the prompts and answers of every call, the compacted contexts), each text stored once whatever
 * number of jobs share it; records written before packs keep theirs in `records/calls/<sha256>.json` and
 * `records/contexts/<sha256>.txt`, and read as they are. Every file is written under a temporary name, then renamed.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync } from 'node:fs';
import { recordFilesOf } from './record-runs.ts';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AbortedError, InputError } from '../errors.ts';
import { writeFileAtomic } from '../files.ts';
import { assertNoSecrets, redactSecrets, redactsPieceByPiece } from '../providers/secrets.ts';
import { describeSchemaProblem } from '../session/json-lines.ts';
import type { ResultsFile } from './types.ts';
import { createPackWriter, packHolds, packPath, readPacked, type StoredKind } from './text-pack.ts';
import { jsonPieces, redactedPieces, type TextPieces } from './text-pieces.ts';
import { type MessageTable, storedTablePieces } from './message-table.ts';
import { promptParts, promptPartsHash, refersToTable, storedPromptPieces } from './prompt-parts.ts';
import { createStagedRecords } from './staged-records.ts';
import * as z from 'zod';
import {
  type AnyRecord,
  contentHash,
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

export type { StoredKind } from './text-pack.ts';
export { replaceBytes } from './staged-records.ts';

/**
 * Stores texts by content hash, each once per run, appended to the run's pack (text-pack.ts); key-like values are
 * stored as `***`. The pack, and the records of each session as it finishes, wait in a staging folder under `--out`
 * until {@link ContentStore.finish} writes the records file (its header naming the pack) and renames the pack's
 * files, then the records file, into `records/` in one synchronous step: a run stopped by Ctrl-C (or failing)
 * leaves no records, and {@link ContentStore.discard} removes what was staged.
 */
export type ContentStore = {
  /** Stores a text (a long one may come as its pieces: text-pieces.ts); returns its hash. */
  put(kind: StoredKind, text: string | TextPieces): Promise<string>;
  /**
   * Stores a call's prompt; returns the SHA-256 of its JSON text (`{"system","prompt"}`). Given its session's
   * rendered messages, what it shares with them is stored as references to them (prompt-parts.ts), the table once.
   */
  putPrompt(request: { system: string; prompt: string }, messages?: MessageTable): Promise<string>;
  /**
   * The run name records carry while staged: the real one hashes every planned job, so it is known only once
   * the last session is planned; {@link ContentStore.finish} writes the real one in its place.
   */
  pendingRun: string;
  /** The name of the run's pack in `records/`, known from the start: pages written during the run link into it. */
  pack: string;
  /** Stages one part of the run's records (a session's, numbered in the run's order), so memory need not hold it. */
  stage(part: number, records: readonly AnyRecord[]): Promise<void>;
  /**
   * Writes the run's records file (the header, then the staged parts in order, named after the header's run or
   * `fileStem`, as a shard's is) and
   * moves the pack into `records/`; returns the records file's path.
   */
  finish(header: RunRecord, signal?: AbortSignal, fileStem?: string): Promise<string>;
  /** Whether this run stored a text of that hash. */
  has(kind: StoredKind, hash: string): boolean;
  /** A text stored by this run (key-like values redacted); undefined when it stored none of that hash. */
  read(kind: StoredKind, hash: string): string | undefined;
  /** Removes the staging folder and whatever is still in it. */
  discard(): Promise<void>;
};

/** A content store under `<out>/records/`, its pack named `texts-<UTC date>-<8 random hex digits>`. */
export function createContentStore(out: string, signal?: AbortSignal): ContentStore {
  const directory = recordsDirectory(out);
  const staging = join(out, `.records-staging-${process.pid}-${randomBytes(4).toString('hex')}`);
  // One directory pass: the staging folder is made once, then every text is a line appended to the pack.
  mkdirSync(staging, { recursive: true });
  const pack = `texts-${new Date().toISOString().replace(/[-:]|\.\d+/g, '')}-${randomBytes(4).toString('hex')}`;
  const packed = createPackWriter(staging, pack);
  const pendingRun = `pending-${randomBytes(8).toString('hex')}`;
  const staged = createStagedRecords(staging);
  let finished = false;
  let discarded = false;
  // Nothing is written into a discarded store: a session still running would make files in a folder being removed.
  const refuseDiscarded = (what: string) => {
    if (discarded) throw new Error(`${what} after the run's records store was discarded (${staging})`);
  };
  const recent = recentAnswers();
  const put = async (kind: StoredKind, text: string | TextPieces) => {
    refuseDiscarded(`a ${kind} text stored`);
    const hash = contentHash(text);
    if (signal?.aborted) throw new AbortedError('aborted by the user; no records were written');
    // Written at once, in this turn of the event loop: an asynchronous write goes a chunk per turn, and while
    // scoring holds the thread a long context (and its encoded bytes) stayed in memory for whole strategies.
    // A transcript may quote a key: stored redacted (named by the hash of what was sent), never refused.
    if (!packed.has(kind, hash)) {
      if (typeof text !== 'string') packed.add(kind, hash, redactedPieces(text));
      else {
        const redacted = redactSecrets(text);
        packed.add(kind, hash, redacted);
        if (kind === 'calls') recent.remember(hash, redacted);
      }
    }
    // A turn of the event loop, as the asynchronous write gave: a Ctrl-C's handler runs before the job's
    // progress line is printed (after the interrupted line, nothing more is).
    await nextTurn();
    return hash;
  };
  return {
    put,
    async putPrompt(request, messages) {
      // By parts only where each part may be redacted on its own (a key variable's value with a space or a quote
      // in it could reach across a part's edge).
      refuseDiscarded('a prompt stored');
      const parts = messages && redactsPieceByPiece() ? promptParts(request.prompt, messages) : undefined;
      if (!parts || !refersToTable(parts))
        return put('calls', jsonPieces({ system: request.system, prompt: request.prompt }));
      const hash = promptPartsHash(request.system, parts, messages!);
      if (signal?.aborted) throw new AbortedError('aborted by the user; no records were written');
      if (!packed.has('calls', hash)) {
        packed.add('calls', messages!.hash, storedTablePieces(messages!), 'messages');
        packed.add('calls', hash, storedPromptPieces(request.system, parts, messages!), 'parts');
      }
      await nextTurn();
      return hash;
    },
    has(kind, hash) {
      return packed.has(kind, hash) || (finished && packHolds(packPath(directory, pack, kind), kind, hash));
    },
    read(kind, hash) {
      return (
        (kind === 'calls' ? recent.get(hash) : undefined) ??
        packed.read(kind, hash) ??
        (finished ? readPacked(packPath(directory, pack, kind), kind, hash) : undefined)
      );
    },
    pendingRun,
    pack,
    async stage(part, records) {
      refuseDiscarded(`records of part ${part} staged`);
      // Each line's JSON text and its line break as two pieces: joined, the line was copied whole to be checked.
      const texts = records.map((record) => JSON.stringify(record));
      for (const text of texts) assertNoSecrets(text, join(directory, `${pendingRun}.jsonl`));
      staged.append(part, linesOf(texts));
    },
    async finish(runHeader, finishSignal, fileStem = runHeader.run) {
      refuseDiscarded('the records file written');
      const run = runHeader.run;
      const path = join(directory, `${fileStem}.jsonl`);
      const packFiles = packed.close();
      const header: RunRecord = packFiles.length > 0 ? { ...runHeader, texts: [pack] } : runHeader;
      const headerLine = `${JSON.stringify(header)}\n`;
      assertNoSecrets(headerLine, path);
      const temporary = join(staging, `${run}.jsonl`);
      const file = await open(temporary, 'w');
      try {
        await file.write(headerLine);
        await staged.copyInOrder(
          file,
          Buffer.from(`"run":"${pendingRun}"`),
          Buffer.from(`"run":${JSON.stringify(run)}`),
        );
      } finally {
        await file.close();
        staged.close();
      }
      await mkdir(directory, { recursive: true });
      // Checked and renamed in one synchronous step, the pack first: after a Ctrl-C nothing lands in records/,
      // and a records file is never there without the texts it names.
      if (finishSignal?.aborted) throw new AbortedError('aborted by the user; no records were written');
      for (const packFile of packFiles) renameSync(packFile, join(directory, basename(packFile)));
      renameSync(temporary, path);
      finished = true;
      return path;
    },
    async discard() {
      discarded = true;
      packed.close();
      staged.close();
      await rm(staging, { recursive: true, force: true });
    },
  };
}

/** JSON texts as the pieces of their lines: each text, then its line break. */
function* linesOf(texts: readonly string[]): Generator<string> {
  for (const text of texts) {
    yield text;
    yield '\n';
  }
}

// A stored call text this long or longer is read back from the pack, not kept; and no more than this many characters
// are kept in all.
const RECENT_TEXT_CHARS = 1 << 16;
const RECENT_CHARS = 1 << 21;

/**
 * The call texts stored lately (answers: a prompt is stored by parts or in pieces), as {@link ContentStore.read}
 * gives them back: a session's page reads each of its calls' answers right after they were stored, and reading one
 * from the pack wrote out the pack's pending lines and read the file back (about 1 ms a suite session). A text is
 * let go once read (a second read goes to the pack), and at most {@link RECENT_CHARS} characters are kept: when full
 * it starts again empty (a shard's run writes no page and reads none back).
 */
function recentAnswers(): {
  remember(hash: string, text: string): void;
  get(hash: string): string | undefined;
} {
  let texts = new Map<string, string>();
  let chars = 0;
  return {
    remember(hash, text) {
      if (text.length >= RECENT_TEXT_CHARS) return;
      if (chars + text.length > RECENT_CHARS) {
        texts = new Map();
        chars = 0;
      }
      texts.set(hash, text);
      chars += text.length;
    },
    get(hash) {
      const text = texts.get(hash);
      if (text !== undefined) {
        texts.delete(hash);
        chars -= text.length;
      }
      return text;
    },
  };
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

/** Where a report finds stored calls: whether one is there, its text, and its link (relative to the report). */
export type CallSource = {
  has(hash: string): boolean;
  read(hash: string): string | undefined;
  link(hash: string): string;
};

/** The stored calls of results files' traces: the link of each prompt and answer stored, and each answer's text. */
export function storedCalls(results: readonly ResultsFile[], source: CallSource): StoredCalls {
  const answers = new Map<string, string>();
  const links = new Map<string, string>();
  const trace = results.flatMap((file) => file.strategies.flatMap((strategy) => strategy.trace));
  for (const call of trace) {
    for (const hash of [call.promptHash, call.answerHash]) {
      if (!hash || links.has(hash) || !source.has(hash)) continue;
      links.set(hash, source.link(hash));
      // A prompt is only linked: reading it back (a long session's, per call) would be most of the page's cost.
      const text = hash === call.answerHash ? source.read(hash) : undefined;
      const answer = text === undefined ? undefined : storedAnswer(text);
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
