/** The continuation evaluator (`--continuation`): each stored cut's context against the real next steps. */
import { type ContinuationResult, continuationResultSchema } from '../results/continuation-types.ts';
import { textIn } from './chain.ts';
import type { Evaluator } from './types.ts';

// The cuts' scoring (and the lexical scoring it runs) loads when cuts are first scored, not with compare's modules.
let cutScoring: Promise<typeof import('../continuation/score-cuts.ts')> | undefined;
const loadCutScoring = () => (cutScoring ??= import('../continuation/score-cuts.ts'));

/** Scores the continuation cuts of a job run with `--continuation`, offline (the predictions were made with it). */
export const continuationEvaluator: Evaluator<ContinuationResult> = {
  name: 'continuation',
  description:
    'each --continuation cut: grounding of the next steps, recoverability of the facts, the predictions',
  callsModel: false,
  enabled: () => true,
  async evaluate(input, context) {
    if (!input.continuation || input.continuation.cuts.length === 0) return null;
    const { scoreContinuation } = await loadCutScoring();
    return scoreContinuation(input.continuation, textIn(input.texts), input.whole, context.tokenizer) ?? null;
  },
  schema: continuationResultSchema,
  apply(result, scores) {
    if (scores) result.continuation = scores;
  },
};
