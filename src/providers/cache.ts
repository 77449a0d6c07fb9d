/** The response cache in front of a provider: one JSON file per answer, so reruns cost no calls. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files.ts';
import {
  answerAndStore,
  completionFromStore,
  requestKey,
  type StoredAnswer,
  storedAnswerSchema,
} from './stored-answer.ts';
import type { Provider } from './types.ts';

/** Where the cache lives unless `--cache-dir` says otherwise (git-ignored). */
export const DEFAULT_CACHE_DIRECTORY = '.compaction-cache';

/** Where `withCache` keeps its entries. */
export type CacheOptions = { directory: string };

/**
 * The provider with a cache in front: a hit returns the stored answer with `fromCache.ms` and
 * makes no call; a miss asks the provider and stores the answer. Errors are never stored, so a
 * rerun retries exactly the calls that failed.
 */
export function withCache(provider: Provider, options: CacheOptions): Provider {
  return {
    ...provider,
    async complete(request) {
      const key = requestKey(provider, request);
      const file = entryFile(options.directory, key);
      const hit = await readEntry(file, key);
      if (hit) return completionFromStore(hit);
      const { completion, stored } = await answerAndStore(provider, request, key);
      await writeFileAtomic(file, `${JSON.stringify(stored, null, 2)}\n`);
      return completion;
    },
  };
}

/** `<directory>/ab/abcdef….json`: 256 subdirectories keep any one directory small. */
export function entryFile(directory: string, key: string): string {
  return join(directory, key.slice(0, 2), `${key}.json`);
}

/**
 * A stored entry, or undefined when there is none. An unreadable or outdated entry is a miss too:
 * the cache is a convenience, and the fresh answer overwrites it.
 */
async function readEntry(file: string, key: string): Promise<StoredAnswer | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = storedAnswerSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.key === key ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
