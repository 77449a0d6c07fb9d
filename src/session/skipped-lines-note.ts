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
