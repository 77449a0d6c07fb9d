import { recentMap } from './text-cache.ts';

/** Escapes text for a regular expression, so it matches itself literally. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
