/**
 * The runner, a scheduler of stages with plain data between them (docs/architecture.md, "Stages"):
 * plan (sessions × strategies × targets × runs → jobs with stable ids), compact (each strategy runs its jobs,
 * timed and isolated: one failing never stops the others), evaluate (the evaluator registry scores each job's
 * context into a job record), aggregate (records → each session's results file and statistics) and render
 * (the report formats of report/write.ts). Sessions stream: each is loaded, run, reported and released, as many
 * at once as calls may be, its records staged on disk as it finishes; the records file is written last
 * (`records/<run>.jsonl`). Within the sessions in flight every job is scheduled at once, so only the one
 * concurrency limit (and each strategy's call chain) orders the calls.
 */
import { InputError } from '../errors.ts';
import { type SessionReference } from '../results/session-reference.ts';
import { type RunRecord } from '../results/record.ts';
import { getTokenizer } from '../tokens.ts';
import { DEFAULT_CACHE_DIRECTORY } from '../providers/cache.ts';
import { type Provenance, collectProvenance } from '../results/provenance.ts';
import { type AnswerWindow, answerWindows } from './quiet-thread.ts';
import { markTimeline } from '../timeline.ts';
import type { ProgressEvent } from '../results/run-progress.ts';
import { allSettledOrFirstFailure, forEachBounded } from './for-each-bounded.ts';
import { withCleanup } from '../cleanup.ts';
import { type RunStop, runStop } from './run-stop.ts';
import { type ContentStore, createContentStore } from '../results/records-file.ts';
import { createJudgeProvider } from '../quality/judge/run-judge.ts';
import { createProvider, wrapProvider } from '../providers/create.ts';
import { BATCH_FILE, type BatchOptions } from '../providers/batch.ts';
import { join } from 'node:path';
import { digestOf } from '../results/digest.ts';
import { resultsFileName } from '../report-names.ts';
import { ageTextCaches, forgetTextCachesAfter } from '../text/text-cache.ts';
import { createRecorder } from '../providers/cassette.ts';
import { resolveSource } from '../session/load.ts';
import pLimit, { type LimitFunction } from 'p-limit';
import { createCallLimit } from '../providers/call-limit.ts';
import { prepareOutputDirectory } from '../report/output-directory.ts';
import { createOutputStage, type OutputStage } from '../report/output-stage.ts';
import { resolveStrategies } from '../strategies/registry.ts';
import type { Strategy } from '../strategies/types.ts';
import { runListeners, sessionLoadOptions, sessionPagesOf, stagePlanOptions } from '../stages/options.ts';
import type { CompareOptions, RunEnvironment, SessionLoadOptions } from '../stages/types.ts';
import { type PlannedSession, planSession, plannedCalls, plannedSession, runRecord } from '../stages/plan.ts';
import { plannedCallTotal } from '../stages/plan.ts';
import { shardFileStem, shardPlans } from '../stages/shard.ts';
import {
  type SessionOutcome,
  loadSessionReference,
  recordSession,
  runWhilePreparing,
  writeSweep,
} from './run-session.ts';

export type { CompareOptions, ModelOptions, OutputOptions, PlanOptions } from '../stages/types.ts';
export type { SessionOutcome } from './run-session.ts';

/** The outcome of a compare run. */
export type CompareOutcome = {
  /** Session by session, target by target, in the order given (none for a shard: it writes records only). */
  sessions: SessionOutcome[];
  /** `--shard i/n`: which part ran, its jobs and the whole plan's. */
  shard?: { index: number; count: number; jobs: number; planned: number };
  /** Strategy runs that ended in an error, across all sessions (exit 3 when > 0). */
  failedStrategies: number;
  /** The run's records file (`<out>/records/<run>.jsonl`). */
  recordsFile: string;
};

// Sessions load two at a time at most: parsing is CPU work.
const LOAD_CONCURRENCY = 2;

/**
 * Runs the chosen strategies on every fixture and writes the reports; one failing strategy never stops the others.
 * Everything is written into `options.stage` when given (its maker commits it), else into a stage of its own,
 * committed at the end: an interrupted run leaves `--out` as the previous run left it.
 */
export async function runCompare(options: CompareOptions): Promise<CompareOutcome> {
  return staged(options, runStaged, stagedOutcome);
}

/**
 * Runs `work` with the options' stage, or with a stage of its own in `--out` that is committed (paths then read
 * where they landed) when the work is done, and discarded either way.
 */
