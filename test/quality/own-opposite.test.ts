/**
 * An opposite word the statement itself says is its own word, not a reversal (meaning.ts `isOpposed`): "keep the REST
 * client while we migrate to the SQL client" holds both "keep" and "migrate" (move), so a line about the move states
 * that part of it and opposes nothing; "`mix test` passes: 12 tests, 0 failures" holds both "pass" and "failure", so
 * a request that speaks of failures does not oppose the passing run. A real reversal still counts: the statement said
 * the other way, or its own word denied.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { statementLabel } from '../../src/quality/statement-match.ts';
import { indexStatements } from '../../src/quality/statement-match.ts';
import { PROBE_STATEMENT_THRESHOLDS } from '../../src/quality/probe-recall.ts';
import { assistant, session, shellRun, toolExchange, user } from '../helpers/factories.ts';

const rule = 'We can keep the REST client while we gradually migrate every query to the SQL client.';
const label = (text: string) => statementLabel(indexStatements(text), rule, PROBE_STATEMENT_THRESHOLDS);

describe('an opposite the statement itself says', () => {
  it('is no reversal: a line of the move alone does not state the rule the other way', () => {
    // On main the move ("migrate") was read as the opposite of the rule's own "keep".
    assert.notEqual(
      label('Goal: gradually migrate every query from the REST client to the SQL client.'),
      'contradicted',
    );
  });

  it('is no reversal: the move beside the keep states the rule', () => {
    assert.equal(
      label(
        'The REST client stays installed and working while each query is moved over to the SQL client gradually.',
      ),
      'kept',
    );
  });

  it('still reverses where the statement is said the other way', () => {
    assert.equal(
      label('The REST client is not kept: every query is moved over to the SQL client gradually.'),
      'contradicted',
    );
    assert.notEqual(label('Remove the REST client now; every query goes to the SQL client.'), 'kept');
  });

  it('derives the passing run whose tally counts failures (on main its own answer read as opposed: dropped)', () => {
    const derived = deriveProbes(
      session([
        user('Fix the date parser in lib/parser.ex so that it accepts ISO weeks.'),
        ...toolExchange('edit', { path: 'lib/parser.ex', oldText: 'a', newText: 'b' }, 'Edited.'),
        ...shellRun('mix test', 'Finished in 1.2 seconds\n12 tests, 2 failures', true),
        assistant('Two tests fail; the week number is off by one. Fixing the offset.'),
        ...toolExchange('edit', { path: 'lib/parser.ex', oldText: 'b', newText: 'c' }, 'Edited.'),
        ...shellRun('mix test', 'Finished in 1.1 seconds\n12 tests, 0 failures'),
        assistant('All 12 tests pass now.'),
      ]),
    );
    const state = derived.probes.find((probe) => probe.kind === 'state' && probe.check === 'mix test');
    assert.ok(state, JSON.stringify(derived.dropped));
    assert.equal(state.statement, '`mix test` passes: 12 tests, 0 failures');
    const outcome = (text: string) => probeOutcome(createMatcher(text), state);
    assert.equal(outcome('After the offset fix the full suite passed: 12 tests, 0 failures.'), 'matched');
    assert.equal(outcome('`mix test` still fails: 12 tests, 2 failures.'), 'contradicted');
    assert.equal(outcome('It is false that mix test passes.'), 'contradicted');
    assert.equal(outcome('lib/parser.ex'), 'missed');
    assert.equal(outcome(''), 'missed');
  });
});
