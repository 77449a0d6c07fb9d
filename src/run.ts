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
import { AbortedError, InputError, messageOf } from './errors.ts';
import { type SessionReference, sessionReference } from './results/session-reference.ts';
import { type JobRecord, type RunRecord, type SessionRecord } from './results/record.ts';
import {
  RECORDED_RUN,
  compactedText,
  measureResult,
  recordedCompaction,
  resultsFrame,
} from './results/assemble.ts';
import { type ResultsFile } from './results/types.ts';
import { type Tokenizer, getTokenizer } from './tokens.ts';
import { aggregateSession, strategyResultOf } from './stages/aggregate.ts';
import { assertReplayable } from './schedule/replay.ts';
import { collectProvenance } from './results/provenance.ts';
import { type CalledRun, createBarrier, describeCalls, describeProgress } from './run-progress.ts';
import {
  type ContentStore,
  createContentStore,
  type StoredCalls,
  storedCalls,
} from './results/records-file.ts';
import { createJudgeProvider } from './quality/judge/run-judge.ts';
import { createProvider, wrapProvider } from './providers/create.ts';
import { BATCH_FILE, type BatchOptions } from './providers/batch.ts';
import { join } from 'node:path';
import { createRecorder } from './providers/cassette.ts';
import { describeSchedule } from './schedule/policy.ts';
import { droppedWorkNote } from './session/dropped-work-note.ts';
import { loadSession, resolveSource } from './session/load.ts';
import pLimit, { type LimitFunction } from 'p-limit';
import { prepareOutputDirectory, writeFixtureReports, writeSweepReport } from './report/write.ts';
import { recordedChain } from './schedule/cycles.ts';
import { recordedContinuation } from './continuation/setup.ts';
import { resolveStrategies, strategySettings } from './strategies/registry.ts';
import type { Strategy } from './strategies/types.ts';
import { CORE_SETTINGS } from './settings.ts';
import { skippedLinesNote } from './session/skipped-lines-note.ts';
import type { CompareOptions, FixturePlan, RunEnvironment } from './stages/types.ts';
import { type PlannedSession, planFixture, plannedSession, runRecord } from './stages/plan.ts';
import { shardFileStem, shardPlans } from './stages/shard.ts';
import { evaluateJob, runJob } from './stages/evaluate.ts';

export type { CompareOptions, ModelOptions, OutputOptions, PlanOptions } from './stages/types.ts';

/** The outcome of one fixture at one target: its results and the report files written. */
export type FixtureOutcome = { results: ResultsFile; files: string[] };

/** The outcome of a compare run. */
export type CompareOutcome = {
  /** Fixture by fixture, target by target, in the order given (none for a shard: it writes records only). */
  fixtures: FixtureOutcome[];
  /** `--shard i/n`: which part ran, its jobs and the whole plan's. */
  shard?: { index: number; count: number; jobs: number; planned: number };
  /** Strategy runs that ended in an error, across all fixtures (exit 3 when > 0). */
  failedStrategies: number;
  /** The run's records file (`<out>/records/<run>.jsonl`). */
  recordsFile: string;
};

// Sessions load two at a time at most: parsing is CPU work.
const LOAD_CONCURRENCY = 2;