export async function staged<Options extends CompareOptions, Outcome>(
  options: Options,
  work: (options: Options & { stage: OutputStage }) => Promise<Outcome>,
  landed: (outcome: Outcome, stage: OutputStage) => Outcome,
): Promise<Outcome> {
  if (options.stage) return work({ ...options, stage: options.stage });
  await checkRun(options);
  const stage = await createOutputStage(options.out);
  // The work's own error is the one thrown: a failure to remove the stage after it is kept beside it (cleanup.ts).
  return withCleanup(async () => {
    const outcome = await work({ ...options, stage });
    await stage.commit(options.signal);
    markTimeline('committed');
    return landed(outcome, stage);
  }, [() => stage.discard()]);
}

/** The outcome's paths where they landed in `--out`. */
export function stagedOutcome<Outcome extends CompareOutcome>(outcome: Outcome, stage: OutputStage): Outcome {
  return {
    ...outcome,
    recordsFile: stage.final(outcome.recordsFile),
    sessions: outcome.sessions.map((session) => ({
      ...session,
      resultsFile: stage.final(session.resultsFile),
      files: session.files.map(stage.final),
    })),
  };
}

/**
 * What must hold before anything is written: the strategies and the reference exist, every session argument
 * resolves, and `--out` can be written (a bad one fails before a stage is made in it, or any strategy runs).
 */
async function checkRun(options: CompareOptions): Promise<Strategy[]> {
  const strategies = await resolveStrategies(options.strategies, options.config);
  if (
    options.reference !== undefined &&
    !strategies.some((strategy) => strategy.name === options.reference)
  ) {
    const names = strategies.map((strategy) => strategy.name).join(', ');
    throw new InputError(`--reference ${options.reference}: not a strategy of this run (${names})`);
  }
  for (const transcript of options.transcripts) await resolveSource(transcript, { format: options.format });
  await prepareOutputDirectory(options.out);
  return strategies;
}

async function runStaged(options: CompareOptions & { stage: OutputStage }): Promise<CompareOutcome> {
  const tokenizer = await getTokenizer(options.tokenizer);
  const strategies = await resolveStrategies(options.strategies, options.config);
  const providerOptions = options.providerOptions ?? {};
  // One recorder, so the strategies' and the judge's answers land in the same cassette.
  const record =
    typeof providerOptions.record === 'string'
      ? createRecorder(providerOptions.record)
      : providerOptions.record;
  const wrapOptions = { ...providerOptions, record };
  const provider = wrapProvider(createProvider(options.provider, { ...providerOptions, tokenizer }), {
    ...wrapOptions,
    ...(options.batch ? { batch: batchOptions(options.batch.pollMs, options) } : {}),
  });
  const judge = options.judge
    ? createJudgeProvider(options.judge, options.judgeBaseUrl, { ...wrapOptions, tokenizer })
    : undefined;
  let store: ContentStore | undefined;
  // Sessions stop once one fails (its error is the run's), and are awaited before the store goes (run-stop.ts).
  const stopping = runStop(options.signal);
  const work = async (): Promise<CompareOutcome> => {
    // Only the results files need the provenance: with a model, git is asked once the first calls are in flight
    // (runSession), else while the first session loads. It is dated now, when the run starts.
    const now = new Date();
    let provenance: Promise<Provenance> | undefined;
    const collect = () =>
      (provenance ??= collectProvenance({
        command: options.command ?? [],
        provider,
        replay: providerOptions.replay,
        record: typeof providerOptions.record === 'string' ? providerOptions.record : undefined,
        now,
      }));
    if (!provider.isLanguageModel) collect();
    // The SDK import and the first connection are paid before the clock starts, not by the first strategy, and the
    // first session loads while they wait on their answers.
    const ready = Promise.all([provider.warmUp?.(), judge?.warmUp?.()]);
    const loadLimit = pLimit(LOAD_CONCURRENCY);
    const sessions = { transcripts: options.transcripts, loading: sessionLoadOptions(options, provider) };
    const [transcript] = options.transcripts;
    const early: SessionStream['early'] = {};
    if (!options.shard && transcript !== undefined) {
      early.first = loadLimit(() => loadSessionReference(transcript, tokenizer, sessions.loading));
      early.first.catch(() => undefined); // awaited by its session: no unhandled rejection meanwhile
    }
    await ready;
    markTimeline('ready', 'first');
    const targets = options.targets && options.targets.length > 0 ? options.targets : [undefined];
    // A batch takes every call the run can issue at once; the judge still calls directly, within the limit.
    const limit = createCallLimit(options.batch ? Number.POSITIVE_INFINITY : options.concurrency);
    const judgeLimit = options.batch ? pLimit(options.concurrency) : limit;
    // Each strategy reports once its calls have ended (a skipped session, for all of its own): no request follows.
    const listeners = runListeners(options);
    const units = options.transcripts.length * targets.length * strategies.length;
    let ended = 0;
    const countEnded = (event: ProgressEvent) => {
      if (event.type === 'strategy') ended++;
      else if (event.type === 'skipped') ended += event.strategies;
      listeners.onProgress?.(event);
    };
    const windows = answerWindows(limit, () => ended >= units, options.transcripts.length);
    const environment: RunEnvironment = {
      provider,
      judge,
      tokenizer,
      limit,
      runs: pLimit(provider.isLanguageModel ? Number.POSITIVE_INFINITY : 1),
      scoringGate: provider.isLanguageModel ? windows.wait : undefined,
      planOptions: stagePlanOptions(options),
      listeners: { ...listeners, onProgress: countEnded },
      concurrency: options.concurrency,
      reportDirectory: options.stage.directory,
      sessionPages: sessionPagesOf(options),
      // A schedule's window is the model's as far as the replay is concerned.
      contextWindow:
        options.contextWindow ??
        (options.schedule?.policy === 'window' ? options.schedule.window : provider.contextWindow),
      signal: stopping.signal,
      origin: performance.now(),
      provenance: collect,
      store: (store = createContentStore(options.stage.directory, stopping.signal)),
      sessionScored: forgetTextCachesAfter(options.transcripts.length),
      evaluators: { judge, limit: judgeLimit, tokenizer, signal: stopping.signal },
    };
    if (options.shard)
      return await runShard(options.shard, targets, strategies, sessions, environment, stopping);
    options.onProgress?.({ type: 'loading', sessions: options.transcripts.length });
    options.onProgress?.({
      type: 'start',
      strategies: options.transcripts.length * targets.length * strategies.length,
      concurrency: options.concurrency,
      cache:
        provider.isLanguageModel && providerOptions.cacheDirectory !== false
          ? (providerOptions.cacheDirectory ?? DEFAULT_CACHE_DIRECTORY)
          : null,
    });
    const stream: SessionStream = {
      environment,
      ...sessions,
      strategies,
      targets,
      loadLimit,
      early,
      windows,
      planned: [],
      outcomes: [],
      stop: stopping.stop,
    };
    const atOnce = sessionsAtOnce(options.concurrency, provider.isLanguageModel);
    await stopping.settled(
      forEachBounded(options.transcripts.length, atOnce, (index) => runSession(index, stream), stopping.stop),
    );
    const header = runRecord(stream.planned.flat(), environment, await collect());
    const recordsFile = await environment.store.finish(header, environment.signal);
    markTimeline('records');
    const outcomes = stream.outcomes.flat();
    const failedStrategies = outcomes
      .flatMap((session) => session.digest.strategies)
      .filter((result) => result.status === 'error').length;
    return { sessions: outcomes, failedStrategies, recordsFile };
  };
  // The run's own error is the one thrown; the store is discarded only once no session of it runs (forEachBounded).
  const closing = [stopping.close, () => store?.discard(), () => provider.close?.(), () => judge?.close?.()];
  return withCleanup(work, closing);
}

