/**
 * The runner: every fixture × target × strategy × run is scheduled at once, so only the one concurrency limit
 * (and each strategy's own call chain) orders the calls; each strategy is timed and isolated (one failing never
 * stops the others), every result scored, judged when asked, and written in the order given. Assembly,
 * statistics, judging and writing live in their own modules; this file only orchestrates.
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
import { createJudgeProvider, judgeText } from './quality/judge/run-judge.ts';
import { writeFixtureReports, writeSweepReport, prepareOutputDirectory } from './report/write.ts';
import {
  buildResult,
  compactedText,
  type Measure,
  recordedResult,
  resultsFile,
  traceEntry,
} from './results/assemble.ts';
import { type FixtureFacts, fixtureFacts, prefixFacts } from './results/fixture-facts.ts';
import { combineRuns } from './results/statistics.ts';
import type { ResultsFile, StrategyResult } from './results/types.ts';
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
import { getTokenizer, type Tokenizer } from './tokens.ts';
import { collectProvenance, type Provenance } from './results/provenance.ts';

/** Everything `compare` (and `check`) needs to run. */
export type CompareOptions = LoadOptions & {
  fixtures: string[];
  /** `-s`: names, groups and strategy files, comma-separated. */
  strategies: string;
  /** `-p`: a provider spec (see the provider table). */
  provider: string;
  /** `--judge`: a provider spec for the LLM judge; off when absent. */
  judge?: string;
  /** `--judge-base-url`: the judge's server, when it is not the vendor's default. */
  judgeBaseUrl?: string;
  providerOptions?: Omit<ProviderOptions, 'tokenizer'>;
  out: string;
  tokenizer: string;
  config: StrategyConfig;
  /** `--target-tokens`: each target is a run of every strategy aiming at that size (a sweep when several). */
  targets?: number[];
  /** `--reference`: the strategy the others are compared with (default: the first listed). */
  reference?: string;
  /** `--at-compaction`: run every strategy on the history up to the transcript's last recorded compaction. */
  atCompaction?: boolean;
  /** `--schedule`: replay each session as a compaction chain under this trigger policy. */
  schedule?: Schedule;
  /** Refuse calls above this many input tokens; defaults to the model's window when known. */
  contextWindow?: number;
  concurrency: number;
  runs: number;
  signal?: AbortSignal;
  /** How far the run has got: strategies finished, calls, tokens and cost (the command shows them). */
  onProgress?: (event: ProgressEvent) => void;
  /** Lines a user must see even with `--quiet`: work of a transcript that was not imported. */
  onNotice?: (line: string) => void;
  /** The name a fixture file is reported under, when not its file name (a suite with two files of one name). */
  sessionNames?: Record<string, string>;
  /** A suite: a session that will not load is skipped with a notice instead of ending the run. */
  skipUnloadable?: boolean;
  /** The command line after the program name, for the results' provenance (secrets are removed there). */
  command?: readonly string[];
};

/** The outcome of one fixture at one target. */
export type FixtureOutcome = { results: ResultsFile; files: string[] };

