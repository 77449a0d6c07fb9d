/** The evaluate stage: each compacted job scored by the evaluator registry into its job record. */
import { type EvaluationInput } from '../evaluators/types.ts';
import { type SessionReference } from '../results/session-reference.ts';
import { type JobRecord } from '../results/record.ts';
import { type Strategy } from '../strategies/types.ts';
import { evaluate, evaluatesWithModel } from '../evaluators/registry.ts';
import type { Compacted, SessionPlan, Job, RunEnvironment } from './types.ts';
import { compact } from './compact.ts';
import type { CalledRun } from '../results/run-progress.ts';
import { collectAfterLongText } from '../collect-garbage.ts';

/**
 * Compacts one job in its slot, then evaluates it: offline evaluators in the slot, model evaluators after it. With
 * no model evaluator the whole record is made in the slot, its context stored: offline, strategies run one at a
 * time and the next one's compaction and scoring hold the thread, so a long context left to be stored after the
 * slot stayed in memory beside the next strategy's (at 4 M tokens, observation-masking's 10 MB beside
 * tool-output-pruning's).
 */
export async function runJob(
  job: Job,
  plan: SessionPlan,
  run: string,
  environment: RunEnvironment,
  onCalled?: (run: CalledRun) => void,
): Promise<JobRecord> {
  const context = { plan, run, environment };
  if (!evaluatesWithModel(environment.evaluators))
    return environment.runs(async () =>
      evaluateJob(job, await compact(job, plan, environment, onCalled), plan.reference, context),
    );
  const { compacted, offline } = await environment.runs(async () => {
    const compacted = await compact(job, plan, environment, onCalled);
    return {
      compacted,
      offline: await evaluate(
        inputOf(compacted, plan.reference, plan.fullReference, job.sample),
        environment.evaluators,
        false,
      ),
    };
  });
  return evaluateJob(job, compacted, plan.reference, context, offline);
}

/** What the evaluators read of a compacted job. */
export function inputOf(
  compacted: Compacted,
  reference: SessionReference,
  whole: SessionReference,
  sample: number,
): EvaluationInput {
  const { outcome, text, requiredSections, chain, continuation, texts } = compacted;
  return {
    text,
    summary: outcome.summary,
    ok: outcome.status === 'ok',
    reference,
    requiredSections,
    sample,
    whole,
    chain,
    continuation,
    texts,
  };
}

/** The evaluate stage for one job: every evaluator's scores (offline ones given when already run), and the job's record. */
export async function evaluateJob(
  job: Pick<Job, 'id' | 'sample' | 'deterministic'> & { strategy: Pick<Strategy, 'name'> },
  compacted: Compacted,
  reference: SessionReference,
  context: { plan: SessionPlan; run: string; environment: RunEnvironment },
  offline?: Record<string, unknown>,
): Promise<JobRecord> {
  const { plan, run, environment } = context;
  const { outcome, text } = compacted;
  const input = inputOf(compacted, reference, plan.fullReference, job.sample);
  const scores = {
    ...(offline ?? (await evaluate(input, environment.evaluators, false))),
    ...(await evaluate(input, environment.evaluators, true)),
  };
  const textHash = await environment.store.put('contexts', text);
  for (const stored of compacted.texts.values()) await environment.store.put('contexts', stored);
  // A long context and the index its scoring made afresh are garbage now: collected before the next strategy's
  // context is indexed beside them (at 4 M tokens, observation-masking's and tool-output-pruning's, 37 MB each).
  collectAfterLongText(text.length);
  return {
    kind: 'job',
    run,
    id: job.id,
    session: plan.fullReference.session.name,
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
      ...(compacted.chain ? { chain: compacted.chain } : {}),
      ...(compacted.continuation ? { continuation: compacted.continuation } : {}),
    },
    calls: compacted.calls,
    scores,
    outcome,
  };
}
