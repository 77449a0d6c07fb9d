/**
 * Two accidents of the attack test's bag of tool result heads (issue 39): a tool's report of its own write ("File
 * created successfully at: <path>", "Successfully wrote 120 bytes to <path>") told a created file whole by its word of
 * making, though the tool prints it for every file it writes and it says nothing of what the file holds; and the
 * first word of a ticket's id (`shop-4ab.2`) named a file of that one word (shop.css), so a tracker's title line kept
 * the stylesheet's artifact. A summary that says in its own words that a file was made, or names the file, keeps it
 * as before.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import {
  assistant,
  callsTools,
  session,
  shellRun,
  toolCall,
  toolResult,
  user,
} from '../helpers/factories.ts';

const EXPORT = [
  'defmodule Shop.OrderExport do',
  '  @moduledoc """',
  '  Exports paid orders as CSV rows for the nightly report.',
  '  """',
  '  def run(orders), do: Enum.map(orders, &row/1)',
  'end',
].join('\n');

const STYLES = '.order-row { color: green; }\n.order-row--late { color: red; }\n';

/** The agent works on bead shop-4ab.2: writes the export module and a stylesheet, then commits. */
function work(): Message[] {
  const exported = toolCall('write', { path: '/home/dev/shop/lib/shop/order_export.ex', content: EXPORT });
  const styles = toolCall('write', { path: '/home/dev/shop/priv/static/shop.css', content: STYLES });
  return [
    user('Work on bead shop-4ab.2 (Add the nightly order export and its badge styles), then commit.'),
    assistant('Writing the export module and the stylesheet.'),
    callsTools([exported]),
    toolResult(exported, 'File created successfully at: /home/dev/shop/lib/shop/order_export.ex'),
    callsTools([styles]),
    toolResult(styles, 'File created successfully at: /home/dev/shop/priv/static/shop.css'),
    ...shellRun(
      'git add -A && git commit -m "feat: add the nightly order export and its badge styles (shop-4ab.2)"',
      '[main 1a2b3c4] feat: add the nightly order export and its badge styles (shop-4ab.2)\n 2 files changed, 8 insertions(+)',
    ),
  ];
}

/** The live artifact probe of the file whose path ends with `name`. */
function artifact(name: string): Probe {
  const probe = deriveProbes(session(work())).probes.find(
    (candidate) => candidate.kind === 'artifact' && candidate.file?.endsWith(name),
  );
  assert.ok(probe, `an artifact probe of ${name}`);
  return probe;
}

const outcome = (name: string, text: string) => probeOutcome(createMatcher(text), artifact(name));

describe("a tool's report of its write", () => {
  it('keeps nothing of the file it wrote', () => {
    assert.match(artifact('order_export.ex').statement ?? '', /^order_export\.ex created/);
    for (const text of [
      'File created successfully at: /home/dev/shop/lib/shop/order_export.ex.',
      'File created successfully at /home/dev/shop/lib/shop/order_export.ex.\nBuild ok.',
      'Successfully wrote 212 bytes to /home/dev/shop/lib/shop/order_export.ex.',
      'The file /home/dev/shop/lib/shop/order_export.ex has been updated successfully.',
    ])
      assert.equal(outcome('order_export.ex', text), 'missed', text);
  });

  it('is no summary saying in its own words that the file was made', () => {
    for (const text of [
      'Created lib/shop/order_export.ex.',
      'Created: lib/shop/order_export.ex, priv/static/shop.css.',
      'lib/shop/order_export.ex (new): exports the paid orders as CSV rows for the nightly report.',
    ])
      assert.equal(outcome('order_export.ex', text), 'matched', text);
  });
});

describe("the first word of a ticket's id", () => {
  it('names no file of that one word', () => {
    assert.equal(artifact('shop.css').file?.endsWith('priv/static/shop.css'), true);
    for (const text of [
      'shop-4ab.2 Add the nightly order export and its badge styles.',
      'Closed shop-4ab.2 Added the nightly order export and its badge styles.',
      'shop-4ab.2 created.',
    ])
      assert.equal(outcome('shop.css', text), 'missed', text);
  });

  it('leaves the file named by its own name', () => {
    for (const text of [
      'priv/static/shop.css: the badge styles of the nightly order export (shop-4ab.2).',
      'Created shop.css for shop-4ab.2.',
    ])
      assert.equal(outcome('shop.css', text), 'matched', text);
  });
});
