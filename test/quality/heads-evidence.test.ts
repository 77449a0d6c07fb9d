/**
 * D54: a line naming a tracker's item keeps no next step; a summary saying the item is next or pending keeps it. D124:
 * nor does a tool's report of the step made as an item of a to-do list ("Task #9 created successfully: …"), however
 * the step is worded.
 */
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

test('a to-do item reported made keeps no next step; the step said next keeps it', () => {
  const probe = derivedProbe('next-step', {
    facets: [['run fmt']],
    statement: 'Next: run fmt, lint, and tests, and see that it passes',
    partialCredit: false,
  });
  const outcome = (text: string) => scoreProbes(createMatcher(text), [probe]).probeOutcomes[probe.id];
  assert.equal(outcome('Task #9 created successfully: Run fmt, lint, and tests.'), 'missed');
  assert.equal(
    outcome('Task 9 created successfully Run fmt lint and.\nTask 10 created successfully Commit.'),
    'missed',
  );
  assert.equal(outcome('Next: run fmt, lint and the tests, then commit.'), 'matched');
  assert.equal(
    outcome('Task #9 created successfully: Run fmt, lint, and tests.\nStill to do: run fmt and lint.'),
    'matched',
  );
});
