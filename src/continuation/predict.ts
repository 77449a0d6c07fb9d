/**
 * The prediction columns of a strategy's continuation: its own replay, and the Full and Null replays at the same
 * cut (made once per fixture, shared by every strategy), normalised between them.
 */
import type { Message } from '../session/types.ts';
import type { Tokenizer } from '../tokens.ts';
import { realStepsAfter } from './actions.ts';
import { CONTINUATION_SYSTEM, fullContext, nullContext, strategyContext } from './contexts.ts';
import { rehydrate } from './rehydrate.ts';
import { type Generate, replayContinuation } from './replay.ts';
import { normalisedRates } from './score.ts';
import { toolDefinitions } from './tool-shapes.ts';
import type { ContinuationResult, PredictionRun, RehydrationDesign } from './types.ts';
import type { Session } from '../session/types.ts';

/** Where the predictions are made: the whole session, the cut, K. */
export type PredictionSetup = {
  session: Session;
  cut: number;
  steps: number;
  /** The calls for Full and Null, traced apart from every strategy's. */
  referenceGenerate: Generate;
};

/** Full's and Null's replays. */
export type References = { full: PredictionRun; null: PredictionRun };

const references = new WeakMap<PredictionSetup, Promise<References>>();

/** Full's and Null's replays, made on first request and shared by every strategy of the fixture. */
export function referenceRuns(setup: PredictionSetup): Promise<References> {
  let runs = references.get(setup);
  if (!runs) {
    const shared = sharedInputs(setup);
    runs = Promise.all([
      replayContinuation({
        ...shared,
        generate: setup.referenceGenerate,
        who: 'full',
        context: fullContext(setup.session, setup.cut),
      }),
      replayContinuation({
        ...shared,
        generate: setup.referenceGenerate,
        who: 'null',
        context: nullContext(setup.session, setup.cut),
      }),
    ]).then(([full, floor]) => ({ full, null: floor }));
    references.set(setup, runs);
  }
  return runs;
}

function sharedInputs(setup: PredictionSetup) {
  return {
    system: CONTINUATION_SYSTEM,
    tools: toolDefinitions(setup.session.messages),
    session: setup.session,
    cut: setup.cut,
    steps: realStepsAfter(setup.session, setup.cut, setup.steps),
  };
}

/** A strategy's replay from its summary, kept messages and rehydration, beside Full and Null. */
export async function predictContinuation(
  setup: PredictionSetup,
  compacted: { summary: string; kept: readonly Message[]; design: RehydrationDesign },
  generate: Generate,
  tokenizer: Tokenizer,
): Promise<NonNullable<ContinuationResult['prediction']>> {
  const rehydration = rehydrate(compacted.design, setup.session, setup.cut, tokenizer);
  const [strategy, shared] = await Promise.all([
    replayContinuation({
      ...sharedInputs(setup),
      generate,
      who: 'strategy',
      context: strategyContext(compacted.summary, compacted.kept, rehydration),
    }),
    referenceRuns(setup),
  ]);
  return {
    strategy,
    full: shared.full,
    null: shared.null,
    normalised: normalisedRates(strategy.rates, shared.full.rates, shared.null.rates),
  };
}
