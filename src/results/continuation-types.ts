/**
 * The continuation replay's shapes (docs/continuation.md): actions, step scores and the `continuation` result block,
 * each a zod schema with its type inferred (a job record's continuation scores are read back with them).
 */
import * as z from 'zod';

/** What an action does, whatever the tool is called: BFCL-style level 0. */
export const actionKindSchema = z.enum(['read', 'edit', 'run', 'search', 'ask', 'finish', 'other']);

/** One tool call (or a turn that ends without one), normalised for comparison. */
export const actionSchema = z.object({
  kind: actionKindSchema,
  /** The tool's name as the transcript (or the model) spelled it; empty for a turn with no tool call. */
  tool: z.string(),
  /** Level 1: a normalised path, `program subcommand` for a shell command, a search pattern; empty when none. */
  target: z.string(),
  /** Level 2: the arguments, each normalised to one string, without the ones that do not change the action. */
  arguments: z.record(z.string(), z.string()),
});

/** One assistant turn after the cut: what the agent really did. */
export const realStepSchema = z.object({
  /** 0-based index of the assistant message. */
  messageIndex: z.number(),
  /** Each tool call of the turn (parallel calls are each an acceptable answer), or one `finish`/`ask`. */
  actions: z.array(actionSchema),
});

/**
 * How far a predicted action agrees with the real one; each of L0–L2 implies the ones below it. `l3` (with
 * `--judge` only): an L2 match, or the judge says the two are equivalent; null when the judge gave no verdict.
 */
export const stepScoreSchema = z.object({
  l0: z.boolean(),
  l1: z.boolean(),
  l2: z.boolean(),
  l3: z.boolean().nullable().optional(),
});

/** Match rates over steps, with the steps counted; `l3` (with `--judge`) over the steps with a verdict. */
export const levelRatesSchema = z.object({
  steps: z.number(),
  l0: z.number(),
  l1: z.number(),
  l2: z.number(),
  l3: z.number().nullable().optional(),
});

/** The judge's answer on one step (L3): its verdict, or null with the error; the prompt and answer as sent. */
export const equivalenceVerdictSchema = z.object({
  equivalent: z.boolean().nullable(),
  reason: z.string(),
  prompt: z.string(),
  /** The judge's text as returned; null when the call failed. */
  answer: z.string().nullable(),
  error: z.string().nullable(),
});

/** Where the facts a summary should carry could be found again at the cut (docs/continuation.md). */
export const recoverabilitySchema = z.enum(['workspace', 'rehydrated', 'conversation']);

/** The agent designs whose post-compaction attachments can be rebuilt from a transcript. */
export const REHYDRATION_DESIGNS = ['claude-code', 'pi', 'codex', 'none'] as const;

/** One real action after the cut and whether the compacted context names its target (lexical, offline). */
export const groundedActionSchema = z.object({
  step: z.number(),
  kind: actionKindSchema,
  target: z.string(),
  /** The target is named before the cut (the transcript prefix): only those can be grounded. */
  established: z.boolean(),
  /** The compacted context (summary, kept messages, rehydration) names it; null when not established. */
  grounded: z.boolean().nullable(),
});

/** One predicted step, stored with what it was compared against. */
export const predictedStepSchema = z.object({
  step: z.number(),
  predicted: actionSchema.nullable(),
  /** The model's raw answer: its text and tool calls, as returned. */
  answer: z.object({
    text: z.string(),
    toolCalls: z.array(z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()) })),
  }),
  score: stepScoreSchema,
  /** With `--judge`, for a prediction short of L2: the judge's verdict (an L2 match needs none). */
  judged: equivalenceVerdictSchema.optional(),
  /** Predicted a read of a file whose content the uncompacted prefix already had. */
  redundantRead: z.boolean(),
});

/** A model's predictions for one context (a strategy's, Full's or Null's). */
export const predictionRunSchema = z.object({
  steps: z.array(predictedStepSchema),
  rates: levelRatesSchema,
  /** Predicted reads of a file whose content the uncompacted prefix already had, and all predicted reads. */
  redundantReads: z.number(),
  predictedReads: z.number(),
  /**
   * Every request: its label, system prompt, tool names, the context by its message count and SHA-256 (the same
   * for every step) and the messages since the cut rendered whole.
   */
  requests: z.array(z.unknown()),
  /**
   * The replay's own calls (never counted in the strategy's figures); tokens as the provider reported them. A
   * replayed answer reports the figures it was recorded with: how this run got its answers (cache, cassette) is
   * not a figure of the replay (older files carry a `cachedCalls` count here; readers ignore it).
   */
  usage: z.object({ calls: z.number(), inputTokens: z.number(), outputTokens: z.number() }),
});

/** The normalised score per level; `l3` only with `--judge`. */
export const normalisedRatesSchema = z.object({
  l0: z.number().nullable(),
  l1: z.number().nullable(),
  l2: z.number().nullable(),
  l3: z.number().nullable().optional(),
});

/** The predictions at one cut: the strategy's, Full's and Null's, and the normalised score. */
export const continuationPredictionSchema = z.object({
  strategy: predictionRunSchema,
  /** Null when its calls failed (the `note` says why): the strategy's own rates still stand. */
  full: predictionRunSchema.nullable(),
  null: predictionRunSchema.nullable(),
  /** (S − Null) / (Full − Null) per level; null at a level where Full does no better than Null. */
  normalised: normalisedRatesSchema,
});

