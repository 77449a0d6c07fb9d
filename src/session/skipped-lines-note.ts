/** How the lines `--skip-invalid` skipped are named, for `inspect` and the notice `compare` and `check` print. */

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
