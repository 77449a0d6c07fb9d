/**
 * `score`: re-evaluates stored records with today's evaluators and probes, calling no summarizing model. Each
 * job's stored compacted context is scored again against its session's probes (its sidecar, or `--probes`);
 * the new records go to `<out>/records/<run>.jsonl` and the reports are written as `compare` writes them.
 * Results files written before records existed are rebuilt into records first (`rescore-results.ts`).
 */
import { withCleanup } from '../cleanup.ts';
import { readFile } from 'node:fs/promises';
import pLimit from 'p-limit';
import { InputError } from '../errors.ts';
import { evaluate } from '../evaluators/registry.ts';
import type { EvaluationInput, EvaluatorContext } from '../evaluators/types.ts';
import { createJudgeProvider } from '../quality/judge/run-judge.ts';
import { isLive, parseSidecar, type Probe } from '../quality/probes.ts';
import { createOutputStage } from '../report/output-stage.ts';
import { prepareOutputDirectory } from '../report/write.ts';
import { displayPath, probeEntries } from '../results/assemble.ts';
import { mergeRecords, writeRecordReports } from './records-report.ts';
import { type SessionReference, prefixAt, withProbes } from '../results/session-reference.ts';
import {
  contextHashes,
  type JobRecord,
  type RunRecord,
  type SessionRecord,
  shortHash,
} from '../results/record.ts';
import { describeJob } from '../stages/aggregate.ts';
import { createContentStore, type RecordSet, readRecordSet, writeRecords } from '../results/records-file.ts';
import { carryStoredTexts, readStored } from '../results/stored-texts.ts';
import { recordsFromResults, resultsFilesAmong } from './rescore-results.ts';
import { recordSources, sessionFromRecords } from './recorded-sessions.ts';
import { lastAgentCompaction } from '../strategies/at-compaction.ts';
import { getTokenizer } from '../tokens.ts';

/** What `score` needs. */
export type ScoreOptions = {
  /** Records files, `records/` folders or output folders; or results files (F-results.json) and folders of them. */
  records: readonly string[];
  /** `--probes`: a probe file to score against instead of each session's sidecar (one session only). */
  probes?: string;
  /** `--judge`: also grade with an LLM judge. */
  judge?: string;
  judgeBaseUrl?: string;
  out: string;
  concurrency: number;
  signal?: AbortSignal;
};

/** What `score` wrote: the new records file, every report, the pages to open, and the results. */
export type ScoreOutcome = {
  recordsFile: string;
  written: string[];
  pages: string[];
  sessions: number;
  jobs: number;
  /** Results files only: one line per strategy whose compacted context could not be rebuilt (scored as failed). */
  notRebuilt: string[];
  /** A folder of several runs: which run it took (the newest) and how to take another. */
  choices: string[];
};

