/**
 * A build check followed by a passing run of the same program's whole test suite (`mix compile`, then `mix test`:
 * 410 tests, 0 failures) has no state of its own: the test run built the project again, and a reader hands over the
 * suite's tally, not the earlier build apart (issue 39, round s21 D86: the terse handoff's "Suite 410 green").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { verificationProbes } from '../../src/quality/derive/verification.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

type Run = [command: string, output: string, failed?: boolean];

/** A session running each command once, each with the output given. */
function ran(runs: readonly Run[]): Message[] {
  return [
    user('Render every tool result in full with an expand control, and close the ticket when it is done.'),
    ...runs.flatMap(([command, output, failed]) => {
      const call = toolCall('bash', { command });
      return [callsTools([call]), toolResult(call, output, failed ?? false)];
    }),
  ];
}

const checks = (runs: readonly Run[]) => verificationProbes(toolRuns(ran(runs))).map((probe) => probe.check);

const compile: Run = ['mix compile', 'Compiling 3 files (.ex)\nGenerated spotter app'];
const suite: Run = ['mix test', 'Finished in 4.2 seconds\n410 tests, 0 failures'];
const credo: Run = ['mix credo --strict', 'Analysis took 1.1 seconds\n0 issues found'];

describe('a build the whole test suite ran again', () => {
  it('has no state of its own after a passing whole run of the same program', () => {
    assert.deepEqual(checks([compile, suite, credo]), ['mix test', 'mix credo']);
    // A failed build the suite then passed is stale too: the suite built the project since.
    assert.deepEqual(
      checks([['mix compile', '** (CompileError) lib/a.ex:3: undefined function x/0', true], suite]),
      ['mix test'],
    );
    assert.deepEqual(
      checks([
        ['cargo build --release', 'Finished release'],
        ['cargo test', 'test result: ok. 29 passed'],
      ]),
      ['cargo test'],
    );
  });

  it('keeps it where no such run follows it', () => {
    // The build after the tests, a failing suite, a suite narrowed to one file, another program's tests.
    assert.deepEqual(checks([suite, compile]), ['mix test', 'mix compile']);
    assert.deepEqual(checks([compile, ['mix test', '410 tests, 3 failures', true]]), [
      'mix compile',
      'mix test',
    ]);
    assert.deepEqual(checks([compile, ['mix test test/a_test.exs', '12 tests, 0 failures']]), [
      'mix compile',
      'mix test',
    ]);
    assert.deepEqual(checks([compile, ['cargo test', 'test result: ok. 29 passed']]), [
      'mix compile',
      'cargo test',
    ]);
    // A script runner's test script need not build (`npm test` seldom runs tsc): its build keeps its state.
    assert.deepEqual(
      checks([
        ['npm run build', 'built in 2.1s'],
        ['npm test', 'Tests  12 passed'],
      ]),
      ['npm run build', 'npm test'],
    );
  });

  it("leaves the suite's tally as the state a terse note keeps, and the cheap tricks keep none of it", () => {
    const messages = ran([compile, suite, credo]);
    const { probes } = deriveProbes({ messages });
    const states = probes.filter((probe) => probe.kind === 'state');
    assert.deepEqual(
      states.map((probe) => probe.statement),
      ['`mix test` passes: 410 tests, 0 failures', '`mix credo --strict` passes'],
    );
    const stateRecall = (text: string) => scoreProbes(createMatcher(text), states).probeRecall;
    assert.equal(stateRecall('dov.2 done. Suite 410 passed; `mix credo --strict` clean.'), 1);
    // One fact deleted drops exactly that fact.
    assert.equal(stateRecall('dov.2 done. `mix credo --strict` clean.'), 0.5);
    // The suite said failing contradicts it; the user's words and a path list keep nothing.
    const flipped = scoreProbes(
      createMatcher('dov.2 done. `mix test` fails. `mix credo --strict` clean.'),
      states,
    );
    assert.equal(flipped.contradictions, 1);
    assert.equal(
      stateRecall(
        'Render every tool result in full with an expand control, and close the ticket when it is done.',
      ),
      0,
    );
    assert.equal(
      stateRecall('lib/spotter_web/live/session_live.ex\ntest/spotter_web/live/session_live_test.exs'),
      0,
    );
  });
});
