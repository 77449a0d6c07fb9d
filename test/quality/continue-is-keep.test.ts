/**
 * "Continue" before a gerund says what "keep" says (meaning-words.ts, KEEP_BEFORE_GERUND): a faithful handoff writes
 * the picked option "Continue building the applet" as "keep building the applet" and keeps the decision; "continue"
 * alone, a go-ahead a user types again and again, reads as itself; a statement of the pick as false keeps nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { optionChoiceProbes } from '../../src/quality/derive/choices.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { assistant, user } from '../helpers/factories.ts';

const OFFER = [
  'The panel is missing its tray. How do you want to proceed?',
  '',
  '1. Continue building the fan monitor and add it to the panel config',
  '2. First repair the panel setup and troubleshoot the tray',
  '',
  'Which do you prefer?',
].join('\n');

const terms = (text: string) => meaningTerms(text).map((term) => term.term);

describe('continue before a gerund is keep', () => {
  it('reads "continue" as "keep" before a gerund only', () => {
    assert.deepEqual(terms('continue building the monitor'), terms('keep building the monitor'));
    assert.deepEqual(terms('continued using chalk'), terms('kept using chalk'));
    // Alone, before a noun or before a word that only ends in -ing, it is itself.
    assert.notDeepEqual(terms('continue'), terms('keep'));
    assert.notDeepEqual(terms('continue with highlight.js'), terms('keep with highlight.js'));
    assert.notDeepEqual(terms('continue string parsing'), terms('keep string parsing'));
    assert.notDeepEqual(terms('continue during the build'), terms('keep during the build'));
  });

  it('keeps the picked option said with "keep", and nothing from a go-ahead or a denial', () => {
    const probes = optionChoiceProbes([user('Make a fan monitor applet.'), assistant(OFFER), user('1')]);
    assert.equal(probes.length, 1);
    const decision = { ...probes[0]!, id: 'decision@2', contradictions: [], source: 'derived' as const };
    assert.match(decision.statement ?? '', /Continue building the fan monitor/);
    const outcome = (text: string) => probeOutcome(createMatcher(text), decision);
    assert.equal(
      outcome('The user wants me to keep building the fan monitor; the tray can wait.'),
      'matched',
    );
    // The user's go-ahead, typed as a word of its own, states no pick.
    assert.equal(outcome('continue\ncontinue\nyes, continue'), 'missed');
    assert.notEqual(
      outcome(
        'It is false that the user chose to keep building the fan monitor or to add it to the panel config.',
      ),
      'matched',
    );
  });
});
