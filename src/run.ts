/** The runner: strategies × fixtures, timing, the shared concurrency limit, failure isolation, outputs. */
import { isAbsolute, join, relative } from 'node:path';
import pLimit, { type LimitFunction } from 'p-limit';
import { type CallRecord, createCaller, criticalPath } from './calls.ts';
import { AbortedError, ContextOverflowError, messageOf } from './errors.ts';
import { writeFileAtomic } from './files.ts';
import { createRecorder } from './providers/cassette.ts';
import { costOf } from './providers/models.ts';
import { createProvider, type ProviderOptions, wrapProvider } from './providers/registry.ts';
import type { Provider } from './providers/types.ts';
import { judgeableProbes, judgeSummary, validateJudgeProvider } from './quality/judge.ts';
import { createMatcher, type TextMatcher } from './quality/match.ts';
import { loadProbes, type Probe } from './quality/probes.ts';
import { scoreSummary } from './quality/score.ts';
import { renderComparisonMarkdown } from './report/comparison.ts';
import { renderStrategyMarkdown } from './report/strategy.ts';
import type { ResultsFile, Spread, StrategyResult, TraceEntry } from './results.ts';
import { fileLists } from './session/file-operations.ts';
import { type LoadOptions, loadSession, resolveSource } from './session/load.ts';
import type { Message, Session } from './session/types.ts';
import { createStrategyContext } from './strategies/context.ts';
import { resolveStrategies } from './strategies/registry.ts';
import { DEFAULT_SETTINGS } from './strategies/steps.ts';
import { keptRangesOf } from './strategies/tail.ts';
import type { PromptUse, Strategy, StrategyConfig, StrategyOutput } from './strategies/types.ts';
import { countMessages, getTokenizer, type Tokenizer } from './tokens.ts';
import { renderMessages } from './transcript.ts';

/** Everything `compare` (and `check`) needs to run. */
export type CompareOptions = LoadOptions & {
  fixtures: string[];
  /** `-s`: names, groups and strategy files, comma-separated. */
  strategies: string;
  /** `-p`: `extractive`, `openai:<model>`, `anthropic:<model>`. */
  provider: string;
  /** `--judge`: a provider spec for the LLM judge; off when absent. */
  judge?: string;
  /** `--judge-base-url`: the judge's server, when it is not the vendor's default. */
  judgeBaseUrl?: string;
  providerOptions?: Omit<ProviderOptions, 'tokenizer'>;
  out: string;
  tokenizer: string;
  config: StrategyConfig;
  /** Refuse calls above this many input tokens; defaults to the model's window when known. */
  contextWindow?: number;
  concurrency: number;
  runs: number;
  signal?: AbortSignal;
  /** Progress lines for the terminal (the command sends them to stderr). */
  onProgress?: (line: string) => void;
};

/** The outcome of one fixture. */
export type FixtureOutcome = { results: ResultsFile; files: string[] };

/** The outcome of a compare run. */
export type CompareOutcome = {
  fixtures: FixtureOutcome[];
  /** Strategy runs that ended in an error, across all fixtures (exit 3 when > 0). */
  failedStrategies: number;
};

/** Shared by every strategy of the run. */
type RunEnvironment = {
  provider: Provider;
  /** The LLM judge, behind the same cache, cassette and concurrency limit; absent without `--judge`. */
  judge: Provider | undefined;
  tokenizer: Tokenizer;
  limit: LimitFunction;
  options: CompareOptions;
  contextWindow: number | undefined;
  signal: AbortSignal;
};

