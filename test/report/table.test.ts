import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { terminalWidth, wantsColor } from '../../src/commands/terminal.ts';
import { drawnWidth, fitColumns, type Rows, terminalTable } from '../../src/report/table.ts';

const ROWS: Rows = {
  head: ['Strategy', 'Input Tokens', 'Probe Recall', 'Tokens After', 'Compression'],
  rows: [
    ['single-shot', '107,192', '0.99', '9,448', '0.061'],
    ['sequential-rolling', '143,141', '0.75', '3,990', '0.026'],
  ],
  alignRight: [false, true, true, true, true],
};
// Probe recall first, then tokens after, compression, input tokens.
const RANK = [0, 13, 1, 3, 12];
const widest = (text: string) => Math.max(...text.split('\n').map((line) => [...line].length));

describe('terminal table', () => {
  it('has no rule between rows: one line per row, plus the header and the frame', () => {
    const lines = terminalTable(ROWS).split('\n');
    assert.equal(lines.length, ROWS.rows.length + 3);
    assert.equal(lines.filter((line) => line.startsWith('├')).length, 0);
  });

  it('keeps every column when it fits, or when there is no terminal', () => {
    assert.deepEqual(fitColumns(ROWS, RANK, 200).omitted, []);
    assert.deepEqual(fitColumns(ROWS, RANK, undefined).omitted, []);
  });

  it('wraps the headers before it drops a column', () => {
    const fitted = fitColumns(ROWS, RANK, 64);
    assert.deepEqual(fitted.omitted, []);
    assert.deepEqual(fitted.rows.head, [
      'Strategy',
      'Input\nTokens',
      'Probe\nRecall',
      'Tokens\nAfter',
      'Compression',
    ]);
    assert.ok(widest(terminalTable(fitted.rows)) <= 64);
    // With room, headers stay on one line.
    assert.deepEqual(fitColumns(ROWS, RANK, 100).rows.head, ROWS.head);
  });

  it('drops the least essential columns first to fit the width, and names them', () => {
    const width = 48;
    const fitted = fitColumns(ROWS, RANK, width);
    assert.deepEqual(fitted.rows.head, ['Strategy', 'Probe\nRecall', 'Tokens\nAfter']);
    assert.deepEqual(fitted.omitted, ['Input Tokens', 'Compression']);
    assert.ok(widest(terminalTable(fitted.rows)) <= width);
    assert.deepEqual(fitted.rows.rows[1], ['sequential-rolling', '0.75', '3,990']);
  });

  it('knows how wide a table is drawn without drawing it, painted or not', () => {
    // The characters the terminal renderers put in cells, a wrapped header, an empty cell, a number, a painted row.
    const marks = [
      '–',
      '−',
      '…',
      '×',
      '✗',
      '—',
      '→',
      '½',
      '±',
      '·',
      'Σ',
      '‡',
      '⊘',
      '≤',
      '•',
      '²',
      '✓',
      '†',
      'Δ',
      '≥',
      '∞',
    ];
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % below;
    };
    const word = () =>
      Array.from({ length: 1 + next(9) }, () =>
        next(4) === 0 ? marks[next(marks.length)]! : String.fromCharCode(97 + next(26)),
      ).join('');
    for (let table = 0; table < 200; table++) {
      const columns = 1 + next(6);
      const rows: Rows = {
        head: Array.from({ length: columns }, () => (next(3) === 0 ? `${word()}\n${word()}` : word())),
        rows: Array.from({ length: next(5) }, () =>
          Array.from({ length: columns }, () =>
            next(5) === 0 ? next(100_000) : next(6) === 0 ? '' : word(),
          ),
        ),
        alignRight: Array.from({ length: columns }, () => next(2) === 0),
      };
      const paint = new Map([[0, 'green' as const]]);
      assert.equal(drawnWidth(rows), widest(terminalTable(rows)), JSON.stringify(rows));
      assert.equal(
        drawnWidth(rows),
        widest(terminalTable(rows, { color: true, paint }).replace(/\u001b\[[0-9;]*m/g, '')),
      );
    }
    assert.equal(drawnWidth(ROWS), widest(terminalTable(ROWS)));
  });

  it('bolds the header only when colour is on; NO_COLOR and pipes turn it off', () => {
    assert.match(terminalTable(ROWS, { color: true }), /\u001b\[1mStrategy\u001b\[22m/);
    assert.doesNotMatch(terminalTable(ROWS), /\u001b/);
    assert.equal(wantsColor({ isTTY: true }, {}), true);
    assert.equal(wantsColor({ isTTY: true }, { NO_COLOR: '1' }), false);
    assert.equal(wantsColor({ isTTY: false }, {}), false);
  });

  it('fits a terminal to its columns, a pipe to COLUMNS when set, else to 80 columns', () => {
    assert.equal(terminalWidth({ isTTY: true, columns: 90 }, {}), 90);
    assert.equal(terminalWidth({ isTTY: false }, { COLUMNS: '100' }), 100);
    assert.equal(terminalWidth({ isTTY: false }, {}), 80);
  });
});
