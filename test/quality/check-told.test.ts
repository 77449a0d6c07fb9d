/**
 * A check's state is told by its outcome (round s29, D127): an untallied check's probe ("`npm run check` was run
 * last; it passed") is kept by its command, but a plan's "Verify with npm run check" or a note's "Run `npm run check`
 * before each commit" writes the command as a step to take and says nothing of how its last run went: half. Said with
 * its outcome, or named as run, it is kept as before; said the other way it is contradicted.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { outcomeOpposite } from '../../src/quality/derive/verification.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { derivedProbe } from '../helpers/factories.ts';

// As verification.ts derives a passing `npm run check`, whose output tallies nothing.
const passed = derivedProbe('state', {
  facets: [['npm run check', 'check passes', 'check passed']],
  statement: '`npm run check` passes',
  check: 'npm run check',
  opposite: outcomeOpposite('npm run check', 'npm run check', false),
});

// A tallied check: its facet is the tally, which is the outcome itself.
const tallied = derivedProbe('state', {
  facets: [['297 tests, 0 failures', '297 passed']],
  statement: '`mix test` passes: 297 tests, 0 failures',
  check: 'mix test',
  opposite: outcomeOpposite('mix test', 'mix test', false),
});

const outcome = (text: string, probe = passed) =>
  scoreProbes(createMatcher(text), [probe]).probeOutcomes[probe.id];

describe("an untallied check's state told by its outcome", () => {
  it('keeps half where the command is only a step to take', () => {
    assert.equal(outcome('- Verify with npm run check - Manual.'), 'partial');
    assert.equal(outcome('Run `npm run check` before each commit.'), 'partial');
    assert.equal(outcome('Tick the box, then run npm run check.'), 'partial');
  });

  it('keeps it whole where the outcome is said, or the command is named as run', () => {
    assert.equal(outcome('`npm run check` passes.'), 'matched');
    assert.equal(outcome('Verify with npm run check; it passed.'), 'matched');
    assert.equal(outcome('We ran npm run check and it passed.'), 'matched');
    assert.equal(outcome('Checks: npm run check.'), 'matched');
    assert.equal(outcome('Run npm run check before each commit. The check passed.'), 'matched');
  });

  it('contradicts it where its outcome is said the other way', () => {
    assert.equal(outcome('`npm run check` fails.'), 'contradicted');
    assert.equal(outcome('It is false that `npm run check` passes.'), 'contradicted');
  });

  it('leaves a tallied check and a text without the command as they were', () => {
    assert.equal(outcome('Run mix test: 297 tests, 0 failures.', tallied), 'matched');
    assert.equal(outcome('Verify the build by hand.'), 'missed');
  });
});
