/**
 * What a streaming suite keeps of each session's results until its end: the figures and per-probe outcomes the
 * suite report, its statistics and the terminal's verdict read, without the summary texts, call traces, probe
 * list and per-probe judge grades (most of a results file). Anything needing those reads the session's results
 * file back from `--out`, one at a time.
 */
import { readFile } from 'node:fs/promises';
import type { JudgeResult } from '../quality/judge/judge.ts';
import { headlineWeights } from '../quality/recall-credit.ts';
import type { Quality } from '../quality/types.ts';
import { readResultsJson } from './read.ts';
import type { ResultsFile, StrategyResult } from './types.ts';

/** The judge's figures without its per-probe grades. */
export type JudgeDigest = Omit<JudgeResult, 'probes'>;

/** One strategy's figures and probe outcomes on one session. */
export type StrategyDigest = Omit<
  StrategyResult,
  | 'description'
  | 'summary'
  | 'trace'
  | 'judgeTrace'
  | 'prompts'
  | 'notes'
  | 'keptRanges'
  | 'spread'
  | 'chain'
  | 'continuation'
  | 'quality'
> & { quality: Omit<Quality, 'judge'> & { judge: JudgeDigest | null } };

/**
 * One session's digest: its fixture, run settings, the ids of its history probes (fact recall and its paired
 * tests are over the live ones; absent where a results file stands in, whose probes say it) and every strategy's
 * {@link StrategyDigest}.
 */
export type SessionDigest = Pick<
  ResultsFile,
  'fixture' | 'target' | 'provider' | 'tokenizer' | 'schedule' | 'continuation' | 'provenance'
> & {
  strategies: StrategyDigest[];
  historyProbes?: string[];
  /** Each live probe's weight in the kind-balanced headline (quality/probe-recall.ts), for paired tests over sessions. */
  probeWeights?: Record<string, number>;
};

/** The digest of one session's results: new objects throughout, so the results themselves can be released. */
export function digestOf(results: ResultsFile): SessionDigest {
  return {
    fixture: { ...results.fixture, probeSources: { ...results.fixture.probeSources } },
    target: results.target,
    provider: { ...results.provider },
    tokenizer: results.tokenizer,
    ...(results.schedule === undefined ? {} : { schedule: results.schedule }),
    ...(results.continuation === undefined ? {} : { continuation: structuredClone(results.continuation) }),
    ...(results.provenance === undefined ? {} : { provenance: results.provenance }),
    historyProbes: results.probes.filter((probe) => probe.live === false).map((probe) => probe.id),
    probeWeights: Object.fromEntries(headlineWeights(results.probes)),
    strategies: results.strategies.map(strategyDigest),
  };
}

function strategyDigest(result: StrategyResult): StrategyDigest {
  const {
    description: _description,
    summary: _summary,
    trace: _trace,
    judgeTrace: _judgeTrace,
    prompts: _prompts,
    notes: _notes,
    keptRanges: _keptRanges,
    spread: _spread,
    chain: _chain,
    continuation: _continuation,
    quality,
    ...figures
  } = result;
  const { judge, ...scores } = quality;
  return structuredClone({
    ...figures,
    quality: { ...scores, judge: judge === null ? null : judgeDigest(judge) },
  });
}

function judgeDigest(judge: JudgeResult): JudgeDigest {
  const { probes: _probes, ...figures } = judge;
  return figures;
}

/** A session's full results, read back from the results file this run wrote (`resultsJson`: the same JSON). */
export async function readResults(file: string): Promise<ResultsFile> {
  // Written by this run a moment ago, so read as it is, without the schema check of a file from elsewhere.
  return (await readResultsJson(file)) as ResultsFile;
}

/** Each results file's JSON text as written (without its final line break), read one at a time. */
export async function* resultsTexts(files: readonly string[]): AsyncGenerator<string> {
  for (const file of files) yield (await readFile(file, 'utf8')).replace(/\n$/, '');
}
