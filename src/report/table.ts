/** Terminal tables (cli-table3) and Markdown tables from the same rows. */
import Table from 'cli-table3';

/** A table as header plus rows of cells. */
export type Rows = { head: string[]; rows: Array<Array<string | number>>; alignRight?: boolean[] };

/** A boxed terminal table. */
export function terminalTable({ head, rows, alignRight = [] }: Rows): string {
  const table = new Table({
    head,
    style: { head: [], border: [] },
    colAligns: head.map((_, column) => (alignRight[column] ? 'right' : 'left')),
  });
  for (const row of rows) table.push(row.map(String));
  return table.toString();
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
