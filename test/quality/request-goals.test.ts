/**
 * A request told by what it asks to make (round s37, D154): a handoff names the request by its goal in words of its
 * own ("rewrite the settings loader to load only the visible section"), so a task probe is also kept by a statement of
 * one of the request's sentences that say what to make; the sentences that say how to work (a rule, a routine step, a
 * quality bar, a permission) and those that only set the scene are no statement of it, and a bag of the request's
 * words, a path list and an empty text keep nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cheapTricks } from '../../src/quality/derive/derive.ts';
import { requestGoals, sentenceRole } from '../../src/quality/derive/request-goals.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { derivedProbe, user } from '../helpers/factories.ts';

const request = user(
  [
    'The settings page takes ten seconds to open on a large account.',
    'Can you profile the settings loader and rewrite it to fetch only the section that is visible?',
    "Don't stop until the page opens in under a second and every test passes.",
    'You can ask me questions if you need clarification.',
  ].join(' '),
);
const none = cheapTricks('', '');
const facets = [['settings page takes'], ['ten seconds to open']];

describe('a request told by what it asks to make', () => {
  it('sorts sentences by their verbs: what to make, how to work, the scene', () => {
    for (const sentence of [
      'Create a standalone Rust library (no Python bindings needed).',
      'Can we simplify this and speed it up?',
      "I'd like the option to overlay AI usage on the chart as well.",
      "i'm especially interested in code sharing between the different run modes (print/json, rpc, interactive).",
      'Can you ultrathink about it and come up with a new plan?',
      'Evaluate @packages/services and create a new package called @packages/services-prisma.',
      '**Update all non-test `RemoveReference` call sites** to use the new helper:',
    ])
      assert.equal(sentenceRole(sentence), 'make', sentence);
    for (const sentence of [
      "Don't stop until all functions are ported, tests pass, and you have 100% coverage.",
      'Run bd show spotter-4te to see the issue details and bd ready to find available subtasks.',
      'Start with the first ready task.',
      'You can ask me questions if you need clarification.',
      "Delete all the Python source files when you're done (but keep the Justfile).",
      'Can we not commit the doc/testing docs?',
      'Can you run tests, lint and check-types to ensure all is green.',
    ])
      assert.equal(sentenceRole(sentence), 'work', sentence);
    for (const sentence of [
      'Currently, we store `transcript_path` in session state for each agent session.',
      '**Root cause**: `logging.Init()` is never called for the `clean` command.',
      'there are two bars, neither shows readings',
      'Can you tell me again how the logic works that flags an active session?',
    ])
      assert.equal(sentenceRole(sentence), 'scene', sentence);
  });

  it("takes the request's goal sentences, not its rules, and not one the lines grep keep state", () => {
    const goal =
      'Can you profile the settings loader and rewrite it to fetch only the section that is visible';
    assert.deepEqual(requestGoals([request], 0, none), [goal]);
    const grep = cheapTricks(
      '',
      'Can you profile the settings loader and rewrite it to fetch only the visible section?',
    );
    assert.deepEqual(requestGoals([request], 0, grep), []);
  });

  it('keeps the task where a note says the goal in its own words; a bag, a path list, nothing, its rule do not', () => {
    const probe = derivedProbe('task', { facets, restatements: requestGoals([request], 0, none) });
    const note = 'GOAL: rewrite settings loader -> fetch only the visible section (was slow).';
    assert.equal(probeOutcome(createMatcher(note), derivedProbe('task', { facets })), 'missed');
    assert.equal(probeOutcome(createMatcher(note), probe), 'matched');
    for (const text of [
      'settings, loader, rewrite, fetch, visible, section, profile',
      'src/settings/loader.ts src/settings/page.tsx src/sections/visible.ts',
      "Don't stop until the page opens in under a second and every test passes.",
      '',
    ])
      assert.notEqual(probeOutcome(createMatcher(text), probe), 'matched', text);
  });

  it('does not keep the task where the note says the goal was not done or is false', () => {
    const probe = derivedProbe('task', { facets, restatements: requestGoals([request], 0, none) });
    for (const text of [
      'It is false that the settings loader was rewritten to fetch only the visible section.',
      'The settings loader was not rewritten to fetch only the visible section.',
    ])
      assert.notEqual(probeOutcome(createMatcher(text), probe), 'matched', text);
  });
});
