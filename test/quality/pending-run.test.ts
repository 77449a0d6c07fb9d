/**
 * A command started last and unanswered at the cut is where the work stands (issue 39, D114): the cut fell while it
 * ran, so a careful reader hands it over as launched with no result yet ("at the cut the agent has just started
 * `python scripts/sync_raw_logs.py` and has no result yet"), and a summary that gives it an outcome claims one nobody saw.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { pendingRunProbes } from '../../src/quality/derive/pending-run.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, shellRun, toolCall, user } from '../helpers/factories.ts';

const SYNC = 'cd ~/M-Claude && python scripts/sync_raw_logs.py';

const work = (last: string): Message[] => [
  user('Sync the latest logs and push them, then make the repository public.'),
  ...shellRun('git add -A && git commit -m "Add sync script"', '[main 1a2b3c4] Add sync script'),
  callsTools([toolCall('Bash', { command: last })], 'Let me sync the logs first.'),
];

const pending = (messages: Message[]): Probe | undefined =>
  deriveProbes({ messages }).probes.find((probe) => probe.answer.includes('has no result yet'));

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('a command started last with no result at the cut', () => {
  it('is a live state, its command as a summary shows it', () => {
    const probe = pending(work(SYNC));
    assert.ok(probe, 'a state for the run left open');
    assert.equal(probe.kind, 'state');
    assert.ok(isLive(probe));
    assert.equal(
      probe.answer,
      '`python scripts/sync_raw_logs.py` was started last and has no result yet: its outcome is not known.',
    );
    // No statement: a bag of the command's words (the session's most frequent) must not state it by meaning.
    assert.equal(probe.statement, undefined);
    assert.deepEqual(probe.facets, [['python scripts/sync_raw_logs.py']]);
  });

  it('is kept by a handoff that says it runs, contradicted by one that gives it an outcome', () => {
    const probe = pending(work(SYNC))!;
    for (const kept of [
      'Where it stands: the agent has only just launched `cd ~/M-Claude && python scripts/sync_raw_logs.py` and has not seen its output.',
      'STATE: just launched `python scripts/sync_raw_logs.py`, no output seen yet.',
      'Running `python scripts/sync_raw_logs.py` (no result yet)',
    ])
      assert.equal(outcome(probe, kept), 'matched', kept);
    for (const claimed of [
      'The agent ran `python scripts/sync_raw_logs.py`; it finished cleanly and the logs were rebuilt.',
      '`python scripts/sync_raw_logs.py` failed with a permission error.',
    ])
      assert.equal(outcome(probe, claimed), 'contradicted', claimed);
    for (const missed of ['scripts/sync_raw_logs.py, CHAT_LOG.md', 'sync_raw_logs.py', ''])
      assert.equal(outcome(probe, missed), 'missed', missed);
  });

  it('is none once the result is in, for a look at files, or for a call that is not the last message', () => {
    assert.equal(pending([...work('ls'), user('go on')]), undefined);
    const answered = [user('Sync the logs.'), ...shellRun(SYNC, 'Synced 66 files.')];
    assert.equal(pending(answered), undefined);
    assert.deepEqual(pendingRunProbes(work('git status')), []);
    assert.deepEqual(pendingRunProbes(work('git diff HEAD -- a.go')), []);
    assert.deepEqual(pendingRunProbes([...work(SYNC), user('stop, wait')]), []);
  });

  it('is live at a cut that falls before its result, which comes in after it', () => {
    const call = toolCall('Bash', { command: 'mise run fmt && mise run lint 2>&1' });
    const messages: Message[] = [
      user('Fix the review findings, then run the checks.'),
      callsTools([call], 'Now run fmt and lint:'),
      {
        role: 'toolResult',
        toolCallId: call.id,
        toolName: 'Bash',
        content: [{ type: 'text', text: 'ok' }],
        isError: false,
      },
    ];
    const probe = deriveProbes({ messages }, { cut: 2 }).probes.find((found) =>
      found.answer.includes('has no result yet'),
    );
    assert.ok(probe);
    assert.deepEqual(probe.facets, [['mise run fmt && mise run lint']]);
    assert.ok(isLive(probe));
  });
});
