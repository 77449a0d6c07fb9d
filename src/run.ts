/**
 * The runner, a scheduler of stages with plain data between them (docs/architecture.md, "Stages"):
 * plan (sessions × strategies × targets × runs → jobs with stable ids), compact (each strategy runs its jobs,
 * timed and isolated: one failing never stops the others), evaluate (the evaluator registry scores each job's
 * context into a job record), aggregate (records → each session's results file and statistics) and render
 * (the report formats of report/write.ts); the run's records are written last (`records/<run>.jsonl`). Every
 * job is scheduled at once, so only the one concurrency limit (and each strategy's call chain) orders the calls.
 */
import { AbortedError, InputError, messageOf } from './errors.ts';
import { type SessionReference, sessionReference } from './results/session-reference.ts';
import { type JobRecord, type SessionRecord } from './results/record.ts';
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
import { type ContentStore, createContentStore } from './results/records-file.ts';
import { createJudgeProvider } from './quality/judge/run-judge.ts';
import { createProvider, wrapProvider } from './providers/create.ts';
import { createRecorder } from './providers/cassette.ts';
import { describeSchedule } from './schedule/policy.ts';
import { droppedWorkNote } from './session/dropped-work-note.ts';
import { loadSession, resolveSource } from './session/load.ts';
import pLimit from 'p-limit';
import { prepareOutputDirectory, writeFixtureReports, writeSweepReport } from './report/write.ts';
import { recordedChain } from './schedule/cycles.ts';
import { recordedContinuation } from './continuation/setup.ts';
import { resolveStrategies, strategySettings } from './strategies/registry.ts';
import { CORE_SETTINGS } from './settings.ts';
import { skippedLinesNote } from './session/skipped-lines-note.ts';
import type { CompareOptions, FixturePlan, RunEnvironment } from './stages/types.ts';
import { planFixture, runRecord } from './stages/plan.ts';
import { evaluateJob, runJob } from './stages/evaluate.ts';

export type { CompareOptions, ModelOptions, OutputOptions, PlanOptions } from './stages/types.ts';

/** The outcome of one fixture at one target, and the records it was computed from. */
export type FixtureOutcome = {
  results: ResultsFile;
  files: string[];
  records: Array<SessionRecord | JobRecord>;
};

/** The outcome of a compare run. */
export type CompareOutcome = {
  /** Fixture by fixture, target by target, in the order given. */
  fixtures: FixtureOutcome[];
  /** Strategy runs that ended in an error, across all fixtures (exit 3 when > 0). */
  failedStrategies: number;
  /** The run's records file (`<out>/records/<run>.jsonl`). */
  recordsFile: string;
};

// Sessions load two at a time: parsing is CPU work, and every session is held until its reports are written.
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
  const provider = wrapProvider(
    createProvider(options.provider, { ...providerOptions, tokenizer }),
    wrapOptions,
  );
  const judge = options.judge
    ? createJudgeProvider(options.judge, options.judgeBaseUrl, { ...wrapOptions, tokenizer })
    : undefined;
  let store: ContentStore | undefined;
  try {
    const loadLimit = pLimit(LOAD_CONCURRENCY);
    options.onProgress?.({ type: 'loading', sessions: options.fixtures.length });
    const load = async (fixture: string) => {
      const facts = await loadFixture(fixture, tokenizer, options);
      options.onProgress?.({ type: 'loaded' });
      return facts;
    };
    const [loaded] = await Promise.all([
      Promise.all(options.fixtures.map((fixture) => loadLimit(() => load(fixture)))),
      // The SDK import and the first connection are paid before the clock starts, not by the first strategy.
      provider.warmUp?.(),
      judge?.warmUp?.(),
    ]);
    const facts = loaded.filter((fixture): fixture is SessionReference => fixture !== undefined);
    const signal = options.signal ?? new AbortController().signal;
    const limit = pLimit(options.concurrency);
    const environment: RunEnvironment = {
      provider,
      judge,
      tokenizer,
      limit,
      runs: pLimit(provider.isLanguageModel ? Number.POSITIVE_INFINITY : 1),
      callsDone: provider.isLanguageModel ? createBarrier() : undefined,
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
      evaluators: { judge, limit, tokenizer, signal },
    };
    const targets = options.targets && options.targets.length > 0 ? options.targets : [undefined];
    const plans = await Promise.all(
      facts.flatMap((fixture) =>
        targets.map((target) => planFixture(fixture, target, strategies, environment)),
      ),
    );
    const header = runRecord(plans, environment);
    options.onProgress?.({
      type: 'start',
      strategies: facts.length * targets.length * strategies.length,
      concurrency: options.concurrency,
    });
    const fixtures = await Promise.all(plans.map((plan) => runFixture(plan, header.run, environment)));
    if (targets.length > 1) {
      for (let index = 0; index < fixtures.length; index += targets.length)
        await writeSweepReport(
          fixtures.slice(index, index + targets.length).map((outcome) => outcome.results),
          options.out,
          environment.signal,
        );
    }
    const recordsFile = await environment.store.finish(
      header.run,
      [header, ...fixtures.flatMap((fixture) => fixture.records)],
      environment.signal,
    );
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
): Promise<FixtureOutcome> {
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
  const order = plan.strategies.map(({ strategy }) => strategy.name);
  const results = aggregateSession(session, jobs, order, options.reference, stem);
  if (environment.signal.aborted) throw new AbortedError('aborted; no reports were written for this session');
  const files = await writeFixtureReports(results, options.out, environment.signal, {
    messages: facts.session.messages,
    probes: facts.probes,
  });
  return { results, files, records: [session, ...jobs] };
}
