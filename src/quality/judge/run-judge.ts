/** The judge in a run: its provider behind the run's cache, cassette and limit, and one judged result. */
import type { CallLimit } from '../../providers/call-limit.ts';
import { type CallRecord, createCaller, usageOfCalls } from '../../providers/calls.ts';
import { costOf } from '../../providers/models.ts';
import { createProvider, type ProviderOptions, wrapProvider } from '../../providers/create.ts';
import type { Provider } from '../../providers/types.ts';
import type { Tokenizer } from '../../tokens.ts';
import type { Probe } from '../probes.ts';
import { type JudgeResult, judgeSummary, validateJudgeProvider } from './judge.ts';

/** The judge's provider: its own spec and base URL, the run's retries, cache and cassette. */
export function createJudgeProvider(
  spec: string,
  baseUrl: string | undefined,
  options: Omit<ProviderOptions, 'baseUrl'>,
): Provider {
  const judge = createProvider(spec, { ...options, baseUrl });
  validateJudgeProvider(judge);
  return wrapProvider(judge, options);
}

/** What judging a result needs from the run. */
export type JudgeRun = {
  judge: Provider;
  /** The run's one concurrency limit. */
  limit: CallLimit;
  tokenizer: Tokenizer;
  signal: AbortSignal;
  /** Which run of `--runs` is judged: later runs are judged afresh too. */
  sample?: number;
};

/** What judging one compacted context gave: the scores, and the judge's own calls and cost. */
export type Judged = {
  judge: JudgeResult;
  usage: {
    calls: number;
    inputTokens: number;
    outputTokens: number;
    cachedCalls: number;
    cost: number | null;
  };
  trace: readonly CallRecord[];
};

/** Judges one compacted context; the judge's calls and cost are counted apart from the strategy's. */
export async function judgeText(text: string, probes: readonly Probe[], run: JudgeRun): Promise<Judged> {
  const { judge } = run;
  const caller = createCaller({
    provider: judge,
    limit: run.limit,
    tokenizer: run.tokenizer,
    contextWindow: judge.contextWindow,
    signal: run.signal,
    ...(run.sample === undefined ? {} : { sample: run.sample }),
  });
  const scores = await judgeSummary({
    summary: text,
    probes,
    complete: caller.complete,
  });
  const usage = usageOfCalls(caller.trace);
  return {
    judge: scores,
    usage: {
      calls: caller.trace.length,
      inputTokens: usage.input,
      outputTokens: usage.output,
      cachedCalls: caller.trace.filter((call) => call.cached).length,
      cost: caller.trace.length === 0 ? 0 : costOf(judge.id, judge.model, usage),
    },
    trace: caller.trace,
  };
}
