/**
 * A ticket's "Rabbit holes" (requests.ts, D96): each line names a trap the work should steer clear of, written as the
 * trap ("Copying the notes markup per page instead of extracting a shared component"). Read as a rule by its
 * "instead" marker it states the trap as what to do, so no constraint is drafted from it; the same words outside that
 * section, and the ticket's other rules, still are.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

function bash(command: string, output: string): Message[] {
  const call = toolCall('Bash', { command });
  return [callsTools([call]), toolResult(call, output)];
}

const TRAP = 'Copying the notes markup per page instead of extracting a shared component.';
const RULE = 'Do not add a second markdown renderer; continue with marked.';

const epic = (heading: string) =>
  [
    '○ shop-9xz [EPIC] · Show order notes in the order page   [● P2 · OPEN]',
    'Owner: Ada · Type: epic',
    '',
    'DESCRIPTION',
    '## Problem',
    'Order notes are hidden behind a menu and hard to find.',
    '',
    heading,
    `- ${TRAP}`,
    '- Parsing note links with a regex that over-matches.',
    '',
    '## Rules',
    `- ${RULE}`,
    '',
    'CHILDREN',
    '  ↳ ○ shop-9xz.1: Render the notes inline ● P2',
  ].join('\n');

const statements = (heading: string): string[] => {
  const messages: Message[] = [
    user('Work on the epic shop-9xz, one child at a time.'),
    ...bash('bd show shop-9xz', epic(heading)),
    ...bash('bd update shop-9xz.1 --status in_progress', '✓ Updated issue: shop-9xz.1'),
  ];
  return deriveProbes(session(messages))
    .probes.filter((probe) => probe.kind === 'constraint')
    .map((probe) => probe.statement ?? '');
};

describe("a ticket's rabbit holes", () => {
  it('set no rule by their "instead"; the ticket\'s rules still do', () => {
    for (const heading of ['## Rabbit Holes', '## Rabbit holes:', '**Rabbit holes**']) {
      const said = statements(heading);
      assert.ok(
        !said.some((statement) => statement.includes('instead of extracting')),
        `${heading}: ${said}`,
      );
      assert.ok(said.includes(RULE), `${heading}: ${said}`);
    }
  });

  it('under another heading, the same line is read as before', () => {
    assert.ok(statements('## Approach').some((statement) => statement.includes('instead of extracting')));
  });
});
