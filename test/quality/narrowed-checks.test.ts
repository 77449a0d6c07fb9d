/**
 * A check narrowed to some tests or files (`go test -run TestX`, `mix credo lib/a.ex`) is a step of debugging, not
 * the state a reader hands over, where the same family of check was also run whole (issue 39: precision of the
 * derived probes).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { routineProbe } from '../../src/quality/derive/routine.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { isNarrowedCheck, verificationProbes } from '../../src/quality/derive/verification.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

/** A session running each command once, each with the output given. */
function ran(commands: ReadonlyArray<[string, string]>): Message[] {
  return [
    user('Fix the session id so it stays stable across days, and keep the suite green.'),
    ...commands.flatMap(([command, output]) => {
      const call = toolCall('bash', { command });
      return [callsTools([call]), toolResult(call, output)];
    }),
  ];
}

const checks = (messages: Message[]) => verificationProbes(toolRuns(messages)).map((probe) => probe.check);

describe('narrowed checks', () => {
  it('tells a run narrowed to tests or files from a whole run', () => {
    for (const command of [
      'go test ./session -v -run TestStableSessionID',
      'go test ./... -run=TestStableSessionID',
      'mix credo lib/spotter_web/live/session_live.ex',
      'mix test test/a_test.exs:12',
      'pytest tests/test_ids.py::test_stable',
      'pytest -k stable_id',
      'npx vitest run src/ids.test.ts',
    ])
      assert.equal(isNarrowedCheck(command), true, command);
    for (const command of [
      'go test ./...',
      'go test -c ./cmd/entire/cli/...',
      'go build ./cmd/entire/cli/strategy/',
      'mix credo --strict',
      'pnpm --filter @repo/labs lint',
      'mise run test:integration',
      'uv run --python 3.12 pytest',
      'cargo test',
    ])
      assert.equal(isNarrowedCheck(command), false, command);
  });

  it('derives no state from a narrowed run where its family was run whole, before or after it', () => {
    const narrowed: [string, string] = ['go test ./session -v -run TestStableSessionID', 'ok  session 0.01s'];
    const whole: [string, string] = ['mise run test', 'ok  all packages'];
    const lint: [string, string] = ['mise run lint', '0 issues'];
    assert.deepEqual(checks(ran([whole, narrowed, lint])), ['mise run test', 'mise run lint']);
    assert.deepEqual(checks(ran([narrowed, whole])), ['mise run test']);
    // Only another family run whole: the narrowed test run is still the tests' state.
    assert.deepEqual(checks(ran([narrowed, lint])), ['go test TestStableSessionID', 'mise run lint']);
  });
});

describe('the working loop with narrowed checks', () => {
  it('names a check by its command, not by the test it was narrowed to', () => {
    const loop = ran([
      ['go test -v -run TestStableSessionID', 'ok'],
      ['git commit -m "fix: stable session id"', '[main 1a2b3c4] fix: stable session id'],
      ['git push', 'main -> main'],
      ['go test -v -run TestArchive', 'ok'],
      ['git commit -m "fix: archive chunks"', '[main 5d6e7f8] fix: archive chunks'],
      ['git push', 'main -> main'],
    ]);
    const probe = routineProbe(toolRuns(loop))!;
    assert.deepEqual(probe.facets, [['go test -v']]);
    assert.equal(probe.statement, 'For each piece of work: `go test -v`, commit, push');
  });
});

describe('a check piped into another program', () => {
  it("has no outcome of its own without a tally: the exit status is the last program's", () => {
    const piped: [string, string] = ['npx tsgo --noEmit | grep "interactive-mode.ts"', ''];
    assert.deepEqual(checks(ran([piped])), []);
    // Its tally still states the outcome, and `||` is no pipe.
    assert.deepEqual(checks(ran([['npm test | tail -5', 'Tests  12 passed']])), ['npm test']);
    assert.deepEqual(checks(ran([['npx tsc --noEmit || true', '']])), ['npx tsc']);
  });
});

describe("a whole check's outcome in a handoff's words", () => {
  const stateOf = (command: string, failed = false): Probe => {
    const call = toolCall('bash', { command });
    const messages: Message[] = [
      user('Keep the suite green.'),
      callsTools([call]),
      toolResult(call, 'done', failed),
    ];
    const draft = verificationProbes(toolRuns(messages))[0]!;
    return { ...draft, id: 'state@2', source: 'derived', contradictions: [] };
  };
  const outcome = (text: string, probe: Probe) => probeOutcome(createMatcher(text), probe);

  it('is kept by the family and verdict, as a reader reads "all tests pass, lint clean"', () => {
    assert.equal(
      outcome('Rebased on main; all tests pass, lint clean.', stateOf('mise run test')),
      'matched',
    );
    assert.equal(
      outcome('Rebased on main; all tests pass, lint clean.', stateOf('mise run lint')),
      'matched',
    );
    assert.equal(
      outcome('The tests failed again after the rebase.', stateOf('go test ./...', true)),
      'matched',
    );
  });

  it('is not kept by the other verdict, a narrowed run, the fact denied or a bag of names', () => {
    assert.notEqual(outcome('The tests failed again after the rebase.', stateOf('mise run test')), 'matched');
    assert.notEqual(outcome('All tests pass.', stateOf('go test -v -run TestStableSessionID')), 'matched');
    assert.notEqual(outcome('It is false that all tests pass.', stateOf('mise run test')), 'matched');
    assert.equal(outcome('mise.toml testHelper passCount lintRules', stateOf('mise run test')), 'missed');
  });

  it("is not spelled so where the user's own words ask for it: the request is not the check run", () => {
    const test = toolCall('bash', { command: 'mise run test' });
    const messages: Message[] = [
      user('Fix the session id so it is stable across days. Make sure all tests pass before you stop.'),
      callsTools([test]),
      toolResult(test, 'ok all packages'),
    ];
    const state = deriveProbes({ messages }).probes.find((probe) => probe.kind === 'state')!;
    assert.deepEqual(state.facets, [['mise run test']]);
    // The user's messages copied verbatim keep the request, not the state.
    const userWords =
      'Fix the session id so it is stable across days. Make sure all tests pass before you stop.';
    assert.equal(outcome(userWords, state), 'missed');
  });
});
