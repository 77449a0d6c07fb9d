import { digestOf } from './hashed-pieces.ts';

/**
 * Caches keyed by text. A key sliced from a longer string (a line of a summary, a piece of a prompt) would keep
 * that whole string alive in V8, so keys, and values that are text, are stored as strings of their own. Every
 * cache forgets what goes unused: a suite of any number of sessions holds what the last sessions used, not
 * every text of the run.
 */

/** `text` as a string of its own, holding no longer string alive (a plain slice may be a view of one). */
export function ownCopy(text: string): string {
  // Concatenating, then slicing, flattens into a new string; the slice is then a view of that alone.
  return `${text} `.slice(0, -1);
}

/**
 * A map that keeps what was used lately: a newer and an older generation; {@link ageTextCaches} (or the newer
 * one filling to `max` entries, or to `weight.max` by `weight.of` its values) drops the older one and makes the
 * newer one older, and a hit in the older one moves the entry back to the newer. At most 2 × `max` entries (and
 * about 2 × `weight.max`), and nothing unused for two generations.
 */
export type RecentMap<K, V> = {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  /** Entries held, both generations. */
  readonly size: number;
};

// Every recent map, so a run ages (or empties) them all at once; they are module-level caches, made once per process.
const recentMaps: Array<{ age(): void; forget(): void }> = [];

/** What a {@link recentMap}'s values weigh (`of`), and how much of it a generation holds at most (`max`). */
export type Weight<V> = { of(value: V): number; max: number };

/**
 * When a {@link recentMap} ages: `'sessions'` at {@link ageTextCaches} too (a suite's runner, as sessions are
 * released), `'run'` only as it fills (texts every session of a suite may use again, as the lines of summaries of one
 * project's sessions); either is emptied by {@link forgetTextCaches}.
 */
export type Lifetime = 'sessions' | 'run';

/**
 * A {@link RecentMap} of at most `max` entries per generation, and with `weight` at most `weight.max` of their
 * weight but for its first entry, aged with every other by {@link ageTextCaches} unless its `lifetime` is the run.
 */
export function recentMap<K, V>(
  max: number,
  weight?: Weight<V>,
  lifetime: Lifetime = 'sessions',
): RecentMap<K, V> {
  let newer = new Map<K, V>();
  let older = new Map<K, V>();
  let newerWeight = 0;
  const age = () => {
    older = newer;
    newer = new Map();
    newerWeight = 0;
  };
  const forget = () => {
    age();
    older = new Map();
  };
  recentMaps.push({ age: lifetime === 'sessions' ? age : () => {}, forget });
  const set = (key: K, value: V) => {
    if (newer.size >= max) age();
    if (weight !== undefined) {
      const valueWeight = weight.of(value);
      // A generation that would go over its weight ages first (a value heavier than the whole budget stays alone).
      if (newer.size > 0 && newerWeight + valueWeight > weight.max) age();
      newerWeight += valueWeight;
    }
    newer.set(key, value);
  };
  return {
    get(key) {
      const value = newer.get(key);
      if (value !== undefined || older.size === 0) return value;
      const kept = older.get(key);
      if (kept !== undefined) {
        older.delete(key);
        set(key, kept);
      }
      return kept;
    },
    set,
    get size() {
      return newer.size + older.size;
    },
  };
}

/**
 * Ages every {@link recentMap} whose lifetime is `'sessions'`: what was not used since the last call is forgotten at
 * the next. The runner calls it each time as many sessions as are in flight have been released, so the caches hold
 * the texts of the sessions in flight and those just before.
 */
export function ageTextCaches(): void {
  for (const map of recentMaps) map.age();
}

/** Empties every {@link recentMap}, both generations. */
export function forgetTextCaches(): void {
  for (const map of recentMaps) map.forget();
}

/**
 * A function that empties every {@link recentMap} on its `count`-th call: the runner calls it as each of the run's
 * `count` sessions is scored (or skipped), so the caches go once no scoring is left, before the last session's
 * reports, which ask for little of what they hold and work that out anew. A 4 M-token session's caches held about
 * 30 MB through its reports, where the run's memory peaks.
 */
export function forgetTextCachesAfter(count: number): () => void {
  let left = count;
  return () => {
    if (--left === 0) forgetTextCaches();
  };
}

/** A memoized function of a text, and what it remembers of a text without computing (undefined if nothing). */
export type Memoized<V> = ((text: string) => V) & { known(text: string): V | undefined };

/**
 * `compute`, remembered per text in a {@link recentMap} of up to `max` texts a generation, aged as `lifetime` says.
 * It computes on the text's own copy, the one kept as the key, so that parts of the text in the value hold no longer
 * string alive.
 */
export function memoizeByText<V>(
  compute: (text: string) => V,
  max: number,
  lifetime: Lifetime = 'sessions',
): Memoized<V> {
  const known = recentMap<string, V>(max, undefined, lifetime);
  const memoized = (text: string): V => {
    let value = known.get(text);
    if (value === undefined) {
      const own = ownCopy(text);
      value = compute(own);
      known.set(own, typeof value === 'string' ? (ownCopy(value) as V) : value);
    }
    return value;
  };
  return Object.assign(memoized, { known: (text: string) => known.get(text) });
}

/**
 * `compute`, remembered per text by a digest of it, in a {@link recentMap} of up to `max` texts a generation: for
 * long texts, which as keys would be held whole. A value must hold no part of the text (copy it: {@link ownCopy}).
 */
export function memoizeByDigest<V>(compute: (text: string) => V, max: number): Memoized<V> {
  const known = recentMap<string, V>(max);
  // A long text (a whole-transcript context) is hashed a piece at a time: its UTF-8 copy was 19 MB at once.
  const keyOf = (text: string) => digestOf('sha1', text, 'base64');
  const memoized = (text: string): V => {
    const key = keyOf(text);
    let value = known.get(key);
    if (value === undefined) {
      value = compute(text);
      known.set(key, value);
    }
    return value;
  };
  return Object.assign(memoized, { known: (text: string) => known.get(keyOf(text)) });
}
