/**
 * One session at one target through the stages: loaded, its jobs compacted and evaluated into records, then
 * aggregated into its results and rendered into its reports. `run.ts` schedules these over the run's sessions.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AbortedError, InputError, messageOf } from '../errors.ts';
import { type SessionReference, matchingLoaded, probeMarkingLoaded } from '../results/session-reference.ts';
import { releaseMatchers, sessionReference } from '../results/session-reference.ts';
import { type JobRecord, type SessionRecord } from '../results/record.ts';
import {
  RECORDED_RUN,
  compactedText,
  measureResult,
  agentCompactionOutcome,
  resultsFrame,
} from '../results/assemble.ts';
import { type ResultsFile, type StrategyResult } from '../results/types.ts';
import { type SessionDigest } from '../results/digest.ts';
import { type Tokenizer } from '../tokens.ts';
import { aggregateSession, strategyResultOf } from '../stages/aggregate.ts';
import { assertReplayable } from '../schedule/replay.ts';
import { type CalledRun, describeCalls, describeProgress } from '../results/run-progress.ts';
import { type StoredCalls, storedCalls } from '../results/records-file.ts';
import { packPath } from '../results/text-pack.ts';
import { basename } from 'node:path';
import { describeSchedule } from '../schedule/policy.ts';
import { branchChoiceNote, droppedWorkNote } from '../session/dropped-work-note.ts';
import { loadSession } from '../session/load.ts';
import { loadRenderers } from '../report/load-renderers.ts';
import { renderTranscriptAhead } from '../report/html/transcript.ts';
import { loadScoring, loadSummaryFacets } from '../quality/scoring-load.ts';
import { agentCompactionChainOutput } from '../schedule/cycles.ts';
import { continuationOutput } from '../continuation/stored-cuts.ts';
import { agentCompactionContinuation } from '../continuation/setup.ts';
import { strategySettings } from '../strategies/registry.ts';
import { CORE_SETTINGS } from '../settings.ts';
import { maskedKeysNote, skippedLinesNote } from '../session/skipped-lines-note.ts';
import { importOptions } from '../stages/options.ts';
import type { SessionPlan, RunEnvironment, SessionLoadOptions } from '../stages/types.ts';
import { evaluateJob, runJob } from '../stages/evaluate.ts';
import { sessionMessageTable } from '../stages/compact.ts';
import { prepareLexicalScoring } from '../evaluators/lexical.ts';
import type { AnswerWindow } from './quiet-thread.ts';
import { markTimeline } from '../timeline.ts';
import { collectAfterLongText } from '../collect-garbage.ts';
import { allSettledOrFirstFailure } from './for-each-bounded.ts';
import { facetsAhead, renderReportsAhead, scoredOf } from './reports-ahead.ts';

/**
 * What a run keeps of one fixture at one target: its results' digest, its results file (`F-results.json` in
 * `--out`, read back by whatever needs the full results) and the report files written.
 */
export type SessionOutcome = { digest: SessionDigest; resultsFile: string; files: string[] };

/** Loads one fixture under its suite name; in a suite, one that will not load is a notice, not the end of the run. */
export async function loadSessionReference(
  transcript: string,
  tokenizer: Tokenizer,
  options: SessionLoadOptions,
): Promise<SessionReference | undefined> {
  let session;
  try {
    // A run at a recorded compaction takes the branch holding one when the active branch has none.
    const needsCompaction = options.atCompaction === true || options.schedule?.policy === 'recorded';
    session = await loadSession(transcript, { ...importOptions(options), needsCompaction });
  } catch (error) {
    if (!options.skipUnloadable || !(error instanceof InputError)) throw error;
    // `F:5: not valid JSON` names its line; the file is named beside it.
    const reason = messageOf(error).replace(`${transcript}: `, '').replace(`${transcript}:`, 'line ');
    options.onNotice?.(`skipped ${transcript}: ${reason}`);
    options.onSkip?.({ file: transcript, reason });
    return undefined;
  }
  if (options.schedule) assertReplayable(session, options.schedule, transcript);
  const name = options.sessionNames?.[transcript];
  if (name) session = { ...session, name };
  const chosen = branchChoiceNote(session);
  if (chosen) options.onNotice?.(chosen);
  const dropped = droppedWorkNote(session);
  if (dropped) options.onNotice?.(dropped);
  const skipped = skippedLinesNote(transcript, session.stats.skipped);
  if (skipped) options.onNotice?.(skipped);
  const masked = maskedKeysNote(transcript, session.stats.maskedKeys);
  if (masked) options.onNotice?.(masked);
  // Reading probes and counting tokens hold the thread: a turn of the event loop first lets the progress redraw.
  await nextTurn();
  return sessionReference(session, tokenizer, { markLater: options.markProbesLater === true });
}

