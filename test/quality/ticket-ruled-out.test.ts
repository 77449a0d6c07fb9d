/**
 * A ticket's list of what the work leaves out (requests.ts): the lines under "No-gos", "Non-goals" or "Out of scope"
 * of the ticket a request names are rules whatever their words ("No database schema migration"), one constraint for
 * the list, as a reader lists an epic's no-gos (issue 39; the rule reader took only lines with a marker such as "Do
 * not", so an epic's "No new route/page …" lines set none).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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

const epic = (noGos: readonly string[]) =>
  [
    '○ shop-9xz [EPIC] · Show order notes in the order page   [● P2 · OPEN]',
    'Owner: Ada · Type: epic',
    '',
    'DESCRIPTION',
    '## Problem',
    'Order notes are hidden behind a menu and hard to find.',
    '',
    '## No-gos',
    ...noGos.map((line) => `- ${line}`),
    '',
    'CHILDREN',
    '  ↳ ○ shop-9xz.1: Render the notes inline ● P2',
  ].join('\n');

const work = (noGos: readonly string[]): Message[] => [
  user('Work on the epic shop-9xz, one child at a time.'),
  ...bash('bd show shop-9xz', epic(noGos)),
  ...bash('bd update shop-9xz.1 --status in_progress', '✓ Updated issue: shop-9xz.1'),
];

const ruledOut = (probes: readonly Probe[]) =>
  probes.filter((probe) => probe.kind === 'constraint' && /what does it rule out\?$/.test(probe.question));

describe("a ticket's list of what the work leaves out", () => {
  const lines = [
    'No new route/page for order notes.',
    'No scope expansion to the cart page.',
    'No database migration.',
  ];

  it('is one constraint of the whole list, its facet the first line with its negation', () => {
    const probes = ruledOut(deriveProbes(session(work(lines))).probes);
    assert.equal(probes.length, 1, JSON.stringify(probes));
    const [probe] = probes;
    assert.equal(
      probe!.statement,
      'No-gos: No new route or page for order notes; No scope expansion to the cart page; No database migration',
    );
    assert.deepEqual(probe!.facets, [['no new route']]);
    assert.deepEqual(probe!.contradictions, ['new route']);
  });

  it('is kept by the list in other words, and contradicted by a summary that allows what it rules out', () => {
    const [probe] = ruledOut(deriveProbes(session(work(lines))).probes);
    const outcome = (text: string) => scoreProbes(createMatcher(text), [probe!]).probeOutcomes[probe!.id];
    // The ticket as shown keeps it; an empty text keeps nothing.
    assert.equal(outcome(epic(lines)), 'matched');
    assert.equal(outcome(''), 'missed');
    assert.equal(
      outcome('No-gos: no new route/page for order notes; no cart page work; no migration.'),
      'matched',
    );
    assert.equal(
      outcome(
        'Order notes get a new route and page; the cart page shows them too; a migration adds a column.',
      ),
      'contradicted',
    );
    assert.equal(outcome('It is false that there is no new route or page for order notes.'), 'contradicted');
    assert.equal(outcome('shop-9xz.1 is in progress.'), 'missed');
    // A list of the names and phrases the ticket holds states no rule.
    assert.notEqual(outcome('shop-9xz, order notes, cart page, database migration, new route'), 'matched');
  });

  it('leaves to the rule reader a line it reads already, and sets none for a list under another heading', () => {
    const marked = ['Do not add a second notes renderer.', 'Do not touch the cart page.'];
    assert.deepEqual(ruledOut(deriveProbes(session(work(marked))).probes), []);
    const asides = work(lines).map((message) =>
      message.role === 'toolResult'
        ? {
            ...message,
            content: [{ type: 'text' as const, text: epic(lines).replace('## No-gos', '## Rabbit Holes') }],
          }
        : message,
    );
    assert.deepEqual(ruledOut(deriveProbes(session(asides)).probes), []);
  });
});
