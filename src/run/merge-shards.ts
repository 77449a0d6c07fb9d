/**
 * `merge`: the outputs of `compare --shard i/n` (or `check --shard i/n`) joined into what the unsharded run would
 * have written: every report, the paired and clustered statistics computed over the merged jobs, one records
 * file for the whole plan, and, for `check`, the gate. Shards that do not belong together are refused first,
 * each problem on one line: a different tool version, a different configuration, a job in two shards, a shard
 * missing.
 */
import { withCleanup } from '../cleanup.ts';
import { copyFile, mkdir, readdir, rename } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { InputError } from '../errors.ts';
import { gateFromRecords, type GateOutcome, publishGate } from './check.ts';
import { gateRecordOf } from '../results/gate-record.ts';
import { createOutputStage } from '../report/output-stage.ts';
import { mergeRecords, writeRecordReports } from './records-report.ts';
import { prepareOutputDirectory } from '../report/write.ts';
import { type JobRecord, type RunRecord, type SessionRecord } from '../results/record.ts';
import { type RecordSet, readRecordSet, recordsDirectory, writeRecords } from '../results/records-file.ts';
import { packPath } from '../results/text-pack.ts';
import { packsOf } from '../results/stored-texts.ts';
import { copyFileAtomic } from '../files.ts';
import { existsSync } from 'node:fs';
import type { ResultsFile } from '../results/types.ts';
import { describeJob } from '../stages/aggregate.ts';
import { describeShard } from '../report-names.ts';
import { type ShardHeader } from '../stages/shard.ts';
import type { SuiteResults } from '../suite/types.ts';

/** What `merge` needs: the shards' outputs (folders or records files) and where the merged reports go. */
export type MergeOptions = {
  files: readonly string[];
  out: string;
  /** `--update-baseline`: with shards of `check`, write the merged results as the new baseline when the gate passes. */
  updateBaseline?: string;
  /** `GITHUB_STEP_SUMMARY`: where the gate's verdict is appended, as `check` does. */
  stepSummary?: string;
  /** The command line after the program name (the accept command of a failed gate repeats it). */
  command?: readonly string[];
  signal?: AbortSignal;
};

/** What `merge` wrote, and the gate's outcome when the shards came from `check`. */
export type MergeOutcome = {
  shards: number;
  results: ResultsFile[];
  suites: SuiteResults[];
  written: string[];
  pages: string[];
  recordsFile: string;
  gate: GateOutcome | null;
  /** A folder of several runs: which run it took (the newest) and how to take another. */
  choices: string[];
};

/** Checks that the shards belong together, merges their records, writes the reports and, for `check`, gates them. */
export async function mergeShards(options: MergeOptions): Promise<MergeOutcome> {
  if (options.files.length === 0)
    throw new InputError("merge needs the shards' outputs: the --out folders of compare --shard i/n");
  const set = await readRecordSet(options.files);
  const whole = wholeRun(set);
  const header = whole.runs[0]!.record;
  if (options.updateBaseline && !header.gate)
    throw new InputError(
      '--update-baseline: these shards were run by compare, not check; there is no gate to pass',
    );
  const merged = mergeRecords(whole);
  await prepareOutputDirectory(options.out);
  // Everything lands in --out in one step at the end: an interrupted merge leaves the folder as it was.
  const stage = await createOutputStage(options.out);
  return withCleanup(async () => {
    const reports = await writeRecordReports(
      merged.results,
      stage.directory,
      header.reference ?? undefined,
      options.signal,
    );
    const packs = await copyStoredTexts(set, stage.directory, options.out);
    const gateOptions = {
      out: options.out,
      stage,
      updateBaseline: options.updateBaseline,
      stepSummary: options.stepSummary,
      command: options.command,
      signal: options.signal,
    };
    const gate = header.gate
      ? await gateFromRecords(merged.results, reports.suites, header.gate, gateOptions)
      : null;
    const { shard: _shard, gate: _gate, ...plain } = header;
    // A merged check's records end with the gate's outcome, as an unsharded check's do.
    const recordsFile = await writeRecords(
      stage.directory,
      header.run,
      [
        packs.length > 0 ? { ...plain, texts: packs } : plain,
        ...whole.sessions.map(({ record }) => record),
        ...whole.jobs.map(({ record }) => record),
        ...(gate ? [gateRecordOf(header.run, gate.verdict, gate.exitCode, gate.gateFile)] : []),
      ],
      options.signal,
    );
    await stage.commit(options.signal);
    return {
      shards: set.runs.length,
      results: merged.results,
      suites: reports.suites,
      written: reports.written.map(stage.final),
      pages: reports.pages.map(stage.final),
      recordsFile: stage.final(recordsFile),
      choices: set.choices ?? [],
      gate: gate && {
        ...gate,
        gateFile: stage.final(gate.gateFile),
        updated: await publishGate(gate, merged.results, reports.suites, gateOptions),
      },
    };
  }, [() => stage.discard()]);
}

