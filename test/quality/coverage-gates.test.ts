/**
 * A coverage gate the agent ran (issue 39, python-to-rust's R14: "`cargo llvm-cov --fail-under-lines 100` passes: 100%
 * of lines"): its last run is a state probe, said by the command or by the share as a handoff writes it, never by the
 * user's own request for that share, nor by the test tally the same run prints.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coverageGate, coverageGateProbes } from '../../src/quality/derive/coverage-gates.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

/** A shell call and its result, failed or not. */
function shell(command: string, output: string, failed = false): Message[] {
  const call = toolCall('Bash', { command });
  return [callsTools([call]), toolResult(call, output, failed)];
}

const TABLE = [
  'running 12 tests',
  'test result: ok. 12 passed; 0 failed; 0 ignored',
  'Filename      Regions  Missed Regions  Cover   Lines  Missed Lines  Cover',
  'TOTAL              89               1  98.88%     35             0  100.00%',
].join('\n');

/** A port: the user asks for full coverage, the agent runs the gate, it passes, and work goes on. */
const PORT: Message[] = [
  user("Port the parser to Rust. Don't stop until the tests pass and you have 100% coverage."),
  ...shell('cargo test', 'test result: ok. 12 passed; 0 failed'),
  ...shell('cargo llvm-cov --fail-under-lines 100', TABLE),
  assistant('We have 100% line coverage. One region in lexer.rs is uncovered, which is fine for lines.'),
  ...shell('cargo llvm-cov --html', 'Finished report saved to target/llvm-cov/html'),
  assistant('Now let me update the Justfile for Rust.'),
];

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('a coverage gate', () => {
  it('is read from the threshold flag of each coverage tool', () => {
    assert.deepEqual(coverageGate('cargo llvm-cov --fail-under-lines 100'), {
      measure: 'line',
      percent: '100',
    });
    assert.deepEqual(coverageGate('pytest --cov=app --cov-fail-under=90 tests/'), {
      measure: 'coverage',
      percent: '90',
    });
    assert.deepEqual(coverageGate('coverage report --fail-under 85'), { measure: 'coverage', percent: '85' });
    assert.deepEqual(coverageGate('npx c8 --check-coverage --branches 80 npm test'), {
      measure: 'branch',
      percent: '80',
    });
    // A threshold without --check-coverage gates nothing, and a coverage run without one is no gate.
    assert.equal(coverageGate('npx c8 --lines 95 npm test'), undefined);
    assert.equal(coverageGate('cargo llvm-cov --html'), undefined);
    // What a pipe reads is not the gate's command.
    assert.equal(coverageGate('cargo test | grep --fail-under 3'), undefined);
  });

  it('is a live state probe of its last run, kept by the command or the share, not by the request', () => {
    const probes = deriveProbes({ messages: PORT }).probes;
    const gate = probes.find((probe) => probe.check === 'cargo llvm-cov 100')!;
    assert.ok(gate, 'a state probe of the gate');
    assert.equal(gate.kind, 'state');
    assert.ok(isLive(gate));
    assert.equal(outcome(gate, 'Coverage: `cargo llvm-cov --fail-under-lines 100` passes.'), 'matched');
    assert.equal(outcome(gate, 'All 12 tests pass and the crate is at 100% of lines.'), 'matched');
    // The user's request for the share, the test tally and a path list keep nothing of it.
    assert.equal(outcome(gate, PORT[0]!.content as string), 'missed');
    assert.equal(outcome(gate, 'cargo test: 12 passed; 0 failed'), 'missed');
    assert.equal(outcome(gate, 'lexer.rs\ntarget/llvm-cov/html'), 'missed');
    // Stated the other way, it is no match.
    for (const opposite of [
      'It is false that `cargo llvm-cov` meets its coverage gate: 100% line coverage.',
      'It is false that the crate is at 100% of lines.',
    ])
      assert.notEqual(outcome(gate, opposite), 'matched', opposite);
  });

  it('states a failing gate as failing, with no share', () => {
    const failing = [
      ...PORT.slice(0, 3),
      ...shell(
        'cargo llvm-cov --fail-under-lines 100',
        `${TABLE}\nerror: lines coverage 97.1% is below 100%`,
        true,
      ),
    ];
    const [probe] = coverageGateProbes(toolRuns(failing));
    assert.equal(probe!.statement, '`cargo llvm-cov` misses its coverage gate of 100% line coverage');
    assert.deepEqual(probe!.facets, [['cargo llvm-cov --fail-under-lines 100']]);
  });

  it('has none where no coverage tool was given a threshold', () => {
    assert.deepEqual(coverageGateProbes(toolRuns(PORT.slice(0, 3).concat(PORT.slice(6)))), []);
  });
});
