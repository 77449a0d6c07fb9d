/**
 * A job's stored continuation cuts scored, by the continuation evaluator: each cut's context against the real next
 * steps and the probes planted before the cut, pooled over the cuts. Loaded when cuts are first scored, with the
 * lexical scoring it runs.
 */
import { createMatcher } from '../quality/match.ts';
import { scoreProbes } from '../quality/probe-recall.ts';
import type { ContinuationCut, ContinuationResult } from '../results/continuation-types.ts';
import type { ContinuationOutput } from '../results/record.ts';
import { prefixAt, type SessionReference } from '../results/session-reference.ts';
import type { Tokenizer } from '../tokens.ts';
import { evaluateContinuation } from './evaluate.ts';
import { combineCuts } from './pool.ts';

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
