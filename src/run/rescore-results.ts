/**
 * `score` of results files (F-results.json) written before records existed: each strategy's stored summary and
 * the transcript's messages its kept ranges name rebuild the compacted context it was scored on, checked against
 * the tokens the file recorded, and become records that `score` evaluates like those `compare` writes.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { InputError } from '../errors.ts';
import { compactedText } from '../results/assemble.ts';
import { isSuiteResultsJson, readResultsFile, readResultsJson } from '../results/read.ts';
import {
  contentHash,
  type JobRecord,
  jobId,
  RECORD_VERSION,
  type RunRecord,
  type SessionRecord,
  shortHash,
} from '../results/record.ts';
import type { RecordSet } from '../results/records-file.ts';
import type { ResultsFile, StrategyResult } from '../results/types.ts';
import { headSession } from '../session/cut-points.ts';
import { keptRangesOf } from '../session/message-ranges.ts';
import { loadSession } from '../session/load.ts';
import type { Message, Session } from '../session/types.ts';
import { atAgentCompaction, lastAgentCompaction } from '../strategies/at-compaction.ts';
import { createStrategyContext } from '../strategies/context.ts';
import { STRATEGIES } from '../strategies/registry.ts';
import type { Strategy, StrategyConfig } from '../strategies/types.ts';
import { defaultSettings } from '../settings.ts';
import { countMessageAsIs, getTokenizer, type Tokenizer } from '../tokens.ts';

/** Records rebuilt from results files: the set to score, each compacted context by its hash, and what was not rebuilt. */
export type RebuiltRecords = {
  set: RecordSet;
  /** Each rebuilt compacted context, by the hash its job record names. */
  texts: Map<string, string>;
  /** One line per strategy whose context could not be rebuilt (its job is scored as failed, with that reason). */
  notRebuilt: string[];
};

/**
 * The results files the inputs stand for, or undefined when they are records: a `.json` file is a results file,
 * a folder holding no records (no `records/` and no `.jsonl`) stands for its `*-results.json` files (a suite's
 * results left out). Records and results files together are refused.
 */
export async function resultsFilesAmong(paths: readonly string[]): Promise<string[] | undefined> {
  const files: string[] = [];
  let records = 0;
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (!info) throw new InputError(`${path}: no such file or folder`);
    if (!info.isDirectory()) {
      if (path.endsWith('.json')) files.push(path);
      else records += 1;
      continue;
    }
    const names = await readdir(path);
    if (names.includes('records') || names.some((name) => name.endsWith('.jsonl'))) {
      records += 1;
      continue;
    }
    const found = [];
    for (const name of names.filter((entry) => entry.endsWith('-results.json')).sort())
      if (!(await isSuiteResults(join(path, name)))) found.push(join(path, name));
    if (found.length === 0)
      throw new InputError(
        `${path}: holds no records (records/<run>.jsonl) and no results files (F-results.json)`,
      );
    files.push(...found);
  }
  if (files.length === 0) return undefined;
  if (records > 0)
    throw new InputError(
      `${paths.join(', ')}: records and results files together; give one kind (a folder with records/ stands for its records)`,
    );
  return files;
}

/** Rebuilds the records of results files: one run per file, its session, and one job per strategy. */
export async function recordsFromResults(files: readonly string[]): Promise<RebuiltRecords> {
  const rebuilt: RebuiltRecords = {
    set: { runs: [], sessions: [], jobs: [] },
    texts: new Map(),
    notRebuilt: [],
  };
  const named = new Map<string, string>();
  for (const file of files) {
    for (const results of await readRebuildable(file)) {
      const earlier = named.get(results.fixture.name);
      if (earlier !== undefined)
        throw new InputError(
          `${file}: session ${results.fixture.name} is also in ${earlier}; score them apart (-o to another folder)`,
        );
      named.set(results.fixture.name, file);
      await rebuildFile(file, results, rebuilt);
    }
  }
  return rebuilt;
}

/** A results file's results, refused when they cannot be rebuilt: no summaries, a chain, or an unsupported version. */
async function readRebuildable(file: string): Promise<ResultsFile[]> {
  const json = await readResultsJson(file);
  const shape = json as { schemaVersion?: unknown; strategies?: unknown } | null;
  if (isSuiteResultsJson(json))
    throw new InputError(
      `${file}: a suite's results, built from its sessions' results; score those files, or the folder that holds them`,
    );
  if (Array.isArray(shape?.strategies)) {
    const strategies = shape.strategies as Array<{ summary?: unknown; keptRanges?: unknown } | null>;
    if (
      strategies.some(
        (strategy) => typeof strategy?.summary !== 'string' || !Array.isArray(strategy.keptRanges),
      )
    )
      throw new InputError(
        `${file}: schemaVersion ${String(shape.schemaVersion)} results without each strategy's summary and kept ranges; they cannot be re-scored (rerun compare)`,
      );
  }
  const all = await readResultsFile(file);
  for (const results of all) {
    if (results.schedule !== undefined || results.strategies.some((strategy) => strategy.chain))
      throw new InputError(
        `${file}: results of a --schedule chain; the summaries of its earlier compactions are not stored, so it cannot be re-scored (rerun compare --schedule)`,
      );
    if (results.continuation !== undefined || results.strategies.some((strategy) => strategy.continuation))
      throw new InputError(
        `${file}: results of a --continuation replay; the contexts at its cuts are not stored, so it cannot be re-scored (rerun compare --continuation)`,
      );
  }
  return all;
}

