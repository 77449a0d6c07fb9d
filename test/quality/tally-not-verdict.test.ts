/**
 * A word a statement counts is a tally, not a verdict (meaning.ts `isOpposed`): "`mix test` passes: 12 tests,
 * 0 failures" holds "failures" as a count, so the output's own "12 tests, 0 failures" (no "passes" in it) is no
 * reversal of the passing run; on main it was one, and probe lint dropped the state of an ExUnit check that passed
 * after a failing run, as its own answer "read" opposed. Only the statement's own tally is exempt: the word as a
 * verdict ("the suite fails") still reverses it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { PROBE_STATEMENT_THRESHOLDS, probeOutcome } from '../../src/quality/probe-recall.ts';
import { indexStatements, statementLabel } from '../../src/quality/statement-match.ts';
import { assistant, session, shellRun, toolExchange, user } from '../helpers/factories.ts';

const statement = 'The parser suite passes: 12 tests, 0 failures';
const label = (text: string) => statementLabel(indexStatements(text), statement, PROBE_STATEMENT_THRESHOLDS);

describe('a counted word is a tally, not a verdict', () => {
  it('does not reverse the statement that counts it', () => {
    // On main the tally's "failures" was read as the opposite of "passes".
    assert.equal(label('The parser suite: 12 tests, 0 failures.'), 'kept');
  });

  it('leaves the number and an uncounted opposite to reverse it', () => {
    assert.equal(label('The parser suite fails: 12 tests.'), 'contradicted');
    assert.equal(label('The parser suite fails: 12 tests, some failures.'), 'contradicted');
    // An opposite the statement does not count stays a reversal: "keep … while we migrate" on a line of the move.
    assert.equal(
      statementLabel(
        indexStatements('Goal: gradually migrate every query from the REST client to the SQL client.'),
        'We can keep the REST client while we gradually migrate every query to the SQL client.',
        PROBE_STATEMENT_THRESHOLDS,
      ),
      'contradicted',
    );
  });

  it('derives the passing run after a failing one (on main its own answer read as opposed: dropped)', () => {
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
