/**
 * Where a continuation replay cuts a session and what every strategy of a fixture shares there: `--at-compaction`
 * cuts where the agent compacted, `--continuation-at N` before message N, else at the first tool call past the
 * middle of the transcript.
 */
import { type CallerOptions, createCaller } from '../calls.ts';
import { AbortedError, InputError, messageOf } from '../errors.ts';
import type { SessionReference } from '../results/session-reference.ts';
import { headSession } from '../cut-points.ts';
import type { Strategy } from '../strategies/types.ts';
import type { ProbeOutcome } from '../quality/types.ts';
import { type Message, type RecordedCompaction, type Session, toolCallsOf } from '../session/types.ts';
import type { Tokenizer } from '../tokens.ts';
import { realStepsAfter } from './actions.ts';
import { evaluateContinuation } from './evaluate.ts';
import { predictContinuation, type PredictionSetup } from './predict.ts';
import { PREDICTION_MAX_TOKENS } from './replay.ts';
import { defaultDesign } from './rehydrate.ts';
import type { ContinuationResult, RehydrationDesign } from '../results/continuation-types.ts';

/** `--continuation K` and its companions. */
export type ContinuationOptions = {
  /** K: real steps replayed after the cut. */
  steps: number;
  /** `--continuation-at`: the cut, as a 0-based message index. */
  at?: number;
  /** `--rehydrate`: one design for every strategy (default: each strategy's own agent, else none). */
  rehydrate?: RehydrationDesign;
};

/** What every strategy's continuation on one fixture shares. */
export type ContinuationSetup = {
  options: ContinuationOptions;
  cut: number;
  /** The whole session (the steps after the cut are read from it). */
  full: SessionReference;
  /** With a language model: what the prediction loop needs; absent offline. */
  predict?: PredictionSetup;
};

/**
 * What every strategy's continuation on a fixture shares. With a language model, one caller makes every replay
 * call: through the run's limit, cache and cassette, and never counted as a strategy's compaction cost.
 */
export function createContinuationSetup(
  options: ContinuationOptions,
  cut: number,
  full: SessionReference,
  calls: Pick<CallerOptions, 'provider' | 'limit' | 'tokenizer' | 'contextWindow' | 'signal' | 'onCall'>,
): ContinuationSetup {
  if (!calls.provider.isLanguageModel) return { options, cut, full };
  const caller = createCaller(calls);
  const window = calls.contextWindow;
  return {
    options,
    cut,
    full,
    predict: {
      session: full.session,
      cut,
      steps: options.steps,
      generate: caller.generate,
      tokenizer: calls.tokenizer,
      ...(window === undefined ? {} : { maxContextTokens: window - PREDICTION_MAX_TOKENS }),
    },
  };
}

/** The cut for a session: the recorded compaction, the chosen message, or the first tool-calling turn past halfway. */
export function continuationCut(
  session: Pick<Session, 'name' | 'messages' | 'cwd'>,
  options: ContinuationOptions,
  recorded: RecordedCompaction | undefined,
): number {
  let cut: number;
  if (recorded) cut = recorded.messageIndex;
  else if (options.at !== undefined) {
    if (options.at < 1 || options.at >= session.messages.length)
      throw new InputError(
        `--continuation-at ${options.at}: ${session.name} has messages 0–${session.messages.length - 1}; the cut must leave history before it and a step after it`,
      );
    cut = options.at;
  } else {
    const half = Math.floor(session.messages.length / 2);
    // A turn that calls a tool: a cut before a closing reply would only ask the model to say it is done.
    const next = session.messages.findIndex(
      (message, index) => index >= half && toolCallsOf(message).length > 0,
    );
    cut = next < 0 ? half : next;
  }
  if (realStepsAfter(session, cut, 1).length === 0)
    throw new InputError(
      `--continuation: ${session.name} has no assistant turn after message ${cut} to compare with`,
    );
  return cut;
}

/** The strategy run on the history before the cut (what a compaction there would see), keeping nothing after it. */
export function atCut(base: Strategy, cut: number): Strategy {
  return {
    ...base,
    async run(session, context) {
      const head = headSession(session, cut);
      // A compaction the agent recorded at or after the cut is the future: hidden, as --at-compaction hides its own.
      const output = await base.run(
        { ...head, compactions: head.compactions.filter((compaction) => compaction.messageIndex < cut) },
        context,
      );
      return {
        ...output,
        notes: [
          `Run on messages 0–${cut - 1}, the history before the --continuation cut.`,
          ...(output.notes ?? []),
        ],
      };
    },
  };
}

/** The prediction columns of a strategy (undefined offline); a failed call empties them with a note, never the run. */
export async function continuationPrediction(
  setup: ContinuationSetup,
  strategy: string,
  output: { summary: string; kept?: readonly Message[] | undefined },
): Promise<Pick<ContinuationResult, 'prediction' | 'note'> | undefined> {
  if (!setup.predict) return undefined;
  const design = setup.options.rehydrate ?? defaultDesign(strategy);
  try {
    return await predictContinuation(setup.predict, {
      summary: output.summary,
      kept: output.kept ?? [],
      design,
    });
  } catch (error) {
    if (error instanceof AbortedError) throw error;
    return { prediction: null, note: `prediction failed: ${messageOf(error)}` };
  }
}

/** A strategy's continuation block: its output at the cut against the real next steps, with its predictions if any. */
export function continuationOf(
  setup: ContinuationSetup,
  strategy: string,
  output: { summary: string; kept?: readonly Message[] | undefined },
  facts: SessionReference,
  probeOutcomes: Readonly<Record<string, ProbeOutcome>>,
  tokenizer: Tokenizer,
  predicted: Pick<ContinuationResult, 'prediction' | 'note'> | undefined,
): ContinuationResult {
  const result = evaluateContinuation({
    session: setup.full.session,
    cut: setup.cut,
    steps: setup.options.steps,
    design: setup.options.rehydrate ?? defaultDesign(strategy),
    summary: output.summary,
    kept: output.kept ?? [],
    probes: facts.probes,
    probeOutcomes,
    prefix: facts.transcriptMatcher,
    tokenizer,
  });
  return predicted ? { ...result, ...predicted } : result;
}
