import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { readProbe, statedFacets } from '../../src/quality/probe-reading.ts';
import { forgetSummaryFacets, readSummaryFacets, summaryFacets } from '../../src/quality/summary-facets.ts';
import { derivedProbe } from '../helpers/factories.ts';

const summary = 'Next: finish hk-7.4 (wire live activity into the dashboard), then commit and close it.';
const probes = [
  { ...derivedProbe('next-step', { facets: [['hk-7.4'], ['Wire live']] }), id: 'next-step@1' },
  { ...derivedProbe('decision', { facets: [['postgres'], ['hk-7.4']] }), id: 'decision@2' },
];

describe('summary facets', () => {
  it('states each facet as statedFacets reads it, and nothing for a probe not known', () => {
    const index = createMatcher(summary);
    const expected = probes.map((probe) => statedFacets(index, probe, readProbe(probe)));
    assert.deepEqual(expected, [
      [true, true],
      [false, true],
    ]);
    assert.deepEqual(summaryFacets(summary, [probes[0], undefined, probes[1]], probes), [
      expected[0],
      [],
      expected[1],
    ]);
  });

  it('reads a summary once per probe set: read ahead, the page looks the same arrays up until forgotten', () => {
    const own = probes.map((probe) => ({ ...probe }));
    readSummaryFacets(summary, own);
    const [first] = summaryFacets(summary, [own[0]], own);
    assert.equal(summaryFacets(summary, [own[0]], own)[0], first);
    // Another summary, or another probe set, is read on its own.
    assert.notEqual(summaryFacets(`${summary} `, [own[0]], own)[0], first);
    assert.notEqual(summaryFacets(summary, [own[0]], [...own])[0], first);
    forgetSummaryFacets(own);
    const again = summaryFacets(summary, [own[0]], own)[0];
    assert.notEqual(again, first);
    assert.deepEqual(again, [true, true]);
  });
});