/** What one session at one target leaves behind once reported: its results, its report files, its records, its stored calls. */
export type ReportedPlan = {
  results: ResultsFile;
  files: string[];
  records: Array<SessionRecord | JobRecord>;
  calls: StoredCalls;
};

/**
 * Compacts and evaluates every job of one session at each of its targets, then aggregates and renders each
 * target's reports. The session's match indexes go once every target is scored, before any report is rendered:
 * the reports need none of them, and a long session's are the largest thing the run holds.
 */
export async function runSessionPlans(
  plans: readonly SessionPlan[],
  run: string,
  environment: RunEnvironment,
): Promise<ReportedPlan[]> {
  // Each target settled before a failure leaves: none still stores texts when the run discards its store.
  const recorded = await allSettledOrFirstFailure(
    plans.map((plan) => recordSession(plan, run, environment, facetsAhead(plan, environment))),
  );
  markTimeline('scored');
  let released = 0;
  for (const plan of plans) released += releaseMatchers(plan.fullReference) + releaseMatchers(plan.reference);
  environment.sessionScored();
  // A long transcript's index (and, after the run's last session, the text caches) collected before the reports
  // build the page: left to V8, they were still held as it was written, where the run's memory peaked.
  collectAfterLongText(released);
  const reported: ReportedPlan[] = [];
  for (const [index, plan] of plans.entries()) {
    reported.push(await reportSessionPlan(plan, recorded[index]!, environment));
    // Its page read the summaries' indexes its scoring made; nothing reads them after.
    (await loadScoring()).forgetScoredContexts(plan.reference.probes);
    (await loadSummaryFacets()).forgetSummaryFacets(plan.reference.probes);
  }
  markTimeline('reports');
  return reported;
}

/** Aggregates one session's records at one target into its results and renders its reports. */
async function reportSessionPlan(
  plan: SessionPlan,
  [session, ...jobs]: [SessionRecord, ...JobRecord[]],
  environment: RunEnvironment,
): Promise<ReportedPlan> {
  const { planOptions } = environment;
  const order = plan.strategies.map(({ strategy }) => strategy.name);
  const results = aggregateSession(session, jobs, order, planOptions.reference, plan.stem);
  if (environment.signal.aborted) throw new AbortedError('aborted; no reports were written for this session');
  // The page links each call's stored prompt and answer where the records land: the run's pack in `records/`.
  const { store } = environment;
  const calls = storedCalls([results], {
    has: (hash) => store.has('calls', hash),
    read: (hash) => store.read('calls', hash),
    link: (hash) => `records/${basename(packPath('', store.pack, 'calls'))}#${hash}`,
  });
  const { writeSessionReports } = await loadRenderers();
  const source = { messages: plan.reference.session.messages, probes: plan.reference.probes, calls };
  const { reportDirectory, signal, sessionPages } = environment;
  const files = await writeSessionReports(results, reportDirectory, signal, source, { page: sessionPages });
  return { results, files, records: [session, ...jobs], calls };
}

/**
 * Compacts and evaluates every job of one session at one target: its session record, then its job records;
 * `onScored` hears each strategy's result as soon as it is scored.
 */
