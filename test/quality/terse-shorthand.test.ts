/**
 * A terse note's shorthand read as the words it stands for (issue 39, the terse handoff): `!=`, `≠` and `∅` deny what
 * follows them as `¬` does ("stop hook shows it != stop hook causes it" says the stop hook does not cause it), and an
 * exclamation mark still ends a clause; its shorthand for words of code work (`ckpt`, `idx`, `tbl`) reads as the words.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { derivedProbe } from '../helpers/factories.ts';

const denied = (text: string) =>
  meaningTerms(text)
    .filter((term) => term.negated)
    .map((term) => term.term);
const terms = (text: string) => meaningTerms(text).map((term) => term.term);

describe("a terse note's shorthand for words of code work", () => {
  it('reads as the words', () => {
    assert.deepEqual(
      terms('ckpt idx, coords nullable, new tbl, asst text, 2 objs'),
      terms('checkpoint index, coordinates nullable, new table, assistant text, 2 objects'),
    );
  });
});

describe("a terse note's signs of negation", () => {
  it('deny the terms after them', () => {
    assert.deepEqual(
      denied('the deploy hook shows it != the deploy hook causes it'),
      terms('deploy hook causes'),
    );
    assert.deepEqual(denied('bad token ≠ 401 response'), terms('401 response'));
    assert.deepEqual(denied('∅ migrations, ∅ route changes'), terms('migrations route changes'));
    assert.deepEqual(denied('Stop! Now deploy it'), []);
    assert.deepEqual(terms('Stop! Now deploy it'), terms('Stop. Now deploy it'));
  });

  it("keep a user's correction that a note writes with != and contradict it without", () => {
    const probe = derivedProbe('constraint', {
      answer: 'The user said: "it doesn\'t mean the deploy hook caused it"',
      facets: [['mean the deploy hook caused']],
      statement: "it doesn't mean the deploy hook caused it",
    });
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.notEqual(
      outcome('RULES: proof > assertion; deploy hook shows it != deploy hook causes it'),
      'contradicted',
    );
    assert.equal(
      outcome('RULES: proof > assertion; deploy hook shows it, so deploy hook causes it'),
      'contradicted',
    );
  });
});
