/**
 * What the agent changed by a command (issue 39, round s40 D167: the readers list a GitHub issue retitled, Beads items
 * created and files rewritten by `sed -i` as artifacts of the work, which no edit tool wrote): an artifact probe of the
 * item or file, its facets what it names and what the command set in plain words. A path list, an identifier bag,
 * the user's request and the command's own words keep none of them; a summary saying it was not done contradicts it;
 * a comment, a note, a failed command and code replaced by code give none.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandChangeProbes } from '../../src/quality/derive/command-changes.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, shellRun as shell, user } from '../helpers/factories.ts';

const CREATED = JSON.stringify({ id: 'av-44n', title: 'EPIC: graded attempt workflow', status: 'open' });

const SESSION: Message[] = [
  user('Update issue 1263 with the scope we agreed, and make tracker items for the work.'),
  ...shell(
    'gh issue edit 1263 --repo acme/tool --title "feat(cli): prepare workspaces for manual attempts" --body-file - <<\'EOF\'\n## Decision\nDo not build watch.\nEOF',
    'https://github.com/acme/tool/issues/1263',
  ),
  ...shell(
    'bd create "EPIC: graded attempt workflow for outside agents" --type epic --priority P1 --labels cli,workspace',
    CREATED,
  ),
  ...shell(
    "cd site && sed -i 's/180+ other segments/and more, 117 segments in all/' static/llms.txt static/skill.md",
    '',
  ),
  assistant('Issue 1263 is rewritten, the epic is av-44n, and the segment count is fixed.'),
];

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

/** The live derived artifact probe whose statement opens with `subject`. */
function derived(subject: string): Probe {
  const probe = deriveProbes({ messages: SESSION }).probes.find(
    (one) => one.kind === 'artifact' && one.statement?.startsWith(subject),
  );
  assert.ok(probe, `no derived artifact probe of ${subject}`);
  assert.ok(isLive(probe));
  return probe;
}

describe('a change made by a command', () => {
  it('reads an issue retitled, an item created and a text replaced in files', () => {
    const probes = commandChangeProbes(SESSION, toolRuns(SESSION));
    assert.deepEqual(
      probes.map((probe) => [probe.facets, probe.statement]),
      [
        [
          [['#1263', 'issue 1263', 'issue #1263'], ['prepare workspaces for manual attempts']],
          'GitHub issue #1263 retitled and its body rewritten: prepare workspaces for manual attempts',
        ],
        [
          [['av-44n'], ['graded attempt workflow for outside agents']],
          'tracker item av-44n created: graded attempt workflow for outside agents',
        ],
        [
          [['llms.txt', 'skill.md'], ['117 segments']],
          'llms.txt and skill.md now read: and more, 117 segments in all',
        ],
      ],
    );
    assert.equal(probes[2]!.file, 'static/llms.txt');
  });

  it('reads what a file holds now: a later replacement in it takes the place of the earlier one', () => {
    const twice: Message[] = [
      user('Fix the segment count in the docs.'),
      ...shell("sed -i 's/180+ other segments/117 other segments/' static/llms.txt static/skill.md", ''),
      ...shell("sed -i 's/and 117 other segments/and more, 117 segments in all/' static/skill.md", ''),
    ];
    assert.deepEqual(
      commandChangeProbes(twice, toolRuns(twice)).map((probe) => probe.statement),
      ['llms.txt now reads: 117 other segments', 'skill.md now reads: and more, 117 segments in all'],
    );
  });

  it('is kept by a handoff that says it, not by a path list, an identifier bag or the request', () => {
    const issue = derived('GitHub issue #1263');
    const item = derived('tracker item av-44n');
    const files = derived('llms.txt and skill.md');
    assert.equal(
      outcome(issue, 'Issue #1263 is retitled "prepare workspaces for manual attempts".'),
      'matched',
    );
    assert.equal(
      outcome(item, 'Created epic av-44n, the graded attempt workflow for outside agents.'),
      'matched',
    );
    assert.equal(outcome(files, 'llms.txt and skill.md now say "117 segments in all".'), 'matched');
    for (const trick of [
      'static/llms.txt\nstatic/skill.md',
      '#1263, av-44n, llms.txt, skill.md, acme/tool, P1',
      'Update issue 1263 with the scope we agreed, and make tracker items for the work.',
    ])
      for (const probe of [issue, item, files])
        assert.notEqual(outcome(probe, trick), 'matched', `${probe.statement} by ${trick}`);
  });

  it('is contradicted where a summary says it was not done', () => {
    const item = derived('tracker item av-44n');
    assert.equal(
      outcome(
        item,
        'It is false that av-44n was created for the graded attempt workflow for outside agents.',
      ),
      'contradicted',
    );
  });

  it('gives none for a comment, a note, a failed command, a ticket closed or code replaced by code', () => {
    const none: Message[] = [
      user('Tidy the tracker.'),
      ...shell(
        'gh issue comment 12 --body "Alignment update: keep this issue open for the dashboard work."',
        'https://github.com/a/b/issues/12#issuecomment-1',
      ),
      ...shell('bd note av-1 "Alignment update: this stays the read model work."', '✓ Note added to av-1'),
      ...shell(
        'bd create "Document the prepared workflow for authors" --type task',
        'Error: no database',
        true,
      ),
      ...shell('bd close av-2 --reason "Implemented and tested the workspace setup"', '✓ Closed av-2'),
      ...shell('sed -i \'s|from "./config.js"|from "../utils/config.js"|g\' src/main.ts', ''),
    ];
    assert.deepEqual(commandChangeProbes(none, toolRuns(none)), []);
  });
});
