/**
 * Habits of the work the user requires in passing (issue 39, coverage): reading files whole ("i have a feeling you
 * need to read agent session in full to complete this task well") and writing the test before the fix ("let's fix it.
 * write the test first, I assume it's a local change in committed.go?"), said inside a longer message or a question.
 * Each is a constraint a handoff states in its own words ("Read files completely before changing them", "Bug fixes go
 * test-first: write the failing test, then fix"); a reproach or a question about the past sets none, and neither a
 * path list, an identifier bag nor a summary that denies the habit keeps it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { readWholeHabit, testFirstHabit } from '../../src/quality/derive/work-habits.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { assistant, editRun, session, user } from '../helpers/factories.ts';

/** The derived constraints of a session where the user asks `request` in the middle of the work. */
function constraintsAfter(request: string): Probe[] {
  const work = session([
    user('Fix the archive of chunked transcripts in the checkpoint store.'),
    ...editRun('src/checkpoint/store.ts'),
    assistant('The archive now moves every chunk.'),
    user(request),
    ...editRun('src/checkpoint/store_test.ts'),
    assistant('Done as asked.'),
  ]);
  return deriveProbes(work).probes.filter((probe) => probe.kind === 'constraint');
}

/** The probe's outcome in a text. */
function outcome(probe: Probe, text: string): string {
  return scoreProbes(createMatcher(text), [probe]).probeOutcomes[probe.id]!;
}

describe('reading files whole, required in passing', () => {
  it('is read where the user requires it of the agent, whatever the sentence opens with', () => {
    assert.deepEqual(
      readWholeHabit('i have a feeling you need to read agent session in full to complete this task well')
        ?.said,
      'you need to read agent session in full',
    );
    assert.equal(
      readWholeHabit('you should really read store.ts completely before editing')?.said,
      'you should really read store.ts completely',
    );
    // A reproach or a question about what was read, and a request to read once, set no habit here.
    assert.equal(readWholeHabit("you haven't read store.ts in full i suppose"), undefined);
    assert.equal(readWholeHabit('did you read store.ts in full?'), undefined);
    assert.equal(readWholeHabit('I read the whole file in full yesterday'), undefined);
  });

  it('is a constraint a handoff keeps in its own words, and a path list or a denial does not', () => {
    const rule = constraintsAfter(
      'same for the queue? i have a feeling you need to read store.ts in full to complete this task well',
    ).find((probe) => /read store\.ts in full/.test(probe.statement ?? ''));
    assert.ok(rule, 'a constraint for the habit');
    for (const text of [
      'Read files completely, in large reads, before changing them.',
      'User rules: read whole files before editing.',
      'Read the whole file before touching it.',
    ])
      assert.equal(outcome(rule, text), 'matched', text);
    for (const text of [
      '',
      'src/checkpoint/store.ts\nsrc/checkpoint/store_test.ts',
      'store.ts, store_test.ts, archive',
    ])
      assert.notEqual(outcome(rule, text), 'matched', text);
    assert.equal(outcome(rule, 'Never read files in full; skim them 100 lines at a time.'), 'contradicted');
  });
});

describe('writing the test first, asked in passing', () => {
  it('is read from an imperative that opens its clause, not from a question about what was done', () => {
    assert.equal(
      testFirstHabit("write the test first, I assume it's a local change in committed.go?")?.said,
      'write the test first',
    );
    assert.equal(testFirstHabit("let's add a failing test first")?.said, 'add a failing test first');
    assert.equal(testFirstHabit('did you write the test first?'), undefined);
    assert.equal(testFirstHabit('I wrote the test first'), undefined);
    assert.equal(testFirstHabit('the test first fails on CI'), undefined);
  });

  it('is a constraint a handoff keeps in its own words, and a path list or a denial does not', () => {
    const rule = constraintsAfter(
      "let's fix it. write the test first, I assume it's a local change in store.ts?",
    ).find((probe) => probe.statement === 'write the test first');
    assert.ok(rule, 'a constraint for the habit');
    for (const text of [
      'Bug fixes go test-first: write the failing test, watch it fail, then fix.',
      'fixes = TDD: red test first, then fix.',
      'The user asked to fix it with a TDD approach.',
    ])
      assert.equal(outcome(rule, text), 'matched', text);
    for (const text of [
      '',
      'src/checkpoint/store.ts\nsrc/checkpoint/store_test.ts',
      'The failing test TestArchive was fixed.',
    ])
      assert.notEqual(outcome(rule, text), 'matched', text);
    assert.equal(outcome(rule, 'Do not write the test first; fix the code, then add tests.'), 'contradicted');
  });
});
