/**
 * A probe's spelling with one number in it ("port 8080", "30 s", "512Mi") and what another value in its place looks
 * like ("port 6379", "60 s", "4Gi"): the number a facet is opposed by (probe-reading.ts).
 */
import { canonicalText } from './match.ts';
import { escapeRegExp, sharedRegExp } from '../text/regexp.ts';
import { ownCopy } from '../text/text-cache.ts';

/** A spelling with one number in it, and what another value in its place looks like. */
export type NumberSpelling = {
  /**
   * Matches the spelling with any number (and, for a unit, any unit of its kind) in the canonical text; compiled
   * when first read (most contexts are searched by {@link source} alone).
   */
  readonly pattern: RegExp;
  /** The pattern's source (its flags are `gu`). */
  source: string;
  /** What every match starts with, right before its number (the spelling's canonical text before the number). */
  prefix: string;
  /** What a match has right after its digits (match.ts's `NumberPattern`): a unit then the words after, or those. */
  followers: readonly string[];
  /** The spelling's own value, in the unit kind's base unit. */
  value: number;
  /** Reads a match's value in the same base unit. */
  valueOf(match: string): number | undefined;
};

// Units of one kind, with their size in the kind's base unit (canonical spellings, as the matcher folds them).
const UNIT_KINDS: ReadonlyArray<Record<string, number>> = [
  { kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30, tib: 2 ** 40, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12 },
  { ms: 0.001, s: 1, min: 60, h: 3600, d: 86_400 },
  { '%': 1 },
];
const NUMBER = /(?<![\p{L}\p{N}_.\-/:#@$])(\d+(?:\.\d+)?)(%|[a-z]+)?(?![\p{L}\p{N}_])/gu;

/** The spelling with another number in its place, when it has exactly one number. */
export function numberSpelling(spelling: string): NumberSpelling | undefined {
  const canonical = canonicalText(spelling);
  const numbers = [...canonical.matchAll(NUMBER)];
  if (numbers.length !== 1) return undefined;
  const [match] = numbers as [RegExpExecArray];
  const unit = match[2] ?? '';
  const kind = UNIT_KINDS.find((units) => unit in units);
  // A suffix that is no unit is part of the words after the number ("3 retries" has no unit; "4xx" is a name).
  if (unit && !kind) return undefined;
  const prefix = canonical.slice(0, match.index);
  const suffix = canonical.slice(match.index + match[0].length);
  const units = kind ? `(${Object.keys(kind).map(escapeRegExp).join('|')})` : '()';
  // A plural is the same word ("1 cent" and "2 cents").
  const rest = /[a-z]$/.test(suffix) ? `${escapeRegExp(suffix)}s?` : escapeRegExp(suffix);
  const edge = prefix ? '(?<![\\p{L}\\p{N}_])' : '(?<![\\p{L}\\p{N}_.\\-/:#@$])';
  const source = `${edge}${escapeRegExp(prefix)}(\\d+(?:\\.\\d+)?)${units}${rest}(?![\\p{L}\\p{N}_])`;
  const size = (unitName: string) => (kind ? (kind[unitName] ?? Number.NaN) : 1);
  // A context states the same few values again and again ("30s"): each read once.
  const values = new Map<string, number | undefined>();
  return {
    get pattern() {
      return sharedRegExp(source, 'gu');
    },
    source,
    prefix,
    followers: kind ? Object.keys(kind).map((name) => `${name}${suffix}`) : suffix ? [suffix] : [],
    value: Number(match[1]) * size(unit),
    valueOf(text) {
      if (values.has(text)) return values.get(text);
      // The match itself is the text: the pattern's first match in it starts at 0, so the sticky form of the
      // look-ups (compiled once for both) finds the same one.
      const valuePattern = sharedRegExp(source, 'uy');
      valuePattern.lastIndex = 0;
      const found = valuePattern.exec(text);
      const value = found ? Number(found[1]) * size(found[2] ?? '') : undefined;
      // A string of its own: the match is a slice of the whole context.
      values.set(ownCopy(text), value);
      return value;
    },
  };
}

/** One of each pattern: `30 s` and `30 seconds` read the same. */
export function distinctPatterns(numbers: NumberSpelling[]): NumberSpelling[] {
  const seen = new Set<string>();
  return numbers.filter(({ source, value }) => {
    const key = `${source} ${value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