type ShardRun = { record: RunRecord & { shard: ShardHeader }; file: string };

/**
 * The shards as the one run they split: every shard of one plan present once, no job twice, the records in the
 * plan's order (sessions, then targets, then strategies with the agent's own summary last, then samples) under
 * one header listing every job, so that merging gives what the unsharded run gave.
 */
export function wholeRun(set: RecordSet): RecordSet {
  if (set.runs.length === 0)
    throw new InputError('the records hold no run header (records/<run>.jsonl from compare --shard)');
  const shards = set.runs.map((entry) => {
    if (!entry.record.shard)
      throw new InputError(
        `${entry.file}: not a shard (written without --shard); merge joins shards, report reads any records`,
      );
    return entry as ShardRun;
  });
  const first = shards[0]!;
  for (const other of shards.slice(1)) {
    if (other.record.version !== first.record.version)
      throw new InputError(
        `${whereShard(other)} was written by compaction-bench ${other.record.version}, ${whereShard(first)} by ${first.record.version}: run every shard with one version`,
      );
  }
  for (const other of shards.slice(1)) {
    const difference = configurationDifference(first.record, other.record);
    if (difference)
      throw new InputError(
        `${whereShard(other)} ran a different configuration from ${whereShard(first)}: ${difference}`,
      );
  }
  const shardOfFile = new Map(shards.map((entry) => [entry.file, entry]));
  const seen = new Map<string, ShardRun>();
  for (const { record, file } of set.jobs) {
    const shard = shardOfFile.get(file) ?? first;
    const earlier = seen.get(record.id);
    if (earlier)
      throw new InputError(
        `job ${describeJob(record)} (${record.id}) is in two shards: ${whereShard(earlier)} and ${whereShard(shard)}`,
      );
    seen.set(record.id, shard);
  }
  const { count } = first.record.shard;
  const present = new Set(shards.map((entry) => entry.record.shard.index));
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter(
    (index) => !present.has(index),
  );
  if (missing.length > 0)
    throw new InputError(
      `${missing.length === 1 ? `shard ${missing[0]} of ${count} is` : `shards ${listed(missing)} of ${count} are`} missing (given: ${listed([...present].sort((a, b) => a - b))})`,
    );
  const plan = first.record.shard;
  const sessionIndex = new Map(first.record.sessions.map((session, index) => [session.name, index]));
  const targetIndex = new Map(plan.targets.map((target, index) => [target, index]));
  const strategyIndex = (name: string) => {
    const index = plan.strategies.indexOf(name);
    return index === -1 ? plan.strategies.length : index;
  };
  const position = (record: { session: string; target: number | null }) => [
    sessionIndex.get(record.session) ?? sessionIndex.size,
    targetIndex.get(record.target) ?? targetIndex.size,
  ];
  const byPlan =
    <T>(key: (item: T) => number[]) =>
    (a: T, b: T) => {
      const [left, right] = [key(a), key(b)];
      for (let index = 0; index < left.length; index++)
        if (left[index] !== right[index]) return left[index]! - right[index]!;
      return 0;
    };
  const jobKey = (job: JobRecord) => [...position(job), strategyIndex(job.strategy), job.sample];
  const jobs = [...set.jobs].sort(byPlan((entry: { record: JobRecord }) => jobKey(entry.record)));
  const sessions = [...set.sessions].sort(
    byPlan((entry: { record: SessionRecord }) => position(entry.record)),
  );
  const header: RunRecord = {
    ...first.record,
    jobs: shards
      .flatMap((entry) => entry.record.jobs)
      .sort(
        byPlan((job: RunRecord['jobs'][number]) => [
          ...position(job),
          strategyIndex(job.strategy),
          job.sample,
        ]),
      ),
  };
  return { runs: [{ record: header, file: first.file }], sessions, jobs };
}

