/**
 * A job's continuation cuts, stored then scored: at each cut the strategy's context (by hash) and summary and the
 * model's predicted next steps as the job record keeps them; then, by the continuation evaluator, that context
 * against the real next steps and the probes planted before the cut, pooled over the cuts.
 */
import { createMatcher } from '../quality/match.ts';
import { scoreProbes } from '../quality/probe-recall.ts';
import { compactedText } from '../results/assemble.ts';
import type { ContinuationCut, ContinuationResult } from '../results/continuation-types.ts';
import { type ContinuationOutput, contentHash } from '../results/record.ts';
import { prefixAt, type SessionReference } from '../results/session-reference.ts';
import type { Tokenizer } from '../tokens.ts';
import { evaluateContinuation } from './evaluate.ts';
import { combineCuts } from './pool.ts';
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

/**
 * A strategy's continuation block from its stored cuts: each cut's context against the real next steps of the
 * whole session and the probes planted before the cut, with its predictions; several cuts pooled.
 */
export function scoreContinuation(
  stored: ContinuationOutput,
  textOf: (hash: string) => string,
  whole: SessionReference,
  tokenizer: Tokenizer,
): ContinuationResult | undefined {
  const cuts = stored.cuts.map((cut): ContinuationCut => {
    const reference = prefixAt(whole, cut.cut, tokenizer);
    const context = textOf(cut.textHash);
    const { probeOutcomes } = scoreProbes(createMatcher(context), reference.probes);
    const result = evaluateContinuation({
      session: whole.session,
      cut: cut.cut,
      steps: stored.steps,
      design: stored.rehydrate,
      summary: cut.summary,
      context,
      probes: reference.probes,
      probeOutcomes,
      prefix: reference.transcriptMatcher,
      tokenizer,
    });
    return { ...result, ...cut.predicted, summary: cut.summary };
  });
  return combineCuts(cuts);
}
