/**
 * An index of where words start in a long match form, bucketed by their first characters, so that a look-up
 * checks the few places a needle can start instead of scanning the whole text: a transcript of millions of
 * characters is searched for thousands of probe spellings and paths.
 */

import { isWordCharacter, matchForm } from './match-form.ts';
import { ownCopy } from '../text/text-cache.ts';

/** One way a needle may be written, prepared once for every text it is looked for in. */
export type NeedleForm = {
  /** The needle's match form. */
  text: string;
  /** It names a path: path characters may not touch it. */
  path: boolean;
  /** It starts (ends) with a word character: a word character may not touch it there. */
  checkStart: boolean;
  checkEnd: boolean;
};

/** A needle's {@link NeedleForm}, from its canonical text (match.ts). */
export function needleForm(canonical: string): NeedleForm {
  // A string of its own: a form outlives the text its needle may have been sliced from.
  const text = ownCopy(matchForm(canonical).text);
  return {
    text,
    path: isPathNeedle(canonical),
    checkStart: isWordCharacter(text[0]),
    checkEnd: isWordCharacter(text[text.length - 1]),
  };
}

/** Whether a needle names a path: a `/` in it, or a file name with an extension. */
function isPathNeedle(needle: string): boolean {
  return needle.includes('/') || /^[\p{L}\p{N}_.-]+\.[\p{L}\p{N}]{1,8}$/u.test(needle);
}

/** Needles are looked up by this many first characters; shorter ones are scanned for. */
export const KEY_CHARACTERS = 4;
// Buckets of a long text's index; a short text's has about two per word start, at least 2^MIN_BUCKET_BITS.
const BUCKET_BITS = 18;
const MIN_BUCKET_BITS = 8;

/** Places in a text where a needle may start, by its first characters. */
export type NeedleIndex = {
  /** The offsets, ascending, where a needle of at least {@link KEY_CHARACTERS} characters may start. */
  candidates(needle: string): Int32Array;
};

/** The bucket of the key at `at`, one of 2^`bits`. */
function bucketOf(text: string, at: number, bits: number): number {
  let hash = 0;
  for (let index = at; index < at + KEY_CHARACTERS; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x9e3779b1);
  }
  return hash >>> (32 - bits);
}

/**
 * Indexes `starts` (ascending offsets of `text`) by the characters at each. A long text's index has a fixed 2^18
 * buckets; a short one's (`sized`: a summary, searched for every spelling of its session's probes) about two per
 * start, so that building it costs about as much as one scan of the text.
 */
export function createNeedleIndex(text: string, starts: Int32Array, sized = false): NeedleIndex {
  // Starts ascend, so those with a whole key after them are a prefix: a view, not a copy.
  let count = starts.length;
  while (count > 0 && starts[count - 1]! + KEY_CHARACTERS > text.length) count--;
  const usable = starts.subarray(0, count);
  const bits = sized
    ? Math.min(BUCKET_BITS, Math.max(MIN_BUCKET_BITS, 32 - Math.clz32(usable.length) + 1))
    : BUCKET_BITS;
  const buckets = 1 << bits;
  const first = new Int32Array(buckets + 1);
  for (let index = 0; index < usable.length; index++) {
    const bucket = bucketOf(text, usable[index]!, bits);
    first[bucket + 1] = first[bucket + 1]! + 1;
  }
  for (let bucket = 0; bucket < buckets; bucket++) first[bucket + 1] = first[bucket + 1]! + first[bucket]!;
  // Counting sort by bucket; offsets stay ascending within a bucket. Buckets are computed again rather than
  // kept: an array of them is as large as the index itself.
  const sorted = new Int32Array(usable.length);
  const next = first.slice(0, buckets);
  for (let index = 0; index < usable.length; index++) {
    const bucket = bucketOf(text, usable[index]!, bits);
    sorted[next[bucket]!] = usable[index]!;
    next[bucket] = next[bucket]! + 1;
  }
  return {
    candidates(needle) {
      const bucket = bucketOf(needle, 0, bits);
      return sorted.subarray(first[bucket]!, first[bucket + 1]!);
    },
  };
}
