/** An answer as the cache and cassettes store it: keyed by what determines it, with its first latency. */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Completion, CompletionRequest, Provider } from './types.ts';

/** Bump when the key's inputs change, so old entries stop matching instead of answering wrongly. */
const KEY_VERSION = 1;

/**
 * SHA-256 of the provider, the model, the request fields that determine the answer and, for run k ≥ 2 of
 * `--runs`, the run number (each run is a fresh sample). Not the
 * base URL, the key or the signal: the same model behind another URL gives the same answer, and
 * credentials must never shape what is stored.
 */
export function requestKey(provider: Pick<Provider, 'id' | 'model'>, request: CompletionRequest): string {
  const fields = [
    KEY_VERSION,
    provider.id,
    provider.model,
    request.system,
    request.prompt,
    request.maxTokens,
  ];
  // Run k of --runs asks anew; run 1 keeps the key it always had, so a single run still hits the cache.
  const sample = request.sample ?? 1;
  const material = JSON.stringify(sample > 1 ? [...fields, sample] : fields);
  return createHash('sha256').update(material).digest('hex');
}

/** One stored answer (a cache file, a cassette line). */
export const storedAnswerSchema = z.object({
  key: z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 hex key'),
  provider: z.string(),
  model: z.string(),
  /** Latency of the call that first produced the answer, in milliseconds. */
  ms: z.number().nonnegative(),
  completion: z.object({
    text: z.string(),
    usage: z.object({
      input: z.number().int().nonnegative(),
      output: z.number().int().nonnegative(),
      cachedInput: z.number().int().nonnegative().optional(),
    }),
    usageSource: z.enum(['api', 'tokenizer']),
    model: z.string(),
  }),
});

/** One stored answer. */
export type StoredAnswer = z.infer<typeof storedAnswerSchema>;

/**
 * Asks the provider and keeps what a store needs. The one timing outside the runner: a stored
 * answer must carry the latency it first cost, so a hit can report it. An answer that itself came
 * from a cache keeps the latency recorded then.
 */
export async function answerAndStore(
  provider: Provider,
  request: CompletionRequest,
  key: string,
): Promise<{ completion: Completion; stored: StoredAnswer }> {
  const started = performance.now();
  const completion = await provider.complete(request);
  const ms = completion.fromCache?.ms ?? Math.round(performance.now() - started);
  const { text, usage, usageSource, model } = completion;
  return {
    completion,
    stored: {
      key,
      provider: provider.id,
      model: provider.model,
      ms,
      completion: { text, usage, usageSource, model },
    },
  };
}

/** The completion a stored answer replays: no HTTP attempt, the recorded latency. */
export function completionFromStore(stored: StoredAnswer): Completion {
  return { ...stored.completion, fromCache: { ms: stored.ms } };
}
