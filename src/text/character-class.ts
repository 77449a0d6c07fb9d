/**
 * A test of single characters against a character class, looked up rather than matched: the passes that use it read
 * every character of a text. ASCII answers come from a table, others are matched once and remembered.
 */

/** Whether a code point (or a UTF-16 code unit: a lone surrogate is its own string) is in `pattern`'s class. */
export function codePointTest(pattern: RegExp): (codePoint: number) => boolean {
  const ascii = Array.from({ length: 128 }, (_, code) => pattern.test(String.fromCharCode(code)));
  const other = new Map<number, boolean>();
  return (codePoint) => {
    if (codePoint < 128) return ascii[codePoint]!;
    let inClass = other.get(codePoint);
    if (inClass === undefined) {
      inClass = pattern.test(String.fromCodePoint(codePoint));
      other.set(codePoint, inClass);
    }
    return inClass;
  };
}
