/**
 * Cassettes: a JSONL file of every answer of a run (`--record`), replayed later with no network
 * and no key (`--replay`), so CI can run real-model strategies for free and identically.
 */
import { readFileSync } from 'node:fs';
import { AbortedError, InputError, ProviderError } from '../errors.ts';
import { appendFileAtomic, writeFileAtomic } from '../files.ts';
import { assertNoSecrets } from './secrets.ts';
import { LineError, parseLine } from '../session/json-lines.ts';
import {
  answerAndStore,
  generationFromStore,
  requestKey,
  type StoredAnswer,
  storedAnswerSchema,
} from './stored-answer.ts';
import { generateMiddleware, type ProviderMiddleware } from './middleware.ts';

/** One cassette being written; several providers of a run (strategies and judge) can share it. */
export type CassetteRecorder = {
  readonly file: string;
  /** Adds an answer (the first one of a key wins); throws at once if it holds a secret; the file is rewritten in the background. */
  add(stored: StoredAnswer): void;
  /** Resolves once every answer so far is on disk (writes an empty cassette when there was none); rejects if a write failed. */
  flush(): Promise<void>;
};

/**
 * A recorder for `file`. New answers are added to the file atomically (a copy with them appended replaces it),
 * off the calls' critical path: an interrupted run keeps what was written and never leaves half a line. Only
 * the answers not yet written are held, and the keys of those that were. At most one write runs at a time, and
 * answers that arrive meanwhile share the next one.
 */
export function createRecorder(file: string): CassetteRecorder {
  const keys = new Set<string>();
  let lines: string[] = [];
  let started = false;
  let writing: Promise<void> = Promise.resolve();
  let queued = false;
  let failure: unknown;
  const schedule = () => {
    if (queued) return writing;
    queued = true;
    writing = writing.then(async () => {
      queued = false;
      // Every answer was checked for secrets when it was added, and a key cannot span two lines.
      const text = lines.join('');
      lines = [];
      // The first write replaces the cassette of an earlier recording; later ones add to it.
      const write = started ? appendFileAtomic(file, text) : writeFileAtomic(file, text);
      started = true;
      await write.catch((error: unknown) => {
        failure ??= error;
      });
    });
    return writing;
  };
  return {
    file,
    add(stored) {
      // The same request twice in one run replays the first answer both times.
      if (keys.has(stored.key)) return;
      const line = `${JSON.stringify(stored)}\n`;
      // Checked alone first: an answer that would leak a key must not block every later write.
      assertNoSecrets(line, file);
      keys.add(stored.key);
      lines.push(line);
      void schedule();
    },
    async flush() {
      await schedule();
      if (failure) throw failure;
    },
  };
}

/** Records every answer of the provider behind it (cache hits included) into a cassette file or a shared recorder. */
export function recordMiddleware(target: string | CassetteRecorder): ProviderMiddleware {
  const recorder = typeof target === 'string' ? createRecorder(target) : target;
  return generateMiddleware((provider) => ({
    ...provider,
    async generate(request) {
      const key = requestKey(provider, request);
      const { generation, stored } = await answerAndStore(provider, request, key);
      recorder.add(stored);
      return generation;
    },
    async close() {
      await recorder.flush();
      await provider.close?.();
    },
  }));
}

/** Answers only from the cassette `file` (read and checked now, before any work); a miss is an error. */
export function replayMiddleware(file: string): ProviderMiddleware {
  const answers = readCassette(file);
  const recorded = new Set([...answers.values()].map((answer) => `${answer.provider}:${answer.model}`));
  return generateMiddleware((provider) => ({
    ...provider,
    // A replay touches no network: nothing to warm up.
    warmUp: undefined,
    async generate(request) {
      if (request.signal?.aborted) throw new AbortedError('replay aborted');
      const stored = answers.get(requestKey(provider, request));
      if (stored) return generationFromStore(stored);
      const spec = `${provider.id}:${provider.model}`;
      const holds =
        recorded.has(spec) || recorded.size === 0 ? '' : ` (it holds answers of ${[...recorded].join(', ')})`;
      throw new ProviderError(
        `no recorded answer for this request: not in cassette ${file}${holds}; re-record with --record`,
      );
    },
  }));
}

/** Every answer in a cassette by key; a bad line is an {@link InputError} `file:line: reason`. */
export function readCassette(file: string): Map<string, StoredAnswer> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new InputError(`cassette ${file} does not exist; record it first with --record ${file}`);
    }
    throw error;
  }
  const answers = new Map<string, StoredAnswer>();
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (error) {
      throw new LineError(file, index + 1, `not valid JSON (${(error as Error).message})`);
    }
    const answer = parseLine(storedAnswerSchema, record, file, index + 1);
    answers.set(answer.key, answer);
  });
  return answers;
}
