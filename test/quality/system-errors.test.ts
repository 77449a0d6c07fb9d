/**
 * A failed command whose output says only that it exited non-zero, beside a program's line ending in the system's
 * reason ("cp: cannot create regular file 'x': Text file busy"): the reason is the error (issue 39: installing over
 * a running binary failed again and again, and no error probe said so).
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

const INSTALL = 'cp target/release/applet ~/.local/bin/ && chmod +x ~/.local/bin/applet';
const BUSY = "Exit code 1\ncp: cannot create regular file '/home/me/.local/bin/applet': Text file busy";

const probesOf = (messages: Message[]): Probe[] =>
  errorProbes(messages, toolRuns(messages)).map((draft) => ({
    ...draft,
    id: 'error',
    source: 'derived',
    contradictions: [],
  }));

describe("a program's line ending in the system's reason", () => {
  it('is the error of a run that failed, named by the reason', () => {
    const [probe, ...rest] = probesOf([user('Install the applet.'), ...bash(INSTALL, BUSY, true)]);
    assert.equal(rest.length, 0);
    assert.deepEqual(probe!.facets, [['Text file busy']]);
    assert.match(probe!.statement!, /failed: Text file busy$/);
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe!);
    assert.equal(
      outcome('Copying over the running applet fails with "Text file busy": kill it first.'),
      'matched',
    );
    assert.equal(outcome('The applet was installed to ~/.local/bin.'), 'missed');
  });

  it('is no error of a run that succeeded, nor where the run has a telling error line of its own', () => {
    assert.deepEqual(
      probesOf([user('Install.'), ...bash('cp a b', "cp: 'a' and 'b' are the same file", false)]),
      [],
    );
    const compiler =
      'Exit code 1\nerror[E0277]: the trait bound `Text: Widget` is not satisfied\nld: Text file busy';
    const [probe] = probesOf([user('Build.'), ...bash('cargo build', compiler, true)]);
    assert.deepEqual(probe!.facets[0], ['E0277']);
  });
});
