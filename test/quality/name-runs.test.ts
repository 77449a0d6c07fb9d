/**
 * A run of names says nothing of its names (D62). An identifier bag written without commas ("pane_id ets.insert
 * active_registry.ex handle_info session pane") is one clause of names with the transcript's two most frequent words
 * after them: the words "told" the file's description because they shared its clause, a kebab-case item among the names
 * (`single-session`, `multi-line`) read as prose, and the same two words pasted after every line of the bag counted as
 * said of each name. An item of a run of three names or more with only spaces between them is told only by the words
 * right beside it; a kebab-case word in such a run is one of its names; and words pasted alike beside different names
 * say nothing of any of them. A terse note that names a file beside what it holds is read as before.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const REGISTRY = [
  'defmodule Spotter.ActiveRegistry do',
  '  # start_session registers an active session for the pane the hook reports.',
  '  def start_session(session_id, pane_id), do: :ets.insert(@table, {session_id, pane_id})',
  '  # end_session drops the session when its hook says it ended.',
  '  def end_session(session_id), do: :ets.delete(@table, session_id)',
  'end',
].join('\n');

/** The agent writes lib/spotter/active_registry.ex, an ETS registry of the active session of each pane. */
function writesRegistry(): Message[] {
  const call = toolCall('write', { path: 'lib/spotter/active_registry.ex', content: REGISTRY });
  return [
    user('track which sessions are active so the pane list can show them'),
    assistant('Writing an ETS registry that records active sessions per pane.'),
    callsTools([call]),
    toolResult(call, 'File written.'),
    assistant('The registry now records active sessions per pane.'),
  ];
}

const registryProbe = (): Probe => {
  const probe = deriveProbes(session(writesRegistry())).probes.find(
    (candidate) => candidate.kind === 'artifact' && candidate.file?.endsWith('active_registry.ex'),
  );
  assert.ok(probe, 'an artifact probe of active_registry.ex');
  assert.match(probe.statement ?? '', /start_session registers an active session for the pane/);
  return probe;
};

const outcome = (text: string) => probeOutcome(createMatcher(text), registryProbe());

describe('a run of names says nothing of its names', () => {
  it('reads three names or kebab-case words in a row, only spaces between, as a run, and a kebab item as a name', () => {
    const read = (text: string) =>
      meaningTerms(text).map((term) => `${term.term}${term.name ? '#' : ''}${term.inRun ? '&' : ''}`);
    assert.deepEqual(read('hook_event multi-line Map.put session pane'), [
      'hook#&',
      'event#&',
      'multi#&',
      'line#&',
      'map#&',
      'put#&',
      'session',
      'pane',
    ]);
    // Two names, names set off by commas or a dash, or a count beside a file make no run.
    for (const text of [
      'hook_event Map.put session',
      'a.ts, b.ts, c.ts',
      '3bb8701 — TranscriptRenderer: new',
      'mix.exs +6 deps',
    ])
      assert.ok(
        meaningTerms(text).every((term) => term.inRun !== true),
        text,
      );
    // Kebab-case words with no name among them are prose.
    assert.ok(meaningTerms('a fast-path read-only copy-on-write cache').every((term) => !term.name));
  });

  it('keeps nothing of a file named inside a run with words after the run', () => {
    // The words after the run would tell the file through its description ("active session … pane").
    assert.equal(
      outcome('pane_id ets.insert active_registry.ex handle_info tool_use_id session pane'),
      'missed',
    );
    // A definition of the file inside the run, the file named whole on that line.
    assert.equal(
      outcome('start_session handle_info Map.put active_registry.ex String.trim session pane'),
      'missed',
    );
    // A kebab-case item of the run is no prose word beside the file.
    assert.equal(outcome('single-session active_registry.ex handle_info Map.put'), 'missed');
  });

  it('keeps nothing of words pasted alike after lines of different names', () => {
    // Two names a line make no run; the same two words after each line say nothing of either line's names.
    assert.equal(
      outcome('active_registry.ex handle_info session pane\nString.trim quickly Map.put session pane'),
      'missed',
    );
  });

  it('still keeps a note that names the file beside what it holds', () => {
    assert.equal(
      outcome('active_registry.ex: start_session registers the active session per pane'),
      'matched',
    );
    assert.equal(
      outcome('Spotter.ActiveRegistry start_session end_session: records the active session per pane'),
      'matched',
    );
    assert.equal(outcome('- active_registry.ex registers an active session per pane'), 'matched');
  });
});
