/**
 * How far a negation reaches when a probe's statement is read against a summary: a rule's negation whose reach is not
 * known, "without" after a negation, the alternative a decision set aside, and what a file now holds said with
 * negations of its own. A faithful summary that says the same with its own negations keeps the fact; a summary that
 * states it the other way, or denies it whole, still contradicts it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms, readStatement } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { derivedProbe } from '../helpers/factories.ts';

/** A derived probe whose facet no summary below states literally, so its statement decides. */
const probe = (kind: string, statement: string, file?: string): Probe =>
  derivedProbe(kind, {
    facets: [['a phrase no summary here repeats']],
    statement,
    ...(file ? { file } : {}),
  });

const outcome = (text: string, of: Probe) => probeOutcome(createMatcher(text), of);

describe('a rule whose negation reaches an unknown way', () => {
  const rule = probe(
    'constraint',
    'Do not keep separate debug rendering code paths for session and subagent pages.',
  );

  it('reads the words past the negation as either way', () => {
    const terms = readStatement(rule.statement!).terms;
    assert.equal(terms.find((term) => term.term === 'keep')?.negated, true);
    assert.equal(terms.find((term) => term.term === 'page')?.unsure, true);
  });

  it('is kept by a summary that puts it with a negation of its own', () => {
    assert.equal(
      outcome(
        '- SessionLive and SubagentLive share one rendering and debug path; no page gets its own debug code.',
        rule,
      ),
      'matched',
    );
  });

  it('is contradicted by a summary that states what it forbids, and by one that denies it whole', () => {
    assert.equal(
      outcome('- We keep separate debug rendering code paths for the session and subagent pages.', rule),
      'contradicted',
    );
    assert.equal(
      outcome(
        '- It is false that we do not keep separate debug rendering code paths for session and subagent pages.',
        rule,
      ),
      'contradicted',
    );
  });
});

describe('"without" after a negation', () => {
  const rule = probe(
    'constraint',
    'Do not silently truncate tool-result output without an explicit expand affordance.',
  );

  it('asks for what follows it', () => {
    const terms = readStatement(rule.statement!).terms;
    assert.equal(terms.find((term) => term.term === 'truncat')?.negated, true);
    assert.equal(terms.find((term) => term.term === 'explicit')?.negated, false);
  });

  it('is kept by "never cut silently; anything hidden gets an explicit expand control"', () => {
    assert.equal(
      outcome(
        '- Tool output is never truncated silently; anything hidden gets an explicit expand affordance.',
        rule,
      ),
      'matched',
    );
  });

  it('is contradicted where the output is truncated silently with no expand control', () => {
    assert.equal(
      outcome('- Tool-result output is silently truncated; no explicit expand affordance is shown.', rule),
      'contradicted',
    );
  });
});

describe('the alternative a decision set aside', () => {
  const decision = probe(
    'decision',
    'Chosen: add a --force flag to regenerate the summary, instead of silently skipping it',
  );

  it('is not reversed by a summary that says it was not taken', () => {
    assert.equal(
      outcome('- Regenerate the summary only with a --force flag (we do not skip it silently).', decision),
      'matched',
    );
  });

  it('still reverses the choice where the chosen option is denied', () => {
    assert.equal(
      outcome('- There is no --force flag to regenerate the summary; it is silently skipped.', decision),
      'contradicted',
    );
  });
});

describe('what a file now holds, said with negations of its own', () => {
  const artifact = probe(
    'artifact',
    'pane_list_live.ex changed for gqc.5: add project-level review page for ongoing annotations',
    'lib/web/live/pane_list_live.ex',
  );

  it('is kept where the summary quotes what the page says when it is empty', () => {
    assert.equal(
      outcome(
        '- gqc.5: the project review page lists open annotations; with none it says "No open annotations for this project.". The dashboard (pane_list_live.ex) has a Review link on every project.',
        artifact,
      ),
      'matched',
    );
  });

  it('is contradicted by a sentence that denies it, and by one that puts it as still to do', () => {
    assert.equal(
      outcome(
        '- It is false that pane_list_live.ex changed for gqc.5 to add the project-level review page for ongoing annotations.',
        artifact,
      ),
      'contradicted',
    );
    assert.equal(
      outcome(
        '- pane_list_live.ex: adding the project-level review page for ongoing annotations (gqc.5) is still to do.',
        artifact,
      ),
      'contradicted',
    );
  });
});

describe('a word of a name', () => {
  it('negates nothing after it: `--noEmit` is a flag, not "no"', () => {
    const terms = meaningTerms('check-types (tsc --noEmit) passes after the fixes');
    assert.equal(terms.find((term) => term.term === 'pass')?.negated, false);
    assert.equal(meaningTerms('the check does not pass').find((term) => term.term === 'pass')?.negated, true);
  });
});

describe('a negation right before a participle and a preposition (git\'s "Changes not staged for commit")', () => {
  // A rule stated with its own negation ("don't commit") and one whose facet the answer rules out ("commit to main").
  const noCommit = derivedProbe('constraint', {
    facets: [["don't commit", 'do not commit', 'not commit', 'never commit', 'no commit']],
    answer: 'The user said: "don\'t commit."',
  });
  const notToMain = derivedProbe('constraint', {
    facets: [['commit to main']],
    answer: 'The user said: never commit to main.',
  });

  it('denies the participle, not what follows the preposition', () => {
    const terms = meaningTerms('Changes not staged for release');
    assert.equal(terms.find((term) => term.term === 'stage')?.negated, true);
    assert.equal(terms.find((term) => term.term === 'releas')?.negated, false);
    // git's own header names no commit at all, made or to make (D124: "On branch spotter-fum Changes not staged for
    // commit" stated the ticket's commit by the branch's words and this "commit").
    const header = meaningTerms('Changes not staged for commit');
    assert.equal(header.find((term) => term.term === 'stage')?.negated, true);
    assert.equal(
      header.some((term) => term.term === 'commit'),
      false,
    );
    // After an auxiliary the participle is the act denied, and "to" reaches on to it.
    assert.equal(
      meaningTerms('must not be changed in parser').find((term) => term.term === 'parser')?.negated,
      true,
    );
    assert.equal(meaningTerms('not allowed to push').find((term) => term.term === 'push')?.negated, true);
  });

  it('states neither rule, read either way round', () => {
    for (const text of [
      'On branch main. Changes not staged for commit.',
      'Changes not staged for commit to main.',
    ])
      assert.equal(outcome(text, noCommit), 'missed', text);
    // The rule that rules out a commit to main is not stated by it: a commit to main named plainly is what it forbids.
    assert.notEqual(outcome('Changes not staged for commit to main.', notToMain), 'matched');
  });

  it('still keeps each rule said plainly, and a negation that reaches the verb itself', () => {
    assert.equal(outcome('The user said: do not commit.', noCommit), 'matched');
    assert.equal(outcome('Never commit anything; the user commits.', noCommit), 'matched');
    assert.equal(outcome('Do not commit to main.', notToMain), 'matched');
    assert.equal(
      outcome('Commits must not go straight to main: never commit to main.', notToMain),
      'matched',
    );
    assert.equal(outcome('We commit to main freely.', notToMain), 'contradicted');
  });
});
