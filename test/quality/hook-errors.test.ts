/**
 * A failed command whose output is a wrapper's banner ("Pre-commit validation failed:") around the checker's own
 * finding (dialyxir's `lib/a.ex:58:13:pattern_match` and its message on the next line): the finding is the error,
 * not the banner (issue 39: on a real Claude Code session every handoff named the Dialyzer finding and the probe
 * asked for "Pre-commit validation").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorProbes } from '../../src/quality/derive/errors.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

function bash(command: string, output: string, isError: boolean): Message[] {
  const call = toolCall('Bash', { command });
  return [callsTools([call]), toolResult(call, output, isError)];
}

const COMMIT = 'git add -A && git commit -m "feat: trace helpers"';
const HOOK = [
  'Pre-commit validation failed:\\n\\n[DIALYZER]\\nFinding suitable PLTs',
  'Checking PLT...',
  'Total errors: 1, Skipped: 0, Unnecessary Skips: 0',
  'lib/app_web/trace_helpers.ex:58:13:pattern_match',
  'The pattern can never match the type.',
  '',
  'Pattern:',
  '{:ok, _trace_id}',
  '\\n\\nFix these issues before committing.',
].join('\n');

const probesOf = (messages: Message[]): Probe[] =>
  errorProbes(messages, toolRuns(messages)).map((draft) => ({
    ...draft,
    id: 'error',
    source: 'derived',
    contradictions: [],
  }));

describe("a wrapper's banner around a checker's finding", () => {
  it("takes the error's facets from the finding: its type and its message, or what the message says", () => {
    const [probe] = probesOf([user('Commit the trace helpers.'), ...bash(COMMIT, HOOK, true)]);
    assert.deepEqual(probe!.facets, [['pattern_match'], ['The pattern can never match', 'can never match']]);
    assert.equal(probe!.file, 'lib/app_web/trace_helpers.ex');
    assert.match(
      probe!.statement!,
      /failed: pattern_match: The pattern can never match in trace_helpers\.ex$/,
    );
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe!);
    assert.equal(
      outcome(
        'The hook still refuses the commit: Dialyzer reports pattern_match at trace_helpers.ex:58, the {:ok, _} branch "can never match".',
      ),
      'matched',
    );
    assert.equal(outcome('The commit failed: Pre-commit validation failed.'), 'missed');
    assert.equal(outcome('pattern_match, trace_helpers.ex, get_current_trace_id'), 'missed');
  });

  it('keeps the banner where no finding follows it, and a telling error line where the run has one', () => {
    const [banner] = probesOf([
      user('Commit.'),
      ...bash(COMMIT, 'Pre-commit validation failed:\n[FORMAT] Code is not formatted.', true),
    ]);
    assert.deepEqual(banner!.facets, [['Pre-commit validation failed']]);
    const compiler = `error[E0277]: the trait bound \`Text: Widget\` is not satisfied\n${HOOK}`;
    const [probe] = probesOf([user('Build.'), ...bash('cargo build', compiler, true)]);
    assert.deepEqual(probe!.facets[0], ['E0277']);
  });
});
