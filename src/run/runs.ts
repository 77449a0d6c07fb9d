/**
 * `runs`: every run an output folder holds (its `records/`), newest first, each with its verdict; and the diff of
 * two of them: what each strategy gained and lost, fact by fact, on the sessions both ran.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { InputError, messageOf } from '../errors.ts';
import { mergeRecords } from './records-report.ts';
import { reportStem, suiteStem, sweepStem } from '../report-names.ts';
import { runVerdicts } from '../report/run-verdict.ts';
import type { RunDiff, RunEntry, RunGate, RunKind, RunList, StrategyChange } from '../report/runs.ts';
import type { GateRecord } from '../results/record.ts';
import { digestOf } from '../results/digest.ts';
import { readRecordSet, recordsDirectory } from '../results/records-file.ts';
import type { ResultsFile } from '../results/types.ts';
import { suiteOf } from '../suite/assemble.ts';
import { factChanges } from '../suite/fact-diff.ts';
import type { SuiteResults } from '../suite/types.ts';

/** A run with its results, as a diff reads it. */
type LoadedRun = { entry: RunEntry; results: ResultsFile[]; suites: SuiteResults[] };

/** `20261128T192345Z-…` → `2026-11-28T19:23:45Z`. */
function dateOf(run: string): string {
  const found = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z/.exec(run);
  return found ? `${found[1]}-${found[2]}-${found[3]}T${found[4]}:${found[5]}:${found[6]}Z` : run;
}

function kindOf(results: readonly ResultsFile[], atCompaction: boolean): RunKind {
  if (results.some((file) => file.schedule !== undefined)) return 'chain';
  if (results.some((file) => file.continuation !== undefined)) return 'continuation';
  if (atCompaction) return 'at-compaction';
  if (new Set(results.map((file) => file.fixture.name)).size > 1) return 'suite';
  return new Set(results.map((file) => file.target)).size > 1 ? 'sweep' : 'session';
}

/** The suites of results, one per target with several sessions (as compare makes them). */
function suitesOf(results: readonly ResultsFile[], reference: string | undefined): SuiteResults[] {
  const byTarget = new Map<string, ResultsFile[]>();
  for (const file of results)
    byTarget.set(String(file.target), [...(byTarget.get(String(file.target)) ?? []), file]);
  return [...byTarget.values()].filter((files) => files.length > 1).map((files) => suiteOf(files, reference));
}

/** The report pages a run's results are written to, the one to open first. */
function pagesOf(results: readonly ResultsFile[], suites: readonly SuiteResults[]): string[] {
  const fixtures = new Map<string, number>();
  for (const file of results) fixtures.set(file.fixture.name, (fixtures.get(file.fixture.name) ?? 0) + 1);
  return [
    ...suites.map((suite) => `${suiteStem(suite)}-report.html`),
    ...[...fixtures].filter(([, count]) => count > 1).map(([name]) => `${sweepStem(name)}-report.html`),
    ...results.map((file) => `${reportStem(file)}-report.html`),
  ];
}

/** What the list says of a check's gate, from the gate record it wrote (none for a compare). */
function gateOf(record: GateRecord | undefined): RunGate | null {
  if (!record) return null;
  const { passed, exitCode, checks, failures, report } = record;
  return { passed, exitCode, checks, failures: failures.map((failure) => failure.message), report };
}

/** One records file as a run: its header, and its results and verdict when its records are whole. */
async function loadRun(file: string): Promise<LoadedRun> {
  const set = await readRecordSet([file]);
  const header = set.runs[0]?.record;
  if (!header) throw new InputError(`${file}: no run header (records/<run>.jsonl from compare)`);
  const entry: RunEntry = {
    run: header.run,
    file,
    date: dateOf(header.run),
    origin: header.origin,
    kind: header.schedule ? 'chain' : header.atCompaction ? 'at-compaction' : 'session',
    provider: header.provider.isLanguageModel
      ? `${header.provider.id}:${header.provider.model}`
      : header.provider.id,
    sessions: header.sessions.map((session) => session.name),
    strategies: [...new Set(header.jobs.map((job) => job.strategy))],
    targets: [...new Set(header.jobs.map((job) => job.target))],
    verdict: null,
    gate: gateOf(set.gates?.[0]?.record),
    problem: null,
    pages: [],
  };
  try {
    const { results } = mergeRecords(set);
    const suites = suitesOf(results, header.reference ?? undefined);
    entry.kind = kindOf(results, header.atCompaction);
    entry.verdict = runVerdicts(results, suites, results.map(digestOf))[0]?.verdict ?? null;
    entry.pages = [...pagesOf(results, suites), ...(entry.gate ? [entry.gate.report] : [])];
    return { entry, results, suites };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    entry.problem = messageOf(error);
    return { entry, results: [], suites: [] };
  }
}

