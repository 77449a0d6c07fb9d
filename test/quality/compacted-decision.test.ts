/**
 * A decision settled before a compaction the agent recorded, and not stated again by the work since, is history at a
 * later cut (compacted-decisions.ts): pi's read-only getters, decided before its first compaction, are
 * not among the reader's live facts at its second. A decision the work came back to, one made after the compaction,
 * a cut at the compaction itself and a rule the user set stay live.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { livenessReasons, markLiveness } from '../../src/quality/derive/liveness.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, editRun, session, user } from '../helpers/factories.ts';

/** A derived probe of `kind` at `messageIndex`, restated at `repeatedAt`. */
function probeAt(kind: string, messageIndex: number, repeatedAt: number[] = []): Probe {
  return {
    id: `${kind}@${messageIndex}`,
    kind,
    question: '?',
    answer: 'use a ring buffer instead of an unbounded array',
    facets: [['ring buffer'], ['unbounded array']],
    contradictions: [],
    messageIndex,
    repeatedAt,
    source: 'derived',
  };
}

/** Twelve messages of work; a compaction the agent recorded before message `compactedAt`, when given. */
function work(compactedAt?: number) {
  const messages: Message[] = [user('Build the event log for the daemon.')];
  while (messages.length < 12) messages.push(assistant(`Step ${messages.length} done.`));
  return session(messages, {
    compactions: compactedAt === undefined ? [] : [{ summary: 'the work so far', messageIndex: compactedAt }],
  });
}

describe('a decision settled before an earlier compaction', () => {
  it('is history at a cut after the compaction', () => {
    const [decision] = markLiveness([probeAt('decision', 2)], work(5), 10);
    assert.equal(decision!.live, false);
    assert.equal(livenessReasons([probeAt('decision', 2)], work(5), 10)['decision@2'], 'compacted-decision');
  });

  it('stays live when the work since the compaction states it again', () => {
    const [decision] = markLiveness([probeAt('decision', 2, [7])], work(5), 10);
    assert.equal(decision!.live, true);
  });

  it("stays live when the compaction's summary carries it forward", () => {
    const compacted = session(work(5).messages, {
      compactions: [{ summary: 'Decided: a ring buffer instead of an unbounded array.', messageIndex: 5 }],
    });
    assert.equal(markLiveness([probeAt('decision', 2)], compacted, 10)[0]!.live, true);
  });

  it('is history when stated again only before the compaction', () => {
    const [decision] = markLiveness([probeAt('decision', 2, [4])], work(5), 10);
    assert.equal(decision!.live, false);
  });

  it('stays live when made after the compaction, with no compaction, or at a cut at the compaction itself', () => {
    assert.equal(markLiveness([probeAt('decision', 6)], work(5), 10)[0]!.live, true);
    assert.equal(markLiveness([probeAt('decision', 2)], work(), 10)[0]!.live, true);
    assert.equal(markLiveness([probeAt('decision', 2)], work(5), 5)[0]!.live, true);
  });

  it('leaves a rule the user set and a hand-written decision live: they bind the work after the compaction too', () => {
    assert.equal(markLiveness([probeAt('constraint', 2)], work(5), 10)[0]!.live, true);
    assert.equal(
      markLiveness([{ ...probeAt('decision', 2), source: 'sidecar' }], work(5), 10)[0]!.live,
      true,
    );
  });

  it('is history in the probes derived from a session of our own making', () => {
    const messages: Message[] = [
      user('Add an event log to the daemon, then expose it over the status endpoint.'),
      assistant(
        "I'll use a ring buffer for the event log instead of an unbounded array, since memory must stay flat.",
      ),
      ...editRun('src/event-log.ts'),
      assistant('The event log is in place.'),
      user('Now expose the log over the status endpoint.'),
      ...editRun('src/status.ts'),
      assistant('The status endpoint now returns the recent events.'),
      ...editRun('src/status-format.ts'),
      assistant('The status output is formatted.'),
    ];
    const decisionLive = (compactions: Array<{ summary: string; messageIndex: number }>) =>
      deriveProbes(session(messages, { compactions })).probes.find((probe) => probe.kind === 'decision')
        ?.live;
    assert.equal(decisionLive([]), true);
    assert.equal(decisionLive([{ summary: 'the event log is built', messageIndex: 5 }]), false);
    // The compaction's own summary carried it forward: it still binds the work.
    const carried = 'Key decisions: the event log is a ring buffer, not an unbounded array.';
    assert.equal(decisionLive([{ summary: carried, messageIndex: 5 }]), true);
  });
});
