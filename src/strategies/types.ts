/** The strategy contract (SPEC §5): a plain object with a name, a description and `run`. */
import type { Caller } from '../calls.ts';
import type { Message, Session } from '../session/types.ts';
import type { Slice } from '../slicer.ts';
import type { Tokenizer } from '../tokens.ts';
import type { RenderOptions } from '../transcript.ts';
import type { PromptName } from './prompts.ts';

/** A replacement prompt text from `--prompt-file`, and the file it came from. */
export type PromptOverride = { text: string; file: string };

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
  /**
   * `--keep-recent-tokens`: the verbatim tail of truncate, pi and codex (20000 when unset). When set,
   * the core strategies run as `<name>+recent` hybrids that keep this many recent tokens verbatim.
   */
  keepRecentTokens?: number;
  /** `--mask-window`: observation-masking keeps this many most recent tool outputs (default 10). */
  maskWindow?: number;
  /** `--prune-keep-tokens`: tool-output-pruning keeps the newest tool outputs up to this many tokens (default 40000). */
  pruneKeepTokens?: number;
  /** `--prune-minimum-tokens`: tool-output-pruning clears nothing unless more than this many tokens are freed (default 20000). */
  pruneMinimumTokens?: number;
  /** `--prune-protect-turns`: tool-output-pruning never touches the last this-many user turns (default 2). */
  pruneProtectTurns?: number;
  /** `--prompt-file`: replacement prompt texts, keyed `strategy.prompt` (see `prompt-overrides.ts`). */
  promptOverrides?: Record<string, PromptOverride>;
};

/** One prompt a strategy used, for the report: its name, the first 12 hex digits of its SHA-256, its override file. */
export type PromptUse = { name: string; sha256: string; file: string | null };

/** What `run` is handed: the instrumented provider, the shared slicer and renderer, the tokenizer, the config. */
export type StrategyContext = {
  /** Calls the model (traced, concurrency-limited, context-window checked). */
  complete: Caller['complete'];
  tokenizer: Tokenizer;
  config: StrategyConfig;
  /** The run's context window (`--context-window` or the model's), when known. */
  contextWindow: number | undefined;
  /** The shared slicer over some messages (token counts cached per message). */
  slice(messages: readonly Message[]): Slice[];
  /** The shared renderer (`--tool-result-chars` applied unless the options say otherwise). */
  render(messages: readonly Message[], options?: Partial<RenderOptions>): string;
  /** The text of prompt `name` as strategy `owner` uses it (its `--prompt-file` override, if any); the use is recorded. */
  prompt(owner: string, name: PromptName): string;
  /** Every prompt used so far, in first-use order. */
  readonly prompts: readonly PromptUse[];
  signal: AbortSignal;
};

/** A run of messages `[start, end)` of the transcript, by 0-based index. */
export type MessageRange = { start: number; end: number };

/** The context an agent would continue with: a summary plus any messages kept verbatim. */
export type StrategyOutput = {
  summary: string;
  /** Messages kept after the summary (none for the core strategies); a kept message may be altered (masked, cut). */
  kept?: Message[];
  /** Where the kept messages come from in the transcript; derived from `kept` by identity when absent. */
  keptRanges?: MessageRange[];
  /** Human-readable notes for the report (cut points, what was masked, …). */
  notes?: string[];
};

/** Which family a strategy belongs to, for `-s core|baselines|agents|all`. */
export type StrategyGroup = 'core' | 'baseline' | 'agent' | 'custom';

/** The prompts a strategy sends: `main` ones are what `--prompt-file S=FILE` replaces, `others` only by name. */
export type StrategyPrompts = { main: readonly PromptName[]; others?: readonly PromptName[] };

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
  /** The built-in prompts the strategy uses (the system prompt aside), for `--prompt-file`. */
  prompts?: StrategyPrompts;
  run(session: Session, context: StrategyContext): Promise<StrategyOutput>;
};
