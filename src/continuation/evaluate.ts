/**
 * The continuation evaluation of one compacted context, as a function of plain inputs: the real next steps, the
 * rehydration, the grounding of each step's target and where each probe could be recovered. The prediction
 * columns are filled by the replay loop when a language model is present (replay.ts).
 */
import { createMatcher, type TextIndex } from '../quality/match.ts';
import type { Probe } from '../quality/probes.ts';
import type { ProbeOutcome } from '../quality/types.ts';
import type { Session } from '../session/types.ts';
import type { Tokenizer } from '../tokens.ts';
import { renderMessages } from '../session/transcript.ts';
import { realStepsAfter } from './actions.ts';
import { fileStateAt } from '../session/file-state.ts';
import { groundActions, groundingRate } from './grounding.ts';
import { recoverabilityOf, recoverabilitySummary } from './recoverability.ts';
import { rehydrate, type Rehydration } from './rehydrate.ts';
import type { ContinuationResult, RehydrationDesign } from '../results/continuation-types.ts';

/** The note an offline run carries where the prediction columns would be. */
export const OFFLINE_NOTE =
  'prediction columns empty: the offline extractive stand-in cannot predict actions; a language model is needed (-p openai:MODEL or anthropic:MODEL). Grounding is lexical.';

/** What one evaluation reads. */
export type ContinuationInput = {
  /** The whole session: the steps after the cut are read from it. */
  session: Session;
  cut: number;
  /** K: how many real steps to look at. */
  steps: number;
  design: RehydrationDesign;
  summary: string;
  /** The compacted context at the cut: the summary, then the kept messages rendered in full (`compactedText`). */
  context: string;
  /** Probes planted before the cut, and what the compacted context made of each. */
  probes: readonly Probe[];
  probeOutcomes: Readonly<Record<string, ProbeOutcome>>;
  /** The transcript before the cut, indexed (what "established before the cut" is looked up in). */
  prefix: Pick<TextIndex, 'has'>;
  tokenizer: Tokenizer;
};

/** The compacted context as text (its summary, its kept messages) followed by the rehydration. */
function contextWithRehydration(summary: string, context: string, rehydration: Rehydration): string {
  // `compactedText` puts a blank line after an empty summary; the context text has no empty parts.
  const compacted = summary === '' ? context.replace(/^\n\n/, '') : context;
  const rehydrated = renderMessages(rehydration.messages, { toolResultChars: Number.POSITIVE_INFINITY });
  return [compacted, rehydrated].filter((part) => part.length > 0).join('\n\n');
}

/** The offline part of the evaluation; `prediction` is null and `note` says why. */
export function evaluateContinuation(input: ContinuationInput): ContinuationResult {
  const realSteps = realStepsAfter(input.session, input.cut, input.steps);
  const rehydration = rehydrate(input.design, input.session, input.cut, input.tokenizer);
  const compacted = createMatcher(contextWithRehydration(input.summary, input.context, rehydration));
  const actions = groundActions(realSteps, input.prefix, compacted);
  const rehydratedText = renderMessages(rehydration.messages, { toolResultChars: Number.POSITIVE_INFINITY });
  const byProbe = recoverabilityOf(
    input.probes,
    fileStateAt(input.session, input.cut).values(),
    rehydratedText,
  );
  return {
    cut: input.cut,
    steps: realSteps.length,
    rehydrate: input.design,
    rehydratedFiles: rehydration.files,
    realSteps,
    grounding: { actions, ...groundingRate(actions) },
    recoverability: { byProbe, ...recoverabilitySummary(byProbe, input.probeOutcomes) },
    prediction: null,
    note: OFFLINE_NOTE,
  };
}
