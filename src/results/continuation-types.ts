/** The continuation replay's shapes (docs/continuation.md): actions, step scores and the `continuation` result block. */

/** What an action does, whatever the tool is called: BFCL-style level 0. */
export type ActionKind = 'read' | 'edit' | 'run' | 'search' | 'ask' | 'finish' | 'other';

/** One tool call (or a turn that ends without one), normalised for comparison. */
export type Action = {
  kind: ActionKind;
  /** The tool's name as the transcript (or the model) spelled it; empty for a turn with no tool call. */
  tool: string;
  /** Level 1: a normalised path, `program subcommand` for a shell command, a search pattern; empty when none. */
  target: string;
  /** Level 2: the arguments, each normalised to one string, without the ones that do not change the action. */
  arguments: Record<string, string>;
};

/** One assistant turn after the cut: what the agent really did. */
export type RealStep = {
  /** 0-based index of the assistant message. */
  messageIndex: number;
  /** Each tool call of the turn (parallel calls are each an acceptable answer), or one `finish`/`ask`. */
  actions: Action[];
};

/**
 * How far a predicted action agrees with the real one; each of L0–L2 implies the ones below it. `l3` (with
 * `--judge` only): an L2 match, or the judge says the two are equivalent; null when the judge gave no verdict.
 */
export type StepScore = { l0: boolean; l1: boolean; l2: boolean; l3?: boolean | null };

/** Match rates over steps, with the steps counted; `l3` (with `--judge`) over the steps with a verdict. */
export type LevelRates = { steps: number; l0: number; l1: number; l2: number; l3?: number | null };

/** The judge's answer on one step (L3): its verdict, or null with the error; the prompt and answer as sent. */
export type EquivalenceVerdict = {
  equivalent: boolean | null;
  reason: string;
  prompt: string;
  /** The judge's text as returned; null when the call failed. */
  answer: string | null;
  error: string | null;
};

/** Where the facts a summary should carry could be found again at the cut (docs/continuation.md). */
export type Recoverability = 'workspace' | 'rehydrated' | 'conversation';

/** The agent designs whose post-compaction attachments can be rebuilt from a transcript. */
export const REHYDRATION_DESIGNS = ['claude-code', 'pi', 'codex', 'none'] as const;

/** One of {@link REHYDRATION_DESIGNS}. */
export type RehydrationDesign = (typeof REHYDRATION_DESIGNS)[number];

/** One real action after the cut and whether the compacted context names its target (lexical, offline). */
export type GroundedAction = {
  step: number;
  kind: ActionKind;
  target: string;
  /** The target is named before the cut (the transcript prefix): only those can be grounded. */
  established: boolean;
  /** The compacted context (summary, kept messages, rehydration) names it; null when not established. */
  grounded: boolean | null;
};

/** One predicted step, stored with what it was compared against. */
export type PredictedStep = {
  step: number;
  predicted: Action | null;
  /** The model's raw answer: its text and tool calls, as returned. */
  answer: { text: string; toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> };
  score: StepScore;
  /** With `--judge`, for a prediction short of L2: the judge's verdict (an L2 match needs none). */
  judged?: EquivalenceVerdict;
  /** Predicted a read of a file whose content the uncompacted prefix already had. */
  redundantRead: boolean;
};

/** A model's predictions for one context (a strategy's, Full's or Null's). */
export type PredictionRun = {
  steps: PredictedStep[];
  rates: LevelRates;
  /** Predicted reads of a file whose content the uncompacted prefix already had, and all predicted reads. */
  redundantReads: number;
  predictedReads: number;
  /**
   * Every request: its label, system prompt, tool names, the context by its message count and SHA-256 (the same
   * for every step) and the messages since the cut rendered whole.
   */
  requests: unknown[];
  /**
   * The replay's own calls (never counted in the strategy's figures); tokens as the provider reported them. A
   * replayed answer reports the figures it was recorded with: how this run got its answers (cache, cassette) is
   * not a figure of the replay (older files carry a `cachedCalls` count here; readers ignore it).
   */
  usage: { calls: number; inputTokens: number; outputTokens: number };
};

/** The `continuation` block of a strategy result (docs/results.md). */
export type ContinuationResult = {
  /** The cut: the context covered messages 0 … cut − 1; the steps are the assistant turns from there. */
  cut: number;
  /** K: the real steps replayed (fewer when the transcript ends sooner). */
  steps: number;
  rehydrate: RehydrationDesign;
  /** Files the rehydration attached (content or path only). */
  rehydratedFiles: string[];
  realSteps: RealStep[];
  /** Lexical: whether the compacted context names each next action's target. */
  grounding: {
    actions: GroundedAction[];
    established: number;
    grounded: number;
    /** grounded / established; null when no target was established before the cut. */
    rate: number | null;
  };
  /** Per probe planted before the cut: where it could be found again. */
  recoverability: {
    byProbe: Record<string, Recoverability>;
    counts: Record<Recoverability, number>;
    /** Recall over the conversation-only probes (the ones a summary alone must carry); null when none. */
    conversationRecall: number | null;
  };
  /** Null offline: predicting the next action needs a language model (see `note`). */
  prediction: {
    strategy: PredictionRun;
    /** Null when its calls failed (the `note` says why): the strategy's own rates still stand. */
    full: PredictionRun | null;
    null: PredictionRun | null;
    /** (S − Null) / (Full − Null) per level; null at a level where Full does no better than Null. */
    normalised: NormalisedRates;
  } | null;
  /** Why the prediction columns are empty (offline, or a call failed); null when they are filled. */
  note: string | null;
  /**
   * With several cuts (`--continuation-at A,B`, `--schedule`): every cut's block, the first one included (the
   * fields above are the first cut's, so a reader of one cut keeps working); absent with one cut.
   */
  cuts?: ContinuationCut[];
  /** With several cuts: the figures pooled over them, with intervals that take the cut as the unit. */
  pooled?: PooledContinuation;
};

/** The normalised score per level; `l3` only with `--judge`. */
export type NormalisedRates = { l0: number | null; l1: number | null; l2: number | null; l3?: number | null };

/** One cut's continuation block (the per-cut entries have no cuts of their own). */
export type ContinuationCut = Omit<ContinuationResult, 'cuts' | 'pooled'> & {
  /** In `cuts` only: the summary the context at this cut began with (the model's answer at a further cut). */
  summary?: string;
};

/** A share pooled over cuts, with its 95% interval (null bounds with fewer than three cuts: too few clusters). */
export type PooledShare = { estimate: number | null; low: number | null; high: number | null };

/** Match rates pooled over cuts: steps counted, each level a share with its interval. */
export type PooledRates = {
  steps: number;
  l0: PooledShare;
  l1: PooledShare;
  l2: PooledShare;
  /** With `--judge` only. */
  l3?: PooledShare;
};

/** The continuation figures over every cut: the steps of all cuts together, a cut's steps one cluster. */
export type PooledContinuation = {
  /** The cuts pooled, in order. */
  cuts: number[];
  /** Real steps over all cuts. */
  steps: number;
  grounding: { established: number; grounded: number; rate: PooledShare };
  /** Null when no cut has predictions (offline); Full and Null null when some cut lacks them. */
  prediction: {
    strategy: PooledRates;
    full: PooledRates | null;
    null: PooledRates | null;
    /** (S − Null) / (Full − Null) on the pooled rates; null where Full ≤ Null. */
    normalised: NormalisedRates;
  } | null;
};
