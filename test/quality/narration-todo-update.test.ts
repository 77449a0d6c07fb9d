/**
 * The agent's words before an edit tell the file (artifacts.ts `narratedProbe`), but what they say of its to-do list in
 * the same breath is said of the list (issue 39, legion's M16: "Let me update the todos and create the desktop file:"
 * gave the desktop file the facet "update the todos", which `probes lint` dropped as never said with the file).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const DESKTOP = 'data/com.example.PowerApplet.desktop';

/** The agent updates its to-do list and writes the desktop entry in one message, narrated as `narration` says. */
function narrated(narration: string) {
  const todos = toolCall('TodoWrite', { todos: [{ content: 'Create desktop file', status: 'in_progress' }] });
  const write = toolCall('write', {
    path: DESKTOP,
    content: '[Desktop Entry]\nName=Power Monitor\nExec=power-applet\nNoDisplay=true\nX-CosmicApplet=true\n',
  });
  return session([
    user('Make the power applet show up in the panel.'),
    callsTools([todos, write], narration),
    toolResult(todos, 'Todos have been modified successfully.'),
    toolResult(write, `File created successfully at: ${DESKTOP}`),
  ]);
}

const desktopProbe = (narration: string): Probe | undefined =>
  deriveProbes(narrated(narration)).probes.find(
    (probe) => probe.kind === 'artifact' && probe.file === DESKTOP,
  );

describe('a narration that also updates the to-do list', () => {
  it('tells the file by what it says of the file', () => {
    const probe = desktopProbe(
      'Excellent! It compiled. Let me update the todos and create the desktop file:',
    );
    assert.ok(probe, 'the desktop file has an artifact probe');
    assert.deepEqual(probe.facets, [['com.example.PowerApplet.desktop'], ['create the desktop file']]);
  });

  it('reads the same as a narration that says nothing of the list', () => {
    assert.deepEqual(
      desktopProbe('Let me mark the todo as done and then create the desktop file:')?.facets,
      desktopProbe('Let me create the desktop file:')?.facets,
    );
  });

  it('is kept by a line that says it, not by the path alone or the to-do words', () => {
    const probe = desktopProbe('Let me update the todos and create the desktop file:')!;
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(outcome(`Created the desktop file ${DESKTOP} for the panel.`), 'matched');
    assert.equal(outcome(DESKTOP), 'missed');
    assert.equal(outcome('Updated the todos.'), 'missed');
  });
});
