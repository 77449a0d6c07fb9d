/**
 * A test file written beside the change it tests is part of that change (issue 39, precision): a reader lists the
 * change by the file it changed, not again by its test, so the test file's artifact probe is left out where its
 * subject has a probe of its own; a test file changed on its own keeps its probe, unless its edits only keep the
 * tests in step with a change made elsewhere (round s17, D60: no reader lists "tests passed the new argument").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { isTestFile, testSubject } from '../../src/quality/derive/test-files.ts';
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

// What the agent says before each edit of inStep().
const NARRATION = [
  'Let me give the renderer its theme argument for the colours.',
  'Now let me fix the test files for the new signature.',
  'Let me add a heading colour case to the theme colours tests.',
  'Now let me pass a narrow theme in the wrapping script.',
];

/**
 * A session that gives a renderer a theme argument, then edits three existing test files: one only passes the new
 * argument, one adds a test case, one the user asked about by name.
 */
function inStep(): Session {
  const edit = (path: string, oldText: string, newText: string) =>
    toolCall('Edit', { file_path: path, old_string: oldText, new_string: newText });
  const calls = [
    edit(
      '/repo/src/renderer.ts',
      'export function render(text: string) {',
      '// Renders text in the colours of the given theme.\nexport function render(text: string, theme: Theme) {',
    ),
    edit(
      '/repo/test/chat-simple.ts',
      "render('hello');",
      "const defaultTheme = loadTheme('dark');\nrender('hello', defaultTheme);",
    ),
    edit(
      '/repo/test/theme-colours.test.ts',
      "it('renders plain text', () => {\n\tassert.equal(render('a'), 'a');\n});",
      "it('renders plain text', () => {\n\tassert.equal(render('a', plainTheme), 'a');\n});\n" +
        "it('colours a heading with the theme accent', () => {\n\tassert.ok(render('# a', darkTheme).includes(accentCode));\n});",
    ),
    edit(
      '/repo/test/wrap-lines.ts',
      "wrap('hello');",
      "const narrowTheme = loadTheme('narrow');\nwrap('hello', narrowTheme);",
    ),
  ];
  const messages: Message[] = [
    user(
      'Give the renderer a theme argument so every caller passes its colours, and fix wrap-lines.ts for it too.',
    ),
    ...calls.flatMap((call, at) => [callsTools([call], NARRATION[at]), toolResult(call, 'ok')]),
  ];
  const fileOperations: FileOperation[] = calls.map((call, at) => ({
    kind: 'edit',
    path: String(call.arguments['file_path']),
    tool: 'Edit',
    toolCallId: call.id,
    messageIndex: 1 + 2 * at,
  }));
  return { ...session(messages), fileOperations };
}

describe('a test file kept in step with a change elsewhere', () => {
  it('is a test file by its name or by its folder', () => {
    for (const path of [
      '/repo/test/chat-simple.ts',
      'a/__tests__/b.js',
      'spec/models/user.rb',
      'lib/a_test.exs',
    ])
      assert.ok(isTestFile(path), path);
    for (const path of ['/repo/src/renderer.ts', 'lib/contest/a.ts', 'docs/testing.md'])
      assert.ok(!isTestFile(path), path);
  });

  it('has no artifact probe when its edits open no new test case; a new test case or the user naming it keeps one', () => {
    const files = deriveProbes(inStep())
      .probes.filter((probe) => probe.kind === 'artifact')
      .map((probe) => probe.file);
    assert.ok(files.includes('/repo/src/renderer.ts'), files.join());
    assert.ok(!files.includes('/repo/test/chat-simple.ts'), files.join());
    assert.ok(files.includes('/repo/test/theme-colours.test.ts'), files.join());
    assert.ok(files.includes('/repo/test/wrap-lines.ts'), files.join());
  });
});
