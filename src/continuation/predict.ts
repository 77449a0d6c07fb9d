/**
 * The prediction columns of a strategy's continuation: its own replay, and the Full and Null replays at the same
 * cut (made once per fixture, shared by every strategy), normalised between them.
 */
import type { Caller } from '../providers/calls.ts';
import { AbortedError, messageOf } from '../errors.ts';
import type { Message, Session } from '../session/types.ts';
import type { Tokenizer } from '../tokens.ts';
import { realStepsAfter } from './actions.ts';
import { CONTINUATION_SYSTEM, fullContext, nullContext, strategyContext } from './contexts.ts';
import { rehydrate } from './rehydrate.ts';
import { type Generate, replayContinuation } from './replay.ts';
import { normalisedRates } from './score.ts';
import { toolDefinitions } from './tool-shapes.ts';
import type { ContinuationResult, PredictionRun, RehydrationDesign } from '../results/continuation-types.ts';

/** Where the predictions are made: the whole session and K (the cut comes with each request for predictions). */
export type PredictionSetup = {
  session: Session;
  steps: number;
  /** Every continuation call (Full's, Null's, each strategy's), traced apart from the strategies' own calls. */
  generate: Generate;
  tokenizer: Tokenizer;
  /** The most tokens of context a request may carry (the window less the answer), when a window is known. */
  maxContextTokens?: number;
  /** With `--judge`: the judge's caller, for L3 (through the run's cache, cassette and limit). */
  judge?: Caller['complete'];
};

/** Full's and Null's replays; one whose calls failed is null, with the error. */
export type References = { full: PredictionRun | null; null: PredictionRun | null; errors: string[] };

async function settle(
  who: string,
  run: Promise<PredictionRun>,
  errors: string[],
): Promise<PredictionRun | null> {
  try {
    return await run;
  } catch (error) {
    if (error instanceof AbortedError) throw error;
    errors.push(`${who}: ${messageOf(error)}`);
    return null;
  }
}

const references = new WeakMap<PredictionSetup, Map<number, Promise<References>>>();

/** Full's and Null's replays at a cut, made on first request and shared by every strategy cut there. */
export function referenceRuns(setup: PredictionSetup, cut: number): Promise<References> {
  let byCut = references.get(setup);
  if (!byCut) {
    byCut = new Map();
    references.set(setup, byCut);
  }
  let runs = byCut.get(cut);
  if (!runs) {
    const shared = sharedInputs(setup, cut);
    const errors: string[] = [];
    // The window holds the system prompt and the tool definitions too.
    const overhead = setup.tokenizer.count(shared.system + JSON.stringify(shared.tools));
    const budget = setup.maxContextTokens === undefined ? undefined : setup.maxContextTokens - overhead;
    const full = fullContext(setup.session, cut, setup.tokenizer, budget);
    runs = Promise.all([
      settle(
        'Full',
        replayContinuation({ ...shared, generate: setup.generate, who: 'full', context: full }),
        errors,
      ),
      settle(
        'Null',
        replayContinuation({
          ...shared,
          generate: setup.generate,
          who: 'null',
          context: nullContext(setup.session, cut),
        }),
        errors,
      ),
    ]).then(([full, floor]) => ({ full, null: floor, errors }));
    byCut.set(cut, runs);
  }
  return runs;
}

function sharedInputs(setup: PredictionSetup, cut: number) {
  return {
    ...(setup.judge ? { judge: setup.judge } : {}),
    system: CONTINUATION_SYSTEM,
    tools: toolDefinitions(setup.session.messages),
    session: setup.session,
    cut,
    steps: realStepsAfter(setup.session, cut, setup.steps),
  };
}

/** A strategy's replay from its summary, kept messages and rehydration, beside Full and Null. */
export async function predictContinuation(
  setup: PredictionSetup,
  compacted: { cut: number; summary: string; kept: readonly Message[]; design: RehydrationDesign },
): Promise<Pick<ContinuationResult, 'prediction' | 'note'>> {
  const { cut } = compacted;
  const rehydration = rehydrate(compacted.design, setup.session, cut, setup.tokenizer);
  const [strategy, shared] = await Promise.all([
    replayContinuation({
      ...sharedInputs(setup, cut),
      generate: setup.generate,
      who: 'strategy',
      context: strategyContext(compacted.summary, compacted.kept, rehydration),
    }),
    referenceRuns(setup, cut),
  ]);
  return {
    prediction: {
      strategy,
      full: shared.full,
      null: shared.null,
      normalised:
        shared.full && shared.null
          ? normalisedRates(strategy.rates, shared.full.rates, shared.null.rates)
          : { l0: null, l1: null, l2: null, ...(setup.judge ? { l3: null } : {}) },
    },
    note: shared.errors.length > 0 ? `not normalised: ${shared.errors.join('; ')}` : null,
  };
}
