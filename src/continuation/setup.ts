/**
 * Where a continuation replay cuts a session and what every strategy of a fixture shares there: `--at-compaction`
 * cuts where the agent compacted, `--continuation-at N[,M…]` before each message given, `--schedule` at each
 * compaction of a strategy's chain, else at the first tool call past the middle of the transcript.
 */
import { type Caller, type CallerOptions, createCaller } from '../providers/calls.ts';
import { AbortedError, InputError, messageOf } from '../errors.ts';
import { type SessionReference } from '../results/session-reference.ts';
import { headSession } from '../session/cut-points.ts';
import type { Provider } from '../providers/types.ts';
import type { Strategy, StrategyConfig, StrategyOutput } from '../strategies/types.ts';
import { createStrategyContext } from '../strategies/context.ts';
import { type Message, type AgentCompaction, type Session, toolCallsOf } from '../session/types.ts';
import { agentCompactionPoints } from '../schedule/replay.ts';
import type { Tokenizer } from '../tokens.ts';
import { realStepsAfter } from './actions.ts';
import { predictContinuation, type PredictionSetup } from './predict.ts';
import { PREDICTION_MAX_TOKENS } from './replay.ts';
import { defaultDesign } from './rehydrate.ts';
import type { ContinuationResult, RehydrationDesign } from '../results/continuation-types.ts';

/** `--continuation K` and its companions. */
export type ContinuationOptions = {
  /** K: real steps replayed after the cut. */
  steps: number;
  /** `--continuation-at`: the cuts, as 0-based message indexes. */
  at?: number[];
  /** `--rehydrate`: one design for every strategy (default: each strategy's own agent, else none). */
  rehydrate?: RehydrationDesign;
};

/** What every strategy's continuation on one fixture shares. */
export type ContinuationSetup = {
  options: ContinuationOptions;
  /** The cuts, in order; empty under `--schedule`, where each compaction of a strategy's chain is one. */
  cuts: number[];
  /** The whole session (the steps after each cut are read from it). */
  full: SessionReference;
  /** Every continuation call: a further cut's compaction and every prediction, never a strategy's own cost. */
  caller: Caller;
  /** With a language model: what the prediction loop needs; absent offline. */
  predict?: PredictionSetup;
  tokenizer: Tokenizer;
  /** The strategies as listed, before they were set to the first cut: each further cut runs them again. */
  strategies: ReadonlyMap<string, Strategy>;
};

/** One place a strategy's context is continued from: the cut and what the strategy left there. */
export type ContinuationPoint = { cut: number; output: Pick<StrategyOutput, 'summary' | 'kept'> };

/**
 * What every strategy's continuation on a fixture shares. One caller makes every continuation call: through the
 * run's limit, cache and cassette, and never counted as a strategy's compaction cost.
 */
export function createContinuationSetup(
  options: ContinuationOptions,
  cuts: number[],
  full: SessionReference,
  strategies: readonly Strategy[],
  calls: Pick<CallerOptions, 'provider' | 'limit' | 'tokenizer' | 'contextWindow' | 'signal' | 'onCall'>,
  judge?: Provider,
): ContinuationSetup {
  const caller = createCaller(calls);
  const shared = {
    options,
    cuts,
    full,
    caller,
    tokenizer: calls.tokenizer,
    strategies: new Map(strategies.map((strategy) => [strategy.name, strategy])),
  };
  if (!calls.provider.isLanguageModel) return shared;
  const window = calls.contextWindow;
  // L3's calls: the judge's own window, the same limit, progress and (through its provider) cache and cassette.
  const judgeCaller =
    judge && createCaller({ ...calls, provider: judge, contextWindow: judge.contextWindow });
  return {
    ...shared,
    predict: {
      ...(judgeCaller ? { judge: judgeCaller.complete } : {}),
      session: full.session,
      steps: options.steps,
      generate: caller.generate,
      tokenizer: calls.tokenizer,
      ...(window === undefined ? {} : { maxContextTokens: window - PREDICTION_MAX_TOKENS }),
    },
  };
}

/** Whether the agent took a step after message `cut` (a cut with none has nothing to compare with). */
export function hasStepAfter(session: Pick<Session, 'messages' | 'cwd'>, cut: number): boolean {
  return realStepsAfter(session, cut, 1).length > 0;
}

