/**
 * Three clauses the tool read as contradicting a fact a careful reader sees kept (round s33, D139): a change told by
 * what it went from ("from X to Y", "replaced X with Y"), an offer's question with the user's no right after it and no
 * block tag between, and a line that says one thing was not added to a file (not the file unchanged). A sentence
 * that states the fact the other way, or denies it whole, still contradicts it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { deniesFile } from '../../src/quality/made-line.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { derivedProbe } from '../helpers/factories.ts';

const outcome = (text: string, probe: ReturnType<typeof derivedProbe>) =>
  probeOutcome(createMatcher(text), probe);

describe('a change told by what it went from', () => {
  // The user's rule (clean-442's constraint@0): check the deletion with the CLI, not with go-git.
  const rule = derivedProbe('constraint', {
    facets: [['go-git repo.Reference']],
    statement: 'verify deletion via `git branch --list` CLI instead of go-git `repo.Reference`',
  });

  it('reads the name it went from as left: "updated verification from X to Y" keeps "use Y instead of X"', () => {
    const line =
      '- `TestDeleteShadowBranches`: Updated verification from go-git `repo.Reference()` to `exec.CommandContext(ctx, "git", "branch", "--list", b)`';
    assert.equal(createMatcher(line).occurrences('go-git repo.Reference')[0]?.negated, true);
    assert.equal(outcome(line, rule), 'matched');
    const replaced = createMatcher('Replaced all RemoveReference call sites with DeleteBranchCLI.');
    assert.equal(replaced.occurrences('RemoveReference')[0]?.negated, true);
    assert.equal(replaced.occurrences('DeleteBranchCLI')[0]?.negated, false);
  });

  it('needs the "to" or "with" of the change: "moved from the old plan" and "replaced with X" deny nothing', () => {
    const text = createMatcher('We moved from the old plan. Replaced with DeleteBranchCLI the loop.');
    assert.equal(text.occurrences('old plan')[0]?.negated, false);
    assert.equal(text.occurrences('DeleteBranchCLI')[0]?.negated, false);
  });

  it('still contradicts the rule where the summary went back to the name, or uses it plainly', () => {
    assert.equal(
      outcome('Updated verification from `git branch --list` to go-git `repo.Reference()`.', rule),
      'contradicted',
    );
    assert.equal(outcome('The test verifies deletion with go-git repo.Reference().', rule), 'contradicted');
  });
});

describe("an offer's question with the user's no right after it", () => {
  // pi-628's constraint@543: the agent's offer, and the user's reply kept without its [user] tag (a truncation).
  const rule = derivedProbe('constraint', {
    facets: [['proceed with this structure']],
    answer:
      'Do not proceed with this structure: the agent offered to proceed with this structure; the user said no',
    statement: 'The user declined the offer to proceed with this structure: do not do it',
  });

  it('keeps the rule: the question offers it and the next words decline it', () => {
    const text =
      "Both would import from ./lib/.\n\nWant me to proceed with this structure?\n\nno, that's horrible.\n\ntools -> core/tools";
    assert.equal(outcome(text, rule), 'matched');
  });

  it('contradicts it where the reply accepts, where no question offers it, and where it is said to be done', () => {
    assert.equal(outcome('Want me to proceed with this structure?\n\nyes, go ahead.', rule), 'contradicted');
    assert.equal(outcome('I will proceed with this structure. No, that is final.', rule), 'contradicted');
    assert.equal(outcome('We will proceed with this structure.', rule), 'contradicted');
  });
});

describe('a line that says a change not made, of the file or of one thing in it', () => {
  it('denies the file where the file is what was not changed', () => {
    assert.equal(deniesFile('docs/refactor.md was not changed.', 'refactor.md'), true);
    assert.equal(deniesFile('It is false that docs/refactor.md was changed.', 'refactor.md'), true);
    assert.equal(deniesFile("We didn't touch `clean.go`.", 'clean.go'), true);
  });

  it('not where the denial names another thing put into it, or another file in its own clause', () => {
    assert.equal(deniesFile('I had NOT yet added SetLogLevelGetter to clean.go', 'clean.go'), false);
    assert.equal(deniesFile('Edited clean.go; cleanup.go was not changed.', 'clean.go'), false);
  });
});
