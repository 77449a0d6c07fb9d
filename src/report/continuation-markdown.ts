/** `F-continuation.md`: a continuation replay's verdict, where the cut was, and its tables. */
import type { ResultsFile } from '../results/types.ts';
import { continuationVerdict } from './continuation-verdict.ts';
import {
  continuationCutLine,
  continuationLead,
  continuationRows,
  cutRows,
  stepTables,
} from './continuation.ts';
import { markdownTable } from './table.ts';
import { renderVerdictMarkdown } from './verdict-text.ts';

/** `F-continuation.md`: the continuation tables of one fixture; null when it ran without `--continuation`. */
export function renderContinuationMarkdown(results: ResultsFile): string | null {
  const table = continuationRows(results);
  if (!table) return null;
  const perCut = cutRows(results);
  const steps = stepTables(results);
  const several = steps.length > 1 || perCut !== null;
  const verdict = continuationVerdict(results);
  const cut = continuationCutLine(results);
  return [
    `# Continuation: ${results.fixture.name}`,
    '',
    ...(verdict ? renderVerdictMarkdown(verdict, { timings: verdict.timed }) : []),
    ...(cut ? [cut, ''] : []),
    ...continuationLead(results).flatMap((line) => [line, '']),
    markdownTable(table),
    ...(perCut ? ['', '## Per cut', '', markdownTable(perCut)] : []),
    ...steps.flatMap(({ cut, table: rows }) => [
      '',
      several ? `## Real and predicted actions after message ${cut}` : '## Real and predicted actions',
      '',
      markdownTable(rows),
    ]),
    '',
  ].join('\n');
}
