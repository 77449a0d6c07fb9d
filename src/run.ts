/**
 * The runner, a scheduler of stages with plain data between them (docs/architecture.md, "Stages"):
 * plan (sessions × strategies × targets × runs → jobs with stable ids), compact (each strategy runs its jobs,
 * timed and isolated: one failing never stops the others), evaluate (the evaluator registry scores each job's
 * context into a job record), aggregate (records → each session's results file and statistics) and render
 * (the report formats of report/write.ts); the run's records are written last (`records/<run>.jsonl`). Every
 * job is scheduled at once, so only the one concurrency limit (and each strategy's call chain) orders the calls.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import pLimit, { type LimitFunction } from 'p-limit';
import { createCaller } from './calls.ts';
import {
  type Barrier,
  callProgress,
  createBarrier,
  describeProgress,
  type ProgressEvent,
} from './run-progress.ts';
import { AbortedError, ContextOverflowError, InputError, messageOf } from './errors.ts';
import { createRecorder } from './providers/cassette.ts';
import { createProvider, type ProviderOptions, wrapProvider } from './providers/registry.ts';
import type { Provider } from './providers/types.ts';
import { createJudgeProvider } from './quality/judge/run-judge.ts';
import { writeFixtureReports, writeSweepReport, prepareOutputDirectory } from './report/write.ts';
import {
  compactedText,
  type Measure,
  measureResult,
  RECORDED_RUN,
  recordedCompaction,
  resultsFrame,
  type StrategyRun,
} from './results/assemble.ts';
import { type FixtureFacts, fixtureFacts, prefixFacts } from './results/fixture-facts.ts';
import { aggregateSession, strategyResultOf } from './results/aggregate.ts';
import {
  contentHash,
  type JobCall,
  jobId,
  type JobRecord,
  RECORD_VERSION,
  type RunRecord,
  type SessionRecord,
  shortHash,
} from './results/record.ts';
import { type ContentStore, createContentStore, writeRecords } from './results/records-file.ts';
import type { ResultsFile, StrategyResult } from './results/types.ts';
import { evaluate } from './evaluators/registry.ts';
import type { EvaluationInput, EvaluatorContext } from './evaluators/types.ts';
import type { CallRecord } from './calls.ts';
import { readFile } from 'node:fs/promises';
import { toolVersion } from './package-root.ts';
import { droppedWorkNote } from './session/dropped-work-note.ts';
import { skippedLinesNote } from './session/skipped-lines-note.ts';
import { type LoadOptions, loadSession, resolveSource } from './session/load.ts';
import { measureChain, recordedChain } from './schedule/cycles.ts';
import { describeSchedule, type Schedule } from './schedule/policy.ts';
import { assertReplayable, type Replay, replaySchedule } from './schedule/replay.ts';
import { CORE_SETTINGS } from './settings.ts';
import { createStrategyContext } from './strategies/context.ts';
import { atRecordedCompaction, lastRecordedCompaction } from './strategies/at-compaction.ts';
import { resolveStrategies, strategySettings } from './strategies/registry.ts';
import type { Strategy, StrategyConfig, StrategyOutput } from './strategies/types.ts';
import type { Message } from './session/types.ts';
import { getTokenizer, type Tokenizer } from './tokens.ts';
import { collectProvenance, type Provenance } from './results/provenance.ts';

/** What to run: the sessions, strategies, targets, points and runs the plan stage turns into jobs. */
export type PlanOptions = LoadOptions & {
  fixtures: string[];
  /** `-s`: names, groups and strategy files, comma-separated. */
  strategies: string;
  config: StrategyConfig;
  /** `--target-tokens`: each target is a run of every strategy aiming at that size (a sweep when several). */
  targets?: number[];
  /** `--reference`: the strategy the others are compared with (default: the first listed). */
  reference?: string;
  /** `--at-compaction`: run every strategy on the history up to the transcript's last recorded compaction. */
  atCompaction?: boolean;
  /** `--schedule`: replay each session as a compaction chain under this trigger policy. */
  schedule?: Schedule;
  runs: number;
  /** The name a fixture file is reported under, when not its file name (a suite with two files of one name). */
  sessionNames?: Record<string, string>;
  /** A suite: a session that will not load is skipped with a notice instead of ending the run. */
  skipUnloadable?: boolean;
};

