/**
 * "Block" says what "section" says (meaning-words.ts): a terse handoff writes the agent's "TeamSheet still renders a
 * summary section" as "Team Summary block" and keeps the decision's facet; other words for a part stay apart, and a
 * statement of the choice as false keeps nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';

const terms = (text: string) => meaningTerms(text).map((term) => term.term);

const decision: Probe = {
  id: 'decision@59',
  kind: 'decision',
  question: 'The user asked "Why do we need stats for the team?": what stays, and why?',
  answer:
    'The agent kept stats: TeamSheet still renders a summary section that reads `currentTeam.stats.totalMembers`.',
  facets: [['stats'], ['summary section']],
  contradictions: [],
  source: 'derived',
};

const outcome = (text: string) => probeOutcome(createMatcher(text), decision);

describe('section is block', () => {
  it('reads section and block, in any form, as one term; a panel is another', () => {
    assert.deepEqual(terms('the summary block'), terms('the summary section'));
    assert.deepEqual(terms('two blocks'), terms('two sections'));
    assert.notDeepEqual(terms('the summary panel'), terms('the summary section'));
  });

  it('keeps the choice said with block, and nothing from its denial or another part', () => {
    assert.equal(
      outcome(
        'Stats kept in the 1-team payload: the Team Summary block shows totalMembers/contributors/viewers.',
      ),
      'matched',
    );
    assert.equal(
      outcome('Stats kept in the 1-team payload: the Team Summary panel shows the counts.'),
      'missed',
    );
    assert.notEqual(
      outcome('It is false that stats were kept or that the Team Summary block shows them.'),
      'matched',
    );
  });
});
