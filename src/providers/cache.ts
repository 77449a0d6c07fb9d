/** The response cache in front of a provider: one JSON file per answer, so reruns cost no calls. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files.ts';
import { assertNoSecrets } from './secrets.ts';
import {
  answerAndStore,
  generationFromStore,
  requestKey,
  type StoredAnswer,
  storedAnswerSchema,
} from './stored-answer.ts';
import { generateMiddleware, type ProviderMiddleware } from './middleware.ts';

/** Where the cache lives unless `--cache-dir` says otherwise (git-ignored). */
export const DEFAULT_CACHE_DIRECTORY = '.compaction-cache';

/** Where `cacheMiddleware` keeps its entries. */
export type CacheOptions = { directory: string };

/**
 * The provider with a cache in front: a hit returns the stored answer with `fromCache.ms` and
 * makes no call; a miss asks the provider and stores the answer. Errors are never stored, so a
 * rerun retries exactly the calls that failed.
 */
export function cacheMiddleware(options: CacheOptions): ProviderMiddleware {
  return generateMiddleware((provider) => {
    // Entries are written off the critical path (the answer goes back at once) and awaited by close().
    const pending = new Set<Promise<void>>();
    // Answers of this run whose file is still being written, so a repeat is a hit before it is on disk; once it is,
    // the file answers (a run of any length holds only the answers in flight).
    const unwritten = new Map<string, StoredAnswer>();
    let failure: unknown;
    return {
      ...provider,
      // A rerun may find every answer here: load the SDK, but open no connection before a call needs one (a miss
      // then connects as part of its call), so a run served from the cache sends no request at all.
      ...(provider.warmUp ? { warmUp: () => provider.warmUp!({ connect: false }) } : {}),
      async generate(request) {
        const key = requestKey(provider, request);
        const file = entryFile(options.directory, key);
        const hit = unwritten.get(key) ?? (await readEntry(file, key));
        if (hit) return generationFromStore(hit);
        const { generation, stored } = await answerAndStore(provider, request, key);
        const text = `${JSON.stringify(stored, null, 2)}\n`;
        // Checked now, so an answer holding a key fails its call rather than a later flush.
        assertNoSecrets(text, file);
        unwritten.set(key, stored);
        const write = writeFileAtomic(file, text).then(
          () => {
            unwritten.delete(key);
          },
          (error: unknown) => {
            failure ??= error;
          },
        );
        pending.add(write);
        void write.finally(() => pending.delete(write));
        return generation;
      },
      async close() {
        await Promise.all(pending);
        await provider.close?.();
        if (failure) throw failure;
      },
    };
  });
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
