/**
 * "Test-driven" is what TDD abbreviates (meaning-words.ts), and a hyphenated word alone in its clause that spells it
 * ("Test-driven: integration tests for the documented scenarios first, implementation second.") is that word, in
 * prose, though a clause of one hyphenated word is otherwise an item of a list of names ("auto-compaction, read-only";
 * a hook's file "pre-commit: …"). Round s35, D145.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { PROBE_STATEMENT_THRESHOLDS } from '../../src/quality/probe-recall.ts';
import { indexStatements, statementLabel } from '../../src/quality/statement-match.ts';

const term = (text: string, word: string) => meaningTerms(text).find((found) => found.term === word);
const label = (text: string) =>
  statementLabel(indexStatements(text), 'do a TDD approach', PROBE_STATEMENT_THRESHOLDS);

describe('a test-driven label', () => {
  it('reads test-driven as TDD, in prose even alone in its clause', () => {
    assert.equal(term('We work test-driven.', 'tdd')?.name, false);
    assert.equal(term('How we work. Test-driven: integration tests first.', 'tdd')?.name, false);
    // Another hyphenated word alone in its clause stays an item of a list of names: a file, a bag's word.
    assert.equal(term('pre-commit: potential verbose bypass', 'commit')?.name, true);
    assert.equal(term('auto-compaction, read-only', 'compact')?.name, true);
  });

  it('keeps a way of working said as its label, nothing from a word list or its denial', () => {
    assert.equal(
      label('Test-driven: integration tests for the documented scenarios first, implementation second.'),
      'kept',
    );
    assert.equal(label('Decisions were made about the driven test, the integration scenarios.'), 'lost');
    assert.notEqual(label('The user does not want test-driven work, no TDD approach.'), 'kept');
  });
});