/** Adds one results file's run, session and jobs to the rebuilt records, checking its transcript first. */
async function rebuildFile(file: string, results: ResultsFile, rebuilt: RebuiltRecords): Promise<void> {
  const tokenizer = await getTokenizer(results.tokenizer);
  const { session, bytes, path } = await transcriptOf(file, results);
  const point = cutOf(file, results, session, tokenizer);
  const hash = contentHash(bytes);
  const provenance = results.provenance;
  const run = `${(provenance?.date ?? '').replace(/[-:]/g, '').replace(/\.\d+/, '') || 'results'}-${shortHash(
    `${file}\u0000${hash}`,
  ).slice(0, 8)}`;
  const jobs: JobRecord[] = [];
  for (const result of results.strategies) {
    const sample = 1;
    const id = jobId({
      contentHash: hash,
      strategy: result.name,
      settings: results.config,
      target: results.target,
      point: point.atCompaction ? 'at-compaction' : null,
      sample,
    });
    let context = contextOf(file, result, session, tokenizer);
    if ('edited' in context) {
      const again = await reproduced(result, results, session, point, tokenizer);
      context = again ?? {
        reason: `${context.reason}, and today's ${result.name} does not reproduce it`,
      };
    }
    if ('reason' in context)
      rebuilt.notRebuilt.push(`${results.fixture.name} × ${result.name}: ${context.reason}`);
    const text = 'text' in context ? context.text : '';
    const textHash = contentHash(text);
    rebuilt.texts.set(textHash, text);
    const ok = result.status === 'ok' && 'text' in context;
    const error = ok
      ? null
      : 'reason' in context
        ? `not rebuilt from ${file}: ${context.reason}`
        : result.error;
    jobs.push({
      kind: 'job',
      run,
      id,
      session: results.fixture.name,
      strategy: result.name,
      target: results.target,
      sample,
      deterministic: result.deterministic,
      status: ok ? 'ok' : 'error',
      error,
      compacted: {
        summary: result.summary,
        keptRanges: result.keptRanges,
        textHash,
        requiredSections: requiredSectionsOf(result.name),
      },
      calls: result.trace.map((call) => ({ label: call.label, promptHash: null, answerHash: null })),
      // The scores the file recorded, as compare would have stored them: they stand until this scoring replaces them.
      scores: { lexical: withoutJudge(result.quality) },
      outcome: {
        ...result,
        status: ok ? 'ok' : 'error',
        error,
        quality: null,
        judgeUsage: null,
        judgeTrace: [],
      },
    });
  }
  const { strategies: _strategies, statistics: _statistics, ...frame } = results;
  const sessionRecord: SessionRecord = {
    kind: 'session',
    run,
    session: results.fixture.name,
    target: results.target,
    frame,
  };
  const header: RunRecord = {
    kind: 'run',
    recordVersion: RECORD_VERSION,
    run,
    origin: 'compare',
    tool: provenance?.tool ?? 'compaction-bench',
    version: provenance?.version ?? 'unknown',
    provider: results.provider,
    judge: null,
    tokenizer: results.tokenizer,
    reference: results.statistics?.reference ?? null,
    atCompaction: point.atCompaction,
    schedule: null,
    sessions: [
      {
        name: results.fixture.name,
        path,
        contentHash: hash,
        probeSetHash: shortHash(JSON.stringify(results.probes)),
      },
    ],
    jobs: jobs.map((job) => ({
      id: job.id,
      session: job.session,
      strategy: job.strategy,
      target: job.target,
      sample: job.sample,
    })),
  };
  rebuilt.set.runs.push({ record: header, file });
  rebuilt.set.sessions.push({ record: sessionRecord, file });
  for (const job of jobs) rebuilt.set.jobs.push({ record: job, file });
}

/** The transcript a results file names (relative to the folder score runs in, as compare wrote it), read as that run read it. */
async function transcriptOf(
  file: string,
  results: ResultsFile,
): Promise<{ session: Session; bytes: Buffer; path: string }> {
  const named = results.fixture.path;
  if (typeof named !== 'string' || named === '')
    throw new InputError(`${file}: names no transcript path (fixture.path); it cannot be re-scored`);
  const path = isAbsolute(named) ? named : resolve(named);
  const bytes = await readFile(path).catch((error: unknown) => {
    throw new InputError(
      `${file}: its transcript ${named} cannot be read (${(error as Error).message}); run score in the folder compare ran in, or put the transcript back`,
    );
  });
  const session = { ...(await loadSession(path)), name: results.fixture.name };
  return { session, bytes, path };
}

/**
 * Where the run cut the transcript: the whole of it, or (`--at-compaction`) the history up to its last recorded
 * compaction. A transcript whose messages or tokens are not those the results file counted changed since: refused.
 */
