/**
 * A coverage run with a threshold (`cargo llvm-cov --fail-under-lines 100`) is a check of its own, and its last run a
 * state a reader hands over ("coverage 100% of lines, passes"); without a threshold (an HTML report) it exits 0
 * whatever the coverage and checks nothing (issue 39: coverage of the reader's states).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { verificationProbes } from '../../src/quality/derive/verification.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { commandFamily } from '../../src/session/shell-commands.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

/** A session running each command once, each with the output given, then a short report. */
function ran(commands: ReadonlyArray<[string, string, boolean?]>): Message[] {
  return [
    user('Port the string helpers from Python to Rust; keep the public API the same.'),
    ...commands.flatMap(([command, output, failed]) => {
      const call = toolCall('bash', { command });
      return [callsTools([call]), toolResult(call, output, failed ?? false)];
    }),
    assistant('Ported the helpers; the report is in target/llvm-cov/html.'),
  ];
}

const TESTS: [string, string] = ['cargo test', 'test result: ok. 29 passed; 0 failed'];
// llvm-cov runs the tests first: its output holds their tally too.
const THRESHOLD: [string, string] = [
  'cargo llvm-cov --fail-under-lines 100',
  'running 29 tests\ntest result: ok. 29 passed; 0 failed\nTOTAL 346 1 99.71% 37 0 100.00% 188 0 100.00%',
];
const REPORT: [string, string] = [
  'cargo llvm-cov --html',
  'test result: ok. 29 passed\nFinished report saved',
];

const coverageProbe = (messages: Message[]) =>
  deriveProbes(session(messages)).probes.find((probe) => probe.answer.includes('llvm-cov'));

const outcome = (probe: Probe, summary: string) => probeOutcome(createMatcher(summary), probe);

describe('a coverage threshold as a check', () => {
  it('is a check of its own family only when the run enforces a threshold', () => {
    for (const command of [
      'cargo llvm-cov --fail-under-lines 100',
      'cargo tarpaulin --fail-under 90',
      'coverage report --fail-under=85',
      'npx nyc check-coverage --lines 95',
    ])
      assert.equal(commandFamily(command), 'coverage', command);
    for (const command of ['cargo llvm-cov --html', 'coverage html', 'cargo install cargo-llvm-cov'])
      assert.equal(commandFamily(command), undefined, command);
    // A test runner measuring coverage is its tests' run.
    assert.equal(commandFamily('pytest --cov=src --cov-fail-under=90'), 'test');
  });

  it("states the last threshold run as passing, the report run after it aside, and not with the tests' tally", () => {
    const probes = verificationProbes(toolRuns(ran([TESTS, THRESHOLD, REPORT])));
    assert.deepEqual(
      probes.map((probe) => probe.statement),
      ['`cargo test` passes: 29 passed', 'Coverage meets its threshold of 100% of lines'],
    );
    assert.deepEqual(probes[1]!.facets, [
      [
        'cargo llvm-cov --fail-under-lines 100',
        'coverage passes',
        'coverage check passes',
        'coverage threshold met',
        '100% line coverage',
        '100% coverage',
      ],
    ]);
  });

  it('is kept by a paraphrase, opposed by its denial, and not kept by the tests passing', () => {
    const probe = coverageProbe(ran([TESTS, THRESHOLD, REPORT]));
    assert.ok(probe, 'a coverage probe is derived');
    assert.equal(outcome(probe, 'Rust port done: 29 tests pass and we have 100% line coverage.'), 'matched');
    assert.equal(outcome(probe, 'All 29 tests pass.'), 'missed');
    assert.equal(
      outcome(probe, 'It is false that coverage meets its threshold of 100% of lines.'),
      'contradicted',
    );
    // Naming the tool is not the threshold met: a bag of identifiers keeps nothing of it.
    assert.equal(outcome(probe, 'cargo llvm-cov, math_utils.rs, Justfile'), 'missed');
  });

  it('states a failing threshold run as failing, with no figure met', () => {
    const failing: [string, string, boolean] = [
      'cargo llvm-cov --fail-under-lines 100',
      'error: lines coverage 97.10% is less than 100%',
      true,
    ];
    const probe = verificationProbes(toolRuns(ran([TESTS, failing]))).find((candidate) =>
      candidate.answer.includes('llvm-cov'),
    )!;
    assert.equal(probe.statement, 'Coverage is below its threshold of 100% of lines');
    assert.equal(
      probe.facets[0]!.some((spelling) => spelling.includes('100%')),
      false,
    );
  });

  it('derives no coverage state from report runs alone', () => {
    assert.equal(coverageProbe(ran([TESTS, REPORT])), undefined);
  });
});
