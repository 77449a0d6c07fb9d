/** The options `compare` and `check` share (README, docs/strategies.md), and their translation into {@link CompareOptions}. */
import { readFileSync } from 'node:fs';
import { type Command, Option } from 'commander';
import { InputError } from '../errors.ts';
import { configOptions } from './config-flags.ts';
import type { CompareOptions } from '../run/run.ts';
import type { ProgressDisplay } from './progress-display.ts';
import { parsePromptFiles } from '../strategies/prompt-overrides.ts';
import { parseShard, type Shard } from '../stages/shard.ts';
import { parseSchedule, resolveSchedule, type ScheduleSpec } from '../schedule/policy.ts';
import { DEFAULT_CACHE_DIRECTORY } from '../providers/cache.ts';
import { REHYDRATION_DESIGNS, type RehydrationDesign } from '../results/continuation-types.ts';
import { DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS } from '../providers/create.ts';
import { DEFAULT_BATCH_POLL_MS } from '../providers/batch.ts';
import { PROVIDER_TABLE } from '../providers/registry.ts';
import {
  CORE_SETTINGS,
  defaultSettings,
  integerAtLeast as integerValue,
  type Settings,
} from '../settings.ts';
import { DEFAULT_STRATEGIES, strategySettings } from '../strategies/registry.ts';
import {
  flagParser,
  integerAtLeast,
  SLICE_SETTINGS,
  sessionOptions,
  settingOption,
  settingsFrom,
} from './options.ts';

/** Every setting a run reads: the shared ones, then the strategies' own. */
const RUN_SETTINGS = () => [...CORE_SETTINGS, ...strategySettings()];

/** Adds every run option to a command. */
/**
 * Calls in flight by default: the core strategies' first calls on a session (three sequential chains, a
 * parallel-stitch's slices, single-shot) mostly run at once, so slices do not hold the chains back (bench/wall.bench.ts).
 */
const DEFAULT_CONCURRENCY = 8;

