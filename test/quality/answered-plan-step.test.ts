/**
 * A to-do list's last open item that the agent's answer itself carries out ("Draft phased migration strategy") is done
 * once the agent ends its turn with that answer: the list was left unticked, and a careful reader lists no "draft the
 * strategy" as the next step when the strategy is the agent's last message. A turn cut short, an item still followed
 * by a pending one, an item of work on files or of other work keep their next step.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { planProbes } from '../../src/quality/derive/plans.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Message } from '../../src/session/types.ts';
import {
  assistant,
  callsTools,
  session as sessionOf,
  toolCall,
  toolResult,
  user,
} from '../helpers/factories.ts';

const REQUEST =
  'We want to move the billing service off raw SQL onto the Kysely query builder. Review the billing code and propose a phased plan; do not change anything yet.';
const DRAFT = 'Draft phased migration plan to introduce Kysely alongside the raw SQL queries';
const ANSWER = [
  'Proposal for moving billing to Kysely:',
  '- Phase 0: add kysely and generate the table types from the live schema.',
  '- Phase 1: route the invoice queries through a Kysely adapter while the raw SQL stays in place.',
  '- Phase 2: move the remaining queries one module at a time, then delete the raw SQL helpers.',
  'Next: once you agree, add the dependency and generate the types.',
].join('\n');

/** Codex's update_plan with the given steps. */
const plan = (steps: Array<[string, string]>) =>
  toolCall('update_plan', { plan: steps.map(([step, status]) => ({ step, status })) });

/** Claude Code's TodoWrite with the given items. */
const todos = (items: Array<[string, string]>) =>
  toolCall('TodoWrite', {
    todos: items.map(([content, status]) => ({ content, status, activeForm: content })),
  });

/** The review: a read, the list with the last step in progress, another read, then what ends the history. */
function review(list: ReturnType<typeof plan>, ending: Message[]): Message[] {
  const read = toolCall('shell', { command: ['bash', '-lc', 'rg -n "pool.query" src/billing'] });
  const again = toolCall('shell', { command: ['bash', '-lc', 'sed -n 1,80p src/billing/invoices.ts'] });
  return [
    user(REQUEST),
    callsTools([read]),
    toolResult(read, 'src/billing/invoices.ts:12: pool.query("select * from invoices")'),
    callsTools([list]),
    toolResult(list, 'Plan updated'),
    callsTools([again]),
    toolResult(
      again,
      'export async function listInvoices() { return pool.query("select * from invoices"); }',
    ),
    ...ending,
  ];
}

const lastStep = (step = DRAFT, status = 'in_progress') =>
  plan([
    ['Review billing code and find the raw SQL calls', 'completed'],
    ['Assess the query patterns of the invoice module', 'completed'],
    [step, status],
  ]);

describe('a plan step the answer carries out', () => {
  it('names no next step once the agent ended its turn with the answer (update_plan and TodoWrite alike)', () => {
    assert.deepEqual(planProbes({ messages: review(lastStep(), [assistant(ANSWER)]) }), []);
    const written = todos([
      ['Review billing code and find the raw SQL calls', 'completed'],
      ['Summarize the findings and recommend an order of work', 'in_progress'],
    ]);
    assert.deepEqual(planProbes({ messages: review(written, [assistant(ANSWER)]) }), []);
  });

  it('still names it when the turn was cut short, another step is pending, or the step is other work', () => {
    const next = (messages: Message[]) => planProbes({ messages })[0]?.statement;
    // The history ends with a call and its result: the agent had not answered yet.
    const cutShort = toolCall('shell', { command: ['bash', '-lc', 'rg -n "kysely" package.json'] });
    assert.equal(next(review(lastStep(), [callsTools([cutShort]), toolResult(cutShort, '')])), DRAFT);
    // Text beside a call is no answer that ends the turn.
    assert.equal(next(review(lastStep(), [callsTools([cutShort], 'Now the package file.')])), DRAFT);
    // A step pending after it: the plan goes on.
    const goesOn = plan([
      [DRAFT, 'in_progress'],
      ['Implement Phase 0 once the user agrees', 'pending'],
    ]);
    assert.equal(next(review(goesOn, [assistant(ANSWER)])), DRAFT);
    // Work on a file, and work that is not the answer, are not done by the answer.
    const toFile = 'Draft the migration plan in docs/kysely-plan.md';
    assert.equal(next(review(lastStep(toFile), [assistant(ANSWER)])), toFile);
    const work = 'Implement the Kysely adapter for invoices';
    assert.equal(next(review(lastStep(work), [assistant(ANSWER)])), work);
    // A pending step the answer did not reach is still to do.
    assert.equal(next(review(lastStep(DRAFT, 'pending'), [assistant(ANSWER)])), DRAFT);
  });

  it('leaves no derived next step a summary keeps by calling the finished draft pending', () => {
    const session = sessionOf(review(lastStep(), [assistant(ANSWER)]));
    const probes = deriveProbes(session).probes;
    const pending = createMatcher(
      'Next: draft the phased migration plan to introduce Kysely alongside the raw SQL queries.',
    );
    const drafted = probes.filter(
      (probe) => probe.kind === 'next-step' && probeOutcome(pending, probe) === 'matched',
    );
    assert.deepEqual(
      drafted.map((probe) => probe.statement),
      [],
    );
  });
});
