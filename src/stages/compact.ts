/**
 * The compact stage: one job's strategy run, timed and isolated, its calls' prompts and answers stored; under
 * `--schedule` its chain's every compaction, with `--continuation` its context and predictions at each cut, kept
 * for the evaluators. Nothing here scores.
 */
import { AbortedError, ContextOverflowError, messageOf } from '../errors.ts';
import { type CallRecord, createCaller, criticalPath } from '../providers/calls.ts';
import { type ContentStore } from '../results/records-file.ts';
import { type MessageTable, messageTable } from '../results/message-table.ts';
import { type JobCall } from '../results/record.ts';
import { type Replay, replaySchedule } from '../schedule/replay.ts';
import { type StrategyOutput } from '../strategies/types.ts';
import { type StrategyRun, compactedText, measureResult } from '../results/assemble.ts';
import { type CalledRun, callProgress } from '../results/run-progress.ts';
import { createStrategyContext } from '../strategies/context.ts';
import { chainOutput } from '../schedule/cycles.ts';
import { continuationOutput, type PredictedPoint } from '../continuation/stored-cuts.ts';
import {
  type ContinuationPoint,
  continuationPrediction,
  furtherCutOutputs,
  hasStepAfter,
} from '../continuation/setup.ts';
import { setImmediate as nextTurn, setTimeout as delay } from 'node:timers/promises';
import type { Compacted, SessionPlan, Job, RunEnvironment } from './types.ts';

/**
 * The session's rendered messages, which its calls' prompts are stored by reference to: made once, at the first call
 * stored or ahead of it (prepareWhileCalling), and shared by the session's jobs.
 */
export function sessionMessageTable(
  plan: SessionPlan,
  environment: RunEnvironment,
): MessageTable | undefined {
  const { toolResultChars } = environment.planOptions.config;
  return messageTable(plan.reference.session.messages, { toolResultChars });
}

/** The compact stage for one job: the strategy run, timed from when it may start, and measured. */
export async function compact(
  job: Job,
  plan: SessionPlan,
  environment: RunEnvironment,
  onCalled?: (run: CalledRun) => void,
): Promise<Compacted> {
  const { tokenizer, planOptions, listeners } = environment;
  const { strategy, sample } = job;
  const { reference, target } = plan;
  // Offline work never waits on I/O: a turn of the event loop lets a Ctrl-C's handler run before each strategy.
  await nextTurn();
  stopIfAborted(environment);
  const started = performance.now();
  const exchanges = new Map<CallRecord, Promise<JobCall>>();
  const messages = () => sessionMessageTable(plan, environment);
  const caller = createCaller({
    provider: environment.provider,
    limit: environment.limit,
    chain: plan.strategies.find((planned) => planned.strategy === strategy)?.calls?.sequential,
    tokenizer,
    contextWindow: environment.contextWindow,
    signal: environment.signal,
    sample,
    origin: started,
    onCall: listeners.onProgress
      ? callProgress(environment, { unit: `${plan.stem}: ${strategy.name}`, strategy: strategy.name })
      : undefined,
    onExchange: (record, request, answer) => {
      // Stored once the thread is quiet (with a language model: the requests asked for sent, none of the answers due
      // soon left waiting), else on a later turn: the strategy asks for its next call first. Storing hashes, redacts
      // and writes the texts; at delay(0), a round's eight answers stored one by one held the last chains' next
      // requests by 15-25 ms at large-session's first round.
      const stored = (environment.scoringGate ?? (() => delay(0)))().then(() =>
        storeExchange(environment.store, record.label, request, answer, messages()),
      );
      // Awaited with the job's record; a failed write must not surface as an unhandled rejection before then.
      stored.catch(() => undefined);
      exchanges.set(record as CallRecord, stored);
    },
  });
  const context = createStrategyContext({
    caller,
    tokenizer,
    config: target === undefined ? planOptions.config : { ...planOptions.config, targetTokens: target },
    signal: environment.signal,
    contextWindow: environment.contextWindow,
  });
  let output: StrategyOutput = { summary: '' };
  let error: string | null = null;
  let replay: Replay | undefined;
  try {
    if (planOptions.schedule) {
      replay = await replaySchedule(strategy, reference.session, planOptions.schedule, context, caller.trace);
      ({ output, error } = replay);
    } else {
      output = await strategy.run(reference.session, context);
    }
  } catch (thrown) {
    stopIfAborted(environment, thrown);
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
  onCalled?.({ calls: caller.trace.length, ms: criticalPath(caller.trace).ms, error });
  const setup = plan.continuation;
  let predicted: PredictedPoint[] | undefined;
  if (setup && error === null) {
    // Under --schedule each compaction of the chain is a cut; else the job's own run is the first cut.
    const points: ContinuationPoint[] = replay
      ? replay.compactions
          .filter((compaction) => hasStepAfter(setup.full.session, compaction.atMessage))
          .map((compaction) => ({
            cut: compaction.atMessage,
            output: { summary: compaction.summary, kept: compaction.kept },
          }))
      : [
          { cut: setup.cuts[0]!, output },
          ...(await furtherCutOutputs(setup, strategy.name, {
            config: context.config,
            signal: environment.signal,
            contextWindow: environment.contextWindow,
          })),
        ];
    predicted = await Promise.all(
      points.map(async (point) => ({
        point,
        predicted: await continuationPrediction(setup, strategy.name, point),
      })),
    );
  }
  // Measuring and scoring are work on this thread: they wait for it to be quiet (the requests asked for sent).
  await environment.scoringGate?.();
  stopIfAborted(environment);
  const outcome = measureResult(strategy, output, run, reference, plan.measure);
  const chain = replay && planOptions.schedule ? chainOutput(replay, planOptions.schedule) : undefined;
  const continuation =
    setup && predicted && outcome.status === 'ok'
      ? continuationOutput(setup, strategy.name, predicted)
      : undefined;
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
    ...(chain ? { chain: chain.chain } : {}),
    ...(continuation ? { continuation: continuation.continuation } : {}),
    texts: new Map([...(chain?.texts ?? []), ...(continuation?.texts ?? [])]),
  };
}

/**
 * Stores a call's prompt (by reference to its session's rendered `messages` where it carries them) and answer by
 * hash; the job record points at them.
 */
export async function storeExchange(
  store: ContentStore,
  label: string,
  request: { system: string; prompt: string },
  answer: string | null,
  messages?: MessageTable,
): Promise<JobCall> {
  const promptHash = await store.putPrompt(request, messages);
  const answerHash = answer === null ? null : await store.put('calls', JSON.stringify({ answer }));
  return { label, promptHash, answerHash };
}

/** Ends a strategy's run once the run is aborted. */
export function stopIfAborted(environment: RunEnvironment, cause?: unknown): void {
  if (!environment.signal.aborted) return;
  throw new AbortedError('aborted by the user', { cause });
}
