/**
 * Every evaluator, in the order their scores are applied: adding one is its file and one entry here. A job
 * record keeps each one's scores under its name, so `score` can rerun them on stored contexts.
 */
import { InputError } from '../errors.ts';
import type { MeasuredResult, ScoredResult, StrategyResult } from '../results/types.ts';
import type { ChainResult } from '../results/chain.ts';
import { probeMarkingLoaded } from '../results/session-reference.ts';
import type { ContinuationResult } from '../results/continuation-types.ts';
import { chainEvaluator } from './chain.ts';
import { continuationEvaluator } from './continuation.ts';
import { judgeEvaluator, type JudgeScores } from './judge.ts';
import { lexicalEvaluator } from './lexical.ts';
import type { LexicalScores } from '../quality/types.ts';
import type { EvaluationInput, Evaluator, EvaluatorContext } from './types.ts';

/** The evaluators, by name. */
export const EVALUATORS = {
  lexical: lexicalEvaluator,
  judge: judgeEvaluator,
  chain: chainEvaluator,
  continuation: continuationEvaluator,
} satisfies Record<
  string,
  Evaluator<LexicalScores> | Evaluator<JudgeScores> | Evaluator<ChainResult> | Evaluator<ContinuationResult>
>;

const ALL: readonly Evaluator[] = Object.values(EVALUATORS) as readonly Evaluator[];

// Scores an evaluator made in this process: what its schema describes by their type, so applying them needs no check,
// which scores read back from a records file do. A compare checked each job's scores twice (its strategy's result, then
// the session's), 0.6% of the samples of a 20-session suite.
const madeHere = new WeakSet<object>();

/**
 * Runs the enabled evaluators that call a model (`callsModel` true) or those that do not, on one job's context;
 * their scores by name (an evaluator that skipped the job is absent).
 */
export async function evaluate(
  input: EvaluationInput,
  context: EvaluatorContext,
  callsModel: boolean,
): Promise<Record<string, unknown>> {
  // Every evaluator reads the reference's probes; a run with a model loads the code that marks them only by now.
  await probeMarkingLoaded();
  const scores: Record<string, unknown> = {};
  for (const evaluator of ALL) {
    if (evaluator.callsModel !== callsModel || !evaluator.enabled(context)) continue;
    const result = await evaluator.evaluate(input, context);
    if (result === null) continue;
    scores[evaluator.name] = result;
    if (typeof result === 'object') madeHere.add(result);
  }
  return scores;
}

/** Whether any enabled evaluator calls a model (the judge): its scores come after a job's slot, not in it. */
export function evaluatesWithModel(context: EvaluatorContext): boolean {
  return ALL.some((evaluator) => evaluator.callsModel && evaluator.enabled(context));
}

/**
 * A measured result with its quality, judge usage, judge trace, chain and continuation filled from a job record's
 * scores (checked against each evaluator's schema).
 */
export function applyScores(
  measured: MeasuredResult,
  scores: Readonly<Record<string, unknown>>,
  where: string,
): StrategyResult {
  const result: ScoredResult = measured;
  for (const evaluator of ALL) {
    const stored = scores[evaluator.name];
    if (stored === undefined) {
      evaluator.apply(result, null);
      continue;
    }
    // Checked, but applied as stored: parsing would reorder the keys the results file shows.
    if (!isMadeHere(stored) && !evaluator.schema.safeParse(stored).success)
      throw new InputError(
        `${where}: scores.${evaluator.name} is not what the ${evaluator.name} evaluator writes`,
      );
    evaluator.apply(result, stored);
  }
  // The lexical evaluator scores every job, a failed one as an empty context: a record without its scores is broken.
  const { quality } = result;
  if (quality === null) throw new InputError(`${where}: scores.lexical is missing`);
  return { ...result, quality };
}

/** Whether scores are an object an evaluator of this process returned (see `madeHere`). */
function isMadeHere(scores: unknown): boolean {
  return typeof scores === 'object' && scores !== null && madeHere.has(scores);
}
