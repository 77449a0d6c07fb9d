/**
 * A rule of the workflow learnt from a failure (issue 39): a commit refused by a hook ("Code is not formatted. Run
 * 'mix format' to fix."), one command run, then the same commit made, teaches "run `mix format` before committing",
 * a constraint for the commits still to come. A refusal fixed by editing code teaches no such step.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { learntOrderProbes } from '../../src/quality/derive/learnt-order.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, toolCall, toolResult, user, shellRun as shell } from '../helpers/factories.ts';

const COMMIT = 'git add lib/a.ex && git commit -m "feat: add the tail worker (a0y.3)"';
const REFUSED =
  "Pre-commit validation failed:\n\n[FORMAT] Code is not formatted.\nRun 'mix format' to fix.\n\nFix these issues before committing.";

const probesOf = (messages: Message[]): Probe[] =>
  learntOrderProbes(toolRuns(messages)).map((draft) => ({
    ...draft,
    id: 'constraint',
    source: 'derived',
    contradictions: [],
  }));

describe('a step learnt from a refused commit', () => {
  it('is a rule to run that step before committing', () => {
    const [probe, ...rest] = probesOf([
      user('Work through the epic.'),
      ...shell(COMMIT, REFUSED, true),
      ...shell('mix format', ''),
      ...shell('git status --short', ' M lib/a.ex'),
      ...shell(COMMIT, '[a0y 1a2b3c4] feat: add the tail worker (a0y.3)'),
    ]);
    assert.equal(rest.length, 0);
    assert.equal(probe!.kind, 'constraint');
    assert.equal(probe!.statement, undefined);
    assert.equal(
      probe!.answer,
      'Run `mix format` before committing: a commit without it was refused (Pre-commit validation failed:).',
    );
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe!);
    assert.equal(outcome('- pre-commit hook refuses unformatted code ⇒ `mix format` first.'), 'matched');
    assert.equal(outcome('Always run mix format before each commit.'), 'matched');
    assert.equal(outcome('Format with mix format before you commit.'), 'matched');
    // The command alone, as a list of commands run names it, is no rule.
    assert.equal(outcome('Ran mix format once.'), 'missed');
    assert.equal(outcome('- `mix format`'), 'missed');
    const rule = probe!.answer.replace(/\.$/, '');
    assert.equal(outcome(`It is false that ${rule}.`), 'contradicted');
    assert.equal(outcome(`${rule} was not done.`), 'contradicted');
  });

  it('is no rule when the code was edited between, or the commit never went through', () => {
    const edit = toolCall('Edit', { file_path: 'lib/a.ex', old_string: 'a', new_string: 'b' });
    assert.deepEqual(
      probesOf([
        user('Commit it.'),
        ...shell(COMMIT, REFUSED, true),
        callsTools([edit]),
        toolResult(edit, 'The file lib/a.ex has been updated.'),
        ...shell('mix format', ''),
        ...shell(COMMIT, '[a0y 1a2b3c4] feat: add the tail worker (a0y.3)'),
      ]),
      [],
    );
    assert.deepEqual(
      probesOf([user('Commit it.'), ...shell(COMMIT, REFUSED, true), ...shell('mix format', '')]),
      [],
    );
    assert.deepEqual(
      probesOf([
        user('Commit it.'),
        ...shell(COMMIT, REFUSED, true),
        ...shell('mix format', ''),
        ...shell('mix credo --strict', 'no issues'),
        ...shell(COMMIT, '[a0y 1a2b3c4] feat: add the tail worker (a0y.3)'),
      ]),
      [],
    );
  });
});
