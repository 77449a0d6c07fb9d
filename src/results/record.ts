/**
 * The records of a run (docs/results.md, "Records"): one versioned JSON Lines file per run, holding a run header,
 * one session record per session × target and one job record per session × strategy × target × run. Every
 * report, statistic and gate is computed from these; results files are read back with the schemas of `types.ts`.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import * as z from 'zod';
import type { TextPieces } from './text-pieces.ts';
import { updateInPieces } from '../text/hashed-pieces.ts';
import { smallFileBytes } from '../session/source-file.ts';
import { measuredResultSchema, resultsFrameSchema } from './types.ts';
import { continuationPredictionSchema, REHYDRATION_DESIGNS } from './continuation-types.ts';
import { chainOutputSchema } from './chain-output.ts';

/** The records format version this code writes and reads. */
export const RECORD_VERSION = 1;

/** The first 16 hex digits of the SHA-256 of a text: stable ids for jobs and probe sets. */
export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** The SHA-256 of a text, in hex: the name of a stored prompt, answer or compacted context. */
export function contentHash(text: string | Uint8Array | TextPieces): string {
  const hash = createHash('sha256');
  if (typeof text === 'function') {
    // Pieces never end inside a surrogate pair (text-pieces.ts): their bytes are the text's.
    for (const piece of text()) hash.update(piece);
    return hash.digest('hex');
  }
  // A long text (a whole-transcript context) is encoded a piece at a time, not into one UTF-8 copy of tens of MB.
  return (typeof text === 'string' ? updateInPieces(hash, text) : hash.update(text)).digest('hex');
}

/**
 * {@link contentHash} of a file's bytes: a small file's read at once, a larger one's a chunk at a time (a long
 * session's file is tens of MB).
 */
