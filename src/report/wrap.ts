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

/**
 * Help text fitted to `width`: a paragraph of prose with a line too long is reflowed at spaces; an example command
 * too long is continued on the next lines with ` \` (still one command to paste, a flag kept with its value), its
 * `# comment` moved to the line above it.
 */
export function wrapHelp(text: string, width: number): string {
  const out: string[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const example = /^(\s+)(compaction-bench\b.*?)(?:\s+# (.*))?$/.exec(line);
    if (columnsOf(line) <= width && !(isProse(line) && paragraphTooLong(lines, index, width))) out.push(line);
    else if (example) {
      const [, indent, command, comment] = example;
      if (comment !== undefined && columnsOf(line) > width)
        out.push(wrapLine(`${indent}# ${comment}`, width, 2));
      out.push(
        ...continued(comment !== undefined && columnsOf(line) > width ? `${indent}${command}` : line, width),
      );
    } else if (isProse(line)) {
      // The paragraph's lines as one, wrapped: lines wrapped for a wider page would otherwise leave stubs.
      let paragraph = line;
      while (index + 1 < lines.length && isProse(lines[index + 1]!)) paragraph += ` ${lines[++index]!}`;
      out.push(wrapLine(paragraph, width, 0));
    } else out.push(wrapLine(line, width, 0));
  }
  return out.join('\n');
}

/** A line of a prose paragraph: text from the first column, not a heading (`Examples:`). */
const isProse = (line: string) => /^\S/.test(line) && !/:$/.test(line);

/** Whether a line of the prose paragraph `index` is in is longer than `width`. */
function paragraphTooLong(lines: readonly string[], index: number, width: number): boolean {
  let start = index;
  while (start > 0 && isProse(lines[start - 1]!)) start--;
  for (let at = start; at < lines.length && isProse(lines[at]!); at++)
    if (columnsOf(lines[at]!) > width) return true;
  return false;
}

/** A command line split before its arguments to fit `width`, each line but the last ending in ` \`. */
function continued(line: string, width: number): string[] {
  if (columnsOf(line) <= width) return [line];
  const indent = /^\s*/.exec(line)![0];
  const words = line.trim().split(' ');
  // A flag and its value stay together.
  const units: string[] = [];
  for (const word of words) {
    const last = units.at(-1);
    if (last !== undefined && /^-/.test(last) && !last.includes(' ') && !/^-/.test(word) && units.length > 1)
      units[units.length - 1] = `${last} ${word}`;
    else units.push(word);
  }
  const result: string[] = [];
  let current = indent + units[0]!;
  for (const unit of units.slice(1)) {
    if (columnsOf(`${current} ${unit} \\`) > width) {
      result.push(`${current} \\`);
      current = `${indent}    ${unit}`;
    } else current = `${current} ${unit}`;
  }
  result.push(current);
  return result;
}
