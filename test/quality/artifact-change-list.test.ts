/**
 * A file whose edits say nothing of themselves (no described definition, no commit, no narration) is told by the
 * agent's own later list of changes (change-lists.ts; artifacts.ts `listedProbe`): the item that opens with the file,
 * its words after the name. Attacked with what must not pass: a path list, an identifier bag, the path list glossed
 * with empty words, the user's messages verbatim, the change denied.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listedChangeOf } from '../../src/quality/derive/change-lists.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const REQUEST = 'The team sheet should load its own data. Please rework it and its callers.';
const SETTINGS = 'src/settings/teams/page.tsx';
const DASHBOARD = 'src/dashboard/page.tsx';

/** Edits of two callers with no words of their own, then the agent's report listing them as `report` says. */
function reported(report: string) {
  const edits = [
    toolCall('edit', {
      path: SETTINGS,
      old_string: '<TeamSheet team={team} />',
      new_string: '<TeamSheet teamId={selectedTeamId} initialTeam={selectedTeamInitial} />',
    }),
    toolCall('edit', {
      path: DASHBOARD,
      old_string: '<TeamSheet team={team} />',
      new_string: '<TeamSheet teamId={selectedTeamId} initialTeam={stubTeam} />',
    }),
  ];
  return session([
    user(REQUEST),
    ...edits.flatMap((edit) => [callsTools([edit]), toolResult(edit, 'Edited.')]),
    assistant(report),
  ]);
}

const LIST = [
  'Changes:',
  `- \`${SETTINGS}:21\` and \`${DASHBOARD}:64\` switch callers over to the new sheet API, keeping selected IDs in state.`,
].join('\n');

const artifactsOf = (report: string, path: string): Probe[] =>
  deriveProbes(reported(report)).probes.filter((probe) => probe.kind === 'artifact' && probe.file === path);

const outcome = (text: string, probe: Probe) => probeOutcome(createMatcher(text), probe);

describe("a file told by the agent's own list of changes", () => {
  const [probe] = artifactsOf(LIST, SETTINGS);

  it('is told by the words of the item that opens with it', () => {
    assert.ok(probe, 'the settings page has an artifact probe');
    assert.deepEqual(probe.facets, [['page.tsx'], ['switch callers']]);
    assert.match(probe.statement ?? '', /^page\.tsx changed: .*switch callers over to the new sheet API/);
    assert.equal(probe.live, true);
    // The second file the item opens with has the same name and the same words: one fact, which lint keeps once.
    assert.equal(artifactsOf(LIST, DASHBOARD).length, 0);
  });

  it('is kept by a line that says what the change did', () => {
    assert.equal(
      outcome('page.tsx (settings and dashboard): the callers now switch over to the new sheet API.', probe!),
      'matched',
    );
  });

  it('keeps nothing of a path list, an identifier bag, empty glosses or the user messages', () => {
    assert.equal(outcome(`${SETTINGS}\n${DASHBOARD}`, probe!), 'missed');
    assert.equal(
      outcome('page.tsx, TeamSheet, selectedTeamId, selectedTeamInitial, stubTeam', probe!),
      'missed',
    );
    assert.equal(
      outcome(`${SETTINGS}: holds relevant project source code and its configuration.`, probe!),
      'missed',
    );
    assert.equal(outcome(REQUEST, probe!), 'missed');
  });

  it('keeps nothing when the change is denied', () => {
    assert.notEqual(
      outcome('It is false that page.tsx switches callers over to the new sheet API.', probe!),
      'matched',
    );
  });

  it('reads an item of plain words that closes by naming the file in brackets', () => {
    const [closing] = artifactsOf(
      `- ✓ Switched the callers over to the team sheet (\`${SETTINGS}\`)`,
      SETTINGS,
    );
    assert.deepEqual(closing?.facets, [['page.tsx'], ['Switched the callers']]);
  });

  it('gives no probe where the item names the file among its words, or says nothing of it', () => {
    assert.deepEqual(artifactsOf(`- Switched \`${SETTINGS}\` over to the team sheet`, SETTINGS), []);
    assert.deepEqual(
      artifactsOf(`- Switched \`TeamSheet\` callers over to the team sheet (\`${SETTINGS}\`)`, SETTINGS),
      [],
    );
    assert.deepEqual(artifactsOf(`- \`${SETTINGS}\`: added an import`, SETTINGS), []);
    assert.deepEqual(artifactsOf(`- \`${SETTINGS}\`: updated`, SETTINGS), []);
    assert.deepEqual(artifactsOf('Done: the callers use the new sheet.', SETTINGS), []);
  });

  it('reads the next cell of a table row, and the last item of several', () => {
    const table = [
      '| File | What |',
      '| --- | --- |',
      `| \`${SETTINGS}\` | Opens the sheet with the clicked team |`,
    ].join('\n');
    const messages = reported(`- \`${SETTINGS}\`: first pass at the callers\n\n${table}`).messages;
    assert.equal(listedChangeOf(messages, 0, SETTINGS)?.words, 'Opens the sheet with the clicked team');
    assert.equal(listedChangeOf(messages, 0, 'src/other/page.tsx'), undefined);
  });
});
