/**
 * An artifact kept by a name its edits took out, said removed of the file (derive/added-names.ts `removedNamesOf`,
 * added-name.ts `statesRemovedName`): a terse line "session/state.go: TranscriptPath field removed." keeps the file
 * whose edits took the field out, where its facet is a commit title and no name was put in. Attacked with what must
 * not pass: the user's plan asking for the removal, a path list with "removed" after each file, the file's taken-out
 * names listed with one removal word, the name said removed without the file or of another file, the removal denied
 * or still to come, the line stated as false or not done (a contradiction), and a note with the line deleted.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const STATE = 'cmd/cli/session/state.go';
const HOOKS = 'cmd/cli/strategy/hooks.go';

/**
 * A session of our own making: the user's plan asks for a field's removal beside its file; the agent takes the field
 * out of state.go and changes hooks.go, both under one commit, with no words of its own for either.
 */
function removalSession() {
  const state = toolCall('edit', {
    path: STATE,
    oldText:
      '\tStartedAt time.Time `json:"started_at"`\n\t// TranscriptPath is the live transcript\n\tTranscriptPath string `json:"transcript_path,omitempty"`\n\tstaleMarker bool',
    newText: '\tStartedAt time.Time `json:"started_at"`',
  });
  const hooks = toolCall('edit', {
    path: HOOKS,
    oldText: '\tpath := state.TranscriptPath',
    newText: '\tpath, pathErr := agent.ComputeTranscriptPath(repoRoot, state.SessionID)',
  });
  const commit = toolCall('bash', { command: 'git commit -am "Stop storing the transcript path"' });
  // Other work around it: the names of the change are then rare in the session, as in a real one.
  const other = Array.from({ length: 30 }, (_, at) => {
    const run = toolCall('bash', { command: `go test ./cmd/cli/parser/case${at}` });
    return [callsTools([run], `Checking parser case ${at}.`), toolResult(run, `ok parser case ${at}`)];
  }).flat();
  return session([
    user(`Implement the plan:\n- \`${STATE}\` - Remove \`TranscriptPath\` field\n- hooks compute the path`),
    ...other,
    callsTools([state], 'Next file.'),
    toolResult(state, `The file ${STATE} has been updated successfully.`),
    callsTools([hooks], 'And this one.'),
    toolResult(hooks, `The file ${HOOKS} has been updated successfully.`),
    callsTools([commit], 'Committing.'),
    toolResult(commit, '[main 22c57db] Stop storing the transcript path\n 2 files changed'),
    user('thanks, open the PR'),
  ]);
}

/** The artifact probes derived for the two files. */
function probes(): { state: Probe; hooks: Probe } {
  const all = deriveProbes(removalSession()).probes;
  const state = all.find((found) => found.file === STATE);
  const hooks = all.find((found) => found.file === HOOKS);
  assert.ok(state && hooks, 'an artifact probe for each file');
  return { state, hooks };
}

const outcome = (text: string, probe: Probe) => probeOutcome(createMatcher(text), probe);
const LINE = 'session/state.go: TranscriptPath field removed.';

describe('an artifact kept by a name its edits took out, said removed of the file', () => {
  const { state, hooks } = probes();

  it('takes the names the edits replaced and added nothing of, the plan beside the file or not', () => {
    assert.deepEqual([...(state.removed ?? [])].sort(), ['TranscriptPath', 'staleMarker', 'transcript_path']);
    assert.equal(state.names, undefined);
    // hooks.go's edit replaced `state.TranscriptPath` (the name stays in other code) with a call: it took it out.
    assert.deepEqual(hooks.removed, ['TranscriptPath']);
  });

  it('keeps the file by a terse line that says a taken-out name removed of it', () => {
    assert.equal(outcome(LINE, state), 'matched');
    assert.equal(outcome('- state.go: dropped `TranscriptPath` (json transcript_path)', state), 'matched');
    assert.equal(outcome('state.go - the TranscriptPath field is gone now', state), 'matched');
    // Without the reading the line keeps nothing: the facet is the commit title, no told word or added name is there.
    assert.notEqual(outcome(LINE, { ...state, removed: undefined }), 'matched');
  });

  it("keeps nothing from the user's plan, a path list, a list of the names or the name without its file", () => {
    assert.notEqual(outcome(`- \`${STATE}\` - Remove \`TranscriptPath\` field`, state), 'matched');
    assert.notEqual(outcome(`${STATE} removed\n${HOOKS} removed`, state), 'matched');
    assert.notEqual(
      outcome('state.go: TranscriptPath, transcript_path, staleMarker removed', state),
      'matched',
    );
    assert.notEqual(
      outcome('state.go TranscriptPath transcript_path staleMarker removed session', state),
      'matched',
    );
    assert.notEqual(outcome('The TranscriptPath field was removed.', state), 'matched');
    assert.notEqual(
      outcome('state.go: untouched. hooks.go: TranscriptPath field removed.', state),
      'matched',
    );
  });

  it('keeps nothing where the removal is denied or still to come', () => {
    assert.notEqual(outcome('session/state.go: TranscriptPath field was not removed.', state), 'matched');
    assert.notEqual(outcome('session/state.go: TranscriptPath field never dropped', state), 'matched');
    assert.notEqual(outcome('session/state.go: TranscriptPath field to be removed.', state), 'matched');
    assert.notEqual(
      outcome('session/state.go: TranscriptPath field will be removed later', state),
      'matched',
    );
    assert.notEqual(outcome('session/state.go: remove the TranscriptPath field', state), 'matched');
  });

  it('counts the line stated as false or not done a contradiction', () => {
    assert.equal(outcome(`It is false that ${LINE}`, state), 'contradicted');
    assert.equal(outcome(`${LINE.slice(0, -1)} was not done.`, state), 'contradicted');
  });

  it('a note with the removal line deleted loses exactly that file', () => {
    const note = [LINE, 'hooks.go: path now computed via ComputeTranscriptPath, pathErr checked.'];
    assert.equal(outcome(note.join('\n'), state), 'matched');
    assert.equal(outcome(note.join('\n'), hooks), 'matched');
    assert.notEqual(outcome(note[1]!, state), 'matched');
    assert.equal(outcome(note[1]!, hooks), 'matched');
  });
});
