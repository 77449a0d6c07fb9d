/**
 * A test file written beside its change is told with that change (test-files.ts), unless no commit has taken it in:
 * then its tests are work left in the tree, which a reader lists on its own, by their count ("subagent_live_test.exs
 * has 10 tests"; artifacts.ts `uncommittedTestsOf`). Attacked with what must not pass: a path list, an identifier bag,
 * the path list glossed with empty words, the test run's tally alone, the tests denied.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { testsWritten } from '../../src/quality/derive/test-files.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, session, shellRun, toolCall, toolResult, user } from '../helpers/factories.ts';

const SOURCE = 'lib/app/subagent_live.ex';
const TESTS = 'test/app/subagent_live_test.exs';

const LIVE = [
  'defmodule App.SubagentLive do',
  '  @moduledoc """',
  '  Renders a subagent transcript with the shared transcript components.',
  '  """',
  '  def mount(params, session, socket), do: {:ok, socket}',
  'end',
].join('\n');

const TEST_FILE = [
  'defmodule App.SubagentLiveTest do',
  '  use ExUnit.Case',
  '  test "renders the transcript rows" do',
  '    assert true',
  '  end',
  '  test "shows the agent name in the header" do',
  '    assert true',
  '  end',
  '  test "ignores a reference click" do',
  '    assert true',
  '  end',
  'end',
].join('\n');

/** The work: the module and its tests written, the tests run, then `after` (a commit, or nothing). */
function work(after: Array<[Message, Message]> = []) {
  const writes = [
    toolCall('write', { path: SOURCE, content: LIVE }),
    toolCall('write', { path: TESTS, content: TEST_FILE }),
  ];
  return session([
    user('Rebuild the subagent page on the shared transcript components.'),
    ...writes.flatMap((write) => [callsTools([write]), toolResult(write, 'File created successfully.')]),
    ...shellRun(`mix test ${TESTS}`, 'Finished in 0.1 seconds\n3 tests, 0 failures'),
    ...after.flat(),
  ]);
}

const testProbes = (after?: Array<[Message, Message]>): Probe[] =>
  deriveProbes(work(after)).probes.filter((probe) => probe.kind === 'artifact' && probe.file === TESTS);

const outcome = (text: string, probe: Probe) => probeOutcome(createMatcher(text), probe);

describe('a test file beside its change that no commit has taken in', () => {
  const [probe] = testProbes();

  it('is told by how many tests its edits wrote', () => {
    assert.ok(probe, 'the test file has an artifact probe');
    assert.deepEqual(probe.facets, [['subagent_live_test.exs'], ['3 tests', '3 new tests', '3 test cases']]);
    assert.match(probe.statement ?? '', /^subagent_live_test\.exs created: 3 tests$/);
  });

  it('is kept by a line that tells the tests', () => {
    assert.equal(outcome('New test/app/subagent_live_test.exs has 3 tests, all passing.', probe!), 'matched');
  });

  it('keeps nothing of a path list, an identifier bag, empty glosses or the tally alone', () => {
    assert.equal(outcome(`${SOURCE}\n${TESTS}`, probe!), 'missed');
    assert.equal(
      outcome('subagent_live_test.exs, App.SubagentLiveTest, SubagentLive, mount', probe!),
      'missed',
    );
    assert.equal(
      outcome(`${TESTS}: holds relevant project source code and its configuration.`, probe!),
      'missed',
    );
    assert.equal(outcome('mix test: 3 tests, 0 failures', probe!), 'missed');
  });

  it('keeps nothing when the tests are denied', () => {
    assert.notEqual(outcome('It is false that subagent_live_test.exs has 3 tests.', probe!), 'matched');
  });

  it('gives none once a commit took the test file in: it is told with its change', () => {
    const committed = shellRun(
      'git add -A && git commit -m "Rebuild the subagent page"',
      '[main 1a2b3c4] Rebuild the subagent page',
    );
    assert.deepEqual(testProbes([committed]), []);
  });
});

describe('testsWritten', () => {
  it('counts the test cases that still stand, not the groups', () => {
    assert.equal(testsWritten([{ added: TEST_FILE, removed: '' }]), 3);
    assert.equal(
      testsWritten([
        { added: TEST_FILE, removed: '' },
        {
          added: '  describe "header" do\n  test "shows the model" do',
          removed: '  test "ignores a reference click" do',
        },
      ]),
      3,
    );
    assert.equal(
      testsWritten([
        { added: "it('renders', () => {})\ndef test_parse():\nfunc TestRun(t *testing.T) {", removed: '' },
      ]),
      3,
    );
  });
});
