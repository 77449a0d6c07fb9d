/**
 * A test asked for and not written (D132): a plan's or a review's step "Add tests for `X`" with no later write of a
 * test whose title names X. A state of absence: kept by the session's own events, by a summary that says the test not
 * written, contradicted when a test of X is written or said written; the plan copied is no telling of its state.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { absenceByEvents, writesTestOf } from '../../src/quality/absence.ts';
import { askedTestProbes } from '../../src/quality/derive/asked-tests.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { lintProbes } from '../../src/quality/probe-lint.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { renderMessages } from '../../src/session/transcript.ts';
import type { Message } from '../../src/session/types.ts';
import { toolExchange } from '../helpers/factories.ts';

const render = (messages: readonly Message[]) =>
  `\n\n${renderMessages(messages, { toolResultChars: Number.POSITIVE_INFINITY })}`;

/** One call and its result. */
const run = (name: string, args: Record<string, unknown>, output = 'ok'): Message[] =>
  toolExchange(name, args, output);

const PLAN = [
  'Implement the following plan:',
  '',
  '## Changes',
  '1. Add `ComputeTranscriptPath` to the agent interface',
  '',
  '## Verification',
  '1. **Unit tests:**',
  '   - Add tests for `ComputeTranscriptPath()` in each agent implementation',
  '   - Verify path format matches expected patterns',
].join('\n');

/** The plan, the interface and a mock edited, a run of the tests; no test of the function. */
const session: Message[] = [
  { role: 'user', content: PLAN },
  ...run('Read', { file_path: 'agent/agent.go' }),
  ...run('Edit', {
    file_path: 'agent/agent.go',
    old_string: 'a',
    new_string: 'ComputeTranscriptPath(repo string)',
  }),
  ...run('Edit', {
    file_path: 'agent/agent_test.go',
    old_string: 'b',
    new_string: 'func (m *mockAgent) ComputeTranscriptPath(string) string { return "" }',
  }),
  ...run('Bash', { command: 'go test ./...' }, 'ok  agent'),
];

const probe = (): Probe =>
  deriveProbes({ messages: session }).probes.find((candidate) => candidate.absence?.denies === 'test')!;
const outcome = (text: string) => probeOutcome(createMatcher(text), probe());

describe('a test asked for and not written', () => {
  it('is drawn from the plan step that names one function, resting on the last event; a mock is no test of it', () => {
    const drafts = askedTestProbes(session);
    assert.equal(drafts.length, 1);
    assert.equal(
      drafts[0]!.statement,
      'A test of ComputeTranscriptPath was asked for and has not been written',
    );
    assert.equal(drafts[0]!.messageIndex, 7);
    assert.equal(drafts[0]!.absence!.denies, 'test');
    assert.equal(drafts[0]!.absence!.names, 'ComputeTranscriptPath');
  });

  it('the whole transcript keeps it by its events, and lint finds it founded', () => {
    assert.equal(outcome(render(session)), 'matched');
    assert.deepEqual(
      lintProbes({ probes: [probe()], messages: session }).map((finding) => finding.rule),
      [],
    );
  });

  it('a test of the function written is no probe, and in a context it contradicts the absence', () => {
    const tested = [
      ...session,
      ...run('Write', {
        file_path: 'agent/claude_test.go',
        content: 'package claude\n\nfunc TestComputeTranscriptPath(t *testing.T) {}',
      }),
    ];
    assert.deepEqual(askedTestProbes(tested), []);
    assert.equal(absenceByEvents(createMatcher(render(tested)), probe().absence!), 'contradicted');
    assert.deepEqual(
      lintProbes({ probes: [probe()], messages: tested }).map((finding) => finding.rule),
      ['absence-unfounded'],
    );
  });

  it('a summary keeps it by the test said not written, a paraphrase too', () => {
    assert.equal(outcome('NOT done: ComputeTranscriptPath unit tests, and the manual checks.'), 'matched');
    assert.equal(
      outcome('The unit tests for ComputeTranscriptPath that the plan asks for are still to be written.'),
      'matched',
    );
    assert.equal(outcome('The ComputeTranscriptPath method is in the interface and both agents.'), 'missed');
  });

  it('the plan copied keeps nothing by it; said written, or false, is contradicted', () => {
    assert.notEqual(outcome(PLAN), 'matched');
    assert.equal(outcome('ComputeTranscriptPath has tests now, for both agents.'), 'contradicted');
    assert.equal(
      outcome('It is false that a test of ComputeTranscriptPath was asked for and has not been written.'),
      'contradicted',
    );
    assert.equal(
      outcome('A test of ComputeTranscriptPath was asked for and has not been written. This was not done.'),
      'contradicted',
    );
  });

  it('a review finding asks with its recommendation; an item naming several functions, or a "consider adding", does not', () => {
    const review = [
      '#### Important Issues',
      '',
      '**1. Missing test coverage for chunked reads**',
      '',
      'The `readTranscriptFromTree` function in `/repo/checkpoint/committed.go` handles chunks but has no unit tests.',
      '',
      '**Recommendation**: Add a test that writes chunk files and reads them back.',
      '',
      '**2. Test edge case**',
      '',
      'Consider adding a test for content of exactly `MaxChunkSize` bytes.',
      '',
      '- Add tests for `ChunkJSONL` and `ReassembleJSONL`',
    ].join('\n');
    const messages: Message[] = [
      { role: 'user', content: 'Review the chunking pull request.' },
      ...run('Task', { prompt: 'review PR #90' }, review),
      ...run('Bash', { command: 'git push' }),
    ];
    assert.deepEqual(
      askedTestProbes(messages).map((draft) => draft.absence!.names),
      ['readTranscriptFromTree'],
    );
    // The same words in a tool's output that is no subagent's are no review.
    const read = [
      messages[0]!,
      ...run('Read', { file_path: 'REVIEW.md' }, review),
      ...run('Bash', { command: 'ls' }),
    ];
    assert.deepEqual(askedTestProbes(read), []);
  });

  it('tells a test by its title across languages, not a mock or a read', () => {
    const line = (call: string) => `[Assistant tool calls]: ${call}`;
    assert.equal(
      writesTestOf(
        line('Write(file_path="a/x.test.ts", content="describe(\\"computePath\\", () => {")'),
        'computePath',
      ),
      true,
    );
    assert.equal(
      writesTestOf(
        line('Write(file_path="tests/test_x.py", content="def test_compute_path():")'),
        'computePath',
      ),
      true,
    );
    assert.equal(writesTestOf(line('Read(file_path="tests/test_x.py")'), 'computePath'), false);
    assert.equal(
      writesTestOf(
        line('Edit(file_path="a/x.go", new_string="func TestComputePath(t *testing.T)")'),
        'computePath',
      ),
      false,
    );
  });
});