/** The cuts for a session: the recorded compaction, the chosen messages, or the first tool-calling turn past halfway. */
export function continuationCuts(
  session: Pick<Session, 'name' | 'messages' | 'cwd'>,
  options: ContinuationOptions,
  recorded: AgentCompaction | undefined,
): number[] {
  let cuts: number[];
  if (recorded) cuts = [recorded.messageIndex];
  else if (options.at !== undefined) {
    for (const at of options.at) {
      if (at < 1 || at >= session.messages.length)
        throw new InputError(
          `--continuation-at ${at}: ${session.name} has messages 0–${session.messages.length - 1}; the cut must leave history before it and a step after it`,
        );
    }
    cuts = [...new Set(options.at)].sort((a, b) => a - b);
  } else {
    const half = Math.floor(session.messages.length / 2);
    // A turn that calls a tool: a cut before a closing reply would only ask the model to say it is done.
    const next = session.messages.findIndex(
      (message, index) => index >= half && toolCallsOf(message).length > 0,
    );
    cuts = [next < 0 ? half : next];
  }
  for (const cut of cuts) {
    if (!hasStepAfter(session, cut))
      throw new InputError(
        `--continuation: ${session.name} has no assistant turn after message ${cut} to compare with`,
      );
  }
  return cuts;
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

/**
 * The strategy's output at each cut after the first (its job's own run is the first): made through the
 * continuation caller, so a further cut's compaction is never counted in the strategy's own figures. A cut whose
 * compaction fails is left out.
 */
export async function furtherCutOutputs(
  setup: ContinuationSetup,
  strategy: string,
  settings: { config: StrategyConfig; signal: AbortSignal; contextWindow: number | undefined },
): Promise<ContinuationPoint[]> {
  const points: ContinuationPoint[] = [];
  const base = setup.strategies.get(strategy);
  if (!base) return points;
  for (const cut of setup.cuts.slice(1)) {
    const context = createStrategyContext({
      caller: setup.caller,
      tokenizer: setup.tokenizer,
      config: settings.config,
      signal: settings.signal,
      ...(settings.contextWindow === undefined ? {} : { contextWindow: settings.contextWindow }),
    });
    try {
      points.push({ cut, output: await atCut(base, cut).run(setup.full.session, context) });
    } catch (error) {
      if (error instanceof AbortedError) throw error;
    }
  }
  return points;
}

/**
 * Where the agent's own compaction (the `recorded` row) is continued from: under `--schedule` each compaction it
 * recorded; else its last one, when that is one of the cuts (`--at-compaction` cuts there).
 */
export function agentCompactionContinuationPoints(
  setup: ContinuationSetup,
  recorded: { summary: string; end: number; kept: readonly Message[] },
  chained: boolean,
): ContinuationPoint[] {
  const { session } = setup.full;
  if (!chained)
    return setup.cuts.includes(recorded.end)
      ? [{ cut: recorded.end, output: { summary: recorded.summary, kept: [...recorded.kept] } }]
      : [];
  return agentCompactionPoints(session)
    .filter((point) => hasStepAfter(session, point.atMessage))
    .map((point) => ({
      cut: point.atMessage,
      output: {
        summary: point.summary,
        kept: session.messages.slice(point.keptFrom ?? point.atMessage, point.atMessage),
      },
    }));
}

/** The agent's own compaction at each of its points, with its predictions (none offline). */
export async function agentCompactionContinuation(
  setup: ContinuationSetup,
  recorded: { summary: string; end: number; kept: readonly Message[] },
  chained: boolean,
): Promise<
  Array<{ point: ContinuationPoint; predicted: Awaited<ReturnType<typeof continuationPrediction>> }>
> {
  return Promise.all(
    agentCompactionContinuationPoints(setup, recorded, chained).map(async (point) => ({
      point,
      predicted: await continuationPrediction(setup, 'recorded', point),
    })),
  );
}

/**
 * The rehydration a strategy is judged with: `--rehydrate`, else its own agent's; the agent's recorded
 * compaction gets the design of the agent that wrote the transcript.
 */
export function designOf(setup: ContinuationSetup, strategy: string): RehydrationDesign {
  if (setup.options.rehydrate) return setup.options.rehydrate;
  return defaultDesign(strategy === 'recorded' ? setup.full.session.format : strategy);
}

/** The prediction columns at one point (undefined offline); a failed call empties them with a note, never the run. */
export async function continuationPrediction(
  setup: ContinuationSetup,
  strategy: string,
  point: ContinuationPoint,
): Promise<Pick<ContinuationResult, 'prediction' | 'note'> | undefined> {
  if (!setup.predict) return undefined;
  const design = designOf(setup, strategy);
  try {
    return await predictContinuation(setup.predict, {
      cut: point.cut,
      summary: point.output.summary,
      kept: point.output.kept ?? [],
      design,
    });
  } catch (error) {
    if (error instanceof AbortedError) throw error;
    return { prediction: null, note: `prediction failed: ${messageOf(error)}` };
  }
}