/** `--batch`: the saved batch list in the output folder, and each batch's state as progress. */
const batchOptions = (pollMs: number, options: CompareOptions): BatchOptions => ({
  stateFile: join(options.out, BATCH_FILE),
  pollMs,
  onStatus: (status) => options.onProgress?.({ type: 'batch', ...status }),
});

/**
 * Sessions in flight at once: with a model, as many as calls may be (each in flight keeps at least one call going,
 * so the limit stays busy); offline, where strategies run one at a time, at most {@link OFFLINE_SESSIONS}. Never more
 * sessions are held in memory.
 */
function sessionsAtOnce(concurrency: number, languageModel: boolean): number {
  return Math.max(1, languageModel ? concurrency : Math.min(concurrency, OFFLINE_SESSIONS));
}

// Offline, a session loads while the one before is scored; more in flight would only hold more in memory.
const OFFLINE_SESSIONS = 4;

/** What the sessions of a run share, and what each leaves behind once released (by its index in the run). */
type SessionStream = {
  /** The run's session files, and how each is loaded. */
  transcripts: readonly string[];
  loading: SessionLoadOptions;
  environment: RunEnvironment;
  strategies: readonly Strategy[];
  targets: ReadonlyArray<number | undefined>;
  loadLimit: LimitFunction;
  /** Where work that holds the thread fits between the calls' answers. */
  windows: AnswerWindow;
  /** The first session, loading while the providers warmed up, until its session takes it. */
  early: { first?: Promise<SessionReference | undefined> };
  /** The header's part of each session's plans. */
  planned: PlannedSession[][];
  outcomes: SessionOutcome[][];
  /** Stops the run's sessions: a session failed with `error`, which is the run's. */
  stop: (error: unknown) => void;
};

