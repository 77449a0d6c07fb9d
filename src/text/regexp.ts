import { recentMap } from './text-cache.ts';

/** Escapes text for a regular expression, so it matches itself literally. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern that matches a text exactly where one of `words` occurs in it: `anyOfWords(words).test(text)` is
 * `words.some((word) => text.includes(word))` (no flags, so it keeps no `lastIndex`), read in one pass.
 */
export function anyOfWords(words: readonly string[]): RegExp {
  // No words: a pattern that matches nowhere (an empty one would match everywhere).
  return words.length === 0 ? /(?!)/ : new RegExp(words.map(escapeRegExp).join('|'));
}

// Patterns built from data (a probe's spellings), kept while in use: a pattern with Unicode property classes takes
// about 0.2 ms to compile, and V8's own cache of compiled patterns is emptied by its garbage collections, so the
// same pattern built again for each context of each session was compiled again each time.
const compiled = recentMap<string, RegExp>(2_000);

/**
 * `new RegExp(source, flags)`, one object per source and flags while it is in use (a generation of the text
 * caches). The object is shared: a caller of a global or sticky one sets `lastIndex` before each use.
 */
export function sharedRegExp(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let pattern = compiled.get(key);
  if (pattern === undefined) {
    pattern = new RegExp(source, flags);
    compiled.set(key, pattern);
  }
  return pattern;
}