/** Re-evaluates every job of the records; no strategy runs and no summarizing model is called. */
export async function scoreRecords(options: ScoreOptions): Promise<ScoreOutcome> {
  const resultsFiles = await resultsFilesAmong(options.records);
  const rebuilt = resultsFiles ? await recordsFromResults(resultsFiles) : undefined;
  const set: RecordSet = rebuilt?.set ?? (await readRecordSet(options.records));
  // Rebuilt contexts live in memory until this scoring stores them; records name them in their own folder.
  const textOf = (job: JobRecord, hash: string): Promise<string> =>
    rebuilt ? Promise.resolve(rebuilt.texts.get(hash)!) : readStored(fileOf.get(job)!, 'contexts', hash);
  const fileOf = new Map(set.jobs.map(({ record, file }) => [record, file]));
  const merged = mergeRecords(set);
  for (const job of merged.jobs) assertScorable(job, fileOf.get(job));
  const header = merged.runs[0]!;
  const tokenizer = await getTokenizer(header.tokenizer);
  const signal = options.signal ?? new AbortController().signal;
  const names = [...new Set(merged.sessions.map((session) => session.session))];
  if (options.probes !== undefined && names.length > 1)
    throw new InputError(
      `--probes ${options.probes}: the records hold ${names.length} sessions; give each its sidecar instead`,
    );
  const override =
    options.probes === undefined
      ? undefined
      : { file: options.probes, probes: await readProbeFile(options.probes) };
  await prepareOutputDirectory(options.out);
  // Everything lands in --out in one step at the end: an interrupted scoring leaves the folder as it was.
  const stage = await createOutputStage(options.out);
  const judge = options.judge
    ? createJudgeProvider(options.judge, options.judgeBaseUrl, { tokenizer })
    : undefined;
  const context: EvaluatorContext = { judge, limit: pLimit(options.concurrency), tokenizer, signal };
  return withCleanup(async () => {
    const facts = new Map<string, SessionReference>();
    for (const name of names) facts.set(name, await sessionReference(name, merged.runs, tokenizer, override));
    const jobs: JobRecord[] = [];
    const run = `${new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')}-${shortHash(
      merged.jobs.map((job) => job.id).join(),
    ).slice(0, 8)}`;
    const frames = new Map(merged.sessions.map((session) => [pointOf(session), session.frame]));
    for (const job of merged.jobs) {
      const full = facts.get(job.session)!;
      const frame = frames.get(pointOf(job));
      const scoredOn = scoringFacts(full, job.strategy, header, frame, tokenizer);
      const [text, ...stored] = await Promise.all(contextHashes(job).map((hash) => textOf(job, hash)));
      const hashes = contextHashes(job).slice(1);
      const input: EvaluationInput = {
        text: text!,
        summary: job.compacted.summary,
        ok: job.status === 'ok',
        reference: scoredOn,
        requiredSections: job.compacted.requiredSections ?? undefined,
        sample: job.sample,
        whole: full,
        chain: job.compacted.chain,
        continuation: job.compacted.continuation,
        texts: new Map(hashes.map((hash, index) => [hash, stored[index]!])),
      };
      const scores = {
        ...(await evaluate(input, context, false)),
        ...(await evaluate(input, context, true)),
      };
      jobs.push({ ...job, run, scores });
    }
    const sessions: SessionRecord[] = merged.sessions.map((session) => {
      const full = facts.get(session.session)!;
      const scoredOn = scoringFacts(full, '', header, session.frame, tokenizer);
      return { ...session, run, frame: reframed(session.frame, scoredOn, judge) };
    });
    const runRecord: RunRecord = {
      ...header,
      run,
      origin: 'score',
      scoredFrom: merged.runs.map((record) => record.run),
      judge: judge ? { id: judge.id, model: judge.model } : null,
      // Every run's sessions, each once: records merged from several runs hold all their jobs.
      sessions: [
        ...new Map(
          merged.runs.flatMap((record) => record.sessions).map((entry) => [entry.name, entry]),
        ).values(),
      ].map((entry) => ({
        ...entry,
        probeSetHash: facts.has(entry.name)
          ? shortHash(JSON.stringify(facts.get(entry.name)!.probes))
          : entry.probeSetHash,
      })),
      jobs: merged.runs.flatMap((record) => record.jobs),
    };
    const rescored = mergeRecords({
      runs: [{ record: runRecord, file: '' }],
      sessions: sessions.map((record) => ({ record, file: '' })),
      jobs: jobs.map((record) => ({ record, file: '' })),
    });
    // The pages show the transcript and the calls as the run stored them, and the probes scored now.
    const calls = (await recordSources(set, rescored.results, options.out, facts)).sourceOf;
    const reports = await writeRecordReports(
      rescored.results,
      stage.directory,
      header.reference ?? undefined,
      signal,
      calls,
    );
    let recordsFile: string;
    if (rebuilt)
      recordsFile = await storeRebuilt(
        stage.directory,
        runRecord,
        [...sessions, ...jobs],
        rebuilt.texts,
        signal,
      );
    else {
      // The texts first, the records file last: records that name a text not yet there are never written.
      const packs = await carryStoredTexts(set.jobs, stage.directory, options.out);
      const header: RunRecord = packs.length > 0 ? { ...runRecord, texts: packs } : runRecord;
      recordsFile = await writeRecords(stage.directory, run, [header, ...sessions, ...jobs], signal);
    }
    await stage.commit(signal);
    return {
      recordsFile: stage.final(recordsFile),
      ...reports,
      written: reports.written.map(stage.final),
      pages: reports.pages.map(stage.final),
      sessions: sessions.length,
      jobs: jobs.length,
      notRebuilt: rebuilt?.notRebuilt ?? [],
      choices: set.choices ?? [],
    };
  }, [() => stage.discard(), () => judge?.close?.()]);
}

