/**
 * Step scores in the spirit of BFCL's AST match and Mind2Web's step success: L0 the same kind of action, L1 the
 * same target, L2 the same arguments; a real turn with parallel calls accepts a match with any one of them.
 */
import type { Action, LevelRates, NormalisedRates, StepScore } from '../results/continuation-types.ts';

const NO_MATCH: StepScore = { l0: false, l1: false, l2: false };

function sameArguments(predicted: Action, real: Action): boolean {
  const predictedKeys = Object.keys(predicted.arguments);
  const realKeys = Object.keys(real.arguments);
  return (
    predictedKeys.length === realKeys.length &&
    realKeys.every((key) => predicted.arguments[key] === real.arguments[key])
  );
}

/** One predicted action against one real action. */
export function scoreAction(predicted: Action, real: Action): StepScore {
  const l0 = predicted.kind === real.kind;
  const l1 = l0 && predicted.target === real.target;
  // A turn without a tool call has no arguments: finishing (or asking) when the agent did is a full match.
  const l2 = l1 && (real.tool === '' || (predicted.tool === real.tool && sameArguments(predicted, real)));
  return { l0, l1, l2 };
}

/** A prediction against the acceptable real actions of a turn: the best level any one of them reaches. */
export function scoreStep(predicted: Action | null, acceptable: readonly Action[]): StepScore {
  if (!predicted) return NO_MATCH;
  let best = NO_MATCH;
  for (const real of acceptable) {
    const score = scoreAction(predicted, real);
    if (
      Number(score.l0) + Number(score.l1) + Number(score.l2) >
      Number(best.l0) + Number(best.l1) + Number(best.l2)
    )
      best = score;
  }
  return best;
}

/**
 * The share of steps matched at each level (0 for each when there are no steps); L3, when judged, over the steps
 * the judge gave a verdict on (null with none).
 */
export function levelRates(scores: readonly StepScore[]): LevelRates {
  const share = (level: 'l0' | 'l1' | 'l2') =>
    scores.length === 0 ? 0 : scores.filter((score) => score[level]).length / scores.length;
  const rates: LevelRates = { steps: scores.length, l0: share('l0'), l1: share('l1'), l2: share('l2') };
  if (!scores.some((score) => score.l3 !== undefined)) return rates;
  const judged = scores.filter((score) => score.l3 !== undefined && score.l3 !== null);
  return {
    ...rates,
    l3: judged.length === 0 ? null : judged.filter((score) => score.l3).length / judged.length,
  };
}

/** (S − Null) / (Full − Null): 1 for a context as good as the whole prefix, 0 for one as poor as no history. */
export function normalisedScore(strategy: number, full: number, floor: number): number | null {
  // When the whole prefix does no better than no history at all, the cut says nothing about compaction.
  if (full <= floor) return null;
  return (strategy - floor) / (full - floor);
}

/** {@link normalisedScore} at each level (L3 when all three were judged). */
export function normalisedRates(strategy: LevelRates, full: LevelRates, floor: LevelRates): NormalisedRates {
  const rates: NormalisedRates = {
    l0: normalisedScore(strategy.l0, full.l0, floor.l0),
    l1: normalisedScore(strategy.l1, full.l1, floor.l1),
    l2: normalisedScore(strategy.l2, full.l2, floor.l2),
  };
  if (strategy.l3 === undefined) return rates;
  const [s, f, n] = [strategy.l3, full.l3, floor.l3];
  return {
    ...rates,
    l3:
      s === null || s === undefined || f === null || f === undefined || n === null || n === undefined
        ? null
        : normalisedScore(s, f, n),
  };
}
