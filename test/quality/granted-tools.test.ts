/**
 * A tool the user granted the agent in so many words is a rule of the work (issue 39, legion's M5: "I grant you
 * access to the screen shot tool for your ui debugging"): a constraint that a handoff keeps in its own words
 * ("allowed me to take screenshots to debug the UI"), none for a leave of one step ("you can run it").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { grantedToolProbes } from '../../src/quality/derive/granted-tools.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, user, shellRun as shell } from '../helpers/factories.ts';

const GRANT = 'I grant you access to the screen shot tool for your ui debugging, make it happen';

const APPLET: Message[] = [
  user('Build a panel applet that shows the live power draw.'),
  ...shell('cargo build --release', 'Finished `release` profile'),
  user('There is a blank rounded rectangle in the panel and no readings.'),
  assistant('I cannot see the panel from here; could you describe what it shows?'),
  user(GRANT),
  ...shell('cosmic-screenshot --interactive=false --save-dir=/tmp', '/tmp/Screenshot_01.png'),
];

const grantRule = (messages: Message[]): Probe | undefined =>
  deriveProbes({ messages }).probes.find((probe) => probe.question.startsWith('What did the user allow'));

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('a tool the user granted', () => {
  it('is a live constraint naming the tool and what it is for', () => {
    const probe = grantRule(APPLET);
    assert.ok(probe, 'a constraint for the grant');
    assert.equal(probe.kind, 'constraint');
    assert.ok(isLive(probe));
    assert.equal(probe.statement, 'The user granted the agent the screen shot tool for ui debugging');
    assert.deepEqual(grantedToolProbes(APPLET)[0]!.facets, [
      ['screen shot tool', 'screenshot tool', 'screen shot', 'screenshots', 'screen shots'],
      ['ui debugging'],
    ]);
  });

  it('is kept by a handoff in its own words, and not by a path list or a bag of names', () => {
    const probe = grantRule(APPLET)!;
    for (const kept of [
      'They have allowed me to take screenshots to debug the UI, and they check my claims.',
      '- screenshots allowed for UI debug; user verifies claims',
    ])
      assert.equal(outcome(probe, kept), 'matched', kept);
    for (const missed of [
      '/tmp/Screenshot_01.png',
      'cosmic-screenshot, Screenshot_01.png, ui',
      'The user wants a panel applet that shows the live power draw.',
      '',
    ])
      assert.equal(outcome(probe, missed), 'missed', missed);
    assert.equal(
      outcome(probe, 'It is false that the user granted the agent the screen shot tool for ui debugging.'),
      'contradicted',
    );
  });

  it('is no rule for a leave of one step or a sentence that grants nothing', () => {
    for (const words of [
      'you can run it',
      'feel free to use the screenshot tool',
      'Can you grant access to the screenshot tool for the tests?',
    ])
      assert.deepEqual(grantedToolProbes([user(words)]), [], words);
  });
});