/** Writes the records with the rebuilt contexts beside them, so `score` can read this output again. */
async function storeRebuilt(
  out: string,
  header: RunRecord,
  records: ReadonlyArray<SessionRecord | JobRecord>,
  texts: ReadonlyMap<string, string>,
  signal: AbortSignal,
): Promise<string> {
  const store = createContentStore(out, signal);
  return withCleanup(async () => {
    for (const text of texts.values()) await store.put('contexts', text);
    await store.stage(0, records);
    return await store.finish(header, signal);
  }, [() => store.discard()]);
}

/** A session's facts from its transcript as the run read it; a transcript changed since is refused. */
async function sessionReference(
  name: string,
  runs: readonly RunRecord[],
  tokenizer: Awaited<ReturnType<typeof getTokenizer>>,
  override: { file: string; probes: Probe[] } | undefined,
): Promise<SessionReference> {
  const reference = await sessionFromRecords(name, runs, tokenizer);
  // Probes given here are marked live or history at the run's cut, as a sidecar's are.
  return override
    ? { ...(await withProbes(reference, override.probes)), probeFile: override.file }
    : reference;
}

/**
 * What a job is scored against, as the run scored it: the history up to the recorded compaction for the agent's
 * own summary and under `--at-compaction`, the history before the first cut under `--continuation`.
 */
function scoringFacts(
  reference: SessionReference,
  strategy: string,
  header: RunRecord,
  frame: SessionRecord['frame'] | undefined,
  tokenizer: Awaited<ReturnType<typeof getTokenizer>>,
): SessionReference {
  if (strategy === 'recorded' || header.atCompaction) {
    const recorded = lastAgentCompaction(reference.session);
    return recorded ? prefixAt(reference, recorded.messageIndex, tokenizer) : reference;
  }
  const cut = frame?.continuation?.cuts[0];
  return cut === undefined ? reference : prefixAt(reference, cut, tokenizer);
}

/** A session at a target, as jobs and session records name it. */
function pointOf(record: { session: string; target: number | null }): string {
  return JSON.stringify([record.session, record.target]);
}

/**
 * Refuses a job whose chain or continuation figures were computed when it ran and whose outputs were not stored
 * (records or results files of older versions): re-scoring it would show those figures stale.
 */
function assertScorable(job: JobRecord, file: string | undefined): void {
  const stale = [
    ...('chain' in job.outcome && !job.compacted.chain ? ['chain'] : []),
    ...('continuation' in job.outcome && !job.compacted.continuation ? ['continuation'] : []),
  ];
  if (stale.length === 0) return;
  throw new InputError(
    `${file ?? 'the records'}: ${describeJob(job)} holds ${stale.join(' and ')} figures from an older version without the outputs they were computed from, so score cannot re-score them; rerun compare`,
  );
}

/** A session record's frame with the probes scored against now, and the judge of this scoring. */
function reframed(
  frame: SessionRecord['frame'],
  reference: SessionReference,
  judge: { id: string; model: string } | undefined,
): SessionRecord['frame'] {
  const bySource = (source: Probe['source']) =>
    reference.probes.filter((probe) => probe.source === source).length;
  return {
    ...frame,
    fixture: {
      ...frame.fixture,
      probes: reference.probes.length,
      liveProbes: reference.probes.filter(isLive).length,
      probeSources: { sidecar: bySource('sidecar'), derived: bySource('derived'), model: bySource('model') },
      probeFile: reference.probeFile === null ? null : displayPath(reference.probeFile),
    },
    probes: probeEntries(reference.probes),
    judge: judge ? { id: judge.id, model: judge.model } : null,
  };
}

async function readProbeFile(file: string): Promise<Probe[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new InputError(`--probes ${file}: not a readable probe file (${(error as Error).message})`);
  }
  return parseSidecar(json, file).probes;
}
