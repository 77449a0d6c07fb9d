/** D54: a line naming a tracker's item keeps no next step; a summary saying the item is next or pending keeps it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { derivedProbe } from '../helpers/factories.ts';

test('a line naming a tracker item keeps no next step; the item said to be next or pending keeps it', () => {
  const probe = derivedProbe('next-step', {
    facets: [['hk-7.4'], ['Wire live']],
    statement: 'Next: finish hk-7.4, then commit it and close it',
    partialCredit: false,
  });
  const outcome = (text: string) => scoreProbes(createMatcher(text), [probe]).probeOutcomes[probe.id];
  assert.equal(outcome('hk-7.4 Wire live activity into the dashboard.'), 'missed');
  assert.equal(outcome('Task hk-7.4 created: Wire live activity into the dashboard.'), 'missed');
  assert.equal(
    outcome('Next: finish hk-7.4 (wire live activity into the dashboard), then commit and close it.'),
    'matched',
  );
  assert.equal(outcome('## Remaining work\n\n- hk-7.4: wire live activity into the dashboard'), 'matched');
  assert.equal(outcome('hk-7.4 (wire live activity into the dashboard) is still open.'), 'matched');
});