/** Runs the chosen strategies on every fixture and writes the reports; one failing strategy never stops the others. */
export async function runCompare(options: CompareOptions): Promise<CompareOutcome> {
  const tokenizer = await getTokenizer(options.tokenizer);
  const strategies = await resolveStrategies(options.strategies, options.config);
  // A bad fixture argument fails before any strategy runs on the ones before it.
  for (const fixture of options.fixtures) await resolveSource(fixture, options);
  const providerOptions = options.providerOptions ?? {};
  // One recorder, so the strategies' and the judge's answers land in the same cassette.
  const record =
    typeof providerOptions.record === 'string'
      ? createRecorder(providerOptions.record)
      : providerOptions.record;
  const wrapOptions = { ...providerOptions, record };
  const provider = wrapProvider(
    createProvider(options.provider, { ...providerOptions, tokenizer }),
    wrapOptions,
  );
  const judge = options.judge ? createJudgeProvider(options, tokenizer, wrapOptions) : undefined;
  const environment: RunEnvironment = {
    provider,
    judge,
    tokenizer,
    limit: pLimit(options.concurrency),
    options,
    contextWindow: options.contextWindow ?? provider.contextWindow,
    signal: options.signal ?? new AbortController().signal,
  };
  const outcome: CompareOutcome = { fixtures: [], failedStrategies: 0 };
  try {
    for (const fixture of options.fixtures) {
      const session = await loadSession(fixture, options);
      const fixtureOutcome = await runFixture(session, strategies, environment);
      outcome.failedStrategies += fixtureOutcome.results.strategies.filter(
        (result) => result.status === 'error',
      ).length;
      outcome.fixtures.push(fixtureOutcome);
    }
  } finally {
    await provider.close?.();
    await judge?.close?.();
  }
  return outcome;
}

/** The judge's provider: its own spec and base URL, the run's retries, cache and cassette. */
function createJudgeProvider(
  options: CompareOptions,
  tokenizer: Tokenizer,
  wrapOptions: Pick<ProviderOptions, 'cacheDirectory' | 'record' | 'replay'> & Partial<ProviderOptions>,
): Provider {
  const judge = createProvider(options.judge!, { ...wrapOptions, baseUrl: options.judgeBaseUrl, tokenizer });
  validateJudgeProvider(judge);
  return wrapProvider(judge, wrapOptions);
}

/** Facts about a fixture that every strategy's scoring shares, computed once. */
type FixtureFacts = {
  session: Session;
  tokensBefore: number;
  probes: Probe[];
  files: { read: string[]; modified: string[] };
  transcriptText: string;
  /** The transcript prepared once for matching, shared by every strategy's scoring. */
  transcriptMatcher: TextMatcher;
};

async function runFixture(
  session: Session,
  strategies: Strategy[],
  environment: RunEnvironment,
): Promise<FixtureOutcome> {
  const { tokenizer, options } = environment;
  const tokensBefore = countMessages(tokenizer, session.messages).reduce((sum, tokens) => sum + tokens, 0);
  const transcriptText = renderMessages(session.messages, { toolResultChars: Number.POSITIVE_INFINITY });
  const facts: FixtureFacts = {
    session,
    tokensBefore,
    probes: await loadProbes(session),
    files: fileLists(session.fileOperations),
    transcriptText,
    transcriptMatcher: createMatcher(transcriptText),
  };
  const results: StrategyResult[] = [];
  for (const strategy of strategies) {
    options.onProgress?.(`${session.name}: ${strategy.name} …`);
    const result = await runStrategyRepeated(strategy, facts, environment);
    options.onProgress?.(`${session.name}: ${strategy.name} ${describeProgress(result)}`);
    results.push(result);
  }
  // A server-side compaction (Codex) may leave only an encrypted summary: nothing to score.
  const recorded = session.compactions.findLast((compaction) => compaction.summary.trim() !== '');
  if (recorded) {
    const result = recordedResult(recorded.summary, facts, environment, recorded.messageIndex);
    await judgeResult(result, recorded.summary, facts, environment);
    results.push(result);
  }
  const resultsFile: ResultsFile = {
    schemaVersion: 1,
    fixture: {
      name: session.name,
      path: displayPath(session.path),
      format: session.format,
      messages: session.messages.length,
      tokens: tokensBefore,
      probes: facts.probes.length,
    },
    provider: {
      id: environment.provider.id,
      model: environment.provider.model,
      isLanguageModel: environment.provider.isLanguageModel,
    },
    judge: environment.judge ? { id: environment.judge.id, model: environment.judge.model } : null,
    tokenizer: tokenizer.name,
    tokensEstimated: tokenizer.estimate,
    config: {
      sliceTokens: options.config.sliceTokens,
      overlapTokens: options.config.overlapTokens,
      ratio: options.config.ratio,
      recentBoost: options.config.recentBoost,
      toolResultChars: options.config.toolResultChars,
      reserveTokens: options.config.reserveTokens,
      contextWindow: environment.contextWindow ?? null,
      concurrency: options.concurrency,
      runs: options.runs,
      instructions: options.config.instructions ?? null,
      keepRecentTokens: options.config.keepRecentTokens ?? null,
      maskWindow: options.config.maskWindow ?? DEFAULT_SETTINGS.maskWindow,
      pruneKeepTokens: options.config.pruneKeepTokens ?? DEFAULT_SETTINGS.pruneKeepTokens,
      pruneMinimumTokens: options.config.pruneMinimumTokens ?? DEFAULT_SETTINGS.pruneMinimumTokens,
      pruneProtectTurns: options.config.pruneProtectTurns ?? DEFAULT_SETTINGS.pruneProtectTurns,
    },
    strategies: results,
  };
  if (environment.signal.aborted) throw new AbortedError('aborted; no reports were written for this fixture');
  const files = await writeOutputs(resultsFile, facts, options.out);
  return { results: resultsFile, files };
}

