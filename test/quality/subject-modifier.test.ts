/**
 * A facet that says something of a subject ("nightly deploy has broken", "#89 was merged") stated with a modifier of
 * the subject between the two (issue 39, round s20 D77): "the `nightly deploy` on staging keeps failing". The phrase
 * window spans the facet's own terms and one more, so a prepositional phrase after the subject put the predicate
 * out of reach, where a reader takes the sentence to say the facet. A list of the words, a clause's end between
 * them, another subject, the predicate denied or the sentence stated false keep nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { phrasePositions } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { predicateAcrossModifier } from '../../src/quality/subject-modifier.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, derivedProbe, session, shellRun, user } from '../helpers/factories.ts';

describe("a subject's predicate across a modifier of the subject", () => {
  const messages: Message[] = [
    user('our nightly deploy has broken, why?'),
    ...shellRun('./scripts/deploy.sh --env staging', 'Killed\nexit status 137', true),
    assistant('The deploy job on staging is killed by the OOM killer (exit 137) while bundling assets.'),
  ];
  const task = deriveProbes(session(messages)).probes.find((probe) => probe.kind === 'task');
  // The request's facet alone (its statement, the user's sentence, is read apart: probe-recall.ts).
  const bare: Probe = derivedProbe('task', { facets: task?.facets ?? [] });
  const outcome = (text: string, probe: Probe = bare) => probeOutcome(createMatcher(text), probe);
  const terse =
    'TASK: the `nightly deploy` on the staging cluster keeps failing: exit 137 (OOM while bundling).';

  it("derives the user's request with its own words as the facet", () => {
    assert.deepEqual(task?.facets, [['nightly deploy has broken']]);
  });

  it('is kept where a preposition and a few words stand between the subject and its predicate', () => {
    assert.equal(outcome(terse), 'matched');
    assert.equal(
      outcome('The nightly deploy for the staging web cluster is failing (OOM, exit 137).'),
      'matched',
    );
    assert.equal(outcome(terse, task), 'matched');
    // The window reaches a predicate right after the subject, or one word after it, as before.
    assert.equal(outcome('nightly deploy keeps failing'), 'matched');
    assert.equal(outcome('Task: nightly deploy of the web app broke again; find why.'), 'matched');
  });

  it('finds the predicate past the modifier, where the window of the phrase did not reach it', () => {
    const meaning = createMatcher(terse);
    assert.deepEqual(predicateAcrossModifier(meaning, 'nightly deploy has broken'), [6]);
    assert.deepEqual(phrasePositions(meaning.meaning(), 'nightly deploy has broken'), []);
    // No predicate of a subject in a facet of another shape.
    assert.deepEqual(predicateAcrossModifier(meaning, 'nightly deploy'), []);
    // A modifier of more than four words is read as a clause of its own.
    assert.equal(outcome('TASK: the nightly deploy of the web app on staging keeps failing.'), 'missed');
  });

  it('is not kept by a list of the words, a clause ended between them, or another subject', () => {
    assert.equal(outcome('nightly deploy on staging cluster, rollout keeps failing'), 'missed');
    assert.equal(outcome('nightly deploy on staging web cluster: keeps failing'), 'missed');
    assert.equal(
      outcome('The nightly deploy works on staging but the cron job there keeps failing.'),
      'missed',
    );
    assert.equal(outcome('The nightly build on the staging cluster keeps failing.'), 'missed');
    assert.equal(outcome('nightly deploy, web app, staging, failing'), 'missed');
    assert.equal(outcome('nightly deploy web app staging failing'), 'missed');
    assert.equal(outcome('scripts/deploy.sh, staging, OOM, 137'), 'missed');
    assert.equal(
      outcome('scripts/deploy.sh: holds relevant project source code and its configuration.'),
      'missed',
    );
    assert.equal(outcome('Killed\nexit status 137'), 'missed');
  });

  it('is not kept where the predicate is denied or the sentence stated false', () => {
    assert.equal(outcome('The nightly deploy on the staging cluster no longer fails.'), 'missed');
    assert.equal(outcome('The nightly deploy on the staging cluster does not fail.'), 'missed');
    assert.equal(
      outcome('It is false that the nightly deploy on the staging cluster keeps failing.'),
      'missed',
    );
  });

  it('reads a state of the same shape, and its denial', () => {
    const merged = derivedProbe('state', { facets: [['#89 was merged']] });
    assert.equal(outcome('PR #89 of the first stack was merged by the user.', merged), 'matched');
    assert.equal(outcome('PR #89 of the first stack was not merged.', merged), 'missed');
  });

  it('drops exactly that fact from a good note without its line', () => {
    const note = [terse, 'NEXT: raise the build container memory, rerun ./scripts/deploy.sh --env staging.'];
    assert.equal(outcome(note.join('\n')), 'matched');
    assert.equal(outcome(note.slice(1).join('\n')), 'missed');
  });
});
