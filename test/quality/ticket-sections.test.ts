/**
 * A ticket one command showed among several (`bd show a; echo ===; bd show b`): its part of the output, between
 * separator lines, is the ticket (issue 39: the next step of a claimed sub-ticket was not derived when the agent had
 * read it beside its siblings).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { ticketShown } from '../../src/quality/derive/tickets.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

function bash(command: string, output: string): Message[] {
  const call = toolCall('Bash', { command });
  return [callsTools([call]), toolResult(call, output)];
}

const SIBLINGS = [
  '○ shop-7kq.5 · Add the order history page   [● P2 · OPEN]',
  'Owner: Ada · Type: task',
  '',
  'DESCRIPTION',
  'Add a page that lists every past order of the signed-in customer.',
  '===',
  '○ shop-7kq.6 · Cancel pending orders in bulk   [● P2 · OPEN]',
  'Owner: Ada · Type: task',
  '',
  'DESCRIPTION',
  'Let a customer cancel all of their pending orders with one action and flash the count.',
].join('\n');

describe('a ticket shown among several by one command', () => {
  it('is read from its own part of the output', () => {
    const messages = bash('bd show shop-7kq.5; echo "==="; bd show shop-7kq.6', SIBLINGS);
    const ticket = ticketShown(messages, 'shop-7kq.6', messages.length);
    assert.equal(ticket?.title, 'Cancel pending orders in bulk');
    assert.ok(ticket!.sentences.some((sentence) => /cancel all of their pending orders/.test(sentence)));
    assert.ok(!ticket!.sentences.some((sentence) => /past order/.test(sentence)));
    assert.equal(ticketShown(messages, 'shop-7kq.5', messages.length)?.title, 'Add the order history page');
  });

  it("keeps a lone ticket's text past a rule line of its own", () => {
    const output = ['○ shop-7kq · Order history   [● P1 · OPEN]', '---', 'Keep the old export working.'].join(
      '\n',
    );
    const ticket = ticketShown(bash('bd show shop-7kq', output), 'shop-7kq', 2);
    assert.ok(ticket!.sentences.some((sentence) => /old export/.test(sentence)));
  });

  it('gives the claimed one as the next step: finish it, then commit and close it', () => {
    const messages: Message[] = [
      user('Implement the epic shop-7kq.'),
      ...bash('bd show shop-7kq.5; echo "==="; bd show shop-7kq.6', SIBLINGS),
      ...bash('bd update shop-7kq.6 --status in_progress', '✓ Updated issue: shop-7kq.6'),
    ];
    const { probes } = deriveProbes(session(messages));
    const next = probes.find(
      (probe) => probe.kind === 'next-step' && /shop-7kq\.6/.test(probe.statement ?? ''),
    );
    assert.ok(next, JSON.stringify(probes.map((probe) => probe.statement)));
    // The id also by its epic's tail, the title also by two words of it in a row, as a terse note writes them (D57).
    assert.deepEqual(next.facets, [
      ['shop-7kq.6', '7kq.6'],
      ['Cancel pending orders in bulk', 'Cancel pending', 'pending orders'],
    ]);
  });
});