/** What the jobs run on: the model, the judge, the tokenizer and the limits. */
export type ModelOptions = {
  /** `-p`: a provider spec (see the provider table). */
  provider: string;
  /** `--judge`: a provider spec for the LLM judge; off when absent. */
  judge?: string;
  /** `--judge-base-url`: the judge's server, when it is not the vendor's default. */
  judgeBaseUrl?: string;
  providerOptions?: Omit<ProviderOptions, 'tokenizer'>;
  tokenizer: string;
  /** Refuse calls above this many input tokens; defaults to the model's window when known. */
  contextWindow?: number;
  concurrency: number;
};

/** Where results go and who hears of progress. */
export type OutputOptions = {
  out: string;
  signal?: AbortSignal;
  /** How far the run has got: strategies finished, calls, tokens and cost (the command shows them). */
  onProgress?: (event: ProgressEvent) => void;
  /** Lines a user must see even with `--quiet`: work of a transcript that was not imported. */
  onNotice?: (line: string) => void;
  /** The command line after the program name, for the results' provenance (secrets are removed there). */
  command?: readonly string[];
};

/** Everything `compare` (and `check`) needs to run. */
export type CompareOptions = PlanOptions & ModelOptions & OutputOptions;

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

/** Shared by every strategy of the run. */
type RunEnvironment = {
  provider: Provider;
  /** The LLM judge, behind the same cache, cassette and concurrency limit; absent without `--judge`. */
  judge: Provider | undefined;
  tokenizer: Tokenizer;
  limit: LimitFunction;
  /**
   * Strategy runs at once: all of them with a language model (they wait on its answers), one at a time with an
   * offline provider, whose answers are work on this thread: interleaving those would only hold every
   * strategy's prompts and scoring in memory together and blur each one's time.
   */
  runs: LimitFunction;
  /** With a language model: resolves once every strategy run of the compare has made all its calls. */
  callsDone: Barrier | undefined;
  options: CompareOptions;
  contextWindow: number | undefined;
  signal: AbortSignal;
  /** `performance.now()` when the run's clock started (after the providers warmed up). */
  origin: number;
  /** Where the results came from (every results file carries it). */
  provenance: Provenance;
  /** Where every prompt, answer and compacted context is stored once, by hash. */
  store: ContentStore;
  evaluators: EvaluatorContext;
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
  try {
    const loadLimit = pLimit(LOAD_CONCURRENCY);
    const [loaded] = await Promise.all([
      Promise.all(
        options.fixtures.map((fixture) => loadLimit(() => loadFixture(fixture, tokenizer, options))),
      ),
      // The SDK import and the first connection are paid before the clock starts, not by the first strategy.
      provider.warmUp?.(),
      judge?.warmUp?.(),
    ]);
    const facts = loaded.filter((fixture): fixture is FixtureFacts => fixture !== undefined);
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
      store: createContentStore(options.out, signal),
      evaluators: { judge, limit, tokenizer, signal },
    };
    const targets = options.targets && options.targets.length > 0 ? options.targets : [undefined];
    const plans = await Promise.all(
      facts.flatMap((fixture) =>
        targets.map((target) => planFixture(fixture, target, strategies, environment)),
      ),
    );
    const header = runRecord(plans, environment);
    options.onProgress?.({ type: 'start', strategies: facts.length * targets.length * strategies.length });
    const fixtures = await Promise.all(plans.map((plan) => runFixture(plan, header.run, environment)));
    if (targets.length > 1) {
      for (let index = 0; index < fixtures.length; index += targets.length)
        await writeSweepReport(
          fixtures.slice(index, index + targets.length).map((outcome) => outcome.results),
          options.out,
          environment.signal,
        );
    }
    const recordsFile = await writeRecords(
      options.out,
      header.run,
      [header, ...fixtures.flatMap((fixture) => fixture.records)],
      environment.signal,
    );
    const failedStrategies = fixtures
      .flatMap((fixture) => fixture.results.strategies)
      .filter((result) => result.status === 'error').length;
    return { fixtures, failedStrategies, recordsFile };
  } finally {
    await provider.close?.();
    await judge?.close?.();
  }
}