/** The first way two shards' runs differ, named; undefined when they are parts of one plan. */
function configurationDifference(first: ShardRun['record'], other: ShardRun['record']): string | undefined {
  const model = (provider: { id: string; model: string } | null) =>
    provider ? `${provider.id}:${provider.model}` : 'none';
  const aspects: Array<[string, (run: ShardRun['record']) => string]> = [
    ['provider', (run) => model(run.provider)],
    ['judge', (run) => model(run.judge)],
    ['tokenizer', (run) => run.tokenizer],
    ['--reference', (run) => run.reference ?? 'none'],
    ['--at-compaction', (run) => String(run.atCompaction)],
    ['--schedule', (run) => run.schedule ?? 'none'],
    ['shard count', (run) => `n = ${run.shard.count}`],
    ['targets', (run) => run.shard.targets.map((target) => target ?? 'none').join(',')],
    ['check gate', (run) => (run.gate ? JSON.stringify(run.gate) : 'none (compare)')],
  ];
  for (const [name, value] of aspects) {
    if (value(first) !== value(other)) return `${name} ${value(first)} against ${value(other)}`;
  }
  const strategies = listDifference(first.shard.strategies, other.shard.strategies, [
    describeShard(first.shard),
    describeShard(other.shard),
  ]);
  if (strategies) return `strategies ${strategies}`;
  const sessions = (run: ShardRun['record']) =>
    new Map(run.sessions.map((session) => [session.name, `${session.contentHash}/${session.probeSetHash}`]));
  const [mine, theirs] = [sessions(first), sessions(other)];
  for (const [name, identity] of mine) {
    if (!theirs.has(name)) return `session ${name} is in one and not the other`;
    if (theirs.get(name) !== identity) return `session ${name} differs (its transcript or its probes)`;
  }
  for (const name of theirs.keys()) if (!mine.has(name)) return `session ${name} is in one and not the other`;
  if (first.shard.plan !== other.shard.plan)
    return `the planned jobs differ (a setting, --runs or a strategy's options): plan ${first.shard.plan} against ${other.shard.plan}`;
  return undefined;
}

/** How two lists differ: what only one of them has, or their orders when they hold the same. */
function listDifference(
  first: readonly string[],
  other: readonly string[],
  [firstName, otherName]: [string, string],
): string | undefined {
  if (first.join(',') === other.join(',')) return undefined;
  const onlyFirst = first.filter((name) => !other.includes(name));
  const onlyOther = other.filter((name) => !first.includes(name));
  const parts = [
    ...(onlyFirst.length > 0 ? [`${onlyFirst.join(',')} only in ${firstName}`] : []),
    ...(onlyOther.length > 0 ? [`${onlyOther.join(',')} only in ${otherName}`] : []),
  ];
  return parts.length > 0
    ? parts.join('; ')
    : `in another order (${first.join(',')} against ${other.join(',')})`;
}

/** A shard in an error line: `shard 2 of 3 (out-2/records/….jsonl)`. */
function whereShard(entry: ShardRun): string {
  return `${describeShard(entry.record.shard)} (${entry.file})`;
}

function listed(numbers: readonly number[]): string {
  return numbers.length <= 1 ? numbers.join('') : `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

/**
 * Every shard's stored prompts, answers and contexts, into the merged `records/` (each file under a temporary name
 * first): each shard's pack whole, and the `calls/` and `contexts/` folders of shards written before packs. Returns
 * the packs, which the merged header names.
 */
async function copyStoredTexts(set: RecordSet, out: string, landing: string): Promise<string[]> {
  const target = recordsDirectory(out);
  const landed = recordsDirectory(landing);
  const packs = new Set<string>();
  for (const { file } of set.runs) {
    const directory = dirname(file);
    for (const pack of packsOf(file)) {
      packs.add(pack);
      if (resolve(directory) === resolve(landed)) continue;
      for (const kind of ['calls', 'contexts'] as const) {
        const from = packPath(directory, pack, kind);
        if (existsSync(from) && !existsSync(packPath(landed, pack, kind)))
          await copyFileAtomic(from, packPath(target, pack, kind));
      }
    }
  }
  for (const directory of new Set(set.runs.map(({ file }) => dirname(file)))) {
    if (resolve(directory) === resolve(landed)) continue;
    for (const kind of ['calls', 'contexts']) {
      const names = await readdir(join(directory, kind)).catch(() => [] as string[]);
      if (names.length === 0) continue;
      await mkdir(join(target, kind), { recursive: true });
      // A text already in --out's records stays there: the staged copy would only replace it with itself.
      const existing = new Set([
        ...(await readdir(join(target, kind))),
        ...(await readdir(join(landed, kind)).catch(() => [] as string[])),
      ]);
      for (const name of names) {
        if (existing.has(name)) continue;
        const temporary = join(target, kind, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
        await copyFile(join(directory, kind, name), temporary);
        await rename(temporary, join(target, kind, name));
      }
    }
  }
  return [...packs];
}
