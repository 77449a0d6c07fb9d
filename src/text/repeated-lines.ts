/**
 * How much of a long text is lines it holds more than once: a long session's transcript and its masked or pruned
 * copies repeat lines (a file read again, a test run's output, a placeholder for each output masked), and a text
 * mostly of such lines is read a distinct line at a time, where reading every line through a memo would cost more
 * than it saves on a text whose lines are all different.
 */

/** The share of `length` characters in `lines` that come again after their first time, a line break each counted. */
export function repeatedShare(lines: Iterable<string>, length: number): number {
  if (length === 0) return 0;
  const seen = new Set<string>();
  let repeated = 0;
  for (const line of lines) {
    if (seen.has(line)) repeated += line.length + 1;
    else seen.add(line);
  }
  return repeated / length;
}

/** From this share of repeated characters a long text's lines are read through a memo of the lines read. */
export const MOSTLY_REPEATED = 0.5;
