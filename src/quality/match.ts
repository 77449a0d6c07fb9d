/** Text matching for probes and paths: robust to case, whitespace and Markdown, strict at word edges. */

// Line-level Markdown marks, removed before whitespace is folded (they need line starts).
const FENCE_LINE = /^[ \t]*(?:`{3,}|~{3,})[^\n]*$/gm;
// Horizontal rules (`---`, `***`, `===`) and table delimiter rows (`|---|:-:|`).
const RULE_LINE = /^[ \t]*(?:[-*_=][ \t]*){3,}$|^(?=[^\n]*\|)(?=[^\n]*-)[ \t|:-]+$/gm;
const HEADING_MARK = /^[ \t]{0,3}#{1,6}[ \t]+/gm;
const QUOTE_MARK = /^[ \t]*(?:>[ \t]?)+/gm;
const LIST_MARK = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm;
// `[text](target "title")` and images keep both the text and the target (the target is often a path).
const LINK = /!?\[([^\]\n]*)\]\(([^)\s]*)(?:[ \t]+"[^"\n]*")?\)/g;
// `\_` and friends: a Markdown escape is the character itself.
const ESCAPE = /\\([\\`*_{}[\]()#+\-.!|~<>])/g;
// `_emphasis_` only where underscores wrap text at word edges (inside, only `snake_case` underscores), so
// `snake_case` and `__init__.py` stay intact.
const UNDERSCORE_EMPHASIS =
  /(^|[^\p{L}\p{N}_])(_{1,3})([^\s_](?:(?:[^_\n]|(?<=[\p{L}\p{N}])_(?=[\p{L}\p{N}])){0,300}?[^\s_])?)\2(?=[^\p{L}\p{N}_.]|\.(?![\p{L}\p{N}])|$)/gmu;
const QUOTES = /["'‘’‚‛′“”„‟″«»]/g;
const DASHES = /[‐‑‒–—―−]/g;
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;
const WHITESPACE = /\s+/g;
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/**
 * Text folded for matching: Unicode-compatible forms, lowercase, Markdown marks (emphasis, code ticks, headings,
 * bullets, quotes, table pipes, link syntax) removed, every quote mark as `'`, every dash as `-`, all whitespace
 * folded to single spaces; letters, digits and path characters (`/ . _ -`) stay as they are.
 */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(FENCE_LINE, ' ')
    .replace(RULE_LINE, ' ')
    .replace(HEADING_MARK, '')
    .replace(QUOTE_MARK, '')
    .replace(LIST_MARK, '')
    .replace(LINK, '$1 $2')
    .replace(ESCAPE, '$1')
    .replaceAll('*', '')
    .replaceAll('`', '')
    .replaceAll('~~', '')
    .replace(UNDERSCORE_EMPHASIS, '$1$3')
    .replaceAll('|', ' ')
    .replace(QUOTES, "'")
    .replace(DASHES, '-')
    .toLowerCase()
    .replace(WHITESPACE, ' ')
    .trim();
}

function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && WORD_CHARACTER.test(character);
}

/**
 * Whether an already normalized needle occurs in a normalized haystack, at word edges: where the needle begins
 * (ends) with a letter, digit or `_`, the haystack character before (after) it must not be one.
 */
function containsNormalized(haystack: string, needle: string): boolean {
  if (needle.length === 0) return false;
  const checkStart = isWordCharacter(needle[0]);
  const checkEnd = isWordCharacter(needle[needle.length - 1]);
  let from = 0;
  for (;;) {
    const index = haystack.indexOf(needle, from);
    if (index < 0) return false;
    const startOk = !checkStart || !isWordCharacter(haystack[index - 1]);
    const endOk = !checkEnd || !isWordCharacter(haystack[index + needle.length]);
    if (startOk && endOk) return true;
    from = index + 1;
  }
}

/** The ways a needle may be written: itself, and a `./`-relative path without its `./`. */
function needleVariants(needle: string): string[] {
  const normalized = normalizeForMatch(needle);
  return normalized.startsWith('./') ? [normalized, normalized.slice(2)] : [normalized];
}

/** Whether `needle` (raw text, normalized here) occurs in a haystack already passed through {@link normalizeForMatch}. */
export function containsMatch(normalizedHaystack: string, needle: string): boolean {
  return needleVariants(needle).some((variant) => containsNormalized(normalizedHaystack, variant));
}

/** A text prepared once for many look-ups (a summary can be a whole transcript; there can be hundreds of probes). */
export type TextMatcher = {
  /** The normalized text. */
  readonly normalized: string;
  /** Whether the text contains this needle. */
  has(needle: string): boolean;
  /** Whether the text contains any of these needles (a probe's acceptable spellings). */
  hasAny(needles: readonly string[]): boolean;
};

const WORDS = /[\p{L}\p{N}_]+/gu;

/** Normalizes `text` once and answers look-ups against it. */
export function createMatcher(text: string): TextMatcher {
  const normalized = normalizeForMatch(text);
  // Every word of a needle is a whole word of the text wherever the needle matches (edges are word boundaries),
  // so a needle with a word the text lacks is a miss without scanning the text.
  let words: Set<string> | undefined;
  const mayContain = (variant: string) => {
    words ??= new Set(normalized.match(WORDS));
    for (const word of variant.match(WORDS) ?? []) if (!words.has(word)) return false;
    return true;
  };
  const has = (needle: string) =>
    needleVariants(needle).some((variant) => mayContain(variant) && containsNormalized(normalized, variant));
  return { normalized, has, hasAny: (needles) => needles.some(has) };
}
