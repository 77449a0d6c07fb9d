/** Builds the results: one strategy's result from its output and call trace, and the results file of a fixture. */
import { isAbsolute, relative } from 'node:path';
import { type CallRecord, criticalPath, usageOfCalls } from '../providers/calls.ts';
import { costOf } from '../providers/models.ts';
import type { Provider } from '../providers/types.ts';
import { isLive, type Probe } from '../quality/probes.ts';
import type { Message } from '../session/types.ts';
import { type SettingDeclaration, settingsRecord } from '../settings.ts';
import { keptRangesOf } from '../session/message-ranges.ts';
import type { PromptUse, Strategy, StrategyConfig, StrategyOutput } from '../strategies/types.ts';
import { countMessageAsIs, type Tokenizer } from '../tokens.ts';
import { renderMessages } from '../session/transcript.ts';
import type { SessionReference } from './session-reference.ts';
import type { Provenance } from './provenance.ts';
import { comparisonStatistics } from './comparison-statistics.ts';
import {
  type ContinuationRun,
  type MeasuredResult,
  type ProbeEntry,
  type ResultsFile,
  SCHEMA_VERSION,
  type StrategyFlag,
  type StrategyResult,
  type TraceEntry,
} from './types.ts';

/** How one strategy run went: its error (null when it finished), its time, calls and prompts. */
export type StrategyRun = {
  error: string | null;
  wallMs: number;
  /** When it started, in ms since the run started. */
  startedAtMs?: number;
  trace: readonly CallRecord[];
  prompts: readonly PromptUse[];
};

/** What a result is measured against besides the fixture: the model, the target and the window. */
export type Measure = {
  tokenizer: Tokenizer;
  provider: Pick<Provider, 'id' | 'model' | 'priceTier'>;
  /** The `--target-tokens` target the strategy aimed at. */
  targetTokens?: number | undefined;
  /** The run's context window and answer reserve: a context over window − reserve does not compress. */
  contextWindow?: number | undefined;
  reserveTokens?: number | undefined;
  /** The stem of report files: the fixture name, with `@target` in a sweep. */
  reportStem?: string;
};

/** How far over its target a result may land before it is flagged (+15%). */
export const TARGET_TOLERANCE = 0.15;

/**
 * Whether tokens after missed the target: only overshoot counts. A context that lands under its target had less
 * room than the others, not more, so comparing it at the target is fair to them (and it is never "best" by it).
 */
export function missesTarget(tokensAfter: number, targetTokens: number): boolean {
  return (tokensAfter - targetTokens) / targetTokens > TARGET_TOLERANCE;
}

/** The flags of a result: over half the transcript (or the usable window) does not compress; a missed target. */
function flagsOf(tokensAfter: number, tokensBefore: number, measure: Measure): StrategyFlag[] {
  const flags: StrategyFlag[] = [];
  const usable =
    measure.contextWindow === undefined
      ? Number.POSITIVE_INFINITY
      : measure.contextWindow - (measure.reserveTokens ?? 0);
  if (tokensAfter > tokensBefore / 2 || tokensAfter > usable) flags.push('does-not-compress');
  if (measure.targetTokens !== undefined && missesTarget(tokensAfter, measure.targetTokens))
    flags.push('missed-target');
  return flags;
}

/**
 * One strategy's measured result: its figures and trace, with `quality` left null (in its place, so the results
 * file keeps its key order) for the evaluators to fill.
 */
