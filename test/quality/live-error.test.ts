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
import { user, shellRun as shell } from '../helpers/factories.ts';

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

  it('reads a check behind an exported variable, and a pipeline whose program was not found as no pass', () => {
    const failing = [
      user('Make the applet build again.'),
      ...shell(
        'export PATH="$HOME/.cargo/bin:$PATH" && cargo build --release',
        'Exit code 101\nerror[E0277]: the trait bound `Text: From<Color>` is not satisfied',
        true,
      ),
    ];
    const runs = toolRuns(failing);
    assert.equal(runs.at(-1)!.command, 'cargo build --release');
    // The build's output went to a grep the shell could not find: the fallback's echo says nothing of the build.
    const unknown = [
      ...failing,
      ...shell(
        'export PATH="$HOME/.cargo/bin:$PATH" && cargo build --release | grep error || echo "Build completed"',
        'Build completed\nzsh: command not found: grep',
      ),
    ];
    assert.equal(toolRuns(unknown).at(-1)!.inconclusive, true);
    const probes = probesOf(unknown);
    assert.equal(probes.find((probe) => probe.kind === 'error')!.fixedLater, false);
    assert.equal(probes.find((probe) => probe.kind === 'next-step')?.facets[0]?.[0], 'cargo build');
    const built = probesOf([...unknown, ...shell('cargo build --release', 'Finished release')]);
    assert.equal(built.find((probe) => probe.kind === 'error')!.fixedLater, true);
    for (const said of ['bash: grep: command not found', 'sh: 1: grep: not found'])
      assert.equal(toolRuns(shell('make build | grep x || true', said)).at(-1)!.inconclusive, true);
    assert.equal(
      toolRuns(shell('make build', 'file not found in cache, fetching')).at(-1)!.inconclusive,
      false,
    );
  });

  it('takes an error a later failing run of the same check no longer reports as fixed', () => {
    const probes = probesOf([
      user('Port the view to the new widget API.'),
      ...shell(
        'cargo build --release',
        'error[E0433]: failed to resolve: could not find `container` in `widget`\nerror[E0277]: the trait bound `Text: From<Color>` is not satisfied',
        true,
      ),
      ...shell(
        'cargo build --release --quiet',
        'error[E0277]: the trait bound `Text: From<Color>` is not satisfied',
        true,
      ),
    ]).filter((probe) => probe.kind === 'error');
    assert.deepEqual(
      probes.map((probe) => [probe.facets[0]![0], probe.fixedLater]),
      [
        ['E0433', true],
        ['E0277', false],
      ],
    );
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
