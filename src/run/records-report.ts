/**
 * Reports from records: any set of records files (several runs, several shards) becomes the results files and
 * reports `compare` would have written, per session and target, with a sweep per session and a suite per target.
 */
import { dirname, join } from 'node:path';
import { InputError } from '../errors.ts';
import type { ReportSource } from '../report/html/probe-matrix.ts';
import { writeSessionReports, writeSuiteReports, writeSweepReport } from '../report/write.ts';
import { reportStem, suiteStem, sweepStem } from '../report-names.ts';
import { aggregateSession, assertComplete } from '../stages/aggregate.ts';
import type { JobRecord, RunRecord, SessionRecord } from '../results/record.ts';
import type { RecordSet } from '../results/records-file.ts';
import type { ResultsFile } from '../results/types.ts';
import { suiteOf } from '../suite/assemble.ts';
import type { SuiteResults } from '../suite/types.ts';

/** The results files a record set stands for, session by session and target by target, and what they were made from. */
export type MergedRecords = {
  runs: RunRecord[];
  sessions: SessionRecord[];
  jobs: JobRecord[];
  results: ResultsFile[];
};

/**
 * Merges records into results files. Shards of a run (or separate runs with one configuration) add up; a job
 * present in several runs counts once when deterministic, else each run's sample is one more sample (as
 * `--runs` would have taken). Runs of different providers, models or tokenizers, or a set with a job missing,
 * are refused with one line saying which.
 */
export function mergeRecords(set: RecordSet): MergedRecords {
  if (set.runs.length === 0)
    throw new InputError('the records hold no run header (records/<run>.jsonl from compare)');
  const runs = set.runs.map(({ record }) => record);
  const configuration = (run: RunRecord) =>
    `${run.provider.id}:${run.provider.model}, tokenizer ${run.tokenizer}, schedule ${run.schedule ?? 'none'}, at-compaction ${run.atCompaction}`;
  const first = runs[0]!;
  for (const run of runs.slice(1)) {
    if (configuration(run) !== configuration(first))
      throw new InputError(
        `runs ${first.run} and ${run.run} ran differently (${configuration(first)} against ${configuration(run)}); report them apart`,
      );
  }
  const sessions = new Map<string, SessionRecord>();
  for (const { record } of set.sessions) {
    const key = sessionKey(record.session, record.target);
    if (!sessions.has(key)) sessions.set(key, record);
  }
  const jobs = pooledJobs(set.jobs.map(({ record }) => record));
  assertComplete(runs, [...sessions.values()], jobs);
  const order = [...new Set(runs.flatMap((run) => run.jobs.map((job) => job.strategy)))];
  const reference = runs.find((run) => run.reference !== null)?.reference ?? undefined;
  const results = [...sessions.values()].map((session) => {
    const own = jobs.filter((job) => job.session === session.session && job.target === session.target);
    return aggregateSession(session, own, order, reference, `${session.session}`);
  });
  return { runs, sessions: [...sessions.values()], jobs, results };
}

/** A job kept once per id when deterministic; the samples of a non-deterministic one from several runs renumbered in turn. */
function pooledJobs(all: readonly JobRecord[]): JobRecord[] {
  const seen = new Set<string>();
  const samples = new Map<string, number>();
  const pooled: JobRecord[] = [];
  for (const job of all) {
    if (job.deterministic) {
      if (seen.has(job.id)) continue;
      seen.add(job.id);
      pooled.push(job);
      continue;
    }
    const key = `${sessionKey(job.session, job.target)}\u0000${job.strategy}`;
    const sample = (samples.get(key) ?? 0) + 1;
    samples.set(key, sample);
    pooled.push(sample === job.sample ? job : { ...job, sample });
  }
  return pooled;
}

function sessionKey(session: string, target: number | null): string {
  return `${session}\u0000${target ?? ''}`;
}

/** What writing the reports of merged records gave: every file, and the HTML page to open per session (or the suite's). */
export type RecordReports = { written: string[]; pages: string[]; suites: SuiteResults[] };

/** Writes each session's reports, a sweep per session with several targets and a suite per target with several sessions. */
export async function writeRecordReports(
  results: readonly ResultsFile[],
  out: string,
  reference: string | undefined,
  signal?: AbortSignal,
  sourceOf?: (file: ResultsFile) => ReportSource,
): Promise<RecordReports> {
  const written: string[] = [];
  const pages: string[] = [];
  const suites: SuiteResults[] = [];
  for (const file of results)
    written.push(...(await writeSessionReports(file, out, signal, sourceOf?.(file))));
  const bySession = groupBy(results, (file) => file.fixture.name);
  for (const files of bySession.values()) {
    if (files.length > 1) {
      // A sweep's page shows no transcript: only its calls' stored texts.
      const calls = sourceOf?.(files[0]!).calls;
      written.push(
        ...(await writeSweepReport(files, out, signal, calls && { messages: [], probes: [], calls })),
      );
      pages.push(join(out, `${sweepStem(files[0]!.fixture.name)}-report.html`));
    } else pages.push(join(out, `${reportStem(files[0]!)}-report.html`));
  }
  for (const sessions of groupBy(results, (file) => String(file.target)).values()) {
    if (sessions.length < 2) continue;
    const suite = suiteOf(sessions, reference);
    suites.push(suite);
    written.push(...(await writeSuiteReports(suite, out, sessions, signal)));
    pages.push(join(out, `${suiteStem(suite)}-report.html`));
  }
  return { written, pages, suites };
}

/** The output folder a records file belongs to: the parent of its `records/` folder. */
export function outputFolderOf(recordsFile: string): string {
  const folder = dirname(recordsFile);
  return folder.endsWith('records') ? dirname(folder) : folder;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
