/**
 * `--batch` (docs/scale.md): a provider wrapper that gathers the calls a run issues at once, sends them as one
 * batch of the vendor's batch service, polls it and answers each call from the results. Calls that depend on an
 * answer are issued only once it came, so they go in the next batch: the strategies need no change. Each request's
 * `custom_id` is its response-cache key; the batch ids are saved in the output folder, so a rerun of a killed
 * run polls the batches it had submitted instead of sending the requests again.
 */
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { AbortedError, InputError, ProviderError } from '../errors.ts';
import { writeFileAtomic } from '../files.ts';
import { requestKey } from './stored-answer.ts';
import { generateMiddleware, type ProviderMiddleware } from './middleware.ts';
import type { BatchResult, BatchStatus, GenerateRequest, Generation, Provider } from './types.ts';

/** The file in the output folder that lists the submitted batches. */
export const BATCH_FILE = 'batches.json';

/** Default milliseconds between two status polls of a batch (`--batch-poll`): batches take minutes to hours. */
export const DEFAULT_BATCH_POLL_MS = 30_000;

/** How `--batch` runs: where the batch ids go, how often to poll, whom to tell. */
export type BatchOptions = {
  /** The saved batch list (`<out>/batches.json`). */
  stateFile: string;
  /** Milliseconds between two status polls of one batch. */
  pollMs: number;
  /** Calls gather this long after the last one before they are sent (the run has issued all it can). */
  quietMs?: number;
  /** Told a batch's state and counts whenever they change. */
  onStatus?: (status: BatchStatus) => void;
};

// Long enough for every strategy waiting on the same answers to ask its next call; short beside any batch.
const DEFAULT_QUIET_MS = 200;
// A run that never stops asking still sends what it has this often.
const MOST_HELD_MS = 5000;

const savedSchema = z.object({
  version: z.literal(1),
  batches: z.array(
    z.object({ id: z.string(), provider: z.string(), model: z.string(), customIds: z.array(z.string()) }),
  ),
});

type Saved = z.infer<typeof savedSchema>;

type Waiter = {
  request: GenerateRequest;
  resolve: (generation: Generation) => void;
  reject: (error: unknown) => void;
};

/** The provider behind it with its calls sent through the vendor's batch service; one without is an input error. */
export function batchMiddleware(options: BatchOptions): ProviderMiddleware {
  return generateMiddleware((provider) => batchInFront(provider, options));
}

