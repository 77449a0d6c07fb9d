/** What an API key looks like, for the write guard and for masking keys in a transcript before anything reads it. */

/**
 * Key shapes, most specific first so a message names the right kind. The body length (20+) keeps words like
 * `sk-learn` and short placeholders such as `sk-test-123` in transcripts from counting as keys.
 */
export const KEY_SHAPES: readonly { pattern: RegExp; shown: string; masked: string }[] = [
  { pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/, shown: 'sk-ant-…', masked: 'sk-ant-***' },
  { pattern: /\bsk-proj-[A-Za-z0-9_-]{20,}/, shown: 'sk-proj-…', masked: 'sk-proj-***' },
  { pattern: /\bsk-(?:svcacct|admin)-[A-Za-z0-9_-]{20,}/, shown: 'sk-…', masked: 'sk-***' },
  { pattern: /\bsk-[A-Za-z0-9]{20,}/, shown: 'sk-…', masked: 'sk-***' },
];

const GLOBAL_SHAPES = KEY_SHAPES.map((shape) => ({
  ...shape,
  pattern: new RegExp(shape.pattern.source, 'g'),
}));

/** `text` with each key-shaped string replaced by its prefix and `***`, and how many were; the same string when none. */
export function maskKeyShapes(text: string): { text: string; masked: number } {
  // Every shape starts with `sk-`: most texts are passed over without running a pattern.
  if (!text.includes('sk-')) return { text, masked: 0 };
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
