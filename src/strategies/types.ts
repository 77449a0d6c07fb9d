/** The strategy contract (SPEC §5): a plain object with a name, a description and `run`. */
import type { Caller } from '../calls.ts';
import type { Message, Session } from '../session/types.ts';
import type { Slice } from '../slicer.ts';
import type { Tokenizer } from '../tokens.ts';

/** Settings every strategy may read (from the command's flags). */
export type StrategyConfig = {
  sliceTokens: number;
  overlapTokens: number;
  /** Summary budget as a fraction of a slice's tokens. */
  ratio: number;
  /** Budget multiplier for the most recent slices. */
  recentBoost: number;
  toolResultChars: number;
  /** Tokens reserved for the answer of a one-call strategy; its output limit is 0.8 × this. */
  reserveTokens: number;
  /** A focus added to every summarization prompt (`--instructions`). */
  instructions?: string;
};

/** What `run` is handed: the instrumented provider, the shared slicer and renderer, the tokenizer, the config. */
export type StrategyContext = {
  /** Calls the model (traced, concurrency-limited, context-window checked). */
  complete: Caller['complete'];
  tokenizer: Tokenizer;
  config: StrategyConfig;
  /** The shared slicer over some messages (token counts cached per message). */
  slice(messages: readonly Message[]): Slice[];
  /** The shared renderer (`--tool-result-chars` applied). */
  render(messages: readonly Message[]): string;
  signal: AbortSignal;
};

/** The context an agent would continue with: a summary plus any messages kept verbatim. */
export type StrategyOutput = {
  summary: string;
  /** Messages kept verbatim after the summary (none for the core strategies). */
  kept?: Message[];
  /** Human-readable notes for the report (cut points, what was masked, …). */
  notes?: string[];
};

/** Which family a strategy belongs to, for `-s core|baselines|agents|all`. */
export type StrategyGroup = 'core' | 'baseline' | 'agent' | 'custom';

/** A compaction strategy. */
export type Strategy = {
  name: string;
  /** One line for `list` and reports. */
  description: string;
  group: StrategyGroup;
  /** False for strategies that never call a model. */
  callsModel: boolean;
  /** Markdown sections the summary must have, in order (scored as `structure`). */
  requiredSections?: readonly string[];
  run(session: Session, context: StrategyContext): Promise<StrategyOutput>;
};