export function addRunOptions(command: Command): Command {
  const options = [
    new Option(
      '-s, --strategies <list>',
      'strategies, groups (core, baselines, agents, all), ./strategy.ts files or file:handoff.md (a summary written elsewhere, scored as it is), comma-separated',
    ).default(DEFAULT_STRATEGIES),
    new Option('-p, --provider <spec>', PROVIDER_TABLE.map((entry) => entry.spec).join(' | ')).default(
      'extractive',
    ),
    new Option(
      '--base-url <url>',
      'any OpenAI- or Anthropic-compatible server (Ollama, vLLM, llama.cpp, a gateway)',
    ),
    new Option('-o, --out <dir>', 'where reports go').default('compaction-results'),
    ...sessionOptions(),
    ...CORE_SETTINGS.filter((declaration) => !SLICE_SETTINGS.includes(declaration)).map(settingOption),
    new Option(
      '--context-window <n>',
      "refuse any call whose input exceeds n tokens (default: the model's, if known)",
    ).argParser(integerAtLeast(1)),
    new Option('--concurrency <n>', 'provider calls in flight at once, across the whole run')
      .argParser(integerAtLeast(1))
      .default(DEFAULT_CONCURRENCY),
    new Option(
      '--runs <n>',
      'sample each strategy n times (run k asks the model anew); mean and intervals clustered by probe',
    )
      .argParser(integerAtLeast(1))
      .default(1),
    new Option(
      '--target-tokens <n[,n…]>',
      'aim every strategy at n tokens of compacted context (summary + kept messages); a list runs a sweep',
    ).argParser(flagParser(targetList)),
    new Option(
      '--reference <strategy>',
      'the strategy the others are compared with, paired on the same probes (default: the first listed)',
    ),
    new Option(
      '--at-compaction',
      "run every strategy on the history up to the transcript's last recorded compaction, with the tail the agent kept",
    ),
    new Option(
      '--schedule <policy>',
      'replay the session as a compaction chain: window=N[,reserve=N][,keep=N] (compact when the context would pass window − reserve, keep the newest keep tokens) or recorded (where the agent compacted)',
    ).argParser(flagParser(parseSchedule)),
    new Option(
      '--continuation <k>',
      'at the cut, check the next k steps the agent really took: grounding offline, predicted actions with a model (docs/continuation.md)',
    ).argParser(integerAtLeast(1)),
    new Option(
      '--continuation-at <message[,message…]>',
      "cut before each of these 0-based messages, scored per cut and pooled (default: --at-compaction's compaction, under --schedule each compaction of the chain, else the first assistant tool call past halfway)",
    ).argParser(flagParser(cutList)),
    new Option(
      '--rehydrate <design>',
      "what comes back after compacting: claude-code (5 recent files), pi (file lists), codex (recent user messages) or none (default: the strategy's own agent, else none)",
    ).choices(REHYDRATION_DESIGNS),
    ...strategySettings().map(settingOption),
    promptFileOption(),
    new Option('--retries <n>', 'SDK retries on 429, 5xx and timeouts')
      .argParser(integerAtLeast(0))
      .default(DEFAULT_RETRIES),
    new Option('--timeout <ms>', 'SDK timeout per request attempt, in ms')
      .argParser(integerAtLeast(1))
      .default(DEFAULT_TIMEOUT_MS),
    new Option('--cache-dir <dir>', 'response cache directory').default(DEFAULT_CACHE_DIRECTORY),
    new Option('--no-cache', 'do not read or write the response cache'),
    new Option(
      '--no-prompt-cache',
      "send no prompt-cache marks (Anthropic cache_control), to compare costs; OpenAI's caching is automatic",
    ),
    new Option(
      '--batch',
      "send the model's calls through its vendor's batch API at half price (openai:, anthropic:); rerun the same command to resume (docs/scale.md)",
    ),
    new Option('--batch-poll <ms>', 'with --batch: time between two status polls of a batch, in ms')
      .argParser(integerAtLeast(1))
      .default(DEFAULT_BATCH_POLL_MS),
    new Option('--record <file>', 'write every answer of the run to a cassette (JSONL) you can commit'),
    new Option('--replay <file>', 'answer only from a cassette; a call not in it fails'),
    new Option(
      '--judge <spec>',
      `also score with an LLM judge: ${PROVIDER_TABLE.filter((entry) => entry.takesModel)
        .map((entry) => entry.spec)
        .join(' or ')} (its calls are counted apart)`,
    ),
    new Option('--judge-base-url <url>', "the judge's server, when it is not the vendor's default"),
    new Option(
      '--shard <i/n>',
      'run only part i of n of the jobs (balanced by tokens, the same on every machine) and write its records, no reports; compaction-bench merge joins the parts',
    ).argParser(flagParser(parseShard)),
    new Option('--json', 'print the results JSON to stdout instead of the table (progress goes to stderr)'),
    new Option(
      '-q, --quiet',
      'no progress on stderr (else a live status on a terminal, one line per event when piped or under CI)',
    ),
    ...configOptions(),
  ];
  for (const option of options) command.addOption(option);
  return command;
}

/** `--target-tokens 1000,2000`: distinct whole numbers ≥ 16, in increasing order. */
function targetList(text: string): number[] {
  const parse = integerValue(16);
  const targets = [...new Set(text.split(',').map((part) => parse(part.trim())))].sort((a, b) => a - b);
  if (targets.length === 0)
    throw new InputError(`expected token counts such as 2000 or 1000,2000,4000, got '${text}'`);
  return targets;
}

/** `--continuation-at 40,80`: whole numbers ≥ 1 (message indexes; each is checked against its transcript later). */
function cutList(text: string): number[] {
  const parse = integerValue(1);
  return text.split(',').map((part) => parse(part.trim()));
}

/** `--prompt-file S=FILE`: a strategy's prompt replaced by a file's text (docs/strategies.md). */
function promptFileOption(): Option {
  return new Option(
    '--prompt-file <S=FILE>',
    "replace strategy S's main prompt (or S.PROMPT=FILE, one prompt) with a file's text (repeatable)",
  )
    .argParser((value: string, previous: string[]) => [...previous, value])
    .default([]);
}

/** The flags as commander parsed them. */
export type RunFlags = Omit<Partial<Settings>, 'targetTokens'> & {
  strategies: string;
  provider: string;
  baseUrl?: string;
  out: string;
  tokenizer: string;
  sliceTokens: number;
  overlapTokens: number;
  format?: string;
  skipInvalid?: boolean;
  branch?: number;
  contextWindow?: number;
  concurrency: number;
  runs: number;
  targetTokens?: number[];
  reference?: string;
  atCompaction?: boolean;
  schedule?: ScheduleSpec;
  continuation?: number;
  continuationAt?: number[];
  rehydrate?: RehydrationDesign;
  promptFile: string[];
  retries: number;
  timeout: number;
  cacheDir: string;
  cache: boolean;
  promptCache: boolean;
  batch?: boolean;
  batchPoll: number;
  record?: string;
  replay?: string;
  judge?: string;
  judgeBaseUrl?: string;
  shard?: Shard;
  json?: boolean;
  quiet?: boolean;
  /** `--config FILE`, or false with `--no-config`. */
  config?: string | boolean;
};