export function measureResult(
  strategy: Pick<Strategy, 'name' | 'description' | 'callsModel' | 'lexical'>,
  output: StrategyOutput,
  run: StrategyRun,
  reference: SessionReference,
  measure: Measure,
): MeasuredResult {
  const { tokenizer } = measure;
  const kept = output.kept ?? [];
  const summaryTokens = output.summary ? tokenizer.count(output.summary) : 0;
  // Not from a count cached for the object: a strategy may return a message it edited after it was counted.
  const tokensAfter =
    summaryTokens + kept.reduce((sum, message) => sum + countMessageAsIs(tokenizer, message), 0);
  const usage = usageOfCalls(run.trace);
  const path = criticalPath(run.trace);
  const ok = run.error === null;
  return {
    name: strategy.name,
    description: strategy.description,
    status: ok ? 'ok' : 'error',
    error: run.error,
    callsModel: strategy.callsModel,
    lexical: strategy.lexical ?? false,
    calls: run.trace.length,
    inputTokens: usage.input,
    outputTokens: usage.output,
    cachedInputTokens: usage.cachedInput ?? 0,
    cacheWriteInputTokens: usage.cacheWriteInput ?? 0,
    usageSource: usageSourceOf(run.trace),
    cachedCalls: run.trace.filter((call) => call.cached).length,
    wallMs: run.wallMs,
    criticalPathCalls: path.calls,
    criticalPathMs: Math.round(path.ms * 10) / 10,
    ownMs: Math.round((run.trace.length > 0 ? path.ms : run.wallMs) * 10) / 10,
    waitMs: Math.round(path.waitMs * 10) / 10,
    startedAtMs: Math.round((run.startedAtMs ?? 0) * 10) / 10,
    tokensBefore: reference.tokensBefore,
    tokensAfter,
    summaryTokens,
    keptMessages: kept.length,
    keptRanges: output.keptRanges ?? keptRangesOf(reference.session, kept),
    compressionRatio: reference.tokensBefore === 0 ? 0 : tokensAfter / reference.tokensBefore,
    target:
      measure.targetTokens === undefined
        ? null
        : {
            tokens: measure.targetTokens,
            deviation: (tokensAfter - measure.targetTokens) / measure.targetTokens,
            missed: missesTarget(tokensAfter, measure.targetTokens),
          },
    flags: ok ? flagsOf(tokensAfter, reference.tokensBefore, measure) : [],
    cost:
      run.trace.length === 0
        ? 0
        : costOf(measure.provider.id, measure.provider.model, usage, measure.provider.priceTier),
    quality: null,
    runs: 1,
    freshCalls: [run.trace.filter((call) => !call.cached).length],
    deterministic: false,
    spread: null,
    probeShares: null,
    file: `${measure.reportStem ?? reference.session.name}-${strategy.name}.md`,
    notes: output.notes ?? [],
    prompts: [...run.prompts],
    summary: output.summary,
    trace: run.trace.map(traceEntry),
    judgeUsage: null,
    judgeTrace: [],
  };
}

/** The run of the agent's own summary: no calls, no time. */
export const RECORDED_RUN: StrategyRun = { error: null, wallMs: 0, trace: [], prompts: [] };

/** The agent's own last recorded summary as a strategy and its output, to be measured and scored like one. */
export function agentCompactionOutcome(
  summary: string,
  messageIndex: number,
  reference: SessionReference,
  kept: Message[] = [],
  keptFrom?: number,
): { strategy: Pick<Strategy, 'name' | 'description' | 'callsModel'>; output: StrategyOutput } {
  return {
    strategy: {
      name: 'recorded',
      description: `the agent's own last compaction summary in the transcript (made at message ${messageIndex})`,
      callsModel: false,
    },
    output: {
      summary,
      kept,
      ...(keptFrom === undefined || kept.length === 0
        ? {}
        : { keptRanges: [{ start: keptFrom, end: keptFrom + kept.length }] }),
      notes: [
        `Recorded by the agent at message ${messageIndex}: scored on the context the agent had right after it (its summary and the ${kept.length} messages it kept), against the ${reference.probes.length} probes planted before that point.`,
      ],
    },
  };
}