/** A path relative to the working directory when it lies inside it, so committed results do not name one machine. */
function displayPath(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

function describeProgress(result: StrategyResult): string {
  if (result.status === 'error') return `failed: ${result.error}`;
  const recall =
    result.quality.probeRecall === null ? '' : `, probe recall ${result.quality.probeRecall.toFixed(2)}`;
  return `${result.calls} ${result.calls === 1 ? 'call' : 'calls'}, ${Math.round(result.wallMs)} ms, ${result.tokensAfter} tokens after${recall}`;
}

async function writeOutputs(results: ResultsFile, facts: FixtureFacts, out: string): Promise<string[]> {
  const written: string[] = [];
  const write = async (name: string, text: string) => {
    const path = join(out, name);
    await writeFileAtomic(path, text);
    written.push(path);
  };
  for (const strategy of results.strategies) {
    await write(strategy.file, renderStrategyMarkdown(results, strategy, facts.probes));
  }
  await write(`${results.fixture.name}-comparison.md`, renderComparisonMarkdown(results));
  await write(`${results.fixture.name}-results.json`, `${JSON.stringify(results, null, 2)}\n`);
  return written;
}

/** One strategy, `--runs` times; the figures are means, with their spread. */
async function runStrategyRepeated(
  strategy: Strategy,
  facts: FixtureFacts,
  environment: RunEnvironment,
): Promise<StrategyResult> {
  const runs: StrategyResult[] = [];
  for (let run = 0; run < environment.options.runs; run++) {
    runs.push(await runStrategyOnce(strategy, facts, environment));
    if (runs.at(-1)!.status === 'error' || environment.signal.aborted) break;
  }
  return runs.length === 1 ? runs[0]! : combineRuns(runs);
}

async function runStrategyOnce(
  strategy: Strategy,
  facts: FixtureFacts,
  environment: RunEnvironment,
): Promise<StrategyResult> {
  const { tokenizer, options } = environment;
  const caller = createCaller({
    provider: environment.provider,
    limit: environment.limit,
    tokenizer,
    contextWindow: environment.contextWindow,
    signal: environment.signal,
  });
  const context = createStrategyContext({
    caller,
    tokenizer,
    config: options.config,
    signal: environment.signal,
    contextWindow: environment.contextWindow,
  });
  const started = performance.now();
  let output: StrategyOutput = { summary: '' };
  let error: string | null = null;
  try {
    output = await strategy.run(facts.session, context);
  } catch (thrown) {
    if (environment.signal.aborted) throw new AbortedError('aborted by the user', { cause: thrown });
    error =
      thrown instanceof ContextOverflowError ? `context overflow: ${messageOf(thrown)}` : messageOf(thrown);
  }
  const wallMs = performance.now() - started;
  const result = buildResult(
    strategy,
    output,
    { error, wallMs, trace: caller.trace, prompts: context.prompts },
    facts,
    environment,
  );
  if (result.status === 'ok')
    await judgeResult(result, compactedText(output.summary, output.kept ?? []), facts, environment);
  return result;
}

/** Scores a result with the LLM judge (when `--judge` is on), counting its calls apart from the strategy's. */
async function judgeResult(
  result: StrategyResult,
  text: string,
  facts: FixtureFacts,
  environment: RunEnvironment,
): Promise<void> {
  const { judge } = environment;
  if (!judge) return;
  const caller = createCaller({
    provider: judge,
    limit: environment.limit,
    tokenizer: environment.tokenizer,
    contextWindow: judge.contextWindow,
    signal: environment.signal,
  });
  result.quality.judge = await judgeSummary({
    summary: text,
    probes: judgeableProbes(facts.probes),
    complete: caller.complete,
  });
  const usage = {
    input: caller.trace.reduce((sum, call) => sum + call.inputTokens, 0),
    output: caller.trace.reduce((sum, call) => sum + call.outputTokens, 0),
  };
  result.judgeUsage = {
    calls: caller.trace.length,
    inputTokens: usage.input,
    outputTokens: usage.output,
    cachedCalls: caller.trace.filter((call) => call.cached).length,
    cost: caller.trace.length === 0 ? 0 : costOf(judge.id, judge.model, usage),
  };
  result.judgeTrace = caller.trace.map(traceEntry);
}

function buildResult(
  strategy: Pick<Strategy, 'name' | 'description' | 'callsModel' | 'requiredSections'>,
  output: StrategyOutput,
  run: { error: string | null; wallMs: number; trace: readonly CallRecord[]; prompts: readonly PromptUse[] },
  facts: FixtureFacts,
  environment: RunEnvironment,
): StrategyResult {
  const { tokenizer } = environment;
  const kept = output.kept ?? [];
  const summaryTokens = output.summary ? tokenizer.count(output.summary) : 0;
  const tokensAfter = summaryTokens + countMessages(tokenizer, kept).reduce((sum, tokens) => sum + tokens, 0);
  const sum = (pick: (call: CallRecord) => number) =>
    run.trace.reduce((total, call) => total + pick(call), 0);
  const usage = { input: sum((call) => call.inputTokens), output: sum((call) => call.outputTokens) };
  const path = criticalPath(run.trace);
  const ok = run.error === null;
  return {
    name: strategy.name,
    description: strategy.description,
    status: ok ? 'ok' : 'error',
    error: run.error,
    callsModel: strategy.callsModel,
    calls: run.trace.length,
    inputTokens: usage.input,
    outputTokens: usage.output,
    cachedInputTokens: sum((call) => call.cachedInputTokens ?? 0),
    usageSource: usageSourceOf(run.trace),
    cachedCalls: run.trace.filter((call) => call.cached).length,
    wallMs: run.wallMs,
    criticalPathCalls: path.calls,
    criticalPathMs: Math.round(path.ms * 10) / 10,
    tokensBefore: facts.tokensBefore,
    tokensAfter,
    summaryTokens,
    keptMessages: kept.length,
    keptRanges: output.keptRanges ?? keptRangesOf(facts.session, kept),
    compressionRatio: facts.tokensBefore === 0 ? 0 : tokensAfter / facts.tokensBefore,
    cost: run.trace.length === 0 ? 0 : costOf(environment.provider.id, environment.provider.model, usage),
    quality: scoreSummary({
      text: ok ? compactedText(output.summary, kept) : '',
      probes: facts.probes,
      files: facts.files,
      cwd: facts.session.cwd,
      transcriptText: facts.transcriptText,
      transcriptMatcher: facts.transcriptMatcher,
      requiredSections: strategy.requiredSections,
    }),
    runs: 1,
    spread: null,
    file: `${facts.session.name}-${strategy.name}.md`,
    notes: output.notes ?? [],
    prompts: [...run.prompts],
    summary: output.summary,
    trace: run.trace.map(traceEntry),
    judgeUsage: null,
    judgeTrace: [],
  };
}

/** A call record as the results JSON shows it. */
function traceEntry(call: CallRecord): TraceEntry {
  const { label, inputTokens, outputTokens, cachedInputTokens, usageSource, cached, attempts, error } = call;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    label,
    inputTokens,
    outputTokens,
    cachedInputTokens,
    usageSource,
    ms: round(call.ms),
    cached,
    attempts,
    error,
    requestedAt: round(call.requestedAt),
    startedAt: round(call.startedAt),
    endedAt: round(call.endedAt),
  };
}

