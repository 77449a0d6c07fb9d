/**
 * What a faithful handoff in fresh words writes for a derived probe's facet and is still read as stating it: the
 * option taken said with another verb of choosing ("the chosen date range" for "the selected date range").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';

/** A live derived probe of one kind with these facets. */
function probe(kind: Probe['kind'], facets: string[][], statement?: string): Probe {
  return {
    id: `${kind}@1`,
    kind,
    question: 'What is it?',
    answer: facets.map((facet) => facet[0]).join(', '),
    facets,
    contradictions: [],
    messageIndex: 1,
    source: 'derived',
    ...(statement === undefined ? {} : { statement }),
  };
}

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
