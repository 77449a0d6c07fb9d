/**
 * What a faithful handoff in fresh words writes for a derived probe's facet and is still read as stating it: the
 * option taken said with another verb of choosing ("the chosen date range" for "the selected date range"), a reviewer's
 * feedback called a review, solving called fixing; a name without the word for its kind ("the CommittedMetadata
 * struct"); "go on working" as keeping it working; a commit
 * named by its hash ("Done (commit 1a2b3c4)") rather than its subject.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { PROBE_STATEMENT_THRESHOLDS, probeOutcome } from '../../src/quality/probe-recall.ts';
import { indexStatements, statementLabel } from '../../src/quality/statement-match.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { committedRetryBudget, derivedProbe } from '../helpers/factories.ts';

/** A live derived probe of one kind with these facets. */
const probe = (kind: Probe['kind'], facets: string[][], statement?: string): Probe =>
  derivedProbe(kind, { facets, messageIndex: 1, ...(statement === undefined ? {} : { statement }) });

const outcome = (text: string, read: Probe) => probeOutcome(createMatcher(text), read);

describe('an option said with another verb of choosing', () => {
  const widget = probe('constraint', [['selected date range']]);

  it('select, choose and pick state one another', () => {
    assert.equal(outcome('Cards show the share of issues in the chosen date range.', widget), 'matched');
    assert.equal(outcome('Cards count the issues of the date range the user picked.', widget), 'matched');
  });

  it('still needs the words of the option', () => {
    assert.equal(outcome('Cards show the chosen label.', widget), 'missed');
    assert.equal(outcome('Cards show the date range.', widget), 'missed');
  });
});

describe("a reviewer's remarks and fixing them in other words", () => {
  it('feedback is a review, solving is fixing', () => {
    const current = probe('task', [['new feedback']]);
    assert.equal(outcome('A fresh review landed in REVIEW.md; vet each point first.', current), 'matched');
    assert.equal(outcome('The review of last week is done.', current), 'missed');
    const solve = probe('constraint', [['solve the failing import']]);
    assert.equal(outcome('Fix the failing import before anything else.', solve), 'matched');
  });
});

describe('a word that says what kind of thing a name is', () => {
  const storage = probe('decision', [['existing CommittedMetadata struct']]);

  it('is not needed beside the name when prose says something of it', () => {
    assert.equal(
      outcome("Summaries live in the checkpoint's existing metadata.json (CommittedMetadata).", storage),
      'matched',
    );
    assert.equal(outcome('Summaries get a new CommittedMetadata field.', storage), 'missed');
  });

  it('leaves a name alone as the phrase: what an identifier bag holds', () => {
    const bare = probe('decision', [['CommittedMetadata struct']]);
    assert.equal(outcome('CommittedMetadata, SessionState, existing_id', bare), 'missed');
    assert.equal(outcome('CommittedMetadata, SessionState, existing_id', storage), 'missed');
  });
});

describe('going on', () => {
  const label = (statement: string, text: string) =>
    statementLabel(indexStatements(text), statement, PROBE_STATEMENT_THRESHOLDS);

  it('"go on working" keeps a thing working, "go away" does not', () => {
    const rule = 'Keep existing terminal annotation behavior working (selection + row/col highlight).';
    assert.equal(
      label(rule, 'Terminal annotations must go on working as before (selection, row/col highlight).'),
      'kept',
    );
    assert.equal(
      label(rule, 'Terminal annotation behavior must go away (selection + row/col highlight).'),
      'contradicted',
    );
  });
});

describe('a commit named by its hash', () => {
  const work = committedRetryBudget();
  const state = deriveProbes(work).probes.find((probe) => probe.kind === 'state')!;

  it('is stated by the hash beside the word commit, as by its subject', () => {
    assert.deepEqual(state.facets, [
      ['1a2b3c4'],
      ['add the retry budget', 'commit 1a2b3c4', '✔ 1a2b3c4', '✓ 1a2b3c4', '✅ 1a2b3c4'],
    ]);
    assert.equal(outcome('Done: the retry budget (commit 1a2b3c4).', state), 'matched');
    assert.equal(outcome('The budget was committed (1a2b3c4) on main.', state), 'matched');
    assert.equal(outcome('1a2b3c4 adds the retry budget.', state), 'matched');
  });

  it('is not stated by the hash alone, nor by a commit denied', () => {
    assert.equal(outcome('Hashes: 1a2b3c4, 9f8e7d6.', state), 'missed');
    assert.notEqual(outcome('The budget (1a2b3c4) was never committed.', state), 'matched');
  });
});