function cutOf(
  file: string,
  results: ResultsFile,
  session: Session,
  tokenizer: Tokenizer,
): { atCompaction: boolean; recorded: ReturnType<typeof lastAgentCompaction> } {
  const recorded = lastAgentCompaction(session);
  const atCompaction =
    results.fixture.messages !== session.messages.length &&
    recorded?.messageIndex === results.fixture.messages;
  const seen = atCompaction ? headSession(session, recorded!.messageIndex) : session;
  const tokens = seen.messages.reduce((sum, message) => sum + tokenizer.countMessage(message), 0);
  if (seen.messages.length !== results.fixture.messages || tokens !== results.fixture.tokens)
    throw new InputError(
      `${results.fixture.path}: the transcript changed since ${file} was written (${seen.messages.length} messages and ${tokens} tokens now, ${results.fixture.messages} and ${results.fixture.tokens} then); rerun compare`,
    );
  return { atCompaction, recorded };
}

/**
 * A strategy's compacted context: its summary, then the messages of its kept ranges in full. When these do not
 * count the tokens the file recorded (a strategy that edits what it keeps, as observation masking does), the
 * reason instead: scoring the unedited messages would credit it with what it dropped.
 */
function contextOf(
  file: string,
  result: StrategyResult,
  session: Session,
  tokenizer: Tokenizer,
): { text: string } | { reason: string; edited?: true } | { failed: true } {
  if (result.status !== 'ok') return { failed: true };
  if (result.runs > 1 && !result.deterministic)
    return { reason: `${result.runs} runs combined and ${file} stores one summary` };
  const kept: Message[] = [];
  for (const range of result.keptRanges) {
    if (range.start < 0 || range.end > session.messages.length || range.start > range.end)
      return {
        reason: `kept range ${range.start}–${range.end} is outside the transcript's ${session.messages.length} messages`,
      };
    kept.push(...session.messages.slice(range.start, range.end));
  }
  const tokens =
    (result.summary ? tokenizer.count(result.summary) : 0) +
    kept.reduce((sum, message) => sum + countMessageAsIs(tokenizer, message), 0);
  if (tokens !== result.tokensAfter)
    return {
      reason: `its summary and kept messages count ${tokens} tokens, the file recorded ${result.tokensAfter} (the strategy edited what it kept)`,
      edited: true,
    };
  return { text: compactedText(result.summary, kept) };
}

/**
 * The context of a strategy that calls no model and edited what it kept (observation masking, tool-output
 * pruning), run again today on the same transcript and settings: taken only when it gives the very summary, kept
 * ranges and tokens the file recorded, so what is scored is what the old run kept.
 */
async function reproduced(
  result: StrategyResult,
  results: ResultsFile,
  session: Session,
  point: ReturnType<typeof cutOf>,
  tokenizer: Tokenizer,
): Promise<{ text: string } | undefined> {
  const base = (STRATEGIES as Record<string, Strategy>)[result.name];
  if (!base || base.callsModel) return undefined;
  const strategy = point.atCompaction && point.recorded ? atAgentCompaction(base, point.recorded) : base;
  const refuse = (): never => {
    throw new Error(`${result.name} called a model`);
  };
  const context = createStrategyContext({
    caller: { complete: refuse, generate: refuse, trace: [] },
    tokenizer,
    config: configOf(results),
    signal: new AbortController().signal,
    contextWindow: results.config.contextWindow ?? undefined,
  });
  try {
    const output = await strategy.run(session, context);
    const kept = output.kept ?? [];
    const tokens =
      (output.summary ? tokenizer.count(output.summary) : 0) +
      kept.reduce((sum, message) => sum + countMessageAsIs(tokenizer, message), 0);
    const same =
      output.summary === result.summary &&
      tokens === result.tokensAfter &&
      JSON.stringify(output.keptRanges ?? keptRangesOf(session, kept)) === JSON.stringify(result.keptRanges);
    return same ? { text: compactedText(output.summary, kept) } : undefined;
  } catch {
    return undefined;
  }
}

/** The settings a results file's run used, as a strategy reads them (a setting it recorded as null was not given). */
function configOf(results: ResultsFile): StrategyConfig {
  const given = Object.fromEntries(
    Object.entries(results.config).filter(
      ([key, value]) => value !== null && key !== 'concurrency' && key !== 'runs' && key !== 'contextWindow',
    ),
  );
  return {
    ...defaultSettings(),
    ...given,
    ...(results.target === null ? {} : { targetTokens: results.target }),
  } as StrategyConfig;
}

/** The sections today's strategy of that name promises (none for a custom strategy or the recorded summary). */
function requiredSectionsOf(name: string): string[] | null {
  const strategy = (STRATEGIES as Record<string, { requiredSections?: readonly string[] }>)[name];
  return strategy?.requiredSections ? [...strategy.requiredSections] : null;
}

function withoutJudge(quality: StrategyResult['quality']): Record<string, unknown> {
  const { judge: _judge, ...lexical } = quality;
  return lexical;
}

async function isSuiteResults(file: string): Promise<boolean> {
  return readResultsJson(file).then(isSuiteResultsJson, () => false);
}