/** The compacted context as quality sees it: the summary, then the kept messages rendered in full. */
function compactedText(summary: string, kept: readonly Message[]): string {
  if (kept.length === 0) return summary;
  return `${summary}\n\n${renderMessages(kept, { toolResultChars: Number.POSITIVE_INFINITY })}`;
}

function usageSourceOf(trace: readonly CallRecord[]): StrategyResult['usageSource'] {
  const sources = new Set(trace.filter((call) => call.error === null).map((call) => call.usageSource));
  if (sources.size === 0) return 'none';
  if (sources.size > 1) return 'mixed';
  return [...sources][0]!;
}

/** The agent's own last recorded summary, scored like a strategy (no calls, nothing spent). */
function recordedResult(
  summary: string,
  facts: FixtureFacts,
  environment: RunEnvironment,
  messageIndex: number,
): StrategyResult {
  return buildResult(
    {
      name: 'recorded',
      description: `the agent's own last compaction summary in the transcript (made at message ${messageIndex})`,
      callsModel: false,
    },
    {
      summary,
      notes: [
        `Recorded by the agent at message ${messageIndex}; it covers only the history before that point.`,
      ],
    },
    { error: null, wallMs: 0, trace: [], prompts: [] },
    facts,
    environment,
  );
}

/** The figures averaged over `--runs`, with how to read each from a result; per-kind recalls are added per fixture. */
function spreadFigures(first: StrategyResult): Array<[string, (result: StrategyResult) => number | null]> {
  return [
    ['wallMs', (result) => result.wallMs],
    ['calls', (result) => result.calls],
    ['inputTokens', (result) => result.inputTokens],
    ['outputTokens', (result) => result.outputTokens],
    ['tokensAfter', (result) => result.tokensAfter],
    ['compressionRatio', (result) => result.compressionRatio],
    ['probeRecall', (result) => result.quality.probeRecall],
    ...Object.keys(first.quality.probeRecallByKind).map(
      (kind): [string, (result: StrategyResult) => number | null] => [
        `probeRecall.${kind}`,
        (result) => result.quality.probeRecallByKind[kind] ?? null,
      ],
    ),
    ['fileRecall', (result) => result.quality.fileRecall],
    ['modifiedFileRecall', (result) => result.quality.modifiedFileRecall],
    ['structure', (result) => result.quality.structure],
    ['inventedPaths', (result) => result.quality.inventedPaths.length],
    ['judge', (result) => result.quality.judge?.score ?? null],
  ];
}

