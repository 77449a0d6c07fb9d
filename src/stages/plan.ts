/** The plan stage: sessions × strategies × targets × runs → jobs with stable ids, and the run's header record. */
import { type SessionReference, prefixReference } from '../results/session-reference.ts';
import { InputError } from '../errors.ts';
import { type Measure } from '../results/assemble.ts';
import { RECORD_VERSION, type RunRecord, fileContentHash, jobId, shortHash } from '../results/record.ts';
import { type Strategy } from '../strategies/types.ts';
import { atAgentCompaction, lastAgentCompaction } from '../strategies/at-compaction.ts';
import { describeSchedule } from '../schedule/policy.ts';
import { atCut, continuationCuts, createContinuationSetup } from '../continuation/setup.ts';
import { callProgress, type ProgressEvent } from '../results/run-progress.ts';
import { countMessages } from '../tokens.ts';
import { sliceMessages } from '../session/slicer.ts';
import { reportStem } from '../report-names.ts';
import { toolVersion } from '../package-root.ts';
import type { Provenance } from '../results/provenance.ts';
import type { SessionPlan, RunEnvironment } from './types.ts';

/** The plan stage for one session at one target: its jobs, each with an id stable across runs of the same inputs. */
export async function planSession(
  fullReference: SessionReference,
  target: number | undefined,
  strategies: readonly Strategy[],
  environment: RunEnvironment,
): Promise<SessionPlan> {
  const { planOptions, listeners, tokenizer } = environment;
  const name = fullReference.session.name;
  const recorded = lastAgentCompaction(fullReference.session);
  if (planOptions.atCompaction && !recorded) {
    throw new InputError(`--at-compaction: ${name} records no compaction with a summary to compare at`);
  }
  // The agent's own summary is judged on what it knew then; with --at-compaction, every strategy is too.
  const agentCompactionReference = recorded
    ? prefixReference(fullReference, recorded.messageIndex, tokenizer)
    : undefined;
  // A continuation replay cuts where the agent compacted, else at its own cuts (the job compacts before the
  // first; a chain at each of its compactions), and compacts what came before.
  const cuts =
    planOptions.continuation && !planOptions.schedule
      ? continuationCuts(
          fullReference.session,
          planOptions.continuation,
          planOptions.atCompaction ? recorded : undefined,
        )
      : [];
  const cutAt = planOptions.atCompaction ? undefined : cuts[0];
  const reference =
    planOptions.atCompaction && agentCompactionReference
      ? agentCompactionReference
      : cutAt !== undefined
        ? prefixReference(fullReference, cutAt, tokenizer)
        : fullReference;
  const runnable =
    planOptions.atCompaction && recorded
      ? strategies.map((strategy) => atAgentCompaction(strategy, recorded))
      : cutAt !== undefined
        ? strategies.map((strategy) => atCut(strategy, cutAt))
        : strategies;
  const stem = reportStem({
    fixture: { name },
    target: target ?? null,
    schedule: planOptions.schedule && describeSchedule(planOptions.schedule),
    continuation: cuts.length > 0 ? { cuts } : undefined,
  });
  const hash = await fileContentHash(fullReference.session.path);
  const settings =
    target === undefined ? planOptions.config : { ...planOptions.config, targetTokens: target };
  const point = planOptions.atCompaction
    ? 'at-compaction'
    : cutAt !== undefined
      ? `continuation cut ${cuts.join(',')}`
      : planOptions.schedule
        ? `schedule ${describeSchedule(planOptions.schedule)}`
        : null;
  const key = { contentHash: hash, settings, target: target ?? null, point };
  const slices = slicesOf(reference, environment);
  const planned = runnable.map((strategy) => {
    // A built-in strategy gives the same output for the same answers; a custom one may draw its own randomness.
    const deterministic =
      strategy.group !== 'custom' && (environment.provider.deterministic === true || !strategy.callsModel);
    const samples = deterministic ? 1 : planOptions.runs;
    const jobs = Array.from({ length: samples }, (_, index) => ({
      id: jobId({ ...key, strategy: strategy.name, sample: index + 1 }),
      strategy,
      sample: index + 1,
      deterministic,
    }));
    const calls =
      slices === undefined
        ? undefined
        : strategy.callsModel
          ? strategy.plannedCalls?.(slices)
          : { calls: 0, sequential: 0 };
    return { strategy, jobs, ...(calls ? { calls } : {}) };
  });
  let agentCompactionPlan: SessionPlan['agentCompaction'];
  if (recorded && agentCompactionReference) {
    const end = recorded.messageIndex;
    const keptFrom = Math.min(recorded.firstKeptMessageIndex ?? end, end);
    agentCompactionPlan = {
      id: jobId({ ...key, strategy: 'recorded', point: `recorded at ${end}`, sample: 1 }),
      summary: recorded.summary,
      end,
      kept: fullReference.session.messages.slice(keptFrom, end),
      keptFrom,
      reference: agentCompactionReference,
    };
  }
  const measure: Measure = {
    tokenizer,
    provider: environment.provider,
    targetTokens: target,
    contextWindow: environment.contextWindow,
    reserveTokens: planOptions.config.reserveTokens,
    reportStem: stem,
  };
  return {
    ...(planOptions.continuation
      ? {
          continuation: createContinuationSetup(
            planOptions.continuation,
            cuts,
            fullReference,
            strategies,
            {
              ...environment,
              onCall: listeners.onProgress
                ? callProgress(environment, { unit: `${stem}: continuation`, strategy: 'continuation' })
                : undefined,
            },
            environment.judge,
          ),
        }
      : {}),
    reference,
    fullReference,
    target,
    stem,
    measure,
    contentHash: hash,
    strategies: planned,
    agentCompaction: agentCompactionPlan,
  };
}

