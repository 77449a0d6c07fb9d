/**
 * sudo refused for want of a terminal is a rule of the environment the agent learnt (issue 39, legion's M6: "the agent
 * cannot use sudo: it needs a terminal for the password; the user must run `sudo setcap …`"): a constraint while the
 * agent's last sudo failed so, none once a sudo went through or when sudo failed for another reason.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { sudoWithoutTerminal } from '../../src/quality/derive/sudo-without-terminal.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, user, shellRun as shell } from '../helpers/factories.ts';

const NO_TTY =
  'Exit code 1\nsudo: a terminal is required to read the password; either use the -S option to read from standard input or configure an askpass helper\nsudo: a password is required';

const POWER: Message[] = [
  user('Build a panel applet that shows the CPU power draw from the RAPL counters.'),
  ...shell('cat /sys/class/powercap/intel-rapl:0/energy_uj', 'cat: energy_uj: Permission denied', true),
  ...shell('sudo setcap cap_dac_read_search=ep ./target/debug/power-monitor', NO_TTY, true),
  assistant(
    'I cannot run sudo here: `sudo setcap` needs a password prompt which I can’t provide. Please run it.',
  ),
  ...shell('cargo build --release', 'Finished `release` profile'),
];

const sudoRule = (messages: Message[]): Probe | undefined =>
  deriveProbes({ messages }).probes.find((probe) =>
    probe.question.startsWith('Can the agent run commands with sudo'),
  );

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('sudo without a terminal', () => {
  it('is a live constraint while the last sudo failed for want of a terminal', () => {
    const probe = sudoRule(POWER);
    assert.ok(probe, 'a constraint for sudo refused');
    assert.equal(probe.kind, 'constraint');
    assert.ok(isLive(probe));
  });

  it('is kept by a handoff in its own words, and not by a path list or a failing command alone', () => {
    const probe = sudoRule(POWER)!;
    for (const kept of [
      'No sudo for me: it wants a password on a terminal, so `sudo setcap` fails; the user has to run it.',
      '- sudo ✗ (needs tty pw; setcap failed) -> USER runs setcap.',
    ])
      assert.equal(outcome(probe, kept), 'matched', kept);
    for (const missed of [
      'target/debug/power-monitor, /sys/class/powercap/intel-rapl:0/energy_uj',
      'cargo build passed.',
      '',
    ])
      assert.equal(outcome(probe, missed), 'missed', missed);
    assert.equal(
      outcome(probe, 'It is false that sudo asks for a password on a terminal the agent has none of.'),
      'contradicted',
    );
  });

  it('is no rule once a sudo went through, or when sudo failed for another reason', () => {
    const through = [...POWER, ...shell('sudo setcap cap_dac_read_search=ep ./power-monitor', '')];
    assert.equal(sudoRule(through), undefined);
    const otherFailure = shell(
      'sudo make install',
      'make: *** No rule to make target `install`.  Stop.',
      true,
    );
    assert.equal(sudoWithoutTerminal(toolRuns(otherFailure)), undefined);
    assert.equal(
      sudoWithoutTerminal(toolRuns(shell('echo "use sudo only if asked"', 'use sudo only if asked'))),
      undefined,
    );
  });
});
