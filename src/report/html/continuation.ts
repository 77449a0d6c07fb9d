/** The HTML report's continuation section: the table, and per step the real action beside each predicted one. */
import type { ResultsFile } from '../../results/types.ts';
import { continuationLead, continuationRows, cutRows, stepTables } from '../continuation.ts';
import { escapeHtml } from './escape.ts';
import { htmlTable } from './tables.ts';

/** The section, or the empty string for a run without `--continuation`. */
export function continuationSection(results: ResultsFile, prefix: string): string {
  const table = continuationRows(results);
  if (!table) return '';
  const perCut = cutRows(results);
  const steps = stepTables(results);
  const several = steps.length > 1 || perCut !== null;
  return [
    `<h3 id="${prefix}continuation">Continuation</h3>`,
    ...continuationLead(results).map((line) => `<p>${escapeHtml(line)}</p>`),
    `<div class="table-wrap">${htmlTable(table)}</div>`,
    ...(perCut ? [`<h4>Per cut</h4>`, `<div class="table-wrap">${htmlTable(perCut)}</div>`] : []),
    ...steps.flatMap(({ cut, table: rows }) => [
      `<h4>Real and predicted actions${several ? ` after message ${cut}` : ''}</h4>`,
      `<div class="table-wrap">${htmlTable(rows)}</div>`,
    ]),
  ].join('\n');
}