/** A call record as the results JSON shows it. */
export function traceEntry(call: CallRecord): TraceEntry {
  const { label, inputTokens, outputTokens, cachedInputTokens, usageSource, cached, attempts, error } = call;
  const { cacheWriteInputTokens } = call;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    label,
    inputTokens,
    outputTokens,
    cachedInputTokens,
    cacheWriteInputTokens,
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
export function compactedText(summary: string, kept: readonly Message[]): string {
  if (kept.length === 0) return summary;
  return `${summary}\n\n${renderMessages(kept, { toolResultChars: Number.POSITIVE_INFINITY })}`;
}

function usageSourceOf(trace: readonly CallRecord[]): StrategyResult['usageSource'] {
  const sources = new Set(trace.filter((call) => call.error === null).map((call) => call.usageSource));
  if (sources.size === 0) return 'none';
  if (sources.size > 1) return 'mixed';
  return [...sources][0]!;
}

/** What a fixture's results file records besides the strategies' results. */
export type RunDescription = {
  provider: Pick<Provider, 'id' | 'model' | 'isLanguageModel' | 'priceTier'>;
  judge: Pick<Provider, 'id' | 'model'> | undefined;
  tokenizer: Tokenizer;
  settings: StrategyConfig;
  /** Every declared setting, in the order the config block lists them. */
  declarations: readonly SettingDeclaration[];
  contextWindow: number | undefined;
  concurrency: number;
  runs: number;
  target: number | null;
  /** `--reference`: the strategy every other is compared with (default: the first listed). */
  reference: string | undefined;
  /** `--schedule`: the policy as the flag spells it. */
  schedule?: string;
  /** `--continuation` (without `--schedule`): the cuts, the steps and the whole transcript's size. */
  continuation?: ContinuationRun;
  /** Where the run came from; absent only where results are assembled outside a run (tests). */
  provenance?: Provenance;
};

/** The results file of one fixture. */
export function resultsFile(
  reference: SessionReference,
  strategies: StrategyResult[],
  run: RunDescription,
): ResultsFile {
  const file: ResultsFile = { ...resultsFrame(reference, run), strategies };
  // The comparison's verdicts are on the headline: the live facts (older files: every probe).
  file.statistics = comparisonStatistics(
    strategies,
    file.probes.filter((probe) => probe.live !== false),
    run.reference,
  );
  return file;
}

/** A fixture's results file without its strategies (statistics null): what a session record keeps. */
export function resultsFrame(
  reference: SessionReference,
  run: RunDescription,
): Omit<ResultsFile, 'strategies'> {
  const { session } = reference;
  const { sliceTokens, overlapTokens, ratio, recentBoost } = run.settings;
  const bySource = (source: ProbeEntry['source']) =>
    reference.probes.filter((probe) => probe.source === source).length;
  return {
    schemaVersion: SCHEMA_VERSION,
    ...(run.provenance ? { provenance: run.provenance } : {}),
    fixture: {
      name: session.name,
      path: displayPath(session.path),
      format: session.format,
      messages: session.messages.length,
      tokens: reference.tokensBefore,
      probes: reference.probes.length,
      liveProbes: reference.probes.filter(isLive).length,
      probeSources: { sidecar: bySource('sidecar'), derived: bySource('derived'), model: bySource('model') },
      probeFile: reference.probeFile === null ? null : displayPath(reference.probeFile),
      files: reference.files.read.length + reference.files.modified.length,
    },
    target: run.target,
    statistics: null,
    probes: probeEntries(reference.probes),
    provider: {
      id: run.provider.id,
      model: run.provider.model,
      isLanguageModel: run.provider.isLanguageModel,
      ...(run.provider.priceTier === 'batch' ? { priceTier: 'batch' as const } : {}),
    },
    judge: run.judge ? { id: run.judge.id, model: run.judge.model } : null,
    tokenizer: run.tokenizer.name,
    tokensEstimated: run.tokenizer.estimate,
    config: {
      sliceTokens,
      overlapTokens,
      ratio,
      recentBoost,
      ...settingsRecord(run.declarations, run.settings),
      contextWindow: run.contextWindow ?? null,
      concurrency: run.concurrency,
      runs: run.runs,
    },
    ...(run.schedule === undefined ? {} : { schedule: run.schedule }),
    ...(run.continuation === undefined ? {} : { continuation: run.continuation }),
  };
}

/** A path relative to the working directory when it lies inside it, so committed results do not name one machine. */
export function displayPath(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

/** The probes as a results file lists them: each with whether it is live at the cut. */
export function probeEntries(probes: readonly Probe[]): ResultsFile['probes'] {
  return probes.map((probe) => ({
    id: probe.id,
    kind: probe.kind,
    question: probe.question,
    answer: probe.answer,
    messageIndex: probe.messageIndex ?? null,
    source: probe.source,
    live: isLive(probe),
  }));
}
