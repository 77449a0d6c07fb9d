/**
 * A ticket's task kept by a handoff that cuts its title to a few of its words beside its id ("bd epic shop-7kq
 * (1-customer order history + live status)" of "Single-customer order history sync + live status updates"): two
 * content words in a row of the title, near the id, keep it; the id alone, or the title's words without the id, do not,
 * nor a child ticket named with words of its own title that the parent's holds too (issue 39: the terse handoffs'
 * epics, the task kind at 0 on three tuning cuts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { titlePairs } from '../../src/quality/derive/tickets.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

function bash(command: string, output: string): Message[] {
  const call = toolCall('Bash', { command });
  return [callsTools([call]), toolResult(call, output)];
}

const EPIC = [
  '○ shop-7kq · Single-customer order history sync + live status updates   [● P1 · OPEN]',
  'Owner: Ada · Type: epic',
  '',
  'DESCRIPTION',
  'Show every customer their own past orders as soon as they sign in, and keep the status of open orders current.',
].join('\n');

const messages: Message[] = [
  user('Work on bead shop-7kq. Run bd show shop-7kq to see the details.'),
  ...bash('bd show shop-7kq', EPIC),
];

function ticketTask() {
  const { probes } = deriveProbes(session(messages));
  const task = probes.find((probe) => probe.kind === 'task' && probe.facets[0]?.includes('shop-7kq'));
  assert.ok(task, JSON.stringify(probes.map((probe) => [probe.kind, probe.facets])));
  return task;
}

describe("a ticket's title cut to a few words", () => {
  it('is spelled by each two content words in a row of it, beside its key phrase', () => {
    assert.deepEqual(titlePairs('Single-customer order history sync + live status updates'), [
      'Single-customer order',
      'order history',
      'history sync',
      'live status',
      'status updates',
    ]);
    // A path is no word of a title, and a function word breaks a pair.
    assert.deepEqual(titlePairs('Move the parser to src/parse.ts for speed'), []);
    const facets = ticketTask().facets;
    assert.deepEqual(facets[0], ['shop-7kq']);
    assert.ok(
      facets[1]!.includes('order history') && facets[1]!.includes('live status'),
      JSON.stringify(facets),
    );
  });

  it('keeps the task when a terse line names the id and two words of the title', () => {
    const task = ticketTask();
    const terse = 'shop · bd epic shop-7kq (1-customer order history + live status) — state @ cut';
    assert.equal(probeOutcome(createMatcher(terse), task), 'matched');
  });

  it('keeps nothing with the id alone, the title words alone, or names in a list', () => {
    const task = ticketTask();
    const outcome = (text: string) => probeOutcome(createMatcher(text), task);
    assert.equal(outcome('Epic: shop-7kq. Next: the dashboard.'), 'missed');
    assert.equal(outcome('Orders: an order history with a live status.'), 'missed');
    assert.equal(
      outcome('src/orders.ts\nshop-7kq, order_id, customer_id, sign_in, status_map, bd-close'),
      'missed',
    );
  });
});

describe("a ticket's title beside a child ticket's", () => {
  const child = [
    '○ shop-7kq.1 · Order history sync for one customer   [● P2 · OPEN]',
    'Owner: Ada · Type: task',
  ].join('\n');
  const withChild: Message[] = [...messages, ...bash('bd show shop-7kq.1', child)];

  it("leaves out the pairs the child's title holds: the child's id holds the parent's", () => {
    assert.deepEqual(
      titlePairs('Single-customer order history sync + live status updates', ['Order history sync']),
      ['Single-customer order', 'live status', 'status updates'],
    );
    const { probes } = deriveProbes(session(withChild));
    const task = probes.find((probe) => probe.kind === 'task' && probe.facets[0]?.includes('shop-7kq'))!;
    assert.ok(!task.facets[1]!.includes('order history') && task.facets[1]!.includes('live status'));
    const outcome = (text: string) => probeOutcome(createMatcher(text), task);
    assert.equal(outcome('Next task in the epic: shop-7kq.1 (order history sync).'), 'missed');
    assert.equal(outcome('bd epic shop-7kq (1-customer order history + live status)'), 'matched');
  });
});
