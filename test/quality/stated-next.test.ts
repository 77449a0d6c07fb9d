/**
 * The next step in the agent's own words (issue 39): the "Next steps" part of its latest report since the user's
 * prompt, or what it said it was doing with a call still running at the cut. Nothing before the user's latest prompt,
 * and no narration of a call whose result is in.
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
});
