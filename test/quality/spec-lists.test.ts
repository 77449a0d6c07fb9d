/**
 * The requirements a user lists in a typed request (issue 39, item 2): each list is a constraint with the line that
 * heads it; a pasted plan's steps and a list of one are not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { requestLists, specListProbes } from '../../src/quality/derive/spec-lists.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { assistant, user } from '../helpers/factories.ts';

const REQUEST = [
  'Create a page that charts label counts over time, with stat widgets on the right.',
  '',
  'Page filters:',
  '- Date range filter',
  '- Label filter (one or many)',
  '- Team filter',
  '',
  'Make the endpoint reusable for other metrics.',
].join('\n');

describe('lists of requirements in a request', () => {
  it('are read with the line that heads them', () => {
    assert.deepEqual(requestLists(REQUEST), [
      { heading: 'Page filters', items: ['Date range filter', 'Label filter (one or many)', 'Team filter'] },
    ]);
    assert.deepEqual(requestLists('Fix the bug:\n- in the parser'), []);
    // Steps to take are the task's, not requirements.
    assert.deepEqual(
      requestLists('Do these:\n- Edit a.txt, change hello to goodbye\n- Run the tests\n- Page size filter'),
      [],
    );
  });

  it('are constraints of a typed request, not of a pasted plan', () => {
    const [probe, ...rest] = specListProbes([user(REQUEST)]);
    assert.equal(rest.length, 0);
    assert.equal(probe!.kind, 'constraint');
    assert.equal(
      probe!.statement,
      'Page filters: Date range filter, Label filter (one or many), Team filter',
    );
    const plan = `Implement the following plan:\n${'- Step of the plan with many words in it\n'.repeat(5)}${'Context. '.repeat(200)}`;
    assert.deepEqual(specListProbes([user(plan)]), []);
  });

  it('are derived, kept by a summary that lists them in other words', () => {
    const { probes } = deriveProbes({
      messages: [user(REQUEST), assistant('I will look at the issues API and the chart components first.')],
    });
    const filters = probes.find((probe) => /^Page filters/.test(probe.statement ?? ''));
    assert.ok(filters, 'the list is derived');
    const score = (summary: string) => scoreProbes(createMatcher(summary), [filters]).probeRecall;
    assert.equal(
      score('The page needs filters for the date range, the label (one or many) and the team.'),
      1,
    );
    assert.equal(score('The page charts label counts over time.'), 0);
  });
});
