/** The instrumented call layer: every provider call of a strategy goes through here and is traced. */
import { setMaxListeners } from 'node:events';
import type { CallLimit } from './call-limit.ts';
import { ContextOverflowError, messageOf } from '../errors.ts';
import { countGenerateRequest } from './text-form.ts';
import type {
  Completion,
  CompletionRequest,
  GenerateRequest,
  Generation,
  Provider,
  Usage,
  UsageSource,
} from './types.ts';
import { countRequest, type Tokenizer } from '../tokens.ts';
import { markTimeline } from '../timeline.ts';

/** One provider call as the trace shows it. */
export type CallRecord = {
  /** What the call was for: `slice 2/4`, `stitch`, `update 3/5`, … */
  label: string;
  inputTokens: number;
  outputTokens: number;
  /** Input tokens the API served from its prompt cache, where it said so. */
  cachedInputTokens: number | null;
  /** Input tokens the API wrote to its prompt cache, where it said so (Anthropic). */
  cacheWriteInputTokens: number | null;
  /** Which counter produced the token figures. */
  usageSource: UsageSource;
  /** Latency of the call; for a cached answer, the latency recorded when it was first answered. */
  ms: number;
  cached: boolean;
  /** HTTP attempts (1 = no retry), where the provider knows. */
  attempts: number | null;
  /** Milliseconds since the strategy started: asked for, started (after waiting for a concurrency slot), ended. */
  requestedAt: number;
  startedAt: number;
  endedAt: number;
  error: string | null;
};

/** The usage of some calls in sum (prompt-cache reads and writes included), as costs are computed from it. */
export function usageOfCalls(
  calls: ReadonlyArray<
    Pick<CallRecord, 'inputTokens' | 'outputTokens' | 'cachedInputTokens' | 'cacheWriteInputTokens'>
  >,
): Usage {
  const sum = (pick: (call: (typeof calls)[number]) => number | null) =>
    calls.reduce((total, call) => total + (pick(call) ?? 0), 0);
  const cachedInput = sum((call) => call.cachedInputTokens);
  const cacheWriteInput = sum((call) => call.cacheWriteInputTokens);
  return {
    input: sum((call) => call.inputTokens),
    output: sum((call) => call.outputTokens),
    ...(cachedInput > 0 ? { cachedInput } : {}),
    ...(cacheWriteInput > 0 ? { cacheWriteInput } : {}),
  };
}

/** A request as a strategy makes it: the layer adds the signal. */
export type CallRequest = Omit<CompletionRequest, 'signal'>;

/** A message-shaped request as a caller makes it: the layer adds the signal and the sample. */
export type GenerateCallRequest = Omit<GenerateRequest, 'signal' | 'sample'>;

/** What a strategy calls the model through. */
export type Caller = {
  /** Sends one request, labelled for the trace; resolves to the answer's text. */
  complete(label: string, request: CallRequest): Promise<string>;
  /** Sends one conversation (with tools, if any), labelled and traced exactly like `complete`; resolves to the whole answer. */
  generate(label: string, request: GenerateCallRequest): Promise<Generation>;
  /** Every call so far, in the order they were asked for. */
  readonly trace: readonly CallRecord[];
};

/** What the layer needs. */
export type CallerOptions = {
  provider: Provider;
  /** The one concurrency limit shared by the whole run. */
  limit: CallLimit;
  /**
   * The calls the strategy plans one after another (its longest chain), where it says: a queued call with more of
   * its chain left behind it gets a slot first.
   */
  chain?: number;
  tokenizer: Tokenizer;
  /** Refuse any call whose input exceeds this many tokens, as a real model would. */
  contextWindow?: number;
  signal?: AbortSignal;
  /** Which run of `--runs` this caller serves (1-based); later runs ask for fresh samples. */
  sample?: number;
  /** `performance.now()` of the moment times are measured from (the strategy's start; now by default). */
  origin?: number;
  /** Told when a call is asked for, starts (has a concurrency slot) and ends: for a progress display. */
  onCall?: (record: Readonly<CallRecord>, phase: CallPhase) => void;
  /** Told each request as sent and its answer (null when the call failed): the run stores them with its records. */
  onExchange?: (record: Readonly<CallRecord>, request: CallRequest, answer: string | null) => void;
};

/** Where a call is in its life, for {@link CallerOptions.onCall}. */
export type CallPhase = 'requested' | 'started' | 'ended';

