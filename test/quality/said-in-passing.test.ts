/**
 * A rule the user sets in passing (issue 39, coverage: the user's own words no facet carried, D90): a condition of
 * cost on what the clause before it names ("this is an edge case, so maybe only if there is an easy fix"). It is a
 * constraint a handoff states in its own words ("edge cases only if cheap", "only wants edge cases handled when that
 * is cheap"); "only if" without a word of cost sets none, and neither a path list, an identifier bag nor a summary
 * that states the subject without its condition keeps it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { costCondition } from '../../src/quality/derive/said-in-passing.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { assistant, editRun, session, user } from '../helpers/factories.ts';

/** The derived constraints of a session where the user says `request` in the middle of the work. */
function constraintsAfter(request: string): Probe[] {
  const work = session([
    user('Make the session ID stable across midnight in the state store.'),
    ...editRun('src/session/state.go'),
    assistant('The state store now reuses the ID of an existing state file for the same agent UUID.'),
    user(request),
    ...editRun('src/session/state_test.go'),
    assistant('Done as asked.'),
  ]);
  return deriveProbes(work).probes.filter((probe) => probe.kind === 'constraint');
}

/** The probe's outcome in a text. */
function outcome(probe: Probe, text: string): string {
  return scoreProbes(createMatcher(text), [probe]).probeOutcomes[probe.id]!;
}

describe('a condition of cost said in passing', () => {
  it('is read with the subject of the clause before it, and not without a word of cost', () => {
    assert.equal(
      costCondition('But also: this is an edge case, so maybe only if there is an easy fix')?.subject,
      'edge case',
    );
    assert.equal(
      costCondition("Retrying the upload would be nice, but only when it's cheap")?.subject,
      'Retrying the upload',
    );
    // "only if" of another condition, and a condition with nothing named before it.
    assert.equal(costCondition('run the migration only if the tests pass'), undefined);
    assert.equal(costCondition('only if there is an easy fix'), undefined);
  });

  it('is a constraint a handoff keeps in its own words, and a path list, a bare mention or the subject alone do not', () => {
    const rule = constraintsAfter(
      'is the logic able to handle two existing state files? But also: this is an edge case, so maybe only if there is an easy fix',
    ).find((probe) => /easy fix/.test(probe.statement ?? ''));
    assert.ok(rule, 'a constraint for the condition');
    for (const text of [
      'The user only wants edge cases handled when that is cheap.',
      '- User: edge cases only if cheap → OK: newest state file wins.',
      'Edge cases: handle them only if the fix is easy.',
    ])
      assert.equal(outcome(rule, text), 'matched', text);
    for (const text of [
      '',
      'src/session/state.go\nsrc/session/state_test.go',
      'state.go, state_test.go, UUID, ID',
      'Every edge case must be handled, whatever it costs.',
      'The state store reuses the ID of an existing state file.',
    ])
      assert.notEqual(outcome(rule, text), 'matched', text);
  });

  it('sets no rule where "only if" asks for something else', () => {
    const rules = constraintsAfter('run the migration only if the tests pass, please');
    assert.equal(
      rules.some((probe) => /migration/.test(probe.statement ?? '')),
      false,
    );
  });
});
