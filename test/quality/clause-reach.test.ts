/**
 * Where a summary's negation stops reaching: at a line break written as an escape in a quoted tool output, and at a
 * note's arrow. Each clause below was read as a contradiction of a fact the summary keeps (round s32, D137); a
 * sentence that states the fact the other way, or denies it whole, still contradicts it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { derivedProbe } from '../helpers/factories.ts';

const outcome = (text: string, probe: ReturnType<typeof derivedProbe>) =>
  probeOutcome(createMatcher(text), probe);

describe('a line break written as an escape (`\\n`) in a quoted tool output', () => {
  const rule = derivedProbe('constraint', { facets: [['mix format'], ['before committing']] });
  // A pre-commit hook's message as a summary quotes a failed call's output: its line breaks are `\n` escapes.
  const hookOutput =
    "- `git commit`: pre-commit validation failed:\\n\\n[format] code is not formatted.\\nrun 'mix format' to fix.\\n\\nfix these issues before committing. → fixed";

  it('ends the clause a negation reaches: "not formatted" does not deny the next line\'s command', () => {
    const [found] = createMatcher(hookOutput).occurrences('mix format');
    assert.equal(found?.negated, false);
    assert.equal(found?.deniedInClause, false);
    assert.equal(outcome(hookOutput, rule), 'matched');
  });

  it('still lets a negation on the same line deny it, and a sentence that denies it whole', () => {
    assert.equal(outcome("Never run 'mix format' before committing.", rule), 'contradicted');
    assert.equal(
      outcome("code is not formatted.\\ndo not run 'mix format' before committing", rule),
      'contradicted',
    );
    assert.equal(outcome("It is false that 'mix format' is run before committing.", rule), 'contradicted');
  });
});

describe("a note's arrow", () => {
  const line = 'OpenRepository + go-git lookup removed => no repo open => docstring stale.';

  it('ends the reach of the negation before it: "no repo open => docstring stale" leaves the docstring stale', () => {
    const terms = meaningTerms(line);
    assert.deepEqual(
      terms.filter((term) => term.negated).map((term) => term.term),
      ['repo', 'open'],
    );
    assert.equal(terms.find((term) => term.term === 'stale')?.negated, false);
  });

  it('is no clause end: what an arrow leads to stays in its clause, and a negation after it still reaches', () => {
    const after = meaningTerms('lookup removed => no stale docstring left');
    assert.equal(after.find((term) => term.term === 'stale')?.negated, true);
    assert.equal(new Set(meaningTerms(line).map((term) => term.clause)).size, 1);
  });

  it('keeps a next step the note states past the arrow, and contradicts one it denies', () => {
    const step = derivedProbe('state', {
      facets: [['a phrase no summary here repeats']],
      statement: 'The docstring of DeleteShadowBranches is stale after the repository lookup was removed',
    });
    assert.equal(
      outcome('DeleteShadowBranches: repository lookup removed => no repo open => docstring stale.', step),
      'matched',
    );
    assert.equal(
      outcome('DeleteShadowBranches: repository lookup removed => docstring is not stale.', step),
      'contradicted',
    );
  });
});
