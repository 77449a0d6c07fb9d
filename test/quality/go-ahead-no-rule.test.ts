/**
 * A rule of the work names what it rules (issue 39 item 3: a facet is what a paraphrase keeps). A go-ahead ("continue,
 * network should be better now") and a forbidden going-on with no object ("then we still should not continue") leave
 * no content a summary could repeat: no constraint. The real rules beside them stay (round s26, D112).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { constraintProbes, userRequests } from '../../src/quality/derive/requests.ts';
import { assistant, user } from '../helpers/factories.ts';

/** The facets of the constraints the user's one message sets. */
function rulesOf(text: string): string[][] {
  return constraintProbes(userRequests([user(text), assistant('On it.')])).map((probe) => probe.facets[0]!);
}

describe('a go-ahead is no rule', () => {
  it('reads "continue," as a go-ahead, not as a rule over the clause after the comma', () => {
    assert.deepEqual(rulesOf('continue, network should be better now'), []);
    assert.deepEqual(rulesOf('continue. the tests were flaky before'), []);
  });

  it('still reads a rule to go on until an end, and a rule after "instead,"', () => {
    assert.deepEqual(rulesOf('continue until every function is ported'), [
      ['until every function is ported'],
    ]);
    assert.deepEqual(rulesOf('Instead, use the REST client for the upload.'), [['use the REST client']]);
  });
});

describe('a forbidden going-on with no object is no rule', () => {
  it('sets none for "should not continue" or "don\'t proceed" alone', () => {
    assert.deepEqual(
      rulesOf('If the second session creates files that overlap, then we still should not continue.'),
      [],
    );
    assert.deepEqual(rulesOf("Write the summary first, don't proceed."), []);
  });

  it('keeps a forbidden act of the work and a going-on with its object', () => {
    assert.deepEqual(rulesOf("Write the plan to a temporary plan file, don't commit."), [
      ["don't commit", 'do not commit', 'not commit', 'never commit', 'no commit'],
    ]);
    assert.deepEqual(rulesOf("Don't continue the migration on the old branch."), [
      ['continue the migration'],
    ]);
  });
});
