/** Terminal tables (cli-table3) and Markdown tables from the same rows. */
import Table from 'cli-table3';
import { painted } from './paint.ts';

/** A table as header plus rows of cells. */
export type Rows = { head: string[]; rows: Array<Array<string | number>>; alignRight?: boolean[] };

/** How a terminal table is drawn: bold headers when colour is on, and rows painted (green, red) by index. */
export type TerminalStyle = { color?: boolean; paint?: ReadonlyMap<number, 'green' | 'red'> };

// A frame around the table and no rule between rows (cli-table3 draws the header's rule with the same
// characters): rows stay one line each, and the header stands out in bold where colour is on.
const NO_ROW_RULES = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

const bold = (text: string) => `\u001b[1m${text}\u001b[22m`;

/** A boxed terminal table. */
export function terminalTable({ head, rows, alignRight = [] }: Rows, style: TerminalStyle = {}): string {
  const table = new Table({
    head: style.color ? head.map(bold) : head,
    chars: NO_ROW_RULES,
    style: { head: [], border: [] },
    colAligns: head.map((_, column) => (alignRight[column] ? 'right' : 'left')),
  });
  for (const [index, row] of rows.entries()) {
    const color = style.color ? style.paint?.get(index) : undefined;
    table.push(row.map((cell) => (color ? painted(String(cell), color) : String(cell))));
  }
  return table.toString();
}

/** The columns of a table by index. */
function pick(rows: Rows, columns: readonly number[]): Rows {
  return {
    head: columns.map((column) => rows.head[column]!),
    rows: rows.rows.map((row) => columns.map((column) => row[column]!)),
    alignRight: columns.map((column) => rows.alignRight?.[column] ?? false),
  };
}

/** The widest line of a text, in characters (escape sequences take none). */
function widestLine(text: string): number {
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  return Math.max(...plain.split('\n').map((line) => [...line].length));
}

/**
 * How wide {@link terminalTable} draws `rows`, in characters, without drawing it: each column as wide as its widest
 * line (header or cell) and a space either side, a border before each column and after the last. Drawing the table
 * to measure it was most of the time a compare spends on its terminal output (a whole table drawn twice and every
 * column once, after the last answer).
 */
export function drawnWidth({ head, rows }: Rows): number {
  let width = head.length + 1;
  for (const [column, heading] of head.entries())
    width += 2 + Math.max(widestLine(heading), ...rows.map((row) => widestLine(String(row[column]!))));
  return width;
}

/**
 * A header wrapped at its spaces to the width of its column's widest cell (or its longest word); a bracketed part
 * (`[95% CI]`) stays on one line.
 */
function wrapHead(head: string, cells: ReadonlyArray<string | number>): string {
  const words = head.match(/\[[^\]]*\]|\([^)]*\)|\S+/g) ?? [head];
  const width = Math.max(
    ...cells.map((cell) => [...String(cell)].length),
    ...words.map((word) => [...word].length),
  );
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && [...`${last} ${word}`].length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.join('\n');
}

/** The rows with every header wrapped to its column's width: a narrow terminal's headers take lines, not columns. */
function wrappedHeads(rows: Rows): Rows {
  return {
    ...rows,
    head: rows.head.map((head, column) =>
      wrapHead(
        head,
        rows.rows.map((row) => row[column]!),
      ),
    ),
  };
}

/**
 * The columns that fit `width`: the first column always, then the others by `rank` (most essential first),
 * each kept when the table still fits with it; shown in their original order. When the whole table does not fit,
 * headers wrap onto lines first. Returns the table and the headers left out.
 */
export function fitColumns(
  given: Rows,
  rank: readonly number[],
  width: number | undefined,
): { rows: Rows; omitted: string[] } {
  if (width === undefined || drawnWidth(given) <= width) return { rows: given, omitted: [] };
  const rows = wrappedHeads(given);
  const order = rows.head.map((_, column) => column).slice(1);
  order.sort((a, b) => rank[a]! - rank[b]!);
  // A table is as wide as its columns alone, less the border they share.
  const alone = rows.head.map((_, column) => drawnWidth(pick(rows, [column])) - 1);
  const widthWith = (columns: readonly number[]) =>
    1 + columns.reduce((sum, column) => sum + alone[column]!, 0);
  const kept = [0];
  for (const column of order) {
    const trial = [...kept, column].sort((a, b) => a - b);
    if (widthWith(trial) <= width) kept.splice(0, kept.length, ...trial);
  }
  const omitted = given.head.filter((_, column) => !kept.includes(column));
  return { rows: pick(rows, kept), omitted };
}

/** A GitHub-flavoured Markdown table; pipes in cells are escaped. */
export function markdownTable({ head, rows, alignRight = [] }: Rows): string {
  const cell = (value: string | number) => String(value).replaceAll('|', '\\|').replaceAll('\n', ' ');
  const lines = [
    `| ${head.map(cell).join(' | ')} |`,
    `| ${head.map((_, column) => (alignRight[column] ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
  return lines.join('\n');
}

/**
 * A list in a PR comment: the first `shown` lines, the rest folded under a `<details>` that names how many (GitHub
 * opens it on a click), so the comment stays short and nothing is cut.
 */
export function folded(lines: readonly string[], shown: number, what: string): string[] {
  if (lines.length <= shown) return [...lines];
  return [
    ...lines.slice(0, shown),
    '',
    `<details><summary>${lines.length - shown} ${what}</summary>`,
    '',
    ...lines.slice(shown),
    '',
    '</details>',
  ];
}
