/**
 * A test file written beside the change it tests is part of that change (issue 39, precision): a reader lists the
 * change by the file it changed, not again by its test, so the test file's artifact probe is left out where its
 * subject has a probe of its own; a test file changed on its own keeps its probe.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { testSubject } from '../../src/quality/derive/test-files.ts';
import type { FileOperation, Message, Session } from '../../src/session/types.ts';
import { callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

/** A session that writes a worker module and its test, and fixes another test file on its own. */
function work(): Session {
  const write = (path: string, content: string) => toolCall('Write', { file_path: path, content });
  const calls = [
    write(
      '/repo/lib/tail_worker.py',
      'def follow_transcript(path):\n    """Follow a transcript file and send each new line to its session."""\n',
    ),
    write(
      '/repo/tests/test_tail_worker.py',
      'def append_lines(path, lines):\n    """Append lines to a transcript file the way the agent writes them."""\n',
    ),
    write(
      '/repo/tests/test_parser.py',
      'def await_settled(parser):\n    """Wait for the parser to settle before reading its state."""\n',
    ),
  ];
  const messages: Message[] = [
    user('Add a tail worker that follows the transcript file, with tests, and fix the flaky parser test.'),
    ...calls.flatMap((call) => [callsTools([call]), toolResult(call, 'ok')]),
  ];
  const fileOperations: FileOperation[] = calls.map((call, at) => ({
    kind: 'write',
    path: String(call.arguments['file_path']),
    tool: 'Write',
    toolCallId: call.id,
    messageIndex: 1 + 2 * at,
  }));
  return { ...session(messages), fileOperations };
}

describe('a test file of a change', () => {
  it('is read by its name: the subject of a_test.exs, a.test.ts, a-spec.js, test_a.py, ATest.java', () => {
    assert.deepEqual(
      ['tail_worker_test.exs', 'store.test.ts', 'cli-spec.js', 'test_parser.py', 'SessionTest.java'].map(
        testSubject,
      ),
      ['tail_worker', 'store', 'cli', 'parser', 'session'],
    );
    for (const source of ['tail_worker.ex', 'contest.ts', 'latest.go', 'attestation.rb', 'test.exs'])
      assert.equal(testSubject(source), undefined, source);
  });

  it('has no artifact probe beside its subject’s; a test file changed on its own keeps its probe', () => {
    const files = deriveProbes(work())
      .probes.filter((probe) => probe.kind === 'artifact')
      .map((probe) => probe.file);
    assert.ok(files.includes('/repo/lib/tail_worker.py'), files.join());
    assert.ok(!files.includes('/repo/tests/test_tail_worker.py'), files.join());
    assert.ok(files.includes('/repo/tests/test_parser.py'), files.join());
  });
});
