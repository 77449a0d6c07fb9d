/**
 * To migrate is to move (meaning-words.ts, the `move` group): a handoff writes the user's "migrate this app from the
 * REST client to the SQL client" as "move the app off the REST client onto the SQL client" and keeps the task. The
 * request's own "keep the REST client while we migrate" is no contradiction of it: "migration" said beside "keep"
 * states the move too. A statement of the task as false keeps nothing, and keeping the app where it is states the
 * task the other way.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { assistant, session, toolExchange, user } from '../helpers/factories.ts';

const request =
  'I want to migrate this app from the REST client to the SQL client. We can keep the REST client while ' +
  "we migrate gradually. This will be a complex migration that we'll have to do in phases.";

const terms = (text: string) => meaningTerms(text).map((term) => term.term);

describe('migrate is move', () => {
  it('reads migrate and migration as move', () => {
    assert.deepEqual(terms('migrate the app'), terms('move the app'));
    assert.deepEqual(terms('the migration of the app'), terms('the move of the app'));
  });

  const derived = deriveProbes(
    session([
      user(request),
      ...toolExchange('read', { path: 'src/db/client.ts' }, 'export const client = rest();'),
      assistant('I read the client module; the REST calls are in src/db. I will propose the phases next.'),
      ...toolExchange('read', { path: 'src/db/orders.ts' }, 'export const orders = client.from("orders");'),
      assistant(
        'Proposal: keep the REST client for auth during the migration, add the SQL client beside it, then ' +
          'move the order queries in phases.',
      ),
    ]),
  );
  const task = derived.probes.find((probe) => probe.kind === 'task');

  it('derives the task: the request beside its "keep" is no contradiction of it', () => {
    assert.ok(task, JSON.stringify(derived.dropped));
    assert.match(task.statement ?? task.answer, /migrate this app/);
  });

  it('keeps the task said with "move", and nothing from its denial or its opposite', () => {
    assert.ok(task);
    const outcome = (text: string) => probeOutcome(createMatcher(text), task);
    assert.equal(
      outcome(
        'Goal: move the app off the REST client onto the SQL client, a complicated move done in phases.',
      ),
      'matched',
    );
    assert.notEqual(
      outcome('It is false that the user wants to move the app off the REST client onto the SQL client.'),
      'matched',
    );
    assert.notEqual(outcome('Goal: keep the app on the REST client.'), 'matched');
  });
});
