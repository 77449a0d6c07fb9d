/** The strategy contract (docs/strategies.md): a plain object with a name, a description and `run`. */
import * as z from 'zod';
import type { Caller } from '../providers/calls.ts';
import type { MessageRange } from '../session/message-ranges.ts';
import type { SettingDeclaration, Settings } from '../settings.ts';
import type { FileLists } from '../session/file-operations.ts';
import type { Message, Session } from '../session/types.ts';
import type { Slice } from '../session/slicer.ts';
import type { Tokenizer } from '../tokens.ts';
import type { RenderOptions } from '../session/transcript.ts';

/** A replacement prompt text from `--prompt-file`, and the file it came from. */
export type PromptOverride = { text: string; file: string };

/** What a strategy reads from the run: the settings (src/settings.ts) and any `--prompt-file` replacements. */
export type StrategyConfig = Settings & {
  /** `--prompt-file`: replacement prompt texts, keyed `strategy.prompt` (see `prompt-overrides.ts`). */
  promptOverrides?: Record<string, PromptOverride>;
};

/** One prompt a strategy used, for the report: its name, the first 12 hex digits of its SHA-256, its override file. */
export const promptUseSchema = z.object({
  name: z.string(),
  sha256: z.string(),
  file: z.string().nullable(),
});

/** One {@link promptUseSchema}. */
export type PromptUse = z.infer<typeof promptUseSchema>;

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
  prompt(owner: string, name: string): string;
  /** Every prompt used so far, in first-use order. */
  readonly prompts: readonly PromptUse[];
  signal: AbortSignal;
};

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

/** An earlier compaction's summary as an update form reads it: the text without its file lists, and those lists. */
export type PreviousSummary = { summary: string; files: FileLists };

/** Which family a strategy belongs to, for `-s core|baselines|agents|all`. */
export type StrategyGroup = 'core' | 'baseline' | 'agent' | 'custom';

/**
 * The prompts a strategy sends, by name: `main` ones are what `--prompt-file S=FILE` replaces, `others` only by
 * name. `templates` are the prompts it brings itself (name to text), beside the core ones in `prompts.ts`.
 */
export type StrategyPrompts = {
  main: readonly string[];
  others?: readonly string[];
  templates?: Readonly<Record<string, string>>;
};

/** The calls a strategy makes, and how many of them follow one another. */
export type PlannedCalls = { calls: number; sequential: number };

/** A compaction strategy. */
export type Strategy = {
  name: string;
  /** One line for `list` and reports. */
  description: string;
  group: StrategyGroup;
  /** False for strategies that never call a model. */
  callsModel: boolean;
  /**
   * The calls it makes on a session the shared slicer cuts into `slices`, and how many of them run one after
   * another (its critical path): what the progress display's time left is made of. Absent: learnt as it runs.
   */
  plannedCalls?: (slices: number) => PlannedCalls;
  /** A lexical baseline (paths, identifiers, grep): kept text by pattern, never recommended as a strategy. */
  lexical?: boolean;
  /** Markdown sections the summary must have, in order (scored as `structure`). */
  requiredSections?: readonly string[];
  /** The prompts the strategy uses (the system prompt aside) and any it brings, for `--prompt-file`. */
  prompts?: StrategyPrompts;
  /** The settings of its own it reads (flags, defaults, validation); the shared slicing and budget settings aside. */
  settings?: readonly SettingDeclaration[];
  run(session: Session, context: StrategyContext): Promise<StrategyOutput>;
  /**
   * The update form, for compaction chains (`--schedule`): compacts all of `session` (the messages since the
   * previous compaction, the verbatim tail aside) into an update of `previous`, that compaction's summary
   * (undefined at the first compaction), carrying its file lists as a union; keeps nothing verbatim.
   * Without it, a chain hands `run` the previous summary as the first message, to summarize afresh.
   */
  update?(
    previous: PreviousSummary | undefined,
    session: Session,
    context: StrategyContext,
  ): Promise<StrategyOutput>;
};
