/**
 * A rule the user puts as what we should do ("I think we should start relatively fresh from main branch", "…, but I
 * think we should signal and log") binds the work as "must" does, and a way of working the user names ("I'd like to do a
 * TDD approach with integration tests") is the test-first habit; an expectation ("we should be good to go"), a regret,
 * a question, a clause about a thing and a one-word act set none (round s27, D117).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { constraintProbes, userRequests } from '../../src/quality/derive/requests.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { assistant, user } from '../helpers/factories.ts';

/** The constraints the user's one message sets, as probes. */
function rulesOf(text: string): Probe[] {
  return constraintProbes(userRequests([user(text), assistant('On it.')])).map((draft) => ({
    ...draft,
    id: 'constraint',
    source: 'derived',
    contradictions: draft.contradictions ?? [],
  }));
}

const facetsOf = (text: string) => rulesOf(text).map((probe) => probe.facets[0]!);

describe('what we should do is a rule', () => {
  it('reads the words after "we should" to the clause end, "and" joining two acts of one rule', () => {
    assert.deepEqual(
      facetsOf(
        'yes, but I think we should start relatively fresh from main branch, can you switch, write a new architecture document',
      ),
      [['start relatively fresh from main']],
    );
    assert.deepEqual(
      facetsOf(
        'the overriding directive is to not get in the way of the user, but I think we should signal and log...not sure if we need to prompt to continue though.',
      ),
      [['signal and log']],
    );
    // "We should start with" is a keep rule already, read as before.
    assert.deepEqual(facetsOf('We should start with packages/services.'), [['start with packages/services']]);
  });

  it('sets none for an expectation, a regret, a question, a clause about a thing or a one-word act', () => {
    for (const text of [
      'ok, let me try the light theme real quick, then we should be good to go for a new release',
      'we should have asked for the logs first',
      'should we move paths.EntireSessionID too?',
      'add a field for the things we have left open which we should remember for later',
      'So I think at the beginning of a prompt we should do the comparison and keep that as a state.',
      'we should do a commit as well',
    ])
      assert.deepEqual(facetsOf(text), [], text);
  });

  it('is kept by a handoff that says it, and not by a path list', () => {
    const [probe] = rulesOf('I think we should start relatively fresh from main branch, can you switch');
    assert.equal(
      probeOutcome(
        createMatcher('The user wants to start relatively fresh from main: we switched to main.'),
        probe!,
      ),
      'matched',
    );
    assert.equal(
      probeOutcome(createMatcher('docs/architecture.md, cmd/entire/cli/strategy.go'), probe!),
      'missed',
    );
  });
});

describe('a way of working the user names is the test-first habit', () => {
  it('reads "a TDD approach" and "test-driven development" asked for, with the kind of tests named', () => {
    const [probe, ...rest] = rulesOf(
      "Yes, but I'd like to do a TDD approach with integration tests, let's first setup integration tests for the scenarios and then we do the implementation.",
    );
    assert.equal(rest.length, 0);
    assert.equal(probe!.statement, 'do a TDD approach with integration tests');
    assert.ok(probe!.facets[0]!.includes('TDD approach'));
    assert.ok(probe!.facets[0]!.includes('write the failing test'));
    assert.deepEqual(
      rulesOf("let's use test-driven development for the parser").map((found) => found.statement),
      ['use test-driven development'],
    );
    assert.equal(
      probeOutcome(createMatcher('Work TDD: write the failing test, watch it fail, then implement.'), probe!),
      'matched',
    );
  });

  it('sets none for a question about it', () => {
    assert.deepEqual(facetsOf('did you do a TDD approach for the parser?'), []);
  });
});
