/**
 * A commit's state is told by a word of committing or its hash (round s28, D124): the tracker's report of a ticket
 * closed ("Closed spotter-fum.1 Enriched TranscriptRenderer …") and git's status under a branch named after the ticket
 * ("On branch spotter-fum Changes not staged for commit") share the statement's ticket and its "closed", and say
 * nothing of a commit. A summary that says the ticket committed keeps it, with or without the hash, and one that says
 * it false still contradicts it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { derivedProbe } from '../helpers/factories.ts';

const committed = derivedProbe('state', {
  facets: [['3bb8701'], ['enrich TranscriptRenderer', 'commit 3bb8701', '✔ 3bb8701']],
  statement: 'spotter-fum.1 committed (3bb8701) and closed',
  opposite: { subject: ['3bb8701'], said: ['not committed', 'not pushed'], within: 'clause' },
});

const outcome = (text: string) => scoreProbes(createMatcher(text), [committed]).probeOutcomes[committed.id];

describe("a commit's state told by its statement", () => {
  it("is not kept by the tracker's close report nor by git's status under the ticket's branch", () => {
    assert.equal(
      outcome('Closed spotter-fum.1 Enriched TranscriptRenderer with metadata fields kind.'),
      'missed',
    );
    assert.equal(outcome('On branch spotter-fum Changes not staged for commit.'), 'missed');
  });

  it('is kept where the ticket is said committed, with or without its hash', () => {
    assert.equal(outcome('spotter-fum.1 committed and closed.'), 'matched');
    assert.equal(outcome('- spotter-fum.1: closed, committed as 3bb8701.'), 'matched');
  });

  it('is contradicted where it is said false', () => {
    assert.equal(outcome('It is false that spotter-fum.1 committed (3bb8701) and closed.'), 'contradicted');
  });

  it("reads git's status header as no commit, made or to make", () => {
    const terms = meaningTerms('Changes not staged for commit').map((term) => term.term);
    assert.ok(!terms.includes(meaningTerms('commit')[0]!.term), terms.join(' '));
  });
});
