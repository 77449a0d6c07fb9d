/** Terminal tables (cli-table3) and Markdown tables from the same rows. */
import Table from 'cli-table3';

/** A table as header plus rows of cells. */
export type Rows = { head: string[]; rows: Array<Array<string | number>>; alignRight?: boolean[] };

/** How a terminal table is drawn: bold headers when colour is on. */
export type TerminalStyle = { color?: boolean };

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
  for (const row of rows) table.push(row.map(String));
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

/** The widest line of a rendered table, in terminal columns (escape sequences take none). */
function widthOf(text: string): number {
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  return Math.max(...plain.split('\n').map((line) => [...line].length));
}

/**
 * The columns that fit `width`: the first column always, then the others by `rank` (most essential first),
 * each kept when the table still fits with it; shown in their original order. Returns the table and the
 * headers left out.
 */
export function fitColumns(
  rows: Rows,
  rank: readonly number[],
  width: number | undefined,
): { rows: Rows; omitted: string[] } {
  if (width === undefined) return { rows, omitted: [] };
  const order = rows.head.map((_, column) => column).slice(1);
  order.sort((a, b) => rank[a]! - rank[b]!);
  const kept = [0];
  for (const column of order) {
    const trial = [...kept, column].sort((a, b) => a - b);
    if (widthOf(terminalTable(pick(rows, trial))) <= width) kept.splice(0, kept.length, ...trial);
  }
  const omitted = rows.head.filter((_, column) => !kept.includes(column));
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