/** Mean and standard error of a sample (standard error 0 for a single value). */
export function spreadOf(values: readonly number[]): Spread {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  if (values.length < 2) return { mean, stdError: 0 };
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  return { mean, stdError: Math.sqrt(variance / values.length) };
}

/** Several runs of one strategy as one result: figures are means, `spread` has mean and standard error. */
function combineRuns(runs: StrategyResult[]): StrategyResult {
  const first = runs[0]!;
  const spread: Record<string, Spread> = {};
  for (const [name, pick] of spreadFigures(first)) {
    const values = runs.map(pick).filter((value): value is number => value !== null);
    if (values.length === runs.length) spread[name] = spreadOf(values);
  }
  const mean = (name: string, fallback: number | null) => spread[name]?.mean ?? fallback;
  const probeRecallByKind = Object.fromEntries(
    Object.entries(first.quality.probeRecallByKind).map(([kind, recall]) => [
      kind,
      mean(`probeRecall.${kind}`, recall)!,
    ]),
  );
  return {
    ...first,
    status: runs.every((run) => run.status === 'ok') ? 'ok' : 'error',
    error: runs.find((run) => run.error)?.error ?? null,
    wallMs: mean('wallMs', first.wallMs)!,
    calls: mean('calls', first.calls)!,
    inputTokens: mean('inputTokens', first.inputTokens)!,
    outputTokens: mean('outputTokens', first.outputTokens)!,
    tokensAfter: mean('tokensAfter', first.tokensAfter)!,
    compressionRatio: mean('compressionRatio', first.compressionRatio)!,
    quality: {
      ...first.quality,
      probeRecall: mean('probeRecall', first.quality.probeRecall),
      probeRecallByKind,
      fileRecall: mean('fileRecall', first.quality.fileRecall),
      modifiedFileRecall: mean('modifiedFileRecall', first.quality.modifiedFileRecall),
      structure: mean('structure', first.quality.structure),
      judge: first.quality.judge && {
        ...first.quality.judge,
        score: mean('judge', first.quality.judge.score),
      },
    },
    runs: runs.length,
    spread,
  };
}
