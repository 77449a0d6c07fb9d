/** What an evaluator is: a named scorer of one compacted context, whose scores a job record keeps by its name. */
import type { CallLimit } from '../providers/call-limit.ts';
import type * as z from 'zod';
import type { Provider } from '../providers/types.ts';
import type { ChainOutput } from '../results/chain-output.ts';
import type { ContinuationOutput } from '../results/record.ts';
import type { SessionReference } from '../results/session-reference.ts';
import type { ScoredResult } from '../results/types.ts';
import type { Tokenizer } from '../tokens.ts';

/** One job's compacted context, and what it is scored against. */
export type EvaluationInput = {
  /** The compacted context as quality sees it: the summary, then the kept messages rendered in full. */
  text: string;
  summary: string;
  /** Whether the strategy finished: a failed job's context is scored as empty. */
  ok: boolean;
  reference: SessionReference;
  requiredSections: readonly string[] | undefined;
  /** Which run of `--runs` (1-based): a model evaluator samples later runs afresh. */
  sample: number;
  /** The whole session: chains and continuation cuts are scored against it (each at its own point). */
  whole: SessionReference;
  /** `--schedule`: every compaction of the job's chain, as stored. */
  chain?: ChainOutput | undefined;
  /** `--continuation`: the job's context and predictions at each cut, as stored. */
  continuation?: ContinuationOutput | undefined;
  /** The stored contexts the chain and the cuts name, by hash. */
  texts: ReadonlyMap<string, string>;
};

/** What evaluators share within a run. */
export type EvaluatorContext = {
  /** The LLM judge (`--judge`), behind the run's cache and cassette; absent without it. */
  judge: Provider | undefined;
  limit: CallLimit;
  tokenizer: Tokenizer;
  signal: AbortSignal;
};

/** A scorer of compacted contexts: its scores are stored under `name` in each job record. */
export type Evaluator<Scores = unknown> = {
  name: string;
  description: string;
  /** Whether it calls a model: offline evaluators run in the job's slot, model ones after it (they wait on answers). */
  callsModel: boolean;
  /** Whether it runs in this context (the judge only with `--judge`). */
  enabled(context: EvaluatorContext): boolean;
  /** Scores one job's context; null when it does not apply to that job. */
  evaluate(input: EvaluationInput, context: EvaluatorContext): Promise<Scores | null>;
  /** The shape its stored scores are read back with. */
  schema: z.ZodType<Scores>;
  /** Writes its scores into the result the reports show (the result starts with quality unset). */
  apply(result: ScoredResult, scores: Scores | null): void;
};
