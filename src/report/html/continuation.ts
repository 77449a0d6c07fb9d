/** The HTML report's continuation section: the table, and per step the real action beside each predicted one. */
import type { ResultsFile } from '../../results/types.ts';
import { continuationLead, continuationRows, stepRows } from '../continuation.ts';
import { escapeHtml } from './escape.ts';
import { htmlTable } from './tables.ts';

/** The section, or the empty string for a run without `--continuation`. */
export function continuationSection(results: ResultsFile, prefix: string): string {
  const table = continuationRows(results);
  if (!table) return '';
  const steps = stepRows(results);
  return [
    `<h3 id="${prefix}continuation">Continuation</h3>`,
    ...continuationLead(results).map((line) => `<p>${escapeHtml(line)}</p>`),
    `<div class="table-wrap">${htmlTable(table)}</div>`,
    ...(steps
      ? [`<h4>Real and predicted actions</h4>`, `<div class="table-wrap">${htmlTable(steps)}</div>`]
      : []),
  ].join('\n');
}