/** The batch layer over `provider`, `complete` aside. */
function batchInFront(provider: Provider, options: BatchOptions): Omit<Provider, 'complete'> {
  const api = provider.batch;
  const name = provider.isLanguageModel ? `${provider.id}:${provider.model}` : provider.id;
  if (!api)
    throw new InputError(`--batch: ${name} has no batch service (openai: and anthropic: models have)`);
  const quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
  const waiting = new Map<string, Waiter[]>();
  /** Which batch each waiting call's answer will come from. */
  const assigned = new Map<string, string>();
  /** Calls sent again once already (an errored or expired request gets one more batch). */
  const retried = new Set<string>();
  const collected = new Map<string, Map<string, BatchResult>>();
  const polling = new Set<string>();
  const queue = new Set<string>();
  const sleeping = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  let quietTimer: NodeJS.Timeout | undefined;
  let heldSince: number | undefined;
  let closed = false;
  let saved: Promise<Saved> | undefined;
  let writing: Promise<void> = Promise.resolve();

  /** The batches an earlier run saved. */
  const inherited = new Set<string>();
  const loadSaved = () =>
    (saved ??= readSaved(options.stateFile).then((state) => {
      for (const batch of state.batches) inherited.add(batch.id);
      return state;
    }));
  const save = (state: Saved) => {
    // One write at a time, each of the whole list; one that failed does not stop the next.
    writing = writing
      .catch(() => undefined)
      .then(() => writeFileAtomic(options.stateFile, `${JSON.stringify(state, null, 2)}\n`));
    return writing;
  };

  const settleAll = (key: string, settle: (waiter: Waiter) => void) => {
    const waiters = waiting.get(key) ?? [];
    waiting.delete(key);
    assigned.delete(key);
    for (const waiter of waiters) settle(waiter);
  };

  const fail = (key: string, error: unknown) => settleAll(key, (waiter) => waiter.reject(error));

  /** Answers a call from its batch's results, or sends it once more, or reports why it has no answer. */
  const settleFrom = (batch: string, key: string) => {
    const result = collected.get(batch)?.get(key);
    if (result && 'answer' in result) {
      settleAll(key, (waiter) => {
        try {
          waiter.resolve(result.answer(waiter.request));
        } catch (error) {
          waiter.reject(error);
        }
      });
      return;
    }
    const why = result ? result.failure : 'no result for this request';
    if (!retried.has(key)) {
      retried.add(key);
      assigned.delete(key);
      enqueue(key);
      return;
    }
    fail(
      key,
      new ProviderError(`${name}: batch ${batch}: ${why} (sent in two batches)`, { retryable: false }),
    );
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = {
        wake: () => {
          clearTimeout(entry.timer);
          sleeping.delete(entry);
          resolve();
        },
        timer: setTimeout(() => entry.wake(), ms),
      };
      sleeping.add(entry);
    });

  const poll = async (batch: string) => {
    if (polling.has(batch) || collected.has(batch)) return;
    polling.add(batch);
    try {
      let last = '';
      for (;;) {
        if (closed) return;
        const status = await api.status(batch);
        const shown = `${status.state} ${status.succeeded} ${status.failed}`;
        if (shown !== last) options.onStatus?.(status);
        last = shown;
        if (status.ended) break;
        await sleep(options.pollMs);
      }
      const results = await api.results(batch);
      collected.set(batch, new Map(results.map((result) => [result.customId, result])));
      for (const [key, from] of [...assigned]) if (from === batch) settleFrom(batch, key);
    } catch (error) {
      for (const [key, from] of [...assigned]) {
        if (from !== batch) continue;
        // A batch an earlier run saved may be gone (the vendors keep results for weeks, not forever): ask anew once.
        if (inherited.has(batch) && !retried.has(key)) {
          retried.add(key);
          assigned.delete(key);
          enqueue(key);
        } else fail(key, error);
      }
    } finally {
      polling.delete(batch);
    }
  };

  const attach = (key: string, batch: string) => {
    assigned.set(key, batch);
    if (collected.has(batch)) settleFrom(batch, key);
    else void poll(batch);
  };

  const flush = async () => {
    clearTimeout(quietTimer);
    quietTimer = undefined;
    heldSince = undefined;
    const keys = [...queue].filter((key) => waiting.has(key));
    queue.clear();
    for (const chunk of chunks(keys, api.limits, (key) => api.entry(key, waiting.get(key)![0]!.request))) {
      let batch: string;
      try {
        batch = await api.submit(chunk.entries);
      } catch (error) {
        for (const key of chunk.keys) fail(key, error);
        continue;
      }
      const state = await loadSaved();
      state.batches.push({ id: batch, provider: provider.id, model: provider.model, customIds: chunk.keys });
      // Saved before anything waits on it: killed from here on, a rerun finds the batch and polls it. A list that
      // cannot be written costs only the resuming: the batch is paid for, so this run still collects it.
      await save(state).catch(() => undefined);
      options.onStatus?.({
        id: batch,
        state: 'submitted',
        ended: false,
        total: chunk.keys.length,
        succeeded: 0,
        failed: 0,
      });
      for (const key of chunk.keys) if (waiting.has(key)) attach(key, batch);
    }
  };

  function enqueue(key: string) {
    queue.add(key);
    heldSince ??= performance.now();
    clearTimeout(quietTimer);
    const wait = performance.now() - heldSince >= MOST_HELD_MS ? 0 : quietMs;
    quietTimer = setTimeout(() => void flush(), wait);
  }

  /** A new call: a batch saved by an earlier run may already hold it; else it waits for the next batch. */
  const route = async (key: string) => {
    const state = await loadSaved();
    const earlier = state.batches.findLast((batch) => batch.customIds.includes(key));
    if (earlier && !retried.has(key)) attach(key, earlier.id);
    else enqueue(key);
  };

  return {
    ...provider,
    priceTier: 'batch',
    // A saved batch list that cannot be read stops the run before any call, naming the file.
    async warmUp(warmUpOptions) {
      await loadSaved();
      await provider.warmUp?.(warmUpOptions);
    },
    generate(request) {
      const key = requestKey(provider, request);
      return new Promise<Generation>((resolve, reject) => {
        const signal = request.signal;
        if (signal?.aborted) return reject(new AbortedError('aborted'));
        const onAbort = () => reject(new AbortedError('aborted'));
        signal?.addEventListener('abort', onAbort, { once: true });
        const waiter: Waiter = {
          request,
          resolve: (generation) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(generation);
          },
          reject: (error) => {
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        };
        const known = waiting.get(key);
        if (known) return void known.push(waiter);
        waiting.set(key, [waiter]);
        route(key).catch((error: unknown) => fail(key, error));
      });
    },
    async close() {
      closed = true;
      clearTimeout(quietTimer);
      for (const entry of [...sleeping]) entry.wake();
      await writing.catch(() => undefined);
      await provider.close?.();
    },
  };
}

/** The keys in batches within the API's request and byte limits, in order. */
function chunks(
  keys: readonly string[],
  limits: { requests: number; bytes: number },
  entryOf: (key: string) => unknown,
): Array<{ keys: string[]; entries: unknown[] }> {
  const result: Array<{ keys: string[]; entries: unknown[]; bytes: number }> = [];
  for (const key of keys) {
    const entry = entryOf(key);
    // A JSONL line and its newline; the batch body's own framing is far below the margin the limits leave.
    const bytes = Buffer.byteLength(JSON.stringify(entry)) + 1;
    const last = result.at(-1);
    if (last && last.keys.length < limits.requests && last.bytes + bytes <= limits.bytes) {
      last.keys.push(key);
      last.entries.push(entry);
      last.bytes += bytes;
    } else {
      result.push({ keys: [key], entries: [entry], bytes });
    }
  }
  return result;
}

/** The saved batch list; none yet is an empty one, a file not of this shape is an input error naming it. */
async function readSaved(file: string): Promise<Saved> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, batches: [] };
    throw error;
  }
  let parsed;
  try {
    parsed = savedSchema.safeParse(JSON.parse(text));
  } catch {
    throw new InputError(`${file}: not JSON; delete it to submit the batches anew`);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InputError(
      `${file}: not a batch list of compaction-bench (${issue.path.join('.') || 'top level'}: ${issue.message})`,
    );
  }
  return parsed.data;
}