/** A traced caller; times are relative to its origin (the strategy's start). */
export function createCaller(options: CallerOptions): Caller {
  // Every call in flight listens to the signal: more than Node's default ten listeners is normal, not a leak.
  if (options.signal) setMaxListeners(0, options.signal);
  const origin = options.origin ?? performance.now();
  const now = () => performance.now() - origin;
  const trace: CallRecord[] = [];
  // How deep in the strategy's chain the deepest call ended so far is: a call asked for now waits on it.
  let deepestEnded = 0;
  /** One traced call: the context-window check, the concurrency slot, the record, the label on an error. */
  async function traced<Answer extends Completion>(
    label: string,
    inputTokens: () => number,
    send: (extra: { sample?: number; signal?: AbortSignal; onSent?: () => void }) => Promise<Answer>,
    exchange?: (record: Readonly<CallRecord>, answer: Answer | null) => void,
  ): Promise<Answer> {
    const record: CallRecord = {
      label,
      inputTokens: 0,
      outputTokens: 0,
      cachedInputTokens: null,
      cacheWriteInputTokens: null,
      usageSource: 'tokenizer',
      ms: 0,
      cached: false,
      attempts: null,
      requestedAt: now(),
      startedAt: 0,
      endedAt: 0,
      error: null,
    };
    trace.push(record);
    options.onCall?.(record, 'requested');
    if (options.contextWindow !== undefined) {
      const input = inputTokens();
      if (input > options.contextWindow) {
        record.inputTokens = 0;
        record.startedAt = record.endedAt = now();
        record.error = `input of ${input.toLocaleString('en-US')} tokens exceeds the context window of ${options.contextWindow.toLocaleString('en-US')} tokens`;
        options.onCall?.(record, 'started');
        options.onCall?.(record, 'ended');
        throw new ContextOverflowError(`${label}: ${record.error} (--context-window)`);
      }
    }
    const depth = deepestEnded + 1;
    const ended = () => (deepestEnded = Math.max(deepestEnded, depth));
    const priority = options.chain === undefined ? 0 : Math.max(0, options.chain - depth);
    // A planned chain's call after one of its calls answered is its next: it may take a free slot at once.
    const next = options.chain !== undefined && depth > 1;
    const call = async () => {
      // Before any await: the limit knows which work is starting only now.
      const sent = options.limit.startingWork?.();
      record.startedAt = now();
      options.onCall?.(record, 'started');
      markTimeline('first-call', 'first');
      try {
        const answer = await send({
          ...(options.sample && options.sample > 1 ? { sample: options.sample } : {}),
          signal: options.signal,
          ...(sent ? { onSent: sent } : {}),
        });
        markTimeline('last-answer');
        record.endedAt = now();
        ended();
        record.inputTokens = answer.usage.input;
        record.outputTokens = answer.usage.output;
        record.cachedInputTokens = answer.usage.cachedInput ?? null;
        record.cacheWriteInputTokens = answer.usage.cacheWriteInput ?? null;
        record.usageSource = answer.usageSource;
        record.attempts = answer.attempts ?? null;
        record.cached = answer.fromCache !== undefined;
        record.ms = answer.fromCache ? answer.fromCache.ms : record.endedAt - record.startedAt;
        options.onCall?.(record, 'ended');
        exchange?.(record, answer);
        return answer;
      } catch (error) {
        record.endedAt = now();
        ended();
        record.ms = record.endedAt - record.startedAt;
        record.error = messageOf(error);
        options.onCall?.(record, 'ended');
        exchange?.(record, null);
        if (error instanceof Error) error.message = `${label}: ${error.message}`;
        throw error;
      }
    };
    return options.limit(call, priority, next);
  }
  return {
    trace,
    async complete(label, request) {
      const completion = await traced(
        label,
        () => countRequest(options.tokenizer, request),
        (extra) => options.provider.complete({ ...request, ...extra }),
        (record, answer) => options.onExchange?.(record, request, answer?.text ?? null),
      );
      return completion.text;
    },
    generate(label, request) {
      return traced(
        label,
        () => countGenerateRequest(options.tokenizer, request),
        (extra) => options.provider.generate({ ...request, ...extra }),
      );
    },
  };
}

/**
 * The longest chain of calls that had to wait on each other: a call asked for only after another
 * ended depended on it. Concurrent calls share a level; a cached answer keeps its place in the chain.
 * `calls` counts the chain's calls; `ms` is the slowest such chain by the calls' own latency (the
 * strategy's own time, whatever else the run was doing); `waitMs` is what that chain spent queued for a
 * concurrency slot (time the run's other work cost it).
 */
export function criticalPath(
  trace: readonly Pick<CallRecord, 'requestedAt' | 'startedAt' | 'endedAt' | 'ms'>[],
): { calls: number; ms: number; waitMs: number } {
  const calls = [...trace].sort((a, b) => a.requestedAt - b.requestedAt);
  const depth: number[] = [];
  const time: number[] = [];
  const wait: number[] = [];
  let longest = 0;
  let slowest = -1;
  let slowestWait = 0;
  calls.forEach((call, index) => {
    let bestDepth = 0;
    let bestTime = 0;
    let bestWait = 0;
    for (let earlier = 0; earlier < index; earlier++) {
      if (calls[earlier]!.endedAt > call.requestedAt) continue;
      bestDepth = Math.max(bestDepth, depth[earlier]!);
      if (time[earlier]! > bestTime) {
        bestTime = time[earlier]!;
        bestWait = wait[earlier]!;
      }
    }
    depth[index] = bestDepth + 1;
    time[index] = bestTime + call.ms;
    wait[index] = bestWait + Math.max(0, call.startedAt - call.requestedAt);
    longest = Math.max(longest, depth[index]!);
    if (time[index]! > slowest) {
      slowest = time[index]!;
      slowestWait = wait[index]!;
    }
  });
  return { calls: longest, ms: Math.max(0, slowest), waitMs: slowestWait };
}
