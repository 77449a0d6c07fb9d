/** The options `compare` and `check` share (SPEC §3), and their translation into {@link CompareOptions}. */
import { readFileSync } from 'node:fs';
import { type Command, Option } from 'commander';
import { InputError } from '../errors.ts';
import type { CompareOptions } from '../run.ts';
import { parsePromptFiles } from '../strategies/prompt-overrides.ts';
import { DEFAULT_STRATEGIES } from '../strategies/registry.ts';
import { DEFAULT_CACHE_DIRECTORY } from '../providers/cache.ts';
import { DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS } from '../providers/registry.ts';
import { DEFAULT_SETTINGS } from '../strategies/steps.ts';
import { integerAtLeast, numberBetween, sessionOptions, toolResultCharsOption } from './options.ts';

/** Adds every run option to a command. */
export function addRunOptions(command: Command): Command {
  const options = [
    new Option(
      '-s, --strategies <list>',
      'strategies, groups (core, baselines, agents, all) or ./strategy.ts files, comma-separated',
    ).default(DEFAULT_STRATEGIES),
    new Option('-p, --provider <spec>', 'extractive | openai:<model> | anthropic:<model>').default(
      'extractive',
    ),
    new Option(
      '--base-url <url>',
      'any OpenAI- or Anthropic-compatible server (Ollama, vLLM, llama.cpp, a gateway)',
    ),
    new Option('-o, --out <dir>', 'where reports go').default('compaction-results'),
    ...sessionOptions(),
    new Option('--ratio <x>', "summary budget as a fraction of a slice's tokens")
      .argParser(numberBetween(0.001, 1))
      .default(0.1),
    new Option('--recent-boost <x>', 'budget multiplier for the two most recent slices')
      .argParser(numberBetween(1, 100))
      .default(2),
    new Option('--reserve-tokens <n>', 'tokens reserved for a one-call answer (its max output is 0.8 × this)')
      .argParser(integerAtLeast(16))
      .default(16384),
    toolResultCharsOption(),
    new Option(
      '--context-window <n>',
      "refuse any call whose input exceeds n tokens (default: the model's, if known)",
    ).argParser(integerAtLeast(1)),
    new Option('--concurrency <n>', 'provider calls in flight at once, across the whole run')
      .argParser(integerAtLeast(1))
      .default(4),
    new Option('--runs <n>', 'repeat each strategy n times; report mean and standard error')
      .argParser(integerAtLeast(1))
      .default(1),
    new Option(
      '--instructions <text>',
      'a focus added to every summarization prompt (like /compact <focus>)',
    ),
    ...strategyOptions(),
    new Option('--retries <n>', 'SDK retries on 429, 5xx and timeouts')
      .argParser(integerAtLeast(0))
      .default(DEFAULT_RETRIES),
    new Option('--timeout <ms>', 'SDK timeout per request attempt, in ms')
      .argParser(integerAtLeast(1))
      .default(DEFAULT_TIMEOUT_MS),
    new Option('--cache-dir <dir>', 'response cache directory').default(DEFAULT_CACHE_DIRECTORY),
    new Option('--no-cache', 'do not read or write the response cache'),
    new Option('--record <file>', 'write every answer of the run to a cassette (JSONL) you can commit'),
    new Option('--replay <file>', 'answer only from a cassette; a call not in it fails'),
    new Option(
      '--judge <spec>',
      'also score with an LLM judge: openai:<model> or anthropic:<model> (its calls are counted apart)',
    ),
    new Option('--judge-base-url <url>', "the judge's server, when it is not the vendor's default"),
    new Option('--json', 'print the results JSON to stdout instead of the table (progress goes to stderr)'),
    new Option('-q, --quiet', 'no progress lines on stderr'),
  ];
  for (const option of options) command.addOption(option);
  return command;
}