/** What the run's header keeps of one plan once its session is released: the session's entry and its jobs. */
export type PlannedSession = { session: RunRecord['sessions'][number]; jobs: RunRecord['jobs'] };

/** The header's part of a plan: small, so a suite holds it for every session while it releases the sessions. */
export function plannedSession(plan: SessionPlan): PlannedSession {
  const session = plan.fullReference.session.name;
  const target = plan.target ?? null;
  return {
    session: {
      name: session,
      path: plan.fullReference.session.path,
      contentHash: plan.contentHash,
      probeSetHash: shortHash(JSON.stringify(plan.reference.probes)),
    },
    jobs: [
      ...plan.strategies.flatMap(({ strategy, jobs: planned }) =>
        planned.map((job) => ({ id: job.id, session, strategy: strategy.name, target, sample: job.sample })),
      ),
      ...(plan.agentCompaction
        ? [{ id: plan.agentCompaction.id, session, strategy: 'recorded', target, sample: 1 }]
        : []),
    ],
  };
}

/** The run's header record: its configuration, its sessions and every job it planned, named by when it started. */
export function runRecord(
  plans: readonly PlannedSession[],
  environment: RunEnvironment,
  provenance: Provenance,
): RunRecord {
  const { planOptions, provider, judge, tokenizer } = environment;
  const jobs = plans.flatMap((plan) => plan.jobs);
  const sessions = new Map<string, RunRecord['sessions'][number]>();
  for (const plan of plans) sessions.set(plan.session.name, plan.session);
  const date = provenance.date.replace(/[-:]/g, '').replace(/\.\d+/, '');
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
    reference: planOptions.reference ?? null,
    atCompaction: planOptions.atCompaction ?? false,
    schedule: planOptions.schedule ? describeSchedule(planOptions.schedule) : null,
    sessions: [...sessions.values()],
    jobs,
  };
}

/**
 * What each strategy of a plan will call, for the time left: its `plannedCalls` on the slices of the session it
 * compacts, times its samples. None under `--schedule` (a chain's compactions are not known before it runs) or for a
 * strategy that does not say.
 */
export function plannedCalls(plan: SessionPlan): ProgressEvent[] {
  return plan.strategies.flatMap(({ strategy, jobs, calls }) => {
    if (!calls) return [];
    return [
      {
        type: 'plan' as const,
        unit: `${plan.stem}: ${strategy.name}`,
        strategy: strategy.name,
        calls: calls.calls * jobs.length,
        sequential: calls.sequential,
      },
    ];
  });
}

/**
 * The calls a plan's strategies will ask the model for in all: undefined where a strategy that calls the model does
 * not say how many (or under `--schedule`), or where scoring calls a model too (a judge, `--continuation`'s guesses).
 */
export function plannedCallTotal(plan: SessionPlan, environment: RunEnvironment): number | undefined {
  if (environment.judge !== undefined || plan.continuation !== undefined) return undefined;
  let total = 0;
  for (const { strategy, jobs, calls } of plan.strategies) {
    if (calls) total += calls.calls * jobs.length;
    else if (strategy.callsModel) return undefined;
  }
  return total;
}

/** The slices the strategies will cut the compacted history into; unknown under `--schedule` (each compaction cuts its own). */
function slicesOf(reference: SessionReference, environment: RunEnvironment): number | undefined {
  const { planOptions, tokenizer } = environment;
  if (planOptions.schedule) return undefined;
  const { messages } = reference.session;
  return sliceMessages(messages, countMessages(tokenizer, messages), planOptions.config).length;
}
