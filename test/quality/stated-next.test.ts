/**
 * The next step in the agent's own words (issue 39): the "Next steps" part of its latest report since the user's
 * prompt, what it said it was doing with a call still running at the cut, or the work it set out to do on the user's
 * go-ahead while that turn is still open. Nothing before the user's latest prompt, and no narration of a call whose
 * result is in.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { statedNextProbes } from '../../src/quality/derive/stated-next.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

const REPORT = [
  '## Summary',
  'Tracing of the hook controllers is in; 297 tests pass.',
  '',
  '### Next Steps',
  'The remaining tasks are:',
  '- spotter-4te.4: Enable opentelemetry_ash and trace async enrichment',
  '- spotter-4te.5: Trace LiveView and TerminalChannel',
  '',
  'These are ready to proceed.',
].join('\n');

describe("the next step in the agent's words", () => {
  it("takes the items of its report's Next steps part", () => {
    const [probe, ...rest] = statedNextProbes([user('Work through the tracing epic.'), assistant(REPORT)]);
    assert.equal(rest.length, 0);
    assert.equal(
      probe!.statement,
      'Next: spotter-4te.4: Enable opentelemetry_ash and trace async enrichment; spotter-4te.5: Trace LiveView and TerminalChannel',
    );
    assert.equal(probe!.kind, 'next-step');
    const scored = { ...probe!, id: 'next-step@1', source: 'derived' as const, contradictions: [] };
    const outcome = (text: string) => probeOutcome(createMatcher(text), scored);
    assert.equal(
      outcome('Left: 4te.4 (enable opentelemetry_ash, trace async enrichment), then 4te.5 for LiveView.'),
      'matched',
    );
    assert.equal(outcome(`It is false that ${scored.statement}.`), 'contradicted');
    assert.equal(outcome('spotter-4te.4 spotter-4te.5'), 'missed');
  });

  it('reads a report given before the latest prompt as no next step', () => {
    assert.deepEqual(statedNextProbes([assistant(REPORT), user('Now fix the flaky test instead.')]), []);
  });

  it('takes the narration of a call still running at the cut, not of one whose result is in', () => {
    const lint = toolCall('bash', { command: 'mise run fmt && mise run lint' });
    const running: Message[] = [
      user('Check the review items and fix the valid ones.'),
      callsTools([lint], 'Now run fmt, lint, and tests:'),
    ];
    assert.deepEqual(
      statedNextProbes(running).map((probe) => probe.statement),
      ['Next: run fmt, lint, and tests, and see that it passes'],
    );
    assert.deepEqual(statedNextProbes([...running, toolResult(lint, 'ok')]), []);
    const looking = toolCall('bash', { command: 'git log --oneline' });
    assert.deepEqual(
      statedNextProbes([user('Why did it break?'), callsTools([looking], 'Let me check the history.')]),
      [],
    );
  });

  it("takes the work the user's go-ahead set off while the agent is still at it", () => {
    const write = toolCall('Write', { file_path: 'checkpoint/validators.go', content: 'package checkpoint' });
    const edit = toolCall('Edit', { file_path: 'session/state.go', old_string: 'paths.', new_string: '' });
    const approved: Message[] = [
      user('paths.ValidateSessionID seems to me like it should also belong into sessions?'),
      assistant(
        'That would loop session -> checkpoint -> session. Best solution: move the validators to checkpoint. Should I proceed?',
      ),
      user('yes'),
      callsTools([write], "I'll move the validators to the checkpoint package to break the import cycle."),
      toolResult(write, 'File created.'),
      callsTools([edit]),
      toolResult(edit, 'The file has been updated.'),
    ];
    const [probe, ...rest] = statedNextProbes(approved);
    assert.equal(rest.length, 0);
    assert.equal(
      probe!.statement,
      'Next: finish what the user approved: move the validators to the checkpoint package to break the import cycle',
    );
    assert.equal(probe!.messageIndex, 3);
    assert.deepEqual(probe!.facets, [['move the validators']]);
    const scored = { ...probe!, id: 'next-step@3', source: 'derived' as const, contradictions: [] };
    const outcome = (text: string) => probeOutcome(createMatcher(text), scored);
    assert.equal(
      outcome('Next: finish moving the validators into checkpoint (the user said yes), then make it build.'),
      'matched',
    );
    assert.equal(outcome(`It is false that ${scored.statement!.slice('Next: '.length)}.`), 'contradicted');
    // The user's messages copied verbatim keep none of it.
    assert.equal(
      outcome('paths.ValidateSessionID seems to me like it should also belong into sessions?\nyes'),
      'missed',
    );
    // The agent handed back: its report says what is next, or nothing is.
    assert.deepEqual(
      statedNextProbes([...approved, assistant('Done: the validators live in checkpoint now.')]),
      [],
    );
    // A prompt that asks for more than a go-ahead, or none at all ("continue" over many tickets), sets no such step.
    for (const prompt of ['continue', 'yes, but keep ValidateSessionID in paths'])
      assert.deepEqual(
        statedNextProbes(approved.map((message, at) => (at === 2 ? user(prompt) : message))),
        [],
        prompt,
      );
  });
});
