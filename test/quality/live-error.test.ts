/**
 * The live error (issue 39): the latest failure of a check, a commit or a deploy not followed by its success; an error
 * of a command that checks and changes nothing is history once the agent goes on; and while a check still fails,
 * fixing it and running it again is the next step.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorProbes } from '../../src/quality/derive/errors.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { canonicalText } from '../../src/quality/match.ts';
import { stanceAround } from '../../src/quality/stance.ts';
import { errorLines } from '../../src/session/error-lines.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

/** A shell call and its result, failed or not. */
function shell(command: string, output: string, failed = false): Message[] {
  const call = toolCall('bash', { command });
  return [callsTools([call]), toolResult(call, output, failed)];
}

const probesOf = (messages: Message[]) => errorProbes(messages, toolRuns(messages));

describe('the live error', () => {
  it("reads a compiler's finding at a file's line and column, not grep's file:line nor a warning", () => {
    assert.deepEqual(
      errorLines(
        'Exit code 1\n# example.com/cli/checkpoint\ncheckpoint/checkpoint.go:407:1: syntax error: unexpected keyword type',
      ),
      ['checkpoint/checkpoint.go:407:1: syntax error: unexpected keyword type'],
    );
    assert.deepEqual(errorLines('src/a.ts:12: const x = 1'), []);
    assert.deepEqual(errorLines('lib/b.ex:3:5: warning: variable "x" is unused'), []);
  });

  it('keeps a failing build live and makes fixing it and building again the next step', () => {
    const messages = [
      user('Merge the release branch and make sure it builds.'),
      ...shell('go build ./cmd/... && make test', 'ok'),
      ...shell(
        'go build ./cmd/... && make test',
        'Exit code 1\ncheckpoint/checkpoint.go:407:1: syntax error: unexpected keyword type',
        true,
      ),
    ];
    const probes = probesOf(messages);
    const error = probes.find((probe) => probe.kind === 'error')!;
    assert.equal(error.fixedLater, false);
    assert.equal(error.file, 'checkpoint/checkpoint.go');
    const step = probes.find((probe) => probe.kind === 'next-step')!;
    assert.equal(
      step.statement,
      'Next: fix syntax error in checkpoint.go, then run `go build` again until it passes',
    );
    assert.deepEqual(step.facets, [['go build']]);
    const fixed = probesOf([...messages, ...shell('go build ./cmd/... && make test', 'ok')]);
    assert.equal(fixed.find((probe) => probe.kind === 'error')!.fixedLater, true);
    assert.equal(
      fixed.some((probe) => probe.kind === 'next-step'),
      false,
    );
  });

  it('takes an error of a look around as history once a later run succeeds, but not a refused commit', () => {
    const messages = [
      user('Find out why the index breaks.'),
      ...shell('git maintenance status', "error: unknown subcommand: 'status'", true),
      ...shell('git config --list', 'core.bare=false'),
    ];
    assert.equal(probesOf(messages)[0]!.fixedLater, true);
    const refused = [
      user('Commit the tracing work.'),
      ...shell('git add -A && git commit -m "feat: tracing"', 'Error: Pre-commit validation failed', true),
      ...shell('mix format', ''),
    ];
    const probes = probesOf(refused);
    assert.equal(probes[0]!.fixedLater, false);
    assert.equal(probes.find((probe) => probe.kind === 'next-step')?.facets[0]?.[0], 'git commit');
    const committed = probesOf([
      ...refused,
      ...shell('git commit -m "feat: tracing"', '[main 1a2b3c4] feat'),
    ]);
    assert.equal(committed[0]!.fixedLater, true);
  });

  it('takes an error the user pasted before their latest prompt as history, and one in it as live', () => {
    const pasted = user('It fails with:\nTypeError: Cannot read properties of undefined (reading "id")');
    assert.equal(probesOf([user('Start.'), pasted])[0]!.fixedLater, undefined);
    assert.equal(probesOf([pasted, user('Now add the export button.')])[0]!.fixedLater, true);
  });
});

describe('a sentence cut by an ellipsis', () => {
  it('is one sentence: "… was not done" after "the Markdown... (it added x)" denies all of it', () => {
    const text =
      'x is defined in the theme but never used; add it to the Markdown... (it added x) was not done.';
    const start = canonicalText(text).indexOf('defined in the theme');
    assert.equal(stanceAround(canonicalText(text), start, start + 20), 'denied');
  });
});