/** One cut's continuation figures: what a result's `continuation` block holds for its first cut. */
const continuationCutFields = z.object({
  /** The cut: the context covered messages 0 … cut − 1; the steps are the assistant turns from there. */
  cut: z.number(),
  /** K: the real steps replayed (fewer when the transcript ends sooner). */
  steps: z.number(),
  rehydrate: z.enum(REHYDRATION_DESIGNS),
  /** Files the rehydration attached (content or path only). */
  rehydratedFiles: z.array(z.string()),
  realSteps: z.array(realStepSchema),
  /** Lexical: whether the compacted context names each next action's target. */
  grounding: z.object({
    actions: z.array(groundedActionSchema),
    established: z.number(),
    grounded: z.number(),
    /** grounded / established; null when no target was established before the cut. */
    rate: z.number().nullable(),
  }),
  /** Per probe planted before the cut: where it could be found again. */
  recoverability: z.object({
    byProbe: z.record(z.string(), recoverabilitySchema),
    counts: z.record(recoverabilitySchema, z.number()),
    /** Recall over the conversation-only probes (the ones a summary alone must carry); null when none. */
    conversationRecall: z.number().nullable(),
  }),
  /** Null offline: predicting the next action needs a language model (see `note`). */
  prediction: continuationPredictionSchema.nullable(),
  /** Why the prediction columns are empty (offline, or a call failed); null when they are filled. */
  note: z.string().nullable(),
});

/** One cut's continuation block (the per-cut entries have no cuts of their own). */
export const continuationCutSchema = continuationCutFields.extend({
  /** In `cuts` only: the summary the context at this cut began with (the model's answer at a further cut). */
  summary: z.string().optional(),
});

/** A share pooled over cuts, with its 95% interval (null bounds with fewer than three cuts: too few clusters). */
export const pooledShareSchema = z.object({
  estimate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});

/** Match rates pooled over cuts: steps counted, each level a share with its interval. */
export const pooledRatesSchema = z.object({
  steps: z.number(),
  l0: pooledShareSchema,
  l1: pooledShareSchema,
  l2: pooledShareSchema,
  /** With `--judge` only. */
  l3: pooledShareSchema.optional(),
});

/** The continuation figures over every cut: the steps of all cuts together, a cut's steps one cluster. */
export const pooledContinuationSchema = z.object({
  /** The cuts pooled, in order. */
  cuts: z.array(z.number()),
  /** Real steps over all cuts. */
  steps: z.number(),
  grounding: z.object({ established: z.number(), grounded: z.number(), rate: pooledShareSchema }),
  /** Null when no cut has predictions (offline); Full and Null null when some cut lacks them. */
  prediction: z
    .object({
      strategy: pooledRatesSchema,
      full: pooledRatesSchema.nullable(),
      null: pooledRatesSchema.nullable(),
      /** (S − Null) / (Full − Null) on the pooled rates; null where Full ≤ Null. */
      normalised: normalisedRatesSchema,
    })
    .nullable(),
});

/** The `continuation` block of a strategy result (docs/results.md). */
export const continuationResultSchema = continuationCutFields.extend({
  /**
   * With several cuts (`--continuation-at A,B`, `--schedule`): every cut's block, the first one included (the
   * fields above are the first cut's, so a reader of one cut keeps working); absent with one cut.
   */
  cuts: z.array(continuationCutSchema).optional(),
  /** With several cuts: the figures pooled over them, with intervals that take the cut as the unit. */
  pooled: pooledContinuationSchema.optional(),
});

/** One of {@link actionKindSchema}. */
export type ActionKind = z.infer<typeof actionKindSchema>;
/** One normalised action. */
export type Action = z.infer<typeof actionSchema>;
/** One real step after the cut. */
export type RealStep = z.infer<typeof realStepSchema>;
/** One step's match levels. */
export type StepScore = z.infer<typeof stepScoreSchema>;
/** Match rates over steps. */
export type LevelRates = z.infer<typeof levelRatesSchema>;
/** The judge's verdict on one step. */
export type EquivalenceVerdict = z.infer<typeof equivalenceVerdictSchema>;
/** One of {@link recoverabilitySchema}. */
export type Recoverability = z.infer<typeof recoverabilitySchema>;
/** One of {@link REHYDRATION_DESIGNS}. */
export type RehydrationDesign = (typeof REHYDRATION_DESIGNS)[number];
/** One real action and whether the context grounds it. */
export type GroundedAction = z.infer<typeof groundedActionSchema>;
/** One predicted step. */
export type PredictedStep = z.infer<typeof predictedStepSchema>;
/** One context's predictions. */
export type PredictionRun = z.infer<typeof predictionRunSchema>;
/** The `continuation` block of a strategy result. */
export type ContinuationResult = z.infer<typeof continuationResultSchema>;
/** The normalised score per level. */
export type NormalisedRates = z.infer<typeof normalisedRatesSchema>;
/** One cut's continuation block. */
export type ContinuationCut = z.infer<typeof continuationCutSchema>;
/** A pooled share with its interval. */
export type PooledShare = z.infer<typeof pooledShareSchema>;
/** Match rates pooled over cuts. */
export type PooledRates = z.infer<typeof pooledRatesSchema>;
/** The continuation figures over every cut. */
export type PooledContinuation = z.infer<typeof pooledContinuationSchema>;
