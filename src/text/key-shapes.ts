/** What an API key looks like, for the write guard and for masking keys in a transcript before anything reads it. */

// Where a key can start: at a word boundary, or right after a JSON or C escape (`\n`, `\t`, …), where the escape's
// letter is a word character and `\b` alone let a key at a line's start through the write guard of every JSON file.
const KEY_START = String.raw`(?:\b|(?<=\\[nrtbfv]))`;

/**
 * Key shapes, most specific first so a message names the right kind. The body length (20+) keeps words like
 * `sk-learn` and short placeholders such as `sk-test-123` in transcripts from counting as keys.
 */
export const KEY_SHAPES: readonly { pattern: RegExp; shown: string; masked: string }[] = [
  { pattern: new RegExp(`${KEY_START}sk-ant-[A-Za-z0-9_-]{20,}`), shown: 'sk-ant-…', masked: 'sk-ant-***' },
  {
    pattern: new RegExp(`${KEY_START}sk-proj-[A-Za-z0-9_-]{20,}`),
    shown: 'sk-proj-…',
    masked: 'sk-proj-***',
  },
  {
    pattern: new RegExp(`${KEY_START}sk-(?:svcacct|admin)-[A-Za-z0-9_-]{20,}`),
    shown: 'sk-…',
    masked: 'sk-***',
  },
  { pattern: new RegExp(`${KEY_START}sk-[A-Za-z0-9]{20,}`), shown: 'sk-…', masked: 'sk-***' },
];

// Each shape without its leading word boundary, tried at one `sk-` (the boundary is checked by hand).
const STICKY_SHAPES = KEY_SHAPES.map((shape) => ({
  shape,
  pattern: new RegExp(shape.pattern.source.slice(KEY_START.length), 'y'),
}));

/**
 * The first of {@link KEY_SHAPES} (in their order) that `text` holds anywhere, or undefined: what `pattern.test`
 * over each shape answers, found by trying the shapes only where `sk-` starts a word. Reports and prompts hold
 * `sk-` often inside words (`task-2`, `disk-usage`), where running every pattern over the whole text cost a
 * compare's reports tens of milliseconds.
 */
export function firstKeyShape(text: string): (typeof KEY_SHAPES)[number] | undefined {
  let first: number | undefined;
  // Found by its `k-`: a search for a string stops at each place its first character occurs, and `s` is one of the
  // commonest letters of any text (`sk-` cost a page 4 times what `k-` does).
  for (let found = text.indexOf('k-', 1); found !== -1; found = text.indexOf('k-', found + 2)) {
    if (text.charCodeAt(found - 1) !== S) continue;
    const at = found - 1;
    if (at > 0 && WORD_CHARACTER.test(text[at - 1]!) && !afterEscape(text, at)) continue;
    for (const [index, { pattern }] of STICKY_SHAPES.entries()) {
      if (first !== undefined && index >= first) break;
      pattern.lastIndex = at;
      if (pattern.test(text)) first = index;
    }
    if (first === 0) break;
  }
  return first === undefined ? undefined : KEY_SHAPES[first];
}

// The character code of `s`.
const S = 0x73;

// What `\b` counts as a word character (no `u` flag): a key shape's `sk-` after one is inside a word.
const WORD_CHARACTER = /\w/;

/** Whether `at` follows an escape such as `\n` ({@link KEY_START}'s second way for a key to start). */
const afterEscape = (text: string, at: number): boolean =>
  at >= 2 && text[at - 2] === '\\' && 'nrtbfv'.includes(text[at - 1]!);

const GLOBAL_SHAPES = KEY_SHAPES.map((shape) => ({
  ...shape,
  pattern: new RegExp(shape.pattern.source, 'g'),
}));

/** `text` with each key-shaped string replaced by its prefix and `***`, and how many were; the same string when none. */
export function maskKeyShapes(text: string): { text: string; masked: number } {
  // Every shape starts a word with `sk-`: most texts are passed over without running a pattern over them.
  if (firstKeyShape(text) === undefined) return { text, masked: 0 };
  let masked = 0;
  let result = text;
  for (const { pattern, masked: replacement } of GLOBAL_SHAPES) {
    pattern.lastIndex = 0;
    if (!pattern.test(result)) continue;
    pattern.lastIndex = 0;
    result = result.replace(pattern, () => {
      masked++;
      return replacement;
    });
  }
  return masked === 0 ? { text, masked: 0 } : { text: result, masked };
}