/** The strategies' own flags: tails, masking, pruning, prompt files (docs/strategies.md). */
function strategyOptions(): Option[] {
  return [
    new Option(
      '--keep-recent-tokens <n>',
      `verbatim recent tail of truncate, pi and codex (default ${DEFAULT_SETTINGS.keepRecentTokens}); when given, core strategies run as <name>+recent`,
    ).argParser(integerAtLeast(1)),
    new Option('--mask-window <n>', 'observation-masking: tool outputs kept whole, newest first')
      .argParser(integerAtLeast(0))
      .default(DEFAULT_SETTINGS.maskWindow),
    new Option('--prune-keep-tokens <n>', 'tool-output-pruning: newest tokens of tool output kept')
      .argParser(integerAtLeast(0))
      .default(DEFAULT_SETTINGS.pruneKeepTokens),
    new Option(
      '--prune-minimum-tokens <n>',
      'tool-output-pruning: clear nothing unless more than n tokens are freed',
    )
      .argParser(integerAtLeast(0))
      .default(DEFAULT_SETTINGS.pruneMinimumTokens),
    new Option('--prune-protect-turns <n>', 'tool-output-pruning: last user turns never pruned')
      .argParser(integerAtLeast(0))
      .default(DEFAULT_SETTINGS.pruneProtectTurns),
    new Option(
      '--prompt-file <S=FILE>',
      "replace strategy S's main prompt (or S.PROMPT=FILE, one prompt) with a file's text (repeatable)",
    )
      .argParser((value: string, previous: string[]) => [...previous, value])
      .default([]),
  ];
}

/** The flags as commander parsed them. */
export type RunFlags = {
  strategies: string;
  provider: string;
  baseUrl?: string;
  out: string;
  tokenizer: string;
  sliceTokens: number;
  overlapTokens: number;
  format?: string;
  skipInvalid?: boolean;
  ratio: number;
  recentBoost: number;
  reserveTokens: number;
  toolResultChars: number;
  contextWindow?: number;
  concurrency: number;
  runs: number;
  instructions?: string;
  keepRecentTokens?: number;
  maskWindow: number;
  pruneKeepTokens: number;
  pruneMinimumTokens: number;
  pruneProtectTurns: number;
  promptFile: string[];
  retries: number;
  timeout: number;
  cacheDir: string;
  cache: boolean;
  record?: string;
  replay?: string;
  judge?: string;
  judgeBaseUrl?: string;
  json?: boolean;
  quiet?: boolean;
};

/** Turns parsed flags into runner options; conflicting flags are an input error naming them. */
export function toCompareOptions(fixtures: string[], flags: RunFlags, signal: AbortSignal): CompareOptions {
  if (flags.record && flags.replay) throw new InputError('--record and --replay cannot be used together');
  return {
    fixtures,
    strategies: flags.strategies,
    provider: flags.provider,
    judge: flags.judge,
    judgeBaseUrl: flags.judgeBaseUrl,
    providerOptions: {
      baseUrl: flags.baseUrl,
      retries: flags.retries,
      timeoutMs: flags.timeout,
      cacheDirectory: flags.cache ? flags.cacheDir : false,
      record: flags.record,
      replay: flags.replay,
    },
    out: flags.out,
    tokenizer: flags.tokenizer,
    format: flags.format,
    skipInvalid: flags.skipInvalid,
    config: {
      sliceTokens: flags.sliceTokens,
      overlapTokens: flags.overlapTokens,
      ratio: flags.ratio,
      recentBoost: flags.recentBoost,
      toolResultChars: flags.toolResultChars,
      reserveTokens: flags.reserveTokens,
      instructions: flags.instructions,
      keepRecentTokens: flags.keepRecentTokens,
      maskWindow: flags.maskWindow,
      pruneKeepTokens: flags.pruneKeepTokens,
      pruneMinimumTokens: flags.pruneMinimumTokens,
      pruneProtectTurns: flags.pruneProtectTurns,
      promptOverrides: parsePromptFiles(flags.promptFile, (file) => readFileSync(file, 'utf8')),
    },
    contextWindow: flags.contextWindow,
    concurrency: flags.concurrency,
    runs: flags.runs,
    signal,
    onProgress: flags.quiet ? undefined : (line) => process.stderr.write(`${line}\n`),
  };
}

/** An abort signal fired by the first Ctrl-C; a second one ends the process at once. */
export function interruptSignal(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onInterrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write('\ninterrupted: stopping calls in flight (Ctrl-C again to quit at once)\n');
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  return { signal: controller.signal, dispose: () => process.off('SIGINT', onInterrupt) };
}