/** Runs the chosen strategies on every fixture and writes the reports; one failing strategy never stops the others. */
export async function runCompare(options: CompareOptions): Promise<CompareOutcome> {
  const tokenizer = await getTokenizer(options.tokenizer);
  const strategies = await resolveStrategies(options.strategies, options.config);
  if (
    options.reference !== undefined &&
    !strategies.some((strategy) => strategy.name === options.reference)
  ) {
    const names = strategies.map((strategy) => strategy.name).join(', ');
    throw new InputError(`--reference ${options.reference}: not a strategy of this run (${names})`);
  }
  // A bad fixture argument or --out fails before any strategy runs on the ones before it.
  for (const fixture of options.fixtures) await resolveSource(fixture, options);
  await prepareOutputDirectory(options.out);
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
  try {
    // The SDK import and the first connection are paid before the clock starts, not by the first strategy.
    await Promise.all([provider.warmUp?.(), judge?.warmUp?.()]);
    const signal = options.signal ?? new AbortController().signal;
    // A batch takes every call the run can issue at once; the judge still calls directly, within the limit.
    const limit = pLimit(options.batch ? Number.POSITIVE_INFINITY : options.concurrency);
    const judgeLimit = options.batch ? pLimit(options.concurrency) : limit;
    const environment: RunEnvironment = {
      provider,
      judge,
      tokenizer,
      limit,
      runs: pLimit(provider.isLanguageModel ? Number.POSITIVE_INFINITY : 1),
      // Each session gets its own (runSession): a barrier over the whole run would wait on sessions not loaded yet.
      callsDone: undefined,
      options,
      // A schedule's window is the model's as far as the replay is concerned.
      contextWindow:
        options.contextWindow ??
        (options.schedule?.policy === 'window' ? options.schedule.window : provider.contextWindow),
      signal,
      origin: performance.now(),
      provenance: await collectProvenance({
        command: options.command ?? [],
        provider,
        replay: providerOptions.replay,
        record: typeof providerOptions.record === 'string' ? providerOptions.record : undefined,
      }),
      store: (store = createContentStore(options.out, signal)),
      evaluators: { judge, limit: judgeLimit, tokenizer, signal },
    };
    const targets = options.targets && options.targets.length > 0 ? options.targets : [undefined];
    if (options.shard) return await runShard(options.shard, targets, strategies, environment);
    options.onProgress?.({ type: 'loading', sessions: options.fixtures.length });
    options.onProgress?.({
      type: 'start',
      strategies: options.fixtures.length * targets.length * strategies.length,
      concurrency: options.concurrency,
    });
    const stream: SessionStream = {
      environment,
      strategies,
      targets,
      loadLimit: pLimit(LOAD_CONCURRENCY),
      planned: [],
      outcomes: [],
    };
    await forEachBounded(options.fixtures.length, sessionsAtOnce(options.concurrency), (index) =>
      runSession(index, stream),
    );
    const header = runRecord(stream.planned.flat(), environment);
    const recordsFile = await environment.store.finish(header, environment.signal);
    const fixtures = stream.outcomes.flat();
    const failedStrategies = fixtures
      .flatMap((fixture) => fixture.results.strategies)
      .filter((result) => result.status === 'error').length;
    return { fixtures, failedStrategies, recordsFile };
  } finally {
    await store?.discard();
    await provider.close?.();
    await judge?.close?.();
  }
}

/** `--batch`: the saved batch list in the output folder, and each batch's state as progress. */
function batchOptions(pollMs: number, options: CompareOptions): BatchOptions {
  return {
    stateFile: join(options.out, BATCH_FILE),
    pollMs,
    onStatus: (status) => options.onProgress?.({ type: 'batch', ...status }),
  };
}

/**
 * Sessions in flight at once: as many as calls may be (each in flight keeps at least one call going, so the
 * limit stays busy), and so at most that many sessions are held in memory.
 */
function sessionsAtOnce(concurrency: number): number {
  return Math.max(1, concurrency);
}

/** What the sessions of a run share, and what each leaves behind once released (by its index in the run). */
type SessionStream = {
  environment: RunEnvironment;
  strategies: readonly Strategy[];
  targets: ReadonlyArray<number | undefined>;
  loadLimit: LimitFunction;
  /** The header's part of each session's plans. */
  planned: PlannedSession[][];
  outcomes: FixtureOutcome[][];
};

/**
 * Runs `work` on 0 … count − 1, at most `atOnce` at a time, in order of index; after one fails, none more
 * starts (those running finish), and the first failure is thrown.
 */
async function forEachBounded(
  count: number,
  atOnce: number,
  work: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < count) {
      const index = next++;
      try {
        await work(index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, count) }, worker));
}

/**
 * One session through every stage: loaded, planned at every target, run, its reports written and its records
 * staged on disk; what the run keeps of it afterwards is its header entries and its results.
 */
