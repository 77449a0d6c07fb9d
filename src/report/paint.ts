/** Colour for a terminal that wants it: green for what passed or is recommended, red for what failed. */

const CODES = { green: ['\u001b[32m', '\u001b[39m'], red: ['\u001b[31m', '\u001b[39m'] } as const;

/** Text in green or red. */
export function painted(text: string, color: 'green' | 'red'): string {
  const [open, close] = CODES[color];
  return `${open}${text}${close}`;
}

/**
 * A check's or a gate's text with its marks coloured: a leading PASS green, a leading FAIL and every ✗ red; the
 * text itself unchanged without colour.
 */
export function paintVerdictMarks(text: string, color: boolean): string {
  if (!color) return text;
  return text
    .replace(/^PASS\b/gm, painted('PASS', 'green'))
    .replace(/^FAIL\b/gm, painted('FAIL', 'red'))
    .replaceAll('✗', painted('✗', 'red'));
}
