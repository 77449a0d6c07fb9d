/**
 * Declining, rejecting, refusing and turning down say one thing (meaning-words.ts): a handoff tells the user's "no"
 * to an offer in any of these words and keeps the rule it set; a statement of it as false keeps nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { declinedOfferProbes } from '../../src/quality/derive/vetoes.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { assistant, user } from '../helpers/factories.ts';

const terms = (text: string) => meaningTerms(text).map((term) => term.term);

describe('declined in other words', () => {
  it('reads decline, reject, refuse and turn down as one term', () => {
    for (const said of ['rejected', 'refused', 'turned down'])
      assert.deepEqual(terms(`the user ${said} the offer`), terms('the user declined the offer'));
    // "down" after another verb, or "turn" alone, is no refusal.
    assert.notDeepEqual(terms('the user turned the offer'), terms('the user declined the offer'));
    assert.notDeepEqual(terms('the user wrote down the offer'), terms('the user declined the offer'));
  });

  it('keeps a declined offer told as turned down, and nothing from its denial', () => {
    const [offer] = declinedOfferProbes([
      assistant('The stash is ready. Want me to drop the stale stash entries now?'),
      user('no, keep them around, we may need them later'),
    ]);
    assert.ok(offer);
    const probe = { ...offer, id: 'constraint@1', contradictions: [], source: 'derived' as const };
    assert.match(probe.statement ?? '', /^The user declined the offer to drop the stale stash entries/);
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(outcome('The user turned down the offer to drop the stash entries.'), 'matched');
    assert.notEqual(
      outcome('It is false that the user turned down the offer to drop the stale stash entries.'),
      'matched',
    );
  });
});