async function runSession(index: number, stream: SessionStream): Promise<void> {
  const { environment, strategies, targets } = stream;
  const { options, tokenizer } = environment;
  const fixture = options.fixtures[index]!;
  const facts = await stream.loadLimit(() => loadFixture(fixture, tokenizer, options));
  options.onProgress?.({ type: 'loaded' });
  if (!facts) {
    options.onProgress?.({ type: 'skipped', strategies: targets.length * strategies.length });
    return;
  }
  const plans = await Promise.all(
    targets.map((target) => planFixture(facts, target, strategies, environment)),
  );
  // With a language model, scoring waits until every strategy of the session has made its calls; every job
  // joins the barrier in this one tick, before any can arrive.
  const own = {
    ...environment,
    callsDone: environment.provider.isLanguageModel ? createBarrier() : undefined,
  };
  const outcomes = await Promise.all(
    plans.map((plan) => runFixture(plan, environment.store.pendingRun, own)),
  );
  if (targets.length > 1)
    await writeSweepReport(
      outcomes.map((outcome) => outcome.results),
      options.out,
      environment.signal,
      { messages: [], probes: [], calls: mergedCalls(outcomes.map((outcome) => outcome.calls)) },
    );
  await environment.store.stage(
    index,
    outcomes.flatMap((outcome) => outcome.records),
  );
  stream.planned[index] = plans.map(plannedSession);
  stream.outcomes[index] = outcomes.map(({ results, files }) => ({ results, files }));
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
  environment: RunEnvironment,
): Promise<CompareOutcome> {
  const { options, tokenizer } = environment;
  const loadLimit = pLimit(LOAD_CONCURRENCY);
  options.onProgress?.({ type: 'loading', sessions: options.fixtures.length });
  const loaded = await Promise.all(
    options.fixtures.map((fixture) =>
      loadLimit(async () => {
        const facts = await loadFixture(fixture, tokenizer, options);
        options.onProgress?.({ type: 'loaded' });
        return facts;
      }),
    ),
  );
  const plans = await Promise.all(
    loaded
      .filter((facts): facts is SessionReference => facts !== undefined)
      .flatMap((facts) => targets.map((target) => planFixture(facts, target, strategies, environment))),
  );
  const planned = runRecord(plans.map(plannedSession), environment);
  const own = shardPlans(plans, planned, shard);
  const header: RunRecord = { ...own.header, ...(shard.gate ? { gate: shard.gate } : {}) };
  options.onProgress?.({
    type: 'start',
    strategies: own.plans.reduce((sum, plan) => sum + plan.strategies.length, 0),
    concurrency: options.concurrency,
  });
  const barrier = {
    ...environment,
    callsDone: environment.provider.isLanguageModel ? createBarrier() : undefined,
  };
  const records = await Promise.all(own.plans.map((plan) => recordFixture(plan, header.run, barrier)));
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
    fixtures: [],
    failedStrategies: failed.size,
    recordsFile,
    shard: { index: shard.index, count: shard.count, jobs: header.jobs.length, planned: planned.jobs.length },
  };
}

/** Loads one fixture under its suite name; in a suite, one that will not load is a notice, not the end of the run. */
async function loadFixture(
  fixture: string,
  tokenizer: Tokenizer,
  options: CompareOptions,
): Promise<SessionReference | undefined> {
  let session;
  try {
    session = await loadSession(fixture, options);
  } catch (error) {
    if (!options.skipUnloadable || !(error instanceof InputError)) throw error;
    options.onNotice?.(`skipped ${fixture}: ${messageOf(error).replace(`${fixture}: `, '')}`);
    return undefined;
  }
  if (options.schedule) assertReplayable(session, options.schedule, fixture);
  const name = options.sessionNames?.[fixture];
  if (name) session = { ...session, name };
  const dropped = droppedWorkNote(session);
  if (dropped) options.onNotice?.(dropped);
  const skipped = skippedLinesNote(fixture, session.stats.skipped);
  if (skipped) options.onNotice?.(skipped);
  return sessionReference(session, tokenizer);
}

/** Compacts and evaluates every job of one session at one target, then aggregates and renders its reports. */
async function runFixture(
  plan: FixturePlan,
  run: string,
  environment: RunEnvironment,
): Promise<FixtureOutcome & { records: Array<SessionRecord | JobRecord>; calls: StoredCalls }> {
  const { options } = environment;
  const [session, ...jobs] = await recordFixture(plan, run, environment);
  const order = plan.strategies.map(({ strategy }) => strategy.name);
  const results = aggregateSession(session, jobs, order, options.reference, plan.stem);
  if (environment.signal.aborted) throw new AbortedError('aborted; no reports were written for this session');
  // The page links each call's stored prompt and answer where the records land: `records/calls/` beside it.
  const calls = await storedCalls(
    [results],
    (hash) => environment.store.read('calls', hash).catch(() => undefined),
    (hash) => `records/calls/${hash}.json`,
  );
  const files = await writeFixtureReports(results, options.out, environment.signal, {
    messages: plan.facts.session.messages,
    probes: plan.facts.probes,
    calls,
  });
  return { results, files, records: [session, ...jobs], calls };
}