/** Turns parsed flags into runner options; conflicting flags are an input error naming them. */
export function toCompareOptions(
  transcripts: string[],
  flags: RunFlags,
  signal: AbortSignal,
  display: Pick<ProgressDisplay, 'onProgress' | 'onNotice'>,
): CompareOptions {
  if (flags.record && flags.replay) throw new InputError('--record and --replay cannot be used together');
  const settings = { ...defaultSettings(), ...settingsFrom(flags, RUN_SETTINGS()) };
  const schedule = flags.schedule && resolveSchedule(flags.schedule, settings.reserveTokens);
  if (schedule) {
    checkScheduleFlags(flags);
    // The schedule's reserve is also the answer reserve, as in pi: a one-call summary gets 0.8 × of it.
    if (schedule.policy === 'window') settings.reserveTokens = schedule.reserve;
  }
  return {
    transcripts,
    command: process.argv.slice(2),
    strategies: flags.strategies,
    provider: flags.provider,
    judge: flags.judge,
    judgeBaseUrl: flags.judgeBaseUrl,
    providerOptions: {
      baseUrl: flags.baseUrl,
      retries: flags.retries,
      timeoutMs: flags.timeout,
      cacheDirectory: flags.cache ? flags.cacheDir : false,
      promptCache: flags.promptCache,
      record: flags.record,
      replay: flags.replay,
    },
    ...(flags.batch ? { batch: { pollMs: flags.batchPoll } } : {}),
    out: flags.out,
    tokenizer: flags.tokenizer,
    format: flags.format,
    skipInvalid: flags.skipInvalid,
    branch: flags.branch,
    config: {
      ...settings,
      promptOverrides: parsePromptFiles(flags.promptFile, (file) => readFileSync(file, 'utf8')),
    },
    contextWindow: flags.contextWindow,
    ...(flags.targetTokens ? { targets: flags.targetTokens } : {}),
    reference: flags.reference,
    atCompaction: flags.atCompaction,
    ...(schedule ? { schedule } : {}),
    ...continuationOptions(flags),
    concurrency: flags.concurrency,
    runs: flags.runs,
    ...(flags.shard ? { shard: flags.shard } : {}),
    signal,
    onProgress: display.onProgress,
    onNotice: display.onNotice,
  };
}

/** Flags a compaction chain cannot honour: it keeps its own tail, compacts at its own points, samples once. */
function checkScheduleFlags(flags: RunFlags): void {
  const conflicts: Array<[unknown, string]> = [
    [flags.atCompaction, '--at-compaction (use --schedule recorded to compact where the agent did)'],
    [flags.targetTokens, '--target-tokens'],
    [flags.keepRecentTokens, '--keep-recent-tokens (the schedule keeps its own tail: keep=N)'],
    [flags.runs > 1 ? flags.runs : undefined, '--runs above 1'],
  ];
  for (const [value, flag] of conflicts) {
    if (value !== undefined && value !== false)
      throw new InputError(`--schedule cannot be combined with ${flag}`);
  }
}

/** `--continuation K` with its cut and rehydration; the companions alone, or with a chain, are input errors. */
function continuationOptions(flags: RunFlags): Pick<CompareOptions, 'continuation'> {
  if (flags.continuation === undefined) {
    const orphan =
      flags.continuationAt !== undefined ? '--continuation-at' : flags.rehydrate ? '--rehydrate' : undefined;
    if (orphan) throw new InputError(`${orphan} needs --continuation K`);
    return {};
  }
  if (flags.schedule && flags.continuationAt !== undefined)
    throw new InputError(
      '--continuation-at cannot be combined with --schedule (the chain cuts at each of its compactions)',
    );
  if (flags.runs > 1)
    throw new InputError(
      "--continuation cannot be combined with --runs above 1 (yet): the block would be one run's",
    );
  if (flags.atCompaction && flags.continuationAt !== undefined)
    throw new InputError(
      '--continuation-at cannot be combined with --at-compaction (that cuts at the recorded compaction)',
    );
  return {
    continuation: {
      steps: flags.continuation,
      ...(flags.continuationAt !== undefined ? { at: flags.continuationAt } : {}),
      ...(flags.rehydrate ? { rehydrate: flags.rehydrate } : {}),
    },
  };
}