/**
 * One session through every stage: loaded, planned at every target, run, its reports written and its records
 * staged on disk; what the run keeps of it afterwards is its header entries and its results' digests.
 */
async function runSession(index: number, stream: SessionStream): Promise<void> {
  const { environment, strategies, targets } = stream;
  const { listeners, tokenizer } = environment;
  const transcript = stream.transcripts[index]!;
  const { first } = stream.early;
  stream.early.first = undefined;
  const reference = await ((index === 0 && first) ||
    stream.loadLimit(() => loadSessionReference(transcript, tokenizer, stream.loading)));
  listeners.onProgress?.({ type: 'loaded' });
  markTimeline('loaded', 'first');
  if (!reference) {
    listeners.onProgress?.({ type: 'skipped', strategies: targets.length * strategies.length });
    stream.windows.planned([]);
    return environment.sessionScored();
  }
  const plans = await Promise.all(
    targets.map((target) => planSession(reference, target, strategies, environment)),
  );
  for (const event of plans.flatMap((plan) => plannedCalls(plan))) listeners.onProgress?.(event);
  stream.windows.planned(plans.map((plan) => plannedCallTotal(plan, environment)));
  const outcomes = await runWhilePreparing(plans, environment, stream.windows, stream.stop);
  if (targets.length > 1) await writeSweep(outcomes, environment);
  await environment.store.stage(
    index,
    outcomes.flatMap((outcome) => outcome.records),
  );
  stream.planned[index] = plans.map(plannedSession);
  // The texts only this session used go from the caches once the sessions after it have run a while: aged once as
  // many sessions as are in flight, since the sessions share most of their vocabulary and token pieces.
  if ((index + 1) % sessionsAtOnce(environment.concurrency, environment.provider.isLanguageModel) === 0)
    ageTextCaches();
  stream.outcomes[index] = outcomes.map(({ results, files }) => ({
    digest: digestOf(results),
    resultsFile: join(environment.reportDirectory, resultsFileName(results)),
    files,
  }));
}

/**
 * One shard of the plan: its jobs compacted and evaluated, its records written; no reports (`merge` writes them).
 * The partition balances the whole plan's tokens, so a shard plans every session first: its sessions are held
 * at once (a shard does not stream).
 */
async function runShard(
  shard: NonNullable<CompareOptions['shard']>,
  targets: ReadonlyArray<number | undefined>,
  strategies: readonly Strategy[],
  sessions: Pick<SessionStream, 'transcripts' | 'loading'>,
  environment: RunEnvironment,
  stopping: RunStop,
): Promise<CompareOutcome> {
  const { listeners, tokenizer } = environment;
  const loadLimit = pLimit(LOAD_CONCURRENCY);
  listeners.onProgress?.({ type: 'loading', sessions: sessions.transcripts.length });
  const loaded = await Promise.all(
    sessions.transcripts.map((transcript) =>
      loadLimit(async () => {
        const reference = await loadSessionReference(transcript, tokenizer, sessions.loading);
        listeners.onProgress?.({ type: 'loaded' });
        return reference;
      }),
    ),
  );
  const plans = await Promise.all(
    loaded
      .filter((reference): reference is SessionReference => reference !== undefined)
      .flatMap((reference) =>
        targets.map((target) => planSession(reference, target, strategies, environment)),
      ),
  );
  const planned = runRecord(plans.map(plannedSession), environment, await environment.provenance());
  const own = shardPlans(plans, planned, shard);
  const header: RunRecord = { ...own.header, ...(shard.gate ? { gate: shard.gate } : {}) };
  listeners.onProgress?.({
    type: 'start',
    strategies: own.plans.reduce((sum, plan) => sum + plan.strategies.length, 0),
    concurrency: environment.concurrency,
  });
  // Every session settled before a failure is thrown: none still stores texts when the store is discarded.
  const recording = own.plans.map((plan) => recordSession(plan, header.run, environment));
  const records = await stopping.settled(allSettledOrFirstFailure(recording, stopping.stop));
  await environment.store.stage(0, records.flat());
  const recordsFile = await environment.store.finish(
    header,
    environment.signal,
    shardFileStem(header.run, shard),
  );
  // Counted as compare counts them: a strategy of one session at one target, however many of its samples failed.
  const jobs = records.flatMap(([, ...ownJobs]) => ownJobs);
  const failed = new Set(
    jobs
      .filter((job) => job.status === 'error')
      .map((job) => `${job.session}\u0000${job.target}\u0000${job.strategy}`),
  );
  return {
    sessions: [],
    failedStrategies: failed.size,
    recordsFile,
    shard: { index: shard.index, count: shard.count, jobs: header.jobs.length, planned: planned.jobs.length },
  };
}
