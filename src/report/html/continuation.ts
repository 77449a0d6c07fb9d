/** The HTML report's continuation section: the table, and per step the real action beside each predicted one. */
import type { ResultsFile } from '../../results/types.ts';
import { continuationVerdict } from '../continuation-verdict.ts';
import { continuationLead, continuationRows, cutRows, stepTables } from '../continuation.ts';
import { type StrategyAnchor, verdictHtml } from './verdict.ts';
import { escapeHtml } from './escape.ts';
import type { Rows } from '../table.ts';
import { type ChartStyle, chartStyle } from './plots.ts';
import { htmlTable, strategyTable } from './tables.ts';

/** Headers as the page's other tables write them: capitalised (the Markdown's are lower case). */
function capitalised(rows: Rows): Rows {
  return { ...rows, head: rows.head.map((cell) => cell.charAt(0).toUpperCase() + cell.slice(1)) };
}

/**
 * The section, or the empty string for a run without `--continuation`: its verdict (with `anchor`, linked to the
 * strategies' details), where the cut was, the tables. `heading` is its level: a section of its own at the top of a
 * session's page, a part of each target's in a sweep.
 */
export function continuationSection(
  results: ResultsFile,
  prefix: string,
  anchor: StrategyAnchor = () => null,
  heading: 'h2' | 'h3' = 'h3',
  chart: ChartStyle = chartStyle(
    results.strategies.map((strategy) => strategy.name),
    null,
  ),
): string {
  const table = continuationRows(results);
  if (!table) return '';
  const perCut = cutRows(results);
  const steps = stepTables(results);
  const several = steps.length > 1 || perCut !== null;
  const verdict = continuationVerdict(results);
  return [
    `<${heading} id="${prefix}continuation">Continuation: the next steps after the cut</${heading}>`,
    ...(verdict
      ? [verdictHtml(verdict, anchor, `${prefix}continuation-verdict`, 'Continuation verdict')]
      : []),
    ...continuationLead(results).map((line) => `<p>${escapeHtml(line)}</p>`),
    strategyTable(
      capitalised(table),
      table.rows.map((row) => String(row[0])),
      { ...chart, recommended: verdict?.recommended?.name ?? null },
    ),
    ...(perCut
      ? [`<h4>Per cut</h4>`, `<div class="table-wrap">${htmlTable(capitalised(perCut))}</div>`]
      : []),
    ...steps.flatMap(({ cut, table: rows }) => [
      `<h4>Real and predicted actions${several ? ` after message ${cut}` : ''}</h4>`,
      `<div class="table-wrap">${htmlTable(capitalised(rows))}</div>`,
    ]),
  ].join('\n');
}
