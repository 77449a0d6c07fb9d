/** A continuation replay as the terminal prints it: its verdict, then its table fitted to the width. */
import { continuationVerdict } from './continuation-verdict.ts';
import { continuationRows } from './continuation.ts';
import type { ResultsFile } from '../results/types.ts';
import { fitColumns, type Rows, terminalTable } from './table.ts';
import { renderVerdictTerminal, standingOf } from './verdict-text.ts';
import { wrapProse } from './wrap.ts';

/** The terminal's width and whether it wants colour (as `TerminalOptions` of the comparison). */
type Terminal = { width?: number | undefined; color?: boolean };

// What a narrow terminal keeps first: the strategy, what it is ranked by, the verdict, then the rest.
const RANKS: ReadonlyArray<[RegExp, number]> = [
  [/^strategy$/, 0],
  [/^L2$/, 1],
  [/^grounded/, 2],
  [/^Verdict$/, 3],
  [/^L1$/, 4],
  [/^conversation-only/, 5],
  [/^L0$/, 6],
  [/^L3/, 7],
  [/^normalised/, 8],
  [/^cuts$/, 9],
  [/^steps$/, 10],
  [/^rehydrate$/, 11],
];

/** The continuation verdict's lines, headed so, for the top of a session's output; empty without a replay. */
export function renderContinuationVerdictTerminal(results: ResultsFile, terminal: Terminal = {}): string {
  const verdict = continuationVerdict(results);
  if (!verdict) return '';
  return renderVerdictTerminal(verdict, terminal.width, 'Continuation verdict');
}

/** The continuation table with a Verdict column, fitted to the width (the recommended row green); empty without one. */
export function renderContinuationTableTerminal(results: ResultsFile, terminal: Terminal = {}): string {
  const table = continuationRows(results);
  const verdict = continuationVerdict(results);
  if (!table || !verdict) return '';
  const byName = new Map(results.strategies.map((strategy) => [strategy.name, strategy]));
  const rows: Rows = {
    head: [...table.head, 'Verdict'],
    rows: table.rows.map((row) => {
      const strategy = byName.get(String(row[0]));
      const standing = strategy
        ? standingOf(verdict, {
            name: strategy.name,
            failed: strategy.status === 'error',
            lexical: strategy.lexical,
            flagged: strategy.flags.length > 0,
            scored: strategy.continuation !== undefined,
          })
        : '';
      return [...row, standing];
    }),
    alignRight: [...(table.alignRight ?? []), false],
  };
  const ranks = rows.head.map((head) => RANKS.find(([pattern]) => pattern.test(head))?.[1] ?? 20);
  const fitted = fitColumns(rows, ranks, terminal.width);
  const recommended = rows.rows.findIndex((row) => row[0] === verdict.recommended?.name);
  return [
    wrapProse('Continuation — the next steps after the cut (docs/continuation.md):', terminal.width),
    terminalTable(fitted.rows, {
      color: terminal.color ?? false,
      paint: new Map(recommended < 0 ? [] : [[recommended, 'green' as const]]),
    }),
    ...(fitted.omitted.length > 0
      ? [wrapProse(`  (${fitted.omitted.join(', ')} in the Markdown and HTML reports)`, terminal.width)]
      : []),
  ].join('\n');
}
