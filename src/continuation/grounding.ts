/**
 * The offline measure, lexical and labelled so: for each of the next K real actions whose target (a file, a
 * command) was established before the cut, whether the compacted context names it. It says whether the context
 * could point the agent at its next step, not whether a model would take it.
 */
import type { TextIndex } from '../quality/match.ts';
import type { GroundedAction, RealStep } from '../results/continuation-types.ts';

/** One row per real step (its first action): established before the cut, and named by the compacted context. */
export function groundActions(
  steps: readonly RealStep[],
  prefix: Pick<TextIndex, 'has'>,
  compacted: Pick<TextIndex, 'has'>,
): GroundedAction[] {
  return steps.map((step, index) => {
    const action = step.actions[0]!;
    const established = action.target !== '' && prefix.has(action.target);
    return {
      step: index + 1,
      kind: action.kind,
      target: action.target,
      established,
      grounded: established ? compacted.has(action.target) : null,
    };
  });
}

/** The counts and the rate (grounded / established; null when nothing was established). */
export function groundingRate(actions: readonly GroundedAction[]): {
  established: number;
  grounded: number;
  rate: number | null;
} {
  const established = actions.filter((action) => action.established).length;
  const grounded = actions.filter((action) => action.grounded === true).length;
  return { established, grounded, rate: established === 0 ? null : grounded / established };
}
