/**
 * The sessions a record set names, read again: the transcript a run header points at (refused when its bytes
 * changed since the run), and what the HTML pages rebuilt from records show beyond the results (the transcript,
 * the probes' facets and each call's stored prompt and answer), so `report` writes the page the run wrote.
 */
import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { InputError, messageOf } from '../errors.ts';
import type { ReportSource } from '../report/html/probe-matrix.ts';
import { contentHash, type RunRecord } from '../results/record.ts';
import { type RecordSet, storedCalls } from '../results/records-file.ts';
import { readStoredText, storedLocation } from '../results/stored-texts.ts';
import { type SessionReference, sessionReference } from '../results/session-reference.ts';
import type { ResultsFile } from '../results/types.ts';
import { loadSession } from '../session/load.ts';
import { getTokenizer, type Tokenizer } from '../tokens.ts';

/** A session's facts from its transcript as the run read it; a transcript changed since is refused. */
export async function sessionFromRecords(
  name: string,
  runs: readonly RunRecord[],
  tokenizer: Tokenizer,
): Promise<SessionReference> {
  const run = runs.find((candidate) => candidate.sessions.some((session) => session.name === name));
  const entry = run?.sessions.find((session) => session.name === name);
  if (!entry) throw new InputError(`session ${name}: not named in any run header of the records`);
  const bytes = await readFile(entry.path).catch((error: unknown) => {
    throw new InputError(`${entry.path}: the transcript of ${name} cannot be read (${messageOf(error)})`);
  });
  if (contentHash(bytes) !== entry.contentHash)
    throw new InputError(
      `${entry.path}: the transcript changed since the run (its SHA-256 differs); rerun compare`,
    );
  // The branch a run at a recorded compaction took (the active one, or the one holding the compaction).
  const needsCompaction = run!.atCompaction || run!.schedule?.startsWith('recorded') === true;
  const session = { ...(await loadSession(entry.path, { needsCompaction })), name };
  return sessionReference(session, tokenizer);
}

/** A report source per results file, and why a session's transcript is not in its page. */
export type RecordSources = { sourceOf(file: ResultsFile): ReportSource; notices: string[] };

/**
 * What each page rebuilt from `set` into `out` shows beyond its results: the transcript (up to the messages the
 * run measured), the probes whose id, question and answer are the run's (their facets), and the calls' stored
 * texts, linked relative to `out`. A transcript that is gone or changed leaves the page without it, and says so.
 * `known`: sessions already read (by name), as `score` read them.
 */
export async function recordSources(
  set: RecordSet,
  results: readonly ResultsFile[],
  out: string,
  known: ReadonlyMap<string, SessionReference> = new Map(),
): Promise<RecordSources> {
  const runs = set.runs.map(({ record }) => record);
  const tokenizer = await getTokenizer(runs[0]!.tokenizer);
  const notices: string[] = [];
  const sessions = new Map<string, SessionReference | undefined>();
  for (const name of new Set(results.map((file) => file.fixture.name))) {
    try {
      sessions.set(name, known.get(name) ?? (await sessionFromRecords(name, runs, tokenizer)));
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      notices.push(`${messageOf(error)}: its pages are written without the transcript`);
      sessions.set(name, undefined);
    }
  }
  // A call's texts are in the pack (or, written before packs, the `calls/` folder) of the records file of its job.
  const fileOf = new Map<string, string>();
  for (const { record, file } of set.jobs)
    for (const call of record.calls)
      for (const hash of [call.promptHash, call.answerHash]) if (hash) fileOf.set(hash, file);
  const locationOf = (hash: string) =>
    fileOf.has(hash) ? storedLocation(fileOf.get(hash)!, 'calls', hash) : undefined;
  const calls = storedCalls(results, {
    has: (hash) => locationOf(hash) !== undefined,
    read: (hash) => readStoredText(fileOf.get(hash)!, 'calls', hash),
    link: (hash) => {
      const [path, anchor] = locationOf(hash)!.split('#');
      return relative(out, path!).split(sep).join('/') + (anchor ? `#${anchor}` : '');
    },
  });
  return {
    notices,
    sourceOf(file) {
      const reference = sessions.get(file.fixture.name);
      if (!reference) return { messages: [], probes: [], calls };
      const same = new Set(
        file.probes.map((probe) => JSON.stringify([probe.id, probe.question, probe.answer])),
      );
      return {
        messages: reference.session.messages.slice(0, file.fixture.messages),
        probes: reference.probes.filter((probe) =>
          same.has(JSON.stringify([probe.id, probe.question, probe.answer])),
        ),
        calls,
      };
    },
  };
}
