/**
 * "let's" (or "lets") puts a request, as "please" does (round s37, D153): "lets edit the github action for M-Claude
 * that …" asks to edit the action, and a handoff that says the request in its own words writes no "let". Read as a
 * term, it weighed as much as the request's rarest word in the request's own sentence.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meaningTerms } from '../../src/quality/meaning.ts';

const terms = (text: string) => meaningTerms(text).map((term) => term.term);

describe('the words a request is put in', () => {
  it('reads "let\'s" and "lets" as how a request is put, not as a term', () => {
    assert.deepEqual(terms("let's edit the action"), terms('edit the action'));
    assert.deepEqual(terms('lets edit the action'), terms('please edit the action'));
  });

  it('still lets a negation reach what it denies', () => {
    const negated = meaningTerms("let's not edit the action").filter((term) => term.negated);
    assert.deepEqual(
      negated.map((term) => term.term),
      terms('edit action'),
    );
  });
});