export async function fileContentHash(path: string): Promise<string> {
  const whole = smallFileBytes(path);
  if (whole !== undefined) return contentHash(whole);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const versionSchema = z.literal(RECORD_VERSION, {
  error: `unsupported recordVersion (this version reads ${RECORD_VERSION}); rerun compare to regenerate the records`,
});

/** A session as the records name it: the transcript, its content hash and its probe set's hash. */
const sessionEntrySchema = z.object({
  /** The name reports use (a suite's name when two files share one). */
  name: z.string().min(1),
  /** The transcript file, as an absolute path (`score` reads it again). */
  path: z.string(),
  /** SHA-256 of the transcript file's bytes: `score` refuses a transcript that changed since. */
  contentHash: z.string(),
  /** First 16 hex digits of the SHA-256 of the probe list scored against. */
  probeSetHash: z.string(),
});

/** The first record of a run: its configuration and the jobs it planned. */
export const runRecordSchema = z.object({
  kind: z.literal('run'),
  recordVersion: versionSchema,
  /** The run's id: `<UTC date>-<hash of the plan>`; the records file is `records/<run>.jsonl`. */
  run: z.string().min(1),
  /** `compare` (or `check`) made the jobs; `score` re-evaluated those of `scoredFrom`. */
  origin: z.enum(['compare', 'score']),
  scoredFrom: z.array(z.string()).optional(),
  tool: z.string(),
  version: z.string(),
  provider: z.object({ id: z.string(), model: z.string(), isLanguageModel: z.boolean() }),
  judge: z.object({ id: z.string(), model: z.string() }).nullable(),
  tokenizer: z.string(),
  /** `--reference`, when given. */
  reference: z.string().nullable(),
  /** `--at-compaction`: every job ran on the history up to the recorded compaction. */
  atCompaction: z.boolean(),
  /** `--schedule` as the flag spells it. */
  schedule: z.string().nullable(),
  sessions: z.array(sessionEntrySchema),
  /** Every job the plan made, by id: a record set without one of them is incomplete. */
  jobs: z.array(
    z.object({
      id: z.string(),
      session: z.string(),
      strategy: z.string(),
      target: z.number().nullable(),
      sample: z.number(),
    }),
  ),
  /**
   * The packs of the run's stored texts in its records folder (`<pack>.calls.html`, `<pack>.contexts.ndjson`);
   * absent in records written before packs, whose texts are files in `calls/` and `contexts/`.
   */
  texts: z.array(z.string()).optional(),
  /**
   * `--shard i/n`: this run is one part of a plan; `jobs` lists only this part's. `plan` hashes every planned job's
   * id (shards of one plan share it), `planned` counts them; `strategies` and `targets` are the plan's order.
   */
  shard: z
    .object({
      index: z.number().int().min(1),
      count: z.number().int().min(1),
      plan: z.string(),
      planned: z.number().int().min(0),
      strategies: z.array(z.string()),
      targets: z.array(z.number().nullable()),
    })
    .optional(),
  /** `check --shard`: the gate `merge` applies once the shards are merged (the probe lint's errors included). */
  gate: z
    .object({
      failUnder: z.array(z.string()),
      baselines: z.array(z.string()),
      tolerance: z.number(),
      allowLost: z.number(),
      /** Absent in records of versions before the gate compared sessions and chose its rule by the answers' source. */
      allowMissing: z.boolean().optional(),
      allowUnpairedNoise: z.boolean().optional(),
      strategiesChosen: z.boolean().optional(),
      skipped: z.array(z.object({ file: z.string(), reason: z.string() })).optional(),
      lints: z.array(z.object({ session: z.string(), sidecar: z.string(), errors: z.number() })),
    })
    .optional(),
});

/** One session at one target: what its results file holds besides the strategies (statistics are recomputed). */
export const sessionRecordSchema = z.object({
  kind: z.literal('session'),
  run: z.string(),
  session: z.string(),
  target: z.number().nullable(),
  /** The results file of this session and target without `statistics` and `strategies`. */
  frame: resultsFrameSchema,
});

/** A call of a job, in the order of its trace: the stored prompt and answer (`records/calls/<hash>.json`). */
const callSchema = z.object({
  label: z.string(),
  /** Null when the call was refused before it was sent (over the context window). */
  promptHash: z.string().nullable(),
  /** Null when the call failed. */
  answerHash: z.string().nullable(),
});

/**
 * One continuation cut (`--continuation`): the strategy's context there (by hash) and its summary, and the model's
 * predicted next steps (null offline: the prediction needs a language model). The continuation evaluator scores it.
 */
const continuationCutSchema = z.object({
  cut: z.number(),
  summary: z.string(),
  textHash: z.string(),
  predicted: z
    .object({
      prediction: continuationPredictionSchema.nullable(),
      note: z.string().nullable(),
    })
    .nullable(),
});

/** A job's continuation outputs: K, the rehydration it is judged with, and each cut. */
export const continuationOutputSchema = z.object({
  steps: z.number(),
  rehydrate: z.enum(REHYDRATION_DESIGNS),
  cuts: z.array(continuationCutSchema),
});

/** One job: a strategy on a session at a target, one sample, and what came of it. */
export const jobRecordSchema = z.object({
  kind: z.literal('job'),
  run: z.string(),
  /** Stable: the same session content, strategy and settings, target, point and sample give the same id. */
  id: z.string(),
  session: z.string(),
  strategy: z.string(),
  target: z.number().nullable(),
  /** Which run of `--runs` (1-based). */
  sample: z.number(),
  /** True when one sample stands for every run (a deterministic provider or no model). */
  deterministic: z.boolean(),
  status: z.enum(['ok', 'error']),
  error: z.string().nullable(),
  /** What scoring reads: the compacted context's text is stored once, by hash (`records/contexts/<hash>.txt`). */
  compacted: z.object({
    summary: z.string(),
    keptRanges: z.array(z.object({ start: z.number(), end: z.number() })),
    textHash: z.string(),
    /** Summary sections the strategy promises (the structure score needs them). */
    requiredSections: z.array(z.string()).nullable(),
    /** `--schedule`: every compaction of the chain (absent in records written before chains were re-scored). */
    chain: chainOutputSchema.optional(),
    /** `--continuation`: each cut's context and predictions (absent likewise before then). */
    continuation: continuationOutputSchema.optional(),
  }),
  calls: z.array(callSchema),
  /** Each evaluator's scores, by evaluator name (src/evaluators/registry.ts). */
  scores: z.record(z.string(), z.unknown()),
  /** The strategy's measured result; its quality, judgeUsage and judgeTrace are filled from `scores`. */
  outcome: measuredResultSchema,
});

/**
 * The gate's outcome, last line of a `check` run's records (of a merged `check --shard` too): `runs` lists a check
 * with its PASS or FAIL from it. Absent from a compare's records, and from a check's written before it existed.
 */
export const gateRecordSchema = z.object({
  kind: z.literal('gate'),
  run: z.string(),
  passed: z.boolean(),
  /** The exit code `check` ended with: 0 passed, 1 a gate failed, 2 an unpaired sampled run, 3 only errors. */
  exitCode: z.number().int(),
  /** Figures compared with a floor or a baseline. */
  checks: z.number().int().min(0),
  /** Every failure, one line each, as `F-gate.md` lists them. */
  failures: z.array(z.object({ strategy: z.string(), kind: z.string(), message: z.string() })),
  /** The gate's report in the output folder (`F-gate.md`), relative to it. */
  report: z.string(),
});

/** Any line of a records file. */
export const recordSchema = z.discriminatedUnion('kind', [
  runRecordSchema,
  sessionRecordSchema,
  jobRecordSchema,
  gateRecordSchema,
]);

/** A run header record. */
export type RunRecord = z.infer<typeof runRecordSchema>;
/** A session record. */
export type SessionRecord = z.infer<typeof sessionRecordSchema>;
/** A job record. */
export type JobRecord = z.infer<typeof jobRecordSchema>;
/** A gate record. */
export type GateRecord = z.infer<typeof gateRecordSchema>;
/** A job's stored continuation cuts. */
export type ContinuationOutput = z.infer<typeof continuationOutputSchema>;
/** A call of a job record. */
export type JobCall = z.infer<typeof callSchema>;
/** Any record. */
export type AnyRecord = z.infer<typeof recordSchema>;

/** Every stored context a job record names: its compacted context, then its chain's and its continuation cuts'. */
export function contextHashes(job: JobRecord): string[] {
  const { compacted } = job;
  return [
    compacted.textHash,
    ...(compacted.chain?.compactions ?? []).map((compaction) => compaction.textHash),
    ...(compacted.continuation?.cuts ?? []).map((cut) => cut.textHash),
  ];
}

/** What makes a job the same job: the transcript's content, the strategy and its settings, the target, the point and the sample. */
export type JobKey = {
  contentHash: string;
  strategy: string;
  settings: unknown;
  target: number | null;
  /** `at-compaction`, a schedule, or null for the whole transcript. */
  point: string | null;
  sample: number;
};

/** A job's stable id: the first 16 hex digits of the SHA-256 of its key. */
export function jobId(key: JobKey): string {
  return shortHash(
    JSON.stringify([key.contentHash, key.strategy, key.settings, key.target, key.point, key.sample]),
  );
}
