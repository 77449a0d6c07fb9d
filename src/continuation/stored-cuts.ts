/**
 * A job's continuation cuts, stored: at each cut the strategy's context (by hash) and summary and the model's
 * predicted next steps as the job record keeps them (scored by the continuation evaluator: score-cuts.ts).
 */
import { compactedText } from '../results/assemble.ts';
import type { ContinuationResult } from '../results/continuation-types.ts';
import { type ContinuationOutput, contentHash } from '../results/record.ts';
import { type ContinuationPoint, type ContinuationSetup, designOf } from './setup.ts';

/** A strategy's continuation at one point: where, what it left there, and its predictions (undefined offline). */
export type PredictedPoint = {
  point: ContinuationPoint;
  predicted: Pick<ContinuationResult, 'prediction' | 'note'> | undefined;
};

/** What the job record keeps of a strategy's continuation, with the contexts it names by hash. */
export function continuationOutput(
  setup: ContinuationSetup,
  strategy: string,
  points: readonly PredictedPoint[],
): { continuation: ContinuationOutput; texts: Map<string, string> } {
  const texts = new Map<string, string>();
  const cuts = points.map(({ point, predicted }) => {
    const text = compactedText(point.output.summary, point.output.kept ?? []);
    const textHash = contentHash(text);
    texts.set(textHash, text);
    return { cut: point.cut, summary: point.output.summary, textHash, predicted: predicted ?? null };
  });
  return {
    continuation: { steps: setup.options.steps, rehydrate: designOf(setup, strategy), cuts },
    texts,
  };
}