/** Loads one fixture under its suite name; in a suite, one that will not load is a notice, not the end of the run. */
async function loadFixture(
  fixture: string,
  tokenizer: Tokenizer,
  options: CompareOptions,
): Promise<FixtureFacts | undefined> {
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
  return fixtureFacts(session, tokenizer);
}

/** One job of the plan: a strategy on a session at a target, one sample. */
type Job = { id: string; strategy: Strategy; sample: number; deterministic: boolean };

/** The plan of one session at one target: what it is scored against, its jobs, and the agent's own summary. */
type FixturePlan = {
  /** What the strategies see and are scored against (the history up to the compaction with `--at-compaction`). */
  facts: FixtureFacts;
  fullFacts: FixtureFacts;
  target: number | undefined;
  stem: string;
  measure: Measure;
  contentHash: string;
  /** Jobs per strategy, in the order listed. */
  strategies: Array<{ strategy: Strategy; jobs: Job[] }>;
  /** The agent's own last summary, scored beside the strategies when the transcript recorded one. */
  recorded:
    | { id: string; summary: string; end: number; kept: Message[]; keptFrom: number; facts: FixtureFacts }
    | undefined;
};

/** The plan stage for one session at one target: its jobs, each with an id stable across runs of the same inputs. */
async function planFixture(
  fullFacts: FixtureFacts,
  target: number | undefined,
  strategies: readonly Strategy[],
  environment: RunEnvironment,
): Promise<FixturePlan> {
  const { options, tokenizer } = environment;
  const name = fullFacts.session.name;
  const recorded = lastRecordedCompaction(fullFacts.session);
  if (options.atCompaction && !recorded) {
    throw new InputError(`--at-compaction: ${name} records no compaction with a summary to compare at`);
  }
  // The agent's own summary is judged on what it knew then; with --at-compaction, every strategy is too.
  const recordedFacts = recorded ? prefixFacts(fullFacts, recorded.messageIndex, tokenizer) : undefined;
  const facts = options.atCompaction && recordedFacts ? recordedFacts : fullFacts;
  const runnable =
    options.atCompaction && recorded
      ? strategies.map((strategy) => atRecordedCompaction(strategy, recorded))
      : strategies;
  const stem = target === undefined ? name : `${name}@${target}`;
  const hash = contentHash(await readFile(fullFacts.session.path));
  const settings = target === undefined ? options.config : { ...options.config, targetTokens: target };
  const point = options.atCompaction
    ? 'at-compaction'
    : options.schedule
      ? `schedule ${describeSchedule(options.schedule)}`
      : null;
  const key = { contentHash: hash, settings, target: target ?? null, point };
  const planned = runnable.map((strategy) => {
    // A built-in strategy gives the same output for the same answers; a custom one may draw its own randomness.
    const deterministic =
      strategy.group !== 'custom' && (environment.provider.deterministic === true || !strategy.callsModel);
    const samples = deterministic ? 1 : options.runs;
    const jobs = Array.from({ length: samples }, (_, index) => ({
      id: jobId({ ...key, strategy: strategy.name, sample: index + 1 }),
      strategy,
      sample: index + 1,
      deterministic,
    }));
    return { strategy, jobs };
  });
  let recordedPlan: FixturePlan['recorded'];
  if (recorded && recordedFacts) {
    const end = recorded.messageIndex;
    const keptFrom = Math.min(recorded.firstKeptMessageIndex ?? end, end);
    recordedPlan = {
      id: jobId({ ...key, strategy: 'recorded', point: `recorded at ${end}`, sample: 1 }),
      summary: recorded.summary,
      end,
      kept: fullFacts.session.messages.slice(keptFrom, end),
      keptFrom,
      facts: recordedFacts,
    };
  }
  const measure: Measure = {
    tokenizer,
    provider: environment.provider,
    targetTokens: target,
    contextWindow: environment.contextWindow,
    reserveTokens: options.config.reserveTokens,
    reportStem: stem,
  };
  return {
    facts,
    fullFacts,
    target,
    stem,
    measure,
    contentHash: hash,
    strategies: planned,
    recorded: recordedPlan,
  };
}

