/**
 * "yet" tells when, and a negation on it is its clause's (meaning.ts isOpposed): "Nothing has been committed yet"
 * states "Nothing was committed in this session; the edits are not committed yet", though only the statement negates
 * its "yet", which once counted as a term stated the other way and contradicted it. A denial still contradicts it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';

const uncommitted: Probe = {
  id: 'state@224',
  kind: 'state',
  check: 'git commit',
  question: "Which of the agent's edits are not committed yet?",
  answer:
    'Nothing was committed in this session; the edits are not committed yet: strategy.go, hooks_claudecode_handlers.go (2 files).',
  facets: [
    [
      'are uncommitted',
      'uncommitted changes',
      'not committed',
      'not yet committed',
      'not been committed',
      'nothing committed',
      'nothing has been committed',
      'no commit',
    ],
  ],
  statement: 'Nothing was committed in this session; the edits are not committed yet',
  partialCredit: false,
  contradictions: [],
  source: 'derived',
};

const outcome = (text: string) => probeOutcome(createMatcher(text), uncommitted);

describe('yet tells when', () => {
  it('keeps the state said with or without yet', () => {
    assert.equal(outcome('Nothing has been committed yet; all edits sit in the working tree.'), 'matched');
    assert.equal(outcome('Nothing has been committed.'), 'matched');
    assert.equal(outcome('The edits are not committed yet.'), 'matched');
  });

  it('contradicts it denied', () => {
    assert.equal(outcome('It is false that nothing has been committed yet.'), 'contradicted');
  });
});
