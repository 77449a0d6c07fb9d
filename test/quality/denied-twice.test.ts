/**
 * Round s38, D160: a denial said of a denial, and a negation of a fact's own said false (issue 39). "It is false that
 * … was not done" affirms its sentence (stance.ts `affirmed`); a fact with a negation of its own ("the edits are not
 * committed yet") stated with that negation inside a sentence that denies itself is stated the other way, though a
 * denial elsewhere turns one of its words (denied-other-words.ts `ownNegationDenied`); a rule whose ruling out a
 * sentence denies is said false, though another sentence denies the thing it rules out (probe-reading.ts, and
 * statement-match.ts `ruleSaidFalse`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { facetProbe as probe } from '../helpers/factories.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { stanceAround, stanceSpans } from '../../src/quality/stance.ts';

const outcome = (text: string, tested: Probe) => probeOutcome(createMatcher(text), tested);

const retryBudget = probe('decision', [['retry budget']], 'We chose a retry budget of three attempts');
const notCommitted = probe(
  'state',
  [['not committed', 'nothing committed']],
  'The edits are not committed yet',
);
const noReadTree = {
  ...probe('constraint', [['read-tree HEAD']]),
  answer: 'Do not run read-tree HEAD: the user rejected it',
};
const noDebugPaths = {
  ...probe(
    'constraint',
    [['keep separate debug rendering code']],
    'Do not keep separate debug rendering code paths for session and subagent pages.',
  ),
  answer:
    'The ticket says: "Do not keep separate debug rendering code paths for session and subagent pages."',
};

describe('a sentence denied twice', () => {
  it('reads "It is false that … was not done" as affirmed, one denial as denied', () => {
    const twice = 'It is false that the retry budget was added was not done.';
    assert.deepEqual(
      stanceSpans(twice).map((span) => span.stance),
      ['affirmed'],
    );
    assert.deepEqual(
      stanceSpans('It is false that the retry budget was added.').map((span) => span.stance),
      ['denied'],
    );
    // A clause that points back denies it a second time.
    assert.deepEqual(
      stanceSpans('It is false that the retry budget was added; that was not done.').map(
        (span) => span.stance,
      ),
      ['denied'],
    );
    const lower = twice.toLowerCase();
    const at = lower.indexOf('retry budget');
    assert.equal(stanceAround(lower, at, at + 'retry budget'.length), undefined);
  });

  it('keeps a choice so affirmed, and contradicts it under one denial', () => {
    assert.equal(outcome('We chose a retry budget of three attempts.', retryBudget), 'matched');
    assert.equal(
      outcome('It is false that we chose a retry budget of three attempts was not done.', retryBudget),
      'matched',
    );
    assert.equal(
      outcome('It is false that we chose a retry budget of three attempts.', retryBudget),
      'contradicted',
    );
  });
});

describe('a negation of a fact\u2019s own said false', () => {
  it('contradicts "nothing is committed" denied, though a denial elsewhere turns "committed"', () => {
    const beside = 'It is false that before anything is committed we run the checks.';
    assert.equal(outcome('Nothing new is committed. The checks pass.', notCommitted), 'matched');
    assert.equal(
      outcome(`${beside} It is false that nothing new is committed.`, notCommitted),
      'contradicted',
    );
    // Only the turned word: no statement of the fact, and no contradiction of it either.
    assert.notEqual(outcome(beside, notCommitted), 'contradicted');
  });

  it('keeps it where it is also said outside a denial', () => {
    assert.equal(
      outcome(
        'Nothing new is committed. It is false that before anything is committed we run the checks.',
        notCommitted,
      ),
      'matched',
    );
  });
});

describe('a rule said false', () => {
  it('contradicts a rule whose refusal is denied, though the thing is denied elsewhere', () => {
    const ran = 'It is false that I rebuilt the index with `git read-tree HEAD`.';
    assert.equal(outcome('He refused my `read-tree HEAD` in worktree 1.', noReadTree), 'matched');
    // The thing ruled out, denied: it agrees with the rule, which keeps it (by design).
    assert.equal(outcome(ran, noReadTree), 'matched');
    assert.equal(
      outcome(`It is false that he refused my \`read-tree HEAD\` in worktree 1. ${ran}`, noReadTree),
      'contradicted',
    );
  });

  it('contradicts a rule kept only by a denied sentence whose own negation the denial turns', () => {
    const shared =
      'SessionLive and SubagentLive share one rendering and debug path; no page gets its own debug code.';
    assert.equal(outcome(shared, noDebugPaths), 'matched');
    assert.equal(outcome(`It is false that ${shared}`, noDebugPaths), 'contradicted');
    assert.equal(outcome(`It is false that ${shared.slice(0, -1)} was not done.`, noDebugPaths), 'matched');
  });
});
