/**
 * The rules of the ticket in progress at the cut (claimed-ticket-spec.ts): a list under "Architecture constraints",
 * "Constraints" or "No-gos" of the ticket the agent claimed and has not closed is a constraint on the work still to
 * do (issue 39: a sub-ticket's spec, which a reader lists and the request's reader never saw, since the user named the
 * epic).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { specSections } from '../../src/quality/derive/claimed-ticket-spec.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

function bash(command: string, output: string): Message[] {
  const call = toolCall('Bash', { command });
  return [callsTools([call]), toolResult(call, output)];
}

const TICKET = [
  '○ shop-7kq.3 · Highlight code blocks in the order notes   [● P2 · OPEN]',
  'Owner: Ada · Type: task',
  '',
  'DESCRIPTION',
  'Render the code blocks of order notes with syntax highlighting.',
  '',
  'Edge cases:',
  '- Unknown language tags fall back to plaintext.',
  '',
  'Architecture constraints:',
  '- Keep server-first rendering (the server renders HTML; JS enhances).',
  '- No CDN dependency.',
  '',
  'Definition of Done:',
  '- Tests exist and pass.',
].join('\n');

const claimed = (...after: Message[][]): Message[] => [
  user('Work through the epic shop-7kq, one child at a time.'),
  ...bash('bd show shop-7kq.3', TICKET),
  ...bash('bd update shop-7kq.3 --status in_progress', '✓ Updated issue: shop-7kq.3'),
  ...after.flat(),
];

const specOf = (probes: readonly Probe[]) =>
  probes.filter((probe) => probe.kind === 'constraint' && /shop-7kq\.3/.test(probe.answer));

describe('the rules of the ticket in progress', () => {
  it('reads each list under a heading of rules, asides in parentheses left out', () => {
    assert.deepEqual(specSections(TICKET.split('\n')), [
      { heading: 'Architecture constraints', items: ['Keep server-first rendering', 'No CDN dependency'] },
    ]);
    assert.deepEqual(specSections(['## No-gos', '- No new route.', '- No schema migration.']), [
      { heading: 'No-gos', items: ['No new route', 'No schema migration'] },
    ]);
    // A list under another heading, or items after a line of prose, are no rules of the ticket.
    assert.deepEqual(specSections(['Constraints:', 'Some prose.', '- an item']), []);
  });

  it('is one constraint of the claimed ticket, kept by a paraphrase and contradicted by its opposite', () => {
    const spec = specOf(deriveProbes(session(claimed())).probes);
    assert.equal(spec.length, 1, JSON.stringify(spec));
    const [probe] = spec;
    assert.equal(
      probe!.statement,
      'Architecture constraints: Keep server-first rendering, No CDN dependency',
    );
    assert.deepEqual(probe!.facets, [['Keep server-first rendering']]);
    const outcome = (text: string) => scoreProbes(createMatcher(text), [probe!]).probeOutcomes[probe!.id];
    assert.equal(outcome('Rules of shop-7kq.3: keep rendering server-first, and no CDN.'), 'matched');
    assert.equal(outcome('shop-7kq.3 is in progress.'), 'missed');
    assert.equal(outcome('It is false that we keep server-first rendering.'), 'contradicted');
  });

  it('is none once the ticket is closed, or for a ticket shown and never claimed', () => {
    const closed = claimed(bash('bd close shop-7kq.3', '✓ Closed shop-7kq.3'));
    assert.deepEqual(specOf(deriveProbes(session(closed)).probes), []);
    const shown = [user('What does shop-7kq.3 say?'), ...bash('bd show shop-7kq.3', TICKET)];
    assert.deepEqual(specOf(deriveProbes(session(shown)).probes), []);
  });
});