/** The run's header record: its configuration, its sessions and every job it planned. */
function runRecord(plans: readonly FixturePlan[], environment: RunEnvironment): RunRecord {
  const { options, provider, judge, tokenizer } = environment;
  const jobs = plans.flatMap((plan) => [
    ...plan.strategies.flatMap(({ strategy, jobs: planned }) =>
      planned.map((job) => ({
        id: job.id,
        session: plan.fullFacts.session.name,
        strategy: strategy.name,
        target: plan.target ?? null,
        sample: job.sample,
      })),
    ),
    ...(plan.recorded
      ? [
          {
            id: plan.recorded.id,
            session: plan.fullFacts.session.name,
            strategy: 'recorded',
            target: plan.target ?? null,
            sample: 1,
          },
        ]
      : []),
  ]);
  const sessions = new Map<string, RunRecord['sessions'][number]>();
  for (const plan of plans) {
    sessions.set(plan.fullFacts.session.name, {
      name: plan.fullFacts.session.name,
      path: plan.fullFacts.session.path,
      contentHash: plan.contentHash,
      probeSetHash: shortHash(JSON.stringify(plan.facts.probes)),
    });
  }
  const date = environment.provenance.date.replace(/[-:]/g, '').replace(/\.\d+/, '');
  const { tool, version } = toolVersion();
  return {
    kind: 'run',
    recordVersion: RECORD_VERSION,
    run: `${date}-${shortHash(jobs.map((job) => job.id).join()).slice(0, 8)}`,
    origin: 'compare',
    tool,
    version,
    provider: { id: provider.id, model: provider.model, isLanguageModel: provider.isLanguageModel },
    judge: judge ? { id: judge.id, model: judge.model } : null,
    tokenizer: tokenizer.name,
    reference: options.reference ?? null,
    atCompaction: options.atCompaction ?? false,
    schedule: options.schedule ? describeSchedule(options.schedule) : null,
    sessions: [...sessions.values()],
    jobs,
  };
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
      const records = await Promise.all(jobs.map((job) => runJob(job, plan, run, environment)));
      const result = strategyResultOf(records, stem);
      options.onProgress?.({
        type: 'strategy',
        line: `${stem}: ${strategy.name} ${describeProgress(result)}`,
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
    jobs.push(
      await evaluateJob(job, { outcome, text, calls: [], requiredSections: undefined }, plan.recorded.facts, {
        plan,
        run,
        environment,
      }),
    );
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
  if (environment.signal.aborted) throw new AbortedError('aborted; no reports were written for this fixture');
  const files = await writeFixtureReports(results, options.out, environment.signal);
  return { results, files, records: [session, ...jobs] };
}

/** A job compacted: its measured result (quality unset), the compacted context and its calls' stored texts. */
type Compacted = {
  outcome: StrategyResult;
  text: string;
  calls: JobCall[];
  requiredSections: readonly string[] | undefined;
};

/** Compacts one job in its slot, then evaluates it: offline evaluators in the slot, model evaluators after it. */
async function runJob(
  job: Job,
  plan: FixturePlan,
  run: string,
  environment: RunEnvironment,
): Promise<JobRecord> {
  const arrive = environment.callsDone?.join();
  const { compacted, offline } = await environment.runs(async () => {
    const compacted = await compact(job, plan, environment, arrive);
    return {
      compacted,
      offline: await evaluate(inputOf(compacted, plan.facts, job.sample), environment.evaluators, false),
    };
  });
  return evaluateJob(job, compacted, plan.facts, { plan, run, environment }, offline);
}

function inputOf(compacted: Compacted, facts: FixtureFacts, sample: number): EvaluationInput {
  const { outcome, text, requiredSections } = compacted;
  return { text, summary: outcome.summary, ok: outcome.status === 'ok', facts, requiredSections, sample };
}

/** The evaluate stage for one job: every evaluator's scores (offline ones given when already run), and the job's record. */
async function evaluateJob(
  job: Pick<Job, 'id' | 'sample' | 'deterministic'> & { strategy: Pick<Strategy, 'name'> },
  compacted: Compacted,
  facts: FixtureFacts,
  context: { plan: FixturePlan; run: string; environment: RunEnvironment },
  offline?: Record<string, unknown>,
): Promise<JobRecord> {
  const { plan, run, environment } = context;
  const { outcome, text } = compacted;
  const input = inputOf(compacted, facts, job.sample);
  const scores = {
    ...(offline ?? (await evaluate(input, environment.evaluators, false))),
    ...(await evaluate(input, environment.evaluators, true)),
  };
  const textHash = await environment.store.put('contexts', text);
  return {
    kind: 'job',
    run,
    id: job.id,
    session: plan.fullFacts.session.name,
    strategy: job.strategy.name,
    target: plan.target ?? null,
    sample: job.sample,
    deterministic: job.deterministic,
    status: outcome.status,
    error: outcome.error,
    compacted: {
      summary: outcome.summary,
      keptRanges: outcome.keptRanges,
      textHash,
      requiredSections: compacted.requiredSections ? [...compacted.requiredSections] : null,
    },
    calls: compacted.calls,
    scores,
    outcome: outcome as unknown as JobRecord['outcome'],
  };
}

/** The compact stage for one job: the strategy run, timed from when it may start, and measured. */
async function compact(
  job: Job,
  plan: FixturePlan,
  environment: RunEnvironment,
  arrive?: () => Promise<void>,
): Promise<Compacted> {
  const { tokenizer, options } = environment;
  const { strategy, sample } = job;
  const { facts, target } = plan;
  // Offline work never waits on I/O: a turn of the event loop lets a Ctrl-C's handler run before each strategy.
  await nextTurn();
  stopIfAborted(environment, arrive);
  const started = performance.now();
  const exchanges = new Map<CallRecord, Promise<JobCall>>();
  const caller = createCaller({
    provider: environment.provider,
    limit: environment.limit,
    tokenizer,
    contextWindow: environment.contextWindow,
    signal: environment.signal,
    sample,
    origin: started,
    onCall: options.onProgress ? callProgress(environment) : undefined,
    onExchange: (record, request, answer) => {
      const stored = storeExchange(environment.store, record.label, request, answer);
      // Awaited with the job's record; a failed write must not surface as an unhandled rejection before then.
      stored.catch(() => undefined);
      exchanges.set(record as CallRecord, stored);
    },
  });
  const context = createStrategyContext({
    caller,
    tokenizer,
    config: target === undefined ? options.config : { ...options.config, targetTokens: target },
    signal: environment.signal,
    contextWindow: environment.contextWindow,
  });
  let output: StrategyOutput = { summary: '' };
  let error: string | null = null;
  let replay: Replay | undefined;
  try {
    if (options.schedule) {
      replay = await replaySchedule(strategy, facts.session, options.schedule, context, caller.trace);
      ({ output, error } = replay);
    } else {
      output = await strategy.run(facts.session, context);
    }
  } catch (thrown) {
    stopIfAborted(environment, arrive, thrown);
    error =
      thrown instanceof ContextOverflowError ? `context overflow: ${messageOf(thrown)}` : messageOf(thrown);
  }
  const run: StrategyRun = {
    error,
    wallMs: performance.now() - started,
    startedAtMs: started - environment.origin,
    trace: caller.trace,
    prompts: context.prompts,
  };
  // Scoring is work on this thread: done after every strategy's calls, it cannot hold up their answers.
  await arrive?.();
  stopIfAborted(environment);
  const outcome = measureResult(strategy, output, run, facts, plan.measure);
  if (replay && options.schedule)
    outcome.chain = measureChain(replay, facts, options.schedule, strategy.requiredSections);
  const calls = await Promise.all(
    caller.trace.map(
      (record) => exchanges.get(record) ?? { label: record.label, promptHash: null, answerHash: null },
    ),
  );
  return {
    outcome,
    text: compactedText(output.summary, output.kept ?? []),
    calls,
    requiredSections: strategy.requiredSections,
  };
}

/** Stores a call's prompt and answer by hash; the job record points at them. */
async function storeExchange(
  store: ContentStore,
  label: string,
  request: { system: string; prompt: string },
  answer: string | null,
): Promise<JobCall> {
  const promptHash = await store.put(
    'calls',
    JSON.stringify({ system: request.system, prompt: request.prompt }),
  );
  const answerHash = answer === null ? null : await store.put('calls', JSON.stringify({ answer }));
  return { label, promptHash, answerHash };
}

/** Ends a strategy's run once the run is aborted, arriving first: strategies waiting for every call never wait on it. */
function stopIfAborted(environment: RunEnvironment, arrive?: () => Promise<void>, cause?: unknown): void {
  if (!environment.signal.aborted) return;
  void arrive?.();
  throw new AbortedError('aborted by the user', { cause });
}
