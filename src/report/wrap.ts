/** Prose for the terminal, wrapped at word boundaries (a terminal breaks a long line mid-word). */

const ESCAPES = /\u001b\[[0-9;]*m/g;

/** Terminal columns a line takes: escape sequences take none. */
export function columnsOf(line: string): number {
  return [...line.replace(ESCAPES, '')].length;
}

/**
 * Each line of `text` wrapped to `width` columns at spaces, its continuations indented under its first word (past
 * its leading spaces and a `•` bullet), `hang` columns further; a word longer than the width stays whole.
 * Unchanged without a width.
 */
export function wrapProse(text: string, width: number | undefined, hang = 0): string {
  if (width === undefined) return text;
  return text
    .split('\n')
    .map((line) => wrapLine(line, width, hang))
    .join('\n');
}

function wrapLine(line: string, width: number, hang: number): string {
  if (columnsOf(line) <= width) return line;
  const lead = /^(\s*(?:• )?)/.exec(line)![1]!;
  const indent = ' '.repeat(columnsOf(lead) + hang);
  const words = line.slice(lead.length).split(' ');
  const lines: string[] = [];
  let current = lead;
  let empty = true;
  for (const word of words) {
    const candidate = empty ? current + word : `${current} ${word}`;
    if (!empty && columnsOf(candidate) > width) {
      lines.push(current);
      current = indent + word;
    } else {
      current = candidate;
    }
    empty = false;
  }
  lines.push(current);
  return lines.join('\n');
}