/** The records files of an output folder, newest first (by run id, which starts with its UTC time). */
async function recordFiles(folder: string): Promise<string[]> {
  const directory = recordsDirectory(folder);
  const names = await readdir(directory).catch(() => {
    throw new InputError(`${folder}: no records/ folder (an output folder of compare or check holds one)`);
  });
  return names
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .reverse()
    .map((name) => join(directory, name));
}

/** Every run of an output folder, newest first; a page is listed with the newest run that wrote it, if it is there. */
export async function listRuns(folder: string): Promise<RunList> {
  const runs: RunEntry[] = [];
  for (const file of await recordFiles(folder)) runs.push((await loadRun(file)).entry);
  const owned = new Set<string>();
  for (const entry of runs) {
    entry.pages = entry.pages.filter((page) => !owned.has(page) && existsSync(join(folder, page)));
    for (const page of entry.pages) owned.add(page);
  }
  return { folder, runs };
}

/** A run by its id or the start of it (`20261128T19`), or by its records file's name. */
function pick(files: readonly string[], wanted: string): string {
  const found = files.filter((file) => basename(file).startsWith(wanted) || file === wanted);
  if (found.length === 1) return found[0]!;
  const known = files.map((file) => basename(file, '.jsonl')).join(', ');
  throw new InputError(
    found.length === 0
      ? `--diff ${wanted}: no such run in this folder; runs: ${known}`
      : `--diff ${wanted}: names ${found.length} runs (${found.map((file) => basename(file, '.jsonl')).join(', ')}); give more of the id`,
  );
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The diff of two runs of a folder: `runs` names none (the two newest), one (it against the one before it) or two
 * (the earlier against the later, whichever order they are given in).
 */
export async function diffRuns(folder: string, runs: readonly string[]): Promise<RunDiff> {
  const files = await recordFiles(folder);
  if (runs.length > 2) throw new InputError(`--diff takes at most two runs; got ${runs.length}`);
  let chosen: string[];
  if (runs.length === 2) chosen = runs.map((run) => pick(files, run));
  else if (runs.length === 1) {
    const later = pick(files, runs[0]!);
    const earlier = files[files.indexOf(later) + 1];
    if (!earlier)
      throw new InputError(`--diff ${runs[0]}: it is the oldest run here; no run before it to compare`);
    chosen = [earlier, later];
  } else {
    if (files.length < 2) throw new InputError(`${folder}: ${files.length} run here; a diff needs two`);
    chosen = [files[1]!, files[0]!];
  }
  const [before, after] = (await Promise.all(chosen.map(loadRun))).sort((a, b) =>
    a.entry.run.localeCompare(b.entry.run),
  ) as [LoadedRun, LoadedRun];
  for (const side of [before, after])
    if (side.entry.problem) throw new InputError(`run ${side.entry.run}: ${side.entry.problem}`);
  const key = (file: ResultsFile) => `${file.fixture.name}${file.target === null ? '' : `@${file.target}`}`;
  const earlier = new Map(before.results.map((file) => [key(file), file]));
  const later = new Map(after.results.map((file) => [key(file), file]));
  const paired = [...later.keys()].filter((name) => earlier.has(name));
  const unpaired = [...new Set([...earlier.keys(), ...later.keys()])].filter(
    (name) => !paired.includes(name),
  );
  const names = [
    ...new Set(after.results.flatMap((file) => file.strategies.map((strategy) => strategy.name))),
  ];
  const pairs = names.map((strategy) => ({
    strategy,
    pairs: paired.flatMap((name) => {
      const now = later.get(name)!.strategies.find((result) => result.name === strategy);
      const was = earlier.get(name)!.strategies.find((result) => result.name === strategy);
      return now && was ? [{ session: later.get(name)!, now, before: was }] : [];
    }),
  }));
  const facts = factChanges(pairs);
  const strategies = pairs
    .filter(({ pairs: found }) => found.length > 0)
    .map(({ strategy, pairs: found }): StrategyChange => {
      const recall = (side: 'now' | 'before', key: 'probeRecall' | 'historyRecall' = 'probeRecall') =>
        mean(
          found.flatMap((pair) => {
            const value = pair[side].quality[key];
            return typeof value === 'number' ? [value] : [];
          }),
        );
      const tokens = (side: 'now' | 'before') => mean(found.map((pair) => pair[side].tokensAfter)) ?? 0;
      const own = facts.filter((change) => change.strategy === strategy);
      return {
        strategy,
        sessions: found.length,
        recall: { before: recall('before'), after: recall('now') },
        historyRecall: {
          before: recall('before', 'historyRecall'),
          after: recall('now', 'historyRecall'),
        },
        tokensAfter: { before: tokens('before'), after: tokens('now') },
        lost: own.reduce((sum, change) => sum + change.lost.length, 0),
        gained: own.reduce((sum, change) => sum + change.gained.length, 0),
      };
    });
  return { before: before.entry, after: after.entry, strategies, facts, unpaired };
}
