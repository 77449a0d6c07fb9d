/**
 * "successfully" said of a write or a creation is the tool's report that its call went through ("Task 5 created
 * successfully: Update tests for TranscriptPath"), no check passing: a bag of tool results' first words keeps no
 * "tests passed" by it (meaning.ts REPORTED_SUCCESS). Alone or of a check it still reads as `pass`, and a tool's
 * report of its write is still one (write-report.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { isWriteReport } from '../../src/quality/write-report.ts';

const tested: Probe = {
  id: 'state@207',
  kind: 'state',
  check: 'mise run test',
  question: 'Which check was run last, and how did it end?',
  answer: '`mise run test` was run last; it passed.',
  facets: [
    [
      'mise run test',
      'tests pass',
      'tests passed',
      'tests passing',
      'tests green',
      'test passes',
      'test passed',
    ],
  ],
  statement: '`mise run test` was run last; it passed.',
  contradictions: [],
  source: 'derived',
};

const outcome = (text: string) => probeOutcome(createMatcher(text), tested);

describe('success reported of a write', () => {
  it('keeps no check passing by a creation reported successful', () => {
    assert.equal(outcome('Task 5 created successfully: Update tests for TranscriptPath.'), 'missed');
    assert.equal(outcome('Successfully wrote the tests file.'), 'missed');
  });

  it('still reads a check said to pass successfully', () => {
    assert.equal(outcome('The tests passed.'), 'matched');
    assert.equal(outcome('The tests ran successfully.'), 'matched');
  });

  it('still tells a tool report of its write', () => {
    assert.equal(isWriteReport(meaningTerms('File created successfully at /repo/src/a.ts')), true);
    assert.equal(isWriteReport(meaningTerms('The file /repo/src/a.ts has been updated successfully')), true);
    assert.equal(isWriteReport(meaningTerms('Created a.ts with the parser')), false);
  });
});
