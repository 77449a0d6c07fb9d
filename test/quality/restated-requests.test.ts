/**
 * A request kept in the words the agent restated it in (round s35, D146): a handoff names the request as the session
 * named it, and the agent's first answer says back what was asked ("Two panel bars stacked at the top" for "there are
 * two bars, neither shows readings"). The opening of that answer is a second statement of the task; a bag of its
 * words, a path list and an empty summary do not state it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cheapTricks } from '../../src/quality/derive/derive.ts';
import { restatementsOf } from '../../src/quality/derive/restated-requests.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { assistant, derivedProbe, user } from '../helpers/factories.ts';

const request = user('double check your screenshots. there are two bars, neither shows readings');
const answer = assistant(
  [
    "You're absolutely right! Looking carefully at the screenshot, I can see:",
    '1. **Two panel bars stacked at the top**',
    "2. **NO visible power readings** - the applet widget isn't showing any text",
    "Let me check what's actually running and fix this: the panel may have been started twice, and the applet may",
    'fail to read the power sensors before the first refresh, so it draws an empty label.',
  ].join('\n'),
);
const none = cheapTricks('', '');

describe('a request restated by the agent', () => {
  it("takes the opening of the agent's first answer that says the request's words, not its next step", () => {
    const restated = restatementsOf([request, assistant('Taking a screenshot.'), answer], 0, none);
    assert.ok(restated.includes('Two panel bars stacked at the top'));
    assert.ok(restated.every((sentence) => !/^Let me/.test(sentence)));
  });

  it("has none when the user's next request, or a change of a file, comes before an answer", () => {
    const next = user('never mind the screenshots, make the refresh rate 0.5 s instead');
    assert.deepEqual(restatementsOf([request, next, answer], 0, none), []);
    assert.deepEqual(restatementsOf([request, assistant('Fixing it.'), answer], 0, none, new Set([1])), []);
  });

  it('leaves out a sentence the lines grep keeps already state', () => {
    const grep = cheapTricks('', 'Two panel bars stacked at the top');
    assert.ok(!restatementsOf([request, answer], 0, grep).includes('Two panel bars stacked at the top'));
  });

  it('keeps the task where a note says a restatement, and not in a bag of its words, a path list or nothing', () => {
    const facets = [['double check your screenshots'], ['neither shows readings']];
    const probe = derivedProbe('task', { facets, restatements: restatementsOf([request, answer], 0, none) });
    const note = 'NOW: user: screenshots -> 2 panel bars stacked at the top, 0 readings in either.';
    assert.equal(probeOutcome(createMatcher(note), derivedProbe('task', { facets })), 'missed');
    assert.equal(probeOutcome(createMatcher(note), probe), 'matched');
    for (const bag of [
      'panel, bars, stacked, top, readings, screenshot, applet',
      'src/panel/bars.rs src/applet/top.rs src/readings.rs',
      '',
    ])
      assert.equal(probeOutcome(createMatcher(bag), probe), 'missed', bag);
  });
});