/** The outcome of a compare run. */
export type CompareOutcome = {
  /** Fixture by fixture, target by target, in the order given. */
  fixtures: FixtureOutcome[];
  /** Strategy runs that ended in an error, across all fixtures (exit 3 when > 0). */
  failedStrategies: number;
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
    const environment: RunEnvironment = {
      provider,
      judge,
      tokenizer,
      limit: pLimit(options.concurrency),
      runs: pLimit(provider.isLanguageModel ? Number.POSITIVE_INFINITY : 1),
      callsDone: provider.isLanguageModel ? createBarrier() : undefined,
      options,
      // A schedule's window is the model's as far as the replay is concerned.
      contextWindow:
        options.contextWindow ??
        (options.schedule?.policy === 'window' ? options.schedule.window : provider.contextWindow),
      signal: options.signal ?? new AbortController().signal,
      origin: performance.now(),
      provenance: await collectProvenance({
        command: options.command ?? [],
        provider,
        replay: providerOptions.replay,
        record: typeof providerOptions.record === 'string' ? providerOptions.record : undefined,
      }),
    };
    const targets = options.targets && options.targets.length > 0 ? options.targets : [undefined];
    options.onProgress?.({ type: 'start', strategies: facts.length * targets.length * strategies.length });
    const outcomes = await Promise.all(
      facts.map((fixture) =>
        Promise.all(targets.map((target) => runFixture(fixture, target, strategies, environment))),
      ),
    );
    if (targets.length > 1) {
      for (const perTarget of outcomes)
        await writeSweepReport(
          perTarget.map((outcome) => outcome.results),
          options.out,
          environment.signal,
        );
    }
    const fixtures = outcomes.flat();
    const failedStrategies = fixtures
      .flatMap((fixture) => fixture.results.strategies)
      .filter((result) => result.status === 'error').length;
    return { fixtures, failedStrategies };
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

async function runFixture(
  fullFacts: FixtureFacts,
  target: number | undefined,
  strategies: readonly Strategy[],
  environment: RunEnvironment,
): Promise<FixtureOutcome> {
  const { options, tokenizer } = environment;
  const name = fullFacts.session.name;
  const stem = target === undefined ? name : `${name}@${target}`;
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
  const measure: Measure = {
    tokenizer,
    provider: environment.provider,
    targetTokens: target,
    contextWindow: environment.contextWindow,
    reserveTokens: options.config.reserveTokens,
    reportStem: stem,
  };
  const results = await Promise.all(
    runnable.map(async (strategy) => {
      const result = await runStrategyRepeated(strategy, facts, target, measure, environment);
      options.onProgress?.({
        type: 'strategy',
        line: `${stem}: ${strategy.name} ${describeProgress(result)}`,
        failed: result.status === 'error',
      });
      return result;
    }),
  );
  if (recorded && recordedFacts) {
    const end = recorded.messageIndex;
    const keptFrom = Math.min(recorded.firstKeptMessageIndex ?? end, end);
    const kept = fullFacts.session.messages.slice(keptFrom, end);
    const result = recordedResult(recorded.summary, end, recordedFacts, measure, kept, keptFrom);
    // Under `--schedule recorded` the agent's own summary is scored at each of its points, beside the strategies.
    if (options.schedule?.policy === 'recorded') result.chain = recordedChain(fullFacts, tokenizer);
    await judge(result, compactedText(recorded.summary, kept), recordedFacts, environment, 1);
    results.push(result);
  }
  const file = resultsFile(facts, results, {
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
  if (environment.signal.aborted) throw new AbortedError('aborted; no reports were written for this fixture');
  const files = await writeFixtureReports(file, options.out, environment.signal, {
    messages: facts.session.messages,
    probes: facts.probes,
  });
  return { results: file, files };
}

/** One strategy, `--runs` times at once (once for a deterministic provider); the figures are means, with their spread. */
async function runStrategyRepeated(
  strategy: Strategy,
  facts: FixtureFacts,
  target: number | undefined,
  measure: Measure,
  environment: RunEnvironment,
): Promise<StrategyResult> {
  // A built-in strategy gives the same output for the same answers; a custom one may draw its own randomness.
  const deterministic =
    strategy.group !== 'custom' && (environment.provider.deterministic === true || !strategy.callsModel);
  const samples = deterministic ? 1 : environment.options.runs;
  const runs = await Promise.all(
    Array.from({ length: samples }, (_, index) =>
      runStrategyOnce(strategy, facts, target, measure, environment, index + 1),
    ),
  );
  const result = runs.length === 1 ? runs[0]! : combineRuns(runs);
  result.deterministic = deterministic;
  return result;
}

async function runStrategyOnce(
  strategy: Strategy,
  facts: FixtureFacts,
  target: number | undefined,
  measure: Measure,
  environment: RunEnvironment,
  sample: number,
): Promise<StrategyResult> {
  const arrive = environment.callsDone?.join();
  const { result, output } = await environment.runs(() =>
    runAndScore(strategy, facts, target, measure, environment, sample, arrive),
  );
  if (result.status === 'ok')
    await judge(result, compactedText(output.summary, output.kept ?? []), facts, environment, sample);
  return result;
}

/** One run of a strategy, timed from when it may start, and its scored result. */
async function runAndScore(
  strategy: Strategy,
  facts: FixtureFacts,
  target: number | undefined,
  measure: Measure,
  environment: RunEnvironment,
  sample: number,
  arrive?: () => Promise<void>,
): Promise<{ result: StrategyResult; output: StrategyOutput }> {
  const { tokenizer, options } = environment;
  // Offline work never waits on I/O: a turn of the event loop lets a Ctrl-C's handler run before each strategy.
  await nextTurn();
  stopIfAborted(environment, arrive);
  const started = performance.now();
  const caller = createCaller({
    provider: environment.provider,
    limit: environment.limit,
    tokenizer,
    contextWindow: environment.contextWindow,
    signal: environment.signal,
    sample,
    origin: started,
    onCall: options.onProgress ? callProgress(environment) : undefined,
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
  const run = {
    error,
    wallMs: performance.now() - started,
    startedAtMs: started - environment.origin,
    trace: caller.trace,
    prompts: context.prompts,
  };
  // Scoring is work on this thread: done after every strategy's calls, it cannot hold up their answers.
  await arrive?.();
  stopIfAborted(environment);
  const result = buildResult(strategy, output, run, facts, measure);
  if (replay && options.schedule)
    result.chain = measureChain(replay, facts, options.schedule, strategy.requiredSections);
  return { result, output };
}

/** Ends a strategy's run once the run is aborted, arriving first: strategies waiting for every call never wait on it. */
function stopIfAborted(environment: RunEnvironment, arrive?: () => Promise<void>, cause?: unknown): void {
  if (!environment.signal.aborted) return;
  void arrive?.();
  throw new AbortedError('aborted by the user', { cause });
}

/** Judges a result when the run has a judge; each run of `--runs` is judged afresh. */
async function judge(
  result: StrategyResult,
  text: string,
  facts: FixtureFacts,
  environment: RunEnvironment,
  sample: number,
): Promise<void> {
  if (!environment.judge) return;
  const judged = await judgeText(text, facts.probes, { ...environment, judge: environment.judge, sample });
  result.quality.judge = judged.judge;
  result.judgeUsage = judged.usage;
  result.judgeTrace = judged.trace.map(traceEntry);
}
