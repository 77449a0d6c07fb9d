/**
 * A picked option said in other words (choices.ts, `labelPairs`): a handoff tells a pick by what it does
 * ("regenerating only with an explicit --force"), not by the label's phrase ("Add --force flag to regenerate"). Two
 * telling words of one clause of the label, close together in any order and inflection, keep the pick; one word, a
 * pair the options not taken share, a pair the user's own words state and a pair the session writes as one name do
 * not, nor does the pick stated false.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { optionChoiceProbes } from '../../src/quality/derive/choices.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

const OFFER = [
  'A summary already exists for this checkpoint. What should `explain --generate` do then?',
  '',
  'A) Silently skip and show the existing summary',
  'B) Prompt the user "Summary exists, regenerate? [y/N]"',
  'C) Add a --force flag to regenerate',
  '',
  'Which do you prefer?',
].join('\n');

/** The decision derived from the offer and a reply picking C, as a named probe. */
function pick(request = 'Summaries for checkpoints, please.', said = '', before: Message[] = []): Probe {
  const probes = optionChoiceProbes([user(request), ...before, assistant(`${said}${OFFER}`), user('C)')]);
  assert.equal(probes.length, 1);
  return { ...probes[0]!, id: 'decision', contradictions: [], source: 'derived' };
}

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('a picked option said in other words', () => {
  it('spells the pick by pairs of its telling words, one of them not said by an option not taken', () => {
    const probe = pick();
    assert.deepEqual(probe.facets, [['--force flag to regenerate']]);
    // "regenerate" is said by option B as well: beside --force it tells the pick. "Add" is said of any work, and
    // "flag" says only what kind of thing --force is.
    assert.deepEqual(probe.wordPairs, ['--force regenerate']);
  });

  it('keeps the pick told by what it does, in any order and inflection', () => {
    const probe = pick();
    assert.equal(outcome(probe, 'Regenerating: only with an explicit --force.'), 'matched');
    assert.equal(outcome(probe, 'A second run regenerates the summary when given --force.'), 'matched');
    assert.equal(outcome(probe, 'Skipping was rejected; --force regenerates.'), 'matched');
  });

  it('keeps nothing from one word, a path list or a list of names', () => {
    const probe = pick();
    assert.equal(outcome(probe, 'Flags: --force, --generate.'), 'missed');
    assert.equal(outcome(probe, 'cmd/explain.go, cmd/explain_test.go, --force'), 'missed');
    assert.equal(outcome(probe, 'We regenerate the summary.'), 'missed');
    // Two words on lines of their own, as a list of one-word topics writes them, are not said together.
    assert.equal(outcome(probe, 'Topics: regenerate.\nTopics: --force.'), 'missed');
  });

  it('keeps nothing from the pick stated false', () => {
    const probe = pick();
    assert.notEqual(outcome(probe, 'It is false that regenerating needs an explicit --force.'), 'matched');
    assert.notEqual(outcome(probe, 'Regenerating with --force was not done.'), 'matched');
    assert.notEqual(outcome(probe, 'We did not regenerate with --force.'), 'matched');
  });

  it('leaves out a pair the user’s own words state, and a pair the session writes as one name', () => {
    const told = pick('Summaries for checkpoints; regenerate them with --force when asked.');
    assert.deepEqual(told.wordPairs, []);
    // The user's messages copied verbatim keep no pick by a pair.
    assert.equal(
      outcome(told, 'Summaries for checkpoints; regenerate them with --force when asked.\nC)'),
      'missed',
    );
    const named = pick(undefined, 'The config has a `forceRegenerate` field.\n');
    assert.deepEqual(named.wordPairs, []);
    // A tool's output that writes the two words side by side (a help text, a file's first line) holds the pair.
    const help = toolCall('bash', { command: 'entire explain --help' });
    const printed = pick(undefined, '', [
      callsTools([help]),
      toolResult(help, 'Flags:\n  --force   Regenerate the summary'),
    ]);
    assert.deepEqual(printed.wordPairs, []);
    // The agent's mark on its own option rates it: its words make no pair.
    const marked = optionChoiceProbes([
      user('Where should the helper live?'),
      assistant('1. keeper/ module ✅ BEST FIT\n2. paths/ module\nWhich one?'),
      user('1'),
    ]);
    assert.deepEqual(marked[0]!.wordPairs, []);
  });
});