export async function recordSession(
  plan: SessionPlan,
  run: string,
  environment: RunEnvironment,
  onScored?: (result: StrategyResult) => Promise<void>,
): Promise<[SessionRecord, ...JobRecord[]]> {
  const { planOptions, listeners, tokenizer } = environment;
  const { fullReference, stem } = plan;
  const perStrategy = await allSettledOrFirstFailure(
    plan.strategies.map(async ({ strategy, jobs }) => {
      const unit = `${stem}: ${strategy.name}`;
      const called: CalledRun[] = [];
      // With a language model, reported as soon as every run's calls have ended, before it is scored.
      const onCalled = (done: CalledRun) => {
        called.push(done);
        if (called.length < jobs.length || !environment.scoringGate) return;
        listeners.onProgress?.({
          type: 'strategy',
          unit,
          strategy: strategy.name,
          line: `${unit} ${describeCalls(called)}`,
          failed: called.some((one) => one.error !== null),
        });
      };
      const records = await allSettledOrFirstFailure(
        jobs.map((job) => runJob(job, plan, run, environment, onCalled)),
      );
      scoredOf(plan).add(records);
      const result = strategyResultOf(records, stem);
      await onScored?.(result);
      if (!environment.scoringGate)
        listeners.onProgress?.({
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
  // The agent's own summary and the session's record read the probes (a model's run marks them only once loaded).
  await probeMarkingLoaded();
  if (plan.agentCompaction) {
    const { summary, end, kept, keptFrom } = plan.agentCompaction;
    const recorded = agentCompactionOutcome(summary, end, plan.agentCompaction.reference, kept, keptFrom);
    const outcome = measureResult(
      recorded.strategy,
      recorded.output,
      RECORDED_RUN,
      plan.agentCompaction.reference,
      plan.measure,
    );
    // Under `--schedule recorded` the agent's own summary is scored at each of its points, beside the strategies.
    const chain =
      planOptions.schedule?.policy === 'recorded'
        ? agentCompactionChainOutput(fullReference, tokenizer)
        : undefined;
    const job = { id: plan.agentCompaction.id, strategy: recorded.strategy, sample: 1, deterministic: false };
    const text = compactedText(summary, kept);
    // With --continuation, the agent's own compaction is continued like a strategy's where it compacted.
    const predicted =
      plan.continuation &&
      (await agentCompactionContinuation(
        plan.continuation,
        plan.agentCompaction,
        planOptions.schedule !== undefined,
      ));
    const continuation =
      plan.continuation && predicted && predicted.length > 0
        ? continuationOutput(plan.continuation, 'recorded', predicted)
        : undefined;
    const compacted = {
      outcome,
      text,
      calls: [],
      requiredSections: undefined,
      ...(chain ? { chain: chain.chain } : {}),
      ...(continuation ? { continuation: continuation.continuation } : {}),
      texts: new Map([...(chain?.texts ?? []), ...(continuation?.texts ?? [])]),
    };
    jobs.push(await evaluateJob(job, compacted, plan.agentCompaction.reference, { plan, run, environment }));
  }
  return [await sessionRecordOf(plan, run, environment), ...jobs];
}

/** The session record of one plan: what its results file holds besides the strategies' results. */
async function sessionRecordOf(
  plan: SessionPlan,
  run: string,
  environment: RunEnvironment,
): Promise<SessionRecord> {
  const { planOptions, tokenizer } = environment;
  const { reference, fullReference, target } = plan;
  const cuts = plan.continuation?.cuts ?? [];
  const frame = resultsFrame(reference, {
    ...(planOptions.schedule ? { schedule: describeSchedule(planOptions.schedule) } : {}),
    ...(planOptions.continuation && cuts.length > 0
      ? {
          continuation: {
            cuts,
            steps: planOptions.continuation.steps,
            transcript: {
              messages: fullReference.session.messages.length,
              tokens: fullReference.tokensBefore,
            },
          },
        }
      : {}),
    provider: environment.provider,
    judge: environment.judge,
    tokenizer,
    settings: { ...planOptions.config, ...(target === undefined ? {} : { targetTokens: target }) },
    declarations: [...CORE_SETTINGS, ...strategySettings()],
    contextWindow: environment.contextWindow,
    concurrency: environment.concurrency,
    runs: planOptions.runs,
    target: target ?? null,
    reference: planOptions.reference,
    provenance: await environment.provenance(),
  });
  return { kind: 'session', run, session: fullReference.session.name, target: target ?? null, frame };
}

/** Writes a budget sweep's reports: one session's results at every target of the run. */
export async function writeSweep(
  outcomes: readonly ReportedPlan[],
  environment: RunEnvironment,
): Promise<void> {
  const { writeSweepReport } = await loadRenderers();
  await writeSweepReport(
    outcomes.map((outcome) => outcome.results),
    environment.reportDirectory,
    environment.signal,
    { messages: [], probes: [], calls: mergedCalls(outcomes.map((outcome) => outcome.calls)) },
  );
}

/** The stored calls of several pages as one (a sweep's page shows every target's). */
export function mergedCalls(all: readonly StoredCalls[]): StoredCalls {
  return {
    answers: new Map(all.flatMap((calls) => [...calls.answers])),
    links: new Map(all.flatMap((calls) => [...calls.links])),
  };
}

/**
 * Runs a session's plans (runSessionPlans), with a model preparing its scoring meanwhile (prepareWhileCalling). A
 * failure of either stops the run at once (`stop`): the steps prepared may wait on other sessions' answers. The
 * session's jobs have ended whenever this settles, so nothing of it still writes once the run removes its store.
 */
export async function runWhilePreparing(
  plans: readonly SessionPlan[],
  environment: RunEnvironment,
  windows: AnswerWindow,
  stop: (error: unknown) => void,
): Promise<ReportedPlan[]> {
  const running = runSessionPlans(plans, environment.store.pendingRun, environment);
  // Awaited below; a failure meanwhile is not an unhandled rejection.
  running.catch(stop);
  if (environment.provider.isLanguageModel) {
    try {
      await prepareWhileCalling(plans, environment, windows, running);
    } catch (error) {
      stop(error);
      await running.catch(() => undefined);
      throw error;
    }
  }
  return running;
}

/**
 * With a model, what scoring will need (each plan's probes, marked or derived from the transcript, the transcript
 * prepared for matching, and what scoring any context reads of the probes) is made once the first calls are in
 * flight: the thread waits on them anyway, the first calls start sooner, and the scoring after the last call is
 * shorter by as much. Step by step, each once the thread is quiet: an answer that arrives meanwhile is handled (and
 * a chain's next call sent) after the step, not after all of them. The connections go first, the transcript's index
 * (the longest step) next; `first` (asking git for the provenance) is started after the scoring's steps, not waited on.
 */
export async function prepareWhileCalling(
  plans: readonly SessionPlan[],
  environment: RunEnvironment,
  windows: AnswerWindow,
  running: Promise<unknown>,
): Promise<void> {
  const { limit, provenance: first } = environment;
  // The strategies start on a later turn of the event loop (compact.ts); some may make no call at all.
  for (let turn = 0; turn < 3 && limit.activeCount === 0; turn++) await nextTurn();
  const steps = plans.flatMap((plan) => [
    // The matcher's code loads here, not before the first request (run.ts markProbesLater).
    () => matchingLoaded(),
    // The longest step first, while the window before the first answers is widest: started later, it overran a
    // round's answers (281 ms from 490 ms after the first request, the second round due from 616; chrt -f 10).
    () => plan.reference.transcriptMatcher,
    // The table of rendered messages the first answers' prompts are stored against.
    () => sessionMessageTable(plan, environment),
    // The code that marks a sidecar's probes loads here, not before the first request (run.ts markProbesLater).
    () => probeMarkingLoaded(),
    () => plan.reference.probes,
    () => plan.reference.expectations,
    () => prepareLexicalScoring(plan.reference),
    // What reads a scored summary's facets for the page (facetsAhead) loads here, not at the first strategy scored.
    ...(environment.sessionPages ? [() => loadSummaryFacets()] : []),
    // Read lazily, where a summary's path is not on a line that writes it: here it costs no answer a wait, while
    // after the last answer it held the large-session fixture's tail by about 40 ms.
    () => plan.reference.transcriptPaths,
    // The page's transcript needs no answer: rendered now, it is not left for after the last one.
    ...(environment.sessionPages ? [() => renderTranscriptAhead(plan.reference.session.messages)] : []),
  ]);
  // The renderers' modules load in a window too (the first session's steps only: once is enough), not before the
  // first call, nor after the last answer where the first report would load them; after the scoring's steps, which
  // the first strategy scored needs and the window before the first answers has room for.
  // The connections of the first two rounds open while the first is in flight (one was warmed before; more then
  // would hold the first call): a chain's next call, asked as its answer is read, finds its own connection not yet
  // given back, and without an idle one it connected before it could leave.
  const connect = () => void environment.provider.warmUp?.({ connections: 2 * environment.concurrency - 1 });
  // Git answers while the calls run: waiting on it as a step (first, as it was) left the window before the first
  // answers unused. Its failure is the results file's, awaited where the session record is made.
  const provenance = () => void first?.().catch(() => undefined);
  for (const step of [connect, ...steps, provenance, loadRenderers]) {
    await windows.wait();
    // A stopped run (Ctrl-C, or another session failed) scores nothing: what is left to prepare is not needed.
    if (environment.signal.aborted) return;
    const before = performance.eventLoopUtilization();
    await step();
    // The time the thread was busy, not the step's wall: a module's files read, it waits on I/O like any answer.
    windows.held(performance.eventLoopUtilization(before).active);
  }
  const [plan] = plans;
  const run = environment.store.pendingRun;
  if (plan && !environment.signal.aborted)
    await renderReportsAhead(
      plan,
      environment,
      windows,
      () => sessionRecordOf(plan, run, environment),
      running,
    );
}
