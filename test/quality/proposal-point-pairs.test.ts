/**
 * A point of the proposal the user asked for, told by what it proposes: two telling words that stand next to each
 * other in one of its clauses, said close together in a handoff's own words ("with seeded fixtures" of "seed fixtures
 * mirroring existing mocks"), as a pick is told by its label's words (pick-in-other-words.test.ts). A pair the
 * session said before the proposal (the code the agent read, its own plan, the user's words), a pair of a joining
 * word, or one another point says too, tells no point apart; cheap copies keep nothing by it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agreementProbes } from '../../src/quality/derive/agreements.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

const REQUEST =
  'We want to move the billing service off raw SQL onto the Kysely query builder. Review the billing code and propose a phased plan; do not change anything yet.';
const CODE = [
  'export async function listInvoices(db: Pool) {',
  '  // soft-delete: rows with deleted_at are hidden from every query',
  '  return db.query("select * from invoices where deleted_at is null");',
  '}',
].join('\n');
const POINTS = [
  '- Phase 0: add kysely and generate the table types from the live billing schema with kysely-codegen.',
  '- Phase 1: route the invoice queries through a query builder adapter while the raw SQL stays in place.',
  '- Testing: run the integration suites on a disposable Postgres and seed fixtures mirroring existing mocks.',
  '- Soft delete: keep deleted rows hidden through shared helpers after every migration.',
];
const PROPOSAL = ['Proposal for moving billing to Kysely:', ...POINTS].join('\n');

/** The session: the request, one read of the code, the proposal as the agent's last word. */
function session(): Message[] {
  const read = toolCall('Read', { file_path: 'src/billing/invoices.ts' });
  return [user(REQUEST), callsTools([read]), toolResult(read, CODE), assistant(PROPOSAL)];
}

/** The probe of the point that opens with `opening`. */
function pointProbe(opening: string) {
  const probe = agreementProbes(session()).find((candidate) => candidate.statement?.includes(opening));
  assert.ok(probe, `a probe for "${opening}"`);
  return { ...probe, id: 'decision@3', source: 'derived' as const, contradictions: [] };
}

describe('a point of an asked-for proposal told in other words', () => {
  it('carries pairs of next telling words, none said before the proposal, none of a joining word', () => {
    const testing = pointProbe('Testing:');
    assert.ok(testing.wordPairs?.includes('seed fixtures'), String(testing.wordPairs));
    const all = agreementProbes(session()).flatMap((probe) => probe.wordPairs ?? []);
    // "rows … hidden" is in the code the agent read, "query builder" in the user's request; "after" and "while" only
    // join a point's parts.
    assert.ok(all.includes('shared helpers'), all.join(' | '));
    for (const said of ['rows hidden', 'query builder'])
      assert.ok(!all.includes(said), `${said}: ${all.join(' | ')}`);
    assert.ok(!all.some((pair) => /\b(?:after|while)\b/i.test(pair)), all.join(' | '));
  });

  it('is kept by a handoff that says it in its own words, and only by the line that says it', () => {
    const testing = pointProbe('Testing:');
    const handoff = [
      'Proposal given: Phase 0 generates the table types, Phase 1 puts a Kysely adapter in front of the invoice queries.',
      'Integration tests: a scratch database with seeded fixtures.',
    ];
    assert.equal(probeOutcome(createMatcher(handoff.join('\n')), testing), 'matched');
    // The same handoff without that line drops exactly this point.
    assert.notEqual(probeOutcome(createMatcher(handoff[0]!), testing), 'matched');
  });

  it("is not kept by the user's messages, the code read, a path list, or the point stated false", () => {
    const testing = pointProbe('Testing:');
    for (const text of [
      REQUEST,
      CODE,
      'src/billing/invoices.ts\npackage.json',
      'It is false that the integration tests run on seeded fixtures.',
      'The integration tests did not use seeded fixtures.',
      'Seeding fixtures was not done.',
    ])
      assert.notEqual(probeOutcome(createMatcher(text), testing), 'matched', text);
  });
});
