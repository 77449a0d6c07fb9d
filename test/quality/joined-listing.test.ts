/**
 * A file's numbered lines run onto one line are the file's text, not words said of it (issue 39, the tool results'
 * first words). A read's listing cut to its first eight words ("1 defmodule Shop.OrderExport do 2 use Shop.Worker 3
 * paid") names the module with words of its code: `use`, a word of the moduledoc, `defmodule` and `moduledoc` read as
 * prose told the file's description and its definitions, and kept the artifact of the file the agent wrote. A line
 * opening with a number and holding the next two as words of their own is such a listing: its words are names. A
 * sentence that names the module with what it does, a count listed with commas and a listing's lines each on a line
 * of its own are read as before.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const EXPORT = [
  'defmodule Shop.OrderExport do',
  '  @moduledoc """',
  '  Exports paid orders as CSV rows for the nightly report.',
  '  """',
  '  use Shop.Worker',
  '',
  '  def run(orders), do: Enum.map(orders, &row/1)',
  'end',
].join('\n');

/** The agent writes lib/shop/order_export.ex, a nightly CSV export of the paid orders. */
function writesExport(): Message[] {
  const call = toolCall('write', { path: 'lib/shop/order_export.ex', content: EXPORT });
  return [
    user('add a nightly export of the paid orders as CSV'),
    assistant('Writing an export module that turns paid orders into CSV rows.'),
    callsTools([call]),
    toolResult(call, 'File created successfully at: lib/shop/order_export.ex'),
    assistant('The export now writes paid orders as CSV rows.'),
  ];
}

const exportProbe = (): Probe => {
  const probe = deriveProbes(session(writesExport())).probes.find(
    (candidate) => candidate.kind === 'artifact' && candidate.file?.endsWith('order_export.ex'),
  );
  assert.ok(probe, 'an artifact probe of order_export.ex');
  assert.deepEqual(probe.facets, [['Shop.OrderExport'], ['Exports paid orders']]);
  return probe;
};

const outcome = (text: string) => probeOutcome(createMatcher(text), exportProbe());

describe("a file's numbered lines run onto one line", () => {
  it('keeps nothing of the file it lists', () => {
    for (const text of [
      '1 defmodule Shop.OrderExport do 2 use Shop.Worker 3 paid.',
      '1 defmodule Shop.OrderExport do 2 use Shop.Worker 3.',
      '1 defmodule Shop.OrderExport do 2 moduledoc 3 Exports.',
      '7 8 defmodule Shop.OrderExport do 9 paid orders',
    ])
      assert.equal(outcome(text), 'missed', text);
  });

  it('reads the words of such a line as names, and a count listed with commas as a sentence', () => {
    const prose = (text: string) =>
      meaningTerms(text)
        .filter((term) => !term.name)
        .map((term) => term.term);
    assert.deepEqual(prose('1 defmodule Shop.OrderExport do 2 use Shop.Worker 3 paid'), []);
    assert.deepEqual(prose('48 49 doc 50 Add the current trace'), []);
    assert.ok(prose('1 file changed, 2 insertions(+), 3 deletions(-)').length >= 3);
    // Two numbers are no listing ("1 file changed 2 insertions"), nor is a line that does not open with one.
    assert.ok(prose('Step 1 writes the export, 2 and 3 follow').length >= 3);
    // A numbered list on one line is a sentence's items, not a file's lines.
    assert.ok(prose('1. Write the export 2. Run the tests 3. Commit.').length >= 3);
  });

  it('still keeps the file where a sentence or a note says what it holds', () => {
    assert.equal(outcome('Shop.OrderExport pays out paid orders.'), 'matched');
    assert.equal(outcome('order_export.ex: the paid orders, one CSV row each.'), 'matched');
    assert.equal(outcome('1 new module: Shop.OrderExport exports paid orders as CSV rows.'), 'matched');
  });
});