/** Compacts and evaluates every job of one session at one target: its session record, then its job records. */
async function recordFixture(
  plan: FixturePlan,
  run: string,
  environment: RunEnvironment,
): Promise<[SessionRecord, ...JobRecord[]]> {
  const { options, tokenizer } = environment;
  const { facts, fullFacts, stem, target } = plan;
  const perStrategy = await Promise.all(
    plan.strategies.map(async ({ strategy, jobs }) => {
      const unit = `${stem}: ${strategy.name}`;
      const called: CalledRun[] = [];
      // With a language model, reported as soon as every run's calls have ended: its scoring waits for the
      // other strategies' calls.
      const onCalled = (done: CalledRun) => {
        called.push(done);
        if (called.length < jobs.length || !environment.callsDone) return;
        options.onProgress?.({
          type: 'strategy',
          unit,
          strategy: strategy.name,
          line: `${unit} ${describeCalls(called)}`,
          failed: called.some((one) => one.error !== null),
        });
      };
      const records = await Promise.all(jobs.map((job) => runJob(job, plan, run, environment, onCalled)));
      const result = strategyResultOf(records, stem);
      if (!environment.callsDone)
        options.onProgress?.({
          type: 'strategy',
          unit,
          strategy: strategy.name,
          line: `${unit} ${describeProgress(result)}`,
          failed: result.status === 'error',
        });
      return records;
    }),
  );
  const jobs = perStrategy.flat();
  if (plan.recorded) {
    const { summary, end, kept, keptFrom } = plan.recorded;
    const recorded = recordedCompaction(summary, end, plan.recorded.facts, kept, keptFrom);
    const outcome = measureResult(
      recorded.strategy,
      recorded.output,
      RECORDED_RUN,
      plan.recorded.facts,
      plan.measure,
    );
    // Under `--schedule recorded` the agent's own summary is scored at each of its points, beside the strategies.
    if (options.schedule?.policy === 'recorded') outcome.chain = recordedChain(fullFacts, tokenizer);
    const job = { id: plan.recorded.id, strategy: recorded.strategy, sample: 1, deterministic: false };
    const text = compactedText(summary, kept);
    // With --continuation, the agent's own compaction is continued like a strategy's where it compacted.
    const continuation =
      plan.continuation &&
      (await recordedContinuation(plan.continuation, plan.recorded, options.schedule !== undefined));
    const compacted = {
      outcome,
      text,
      calls: [],
      requiredSections: undefined,
      ...(continuation && continuation.length > 0 ? { continuation } : {}),
    };
    jobs.push(await evaluateJob(job, compacted, plan.recorded.facts, { plan, run, environment }));
  }
  const frame = resultsFrame(facts, {
    ...(options.schedule ? { schedule: describeSchedule(options.schedule) } : {}),
    provider: environment.provider,
    judge: environment.judge,
    tokenizer,
    settings: { ...options.config, ...(target === undefined ? {} : { targetTokens: target }) },
    declarations: [...CORE_SETTINGS, ...strategySettings()],
    contextWindow: environment.contextWindow,
    concurrency: options.concurrency,
    runs: options.runs,
    target: target ?? null,
    reference: options.reference,
    provenance: environment.provenance,
  });
  const session: SessionRecord = {
    kind: 'session',
    run,
    session: fullFacts.session.name,
    target: target ?? null,
    frame: frame as unknown as SessionRecord['frame'],
  };
  return [session, ...jobs];
}

/** The stored calls of several pages as one (a sweep's page shows every target's). */
function mergedCalls(all: readonly StoredCalls[]): StoredCalls {
  return {
    answers: new Map(all.flatMap((calls) => [...calls.answers])),
    links: new Map(all.flatMap((calls) => [...calls.links])),
  };
}
