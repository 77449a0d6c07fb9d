/**
 * A choice set against its own reason turned round (issue 39, round s20 D75; explain's decision@109, "I should leave
 * them as `interface{}` to stay consistent with the existing codebase rather than introducing inconsistency"): the
 * "rather than" names no way not taken, only the outcome the choice avoids, so the choice alone is the facet and a
 * paraphrase that keeps the choice ("stay with `interface{}`", "keep interface{}") keeps it. A choice set against a
 * real alternative keeps both facets; a pronoun in a facet ("them") is read as "it" is.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decisionProbes } from '../../src/quality/derive/decisions.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, editRun, shellRun, user } from '../helpers/factories.ts';

const CHOICE =
  'I should keep them as callbacks to stay compatible with the existing plugin loader rather than introducing incompatibility.';

const SESSION: Message[] = [
  user('Add a retry hook to the plugin loader so plugins can ask for another attempt.'),
  ...editRun('src/plugins/loader.ts'),
  assistant(`The linter suggests promises for the hook signatures. ${CHOICE}`),
  ...editRun('src/plugins/retry.ts'),
  ...shellRun('npm test', 'Tests  18 passed (18)'),
  assistant('The retry hook is in place; tests pass.'),
];

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('a choice set against its own reason turned round', () => {
  it('has the choice alone as its facet; a real alternative stays a facet', () => {
    const [probe] = decisionProbes([assistant(CHOICE)]);
    assert.deepEqual(probe?.facets, [['keep them as callbacks']]);
    // The choice is what was taken over what: the narration before it is left out.
    assert.equal(probe!.statement, CHOICE.slice(CHOICE.indexOf('keep them')));
    const [other] = decisionProbes([
      assistant('I should keep them as callbacks rather than wrapping each hook in a promise.'),
    ]);
    assert.deepEqual(other?.facets, [['keep them as callbacks'], ['wrapping each hook']]);
    // "unsafe" beside "safe", "non-blocking" beside "blocking": the prefix read off, the reason turned round.
    const [unsafe] = decisionProbes([
      assistant('I will copy each buffer to stay safe rather than risking unsafe reads.'),
    ]);
    assert.deepEqual(unsafe?.facets, [['copy each buffer']]);
  });

  it('is kept by a paraphrase of the choice, not by a bag, the question or the choice denied', () => {
    const probe = deriveProbes({ messages: SESSION }).probes.find(
      (found) => found.kind === 'decision' && found.statement?.startsWith('keep them as callbacks'),
    );
    assert.ok(probe, 'a decision probe of the choice');
    assert.ok(isLive(probe));
    for (const kept of [
      'Hook signatures: stay with plain callbacks (the loader uses them throughout).',
      'keep plain callbacks, not promises (lint hint only).',
      CHOICE,
    ])
      assert.equal(outcome(probe, kept), 'matched', kept);
    for (const missed of [
      'src/plugins/loader.ts\nsrc/plugins/retry.ts',
      'loader, retry, promises, hook, linter',
      'Add a retry hook to the plugin loader so plugins can ask for another attempt.',
      'The hook signatures were switched to promises, as the linter suggests.',
    ])
      assert.equal(outcome(probe, missed), 'missed', missed);
    // The choice stated as false is the fact said the other way (issue 39): a contradiction.
    assert.equal(outcome(probe, 'It is false that we keep plain callbacks.'), 'contradicted');
  });

  it('counts the choice said not made by its own negation a contradiction, not a negation beside it', () => {
    const probe = deriveProbes({ messages: SESSION }).probes.find(
      (found) => found.kind === 'decision' && found.statement?.startsWith('keep them as callbacks'),
    );
    assert.ok(probe, 'a decision probe of the choice');
    for (const denied of [
      'We did not keep plain callbacks.',
      "We didn't keep plain callbacks.",
      'The loader never kept plain callbacks.',
    ])
      assert.equal(outcome(probe, denied), 'contradicted', denied);
    for (const kept of [
      'We kept plain callbacks, not promises.',
      'We did not switch to promises; we keep plain callbacks.',
    ])
      assert.equal(outcome(probe, kept), 'matched', kept);
    // A negation of something else beside the choice's words says nothing of the choice.
    assert.equal(outcome(probe, 'The plain callbacks did not fail the lint check.'), 'missed');
  });
});
