/** What loading changed in a transcript (lines `--skip-invalid` skipped, keys masked), for `inspect` and the notices `compare` and `check` print. */

// Enough to find the first few; the rest are counted.
const NAMED_LINES = 5;

/** `2 invalid lines (line 3: reason; line 9: reason)`: the lines skipped, the first few with why. */
export function describeSkippedLines(skipped: ReadonlyArray<{ line: number; reason: string }>): string {
  const where = skipped
    .slice(0, NAMED_LINES)
    .map((skip) => `line ${skip.line}: ${skip.reason}`)
    .join('; ');
  const noun = skipped.length === 1 ? 'invalid line' : 'invalid lines';
  return `${skipped.length} ${noun} (${where}${skipped.length > NAMED_LINES ? '; …' : ''})`;
}

/**
 * `F: --skip-invalid skipped 1 invalid line (line 4: …)`, undefined when none was: skipped lines change what is
 * measured, so a run says so where the measuring happens, not only `inspect`.
 */
export function skippedLinesNote(
  file: string,
  skipped: ReadonlyArray<{ line: number; reason: string }>,
): string | undefined {
  return skipped.length === 0
    ? undefined
    : `${file}: --skip-invalid skipped ${describeSkippedLines(skipped)}`;
}

/**
 * `F: masked 3 key-shaped strings (sk-…) as it was loaded: …`, undefined when none was: the figures are of the
 * masked session, and the user should know why a quoted key reads `sk-ant-***`.
 */
export function maskedKeysNote(file: string, masked: number | undefined): string | undefined {
  if (!masked) return undefined;
  const noun = masked === 1 ? 'key-shaped string' : 'key-shaped strings';
  return `${file}: masked ${masked} ${noun} (sk-…) as it was loaded: no prompt, record or report carries them`;
}
