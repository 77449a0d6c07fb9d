/**
 * A rule the user lifted (issue 39, precision): a prohibition of a request ("don't modify the theme", said while asking
 * about the footer) is history at a cut after the user's own later request asks for that very change ("now we need to
 * adjust the light theme"); before that request, after a request about something else, after a sentence that rules it
 * out again, or when the user said it again since, it stands. A rule of an instructions file is the project's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { liftedBefore, prohibitionOf } from '../../src/quality/derive/lifted-rules.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, derivedProbe, editRun, session, user } from '../helpers/factories.ts';

const RULE =
  "what's the footer using? it should be dimmer, don't modify the theme, look into the footer sources";

/** A session where the user sets the rule, the agent works on the footer, and then `later` is asked. */
function themeSession(...later: string[]): Message[] {
  return [
    user('Move the TUI styling from chalk to the theme system.'),
    ...editRun('src/theme/theme.ts'),
    assistant('The theme system is in place.'),
    user(RULE), // 4
    ...editRun('src/tui/footer.ts'),
    assistant('The footer now uses the dim colour.'),
    ...later.flatMap((request) => [
      user(request),
      ...editRun('src/theme/light.json'),
      assistant('Done as asked.'),
    ]),
  ];
}

/** Whether the derived constraint "don't modify the theme" is live at the end of the messages (undefined: none). */
function ruleLive(messages: Message[]): boolean | undefined {
  const { probes } = deriveProbes(session(messages));
  return probes.find((probe) => probe.kind === 'constraint' && /modify the theme/.test(probe.statement ?? ''))
    ?.live;
}

describe('a rule the user lifted', () => {
  it('is history once a later request of the user asks for the change it ruled out', () => {
    assert.equal(ruleLive(themeSession('ok, now we need to adjust the light theme accordingly.')), false);
    assert.equal(ruleLive(themeSession('Please update the theme so the borders are brighter.')), false);
  });

  it('stands before that request, and after requests about something else', () => {
    assert.equal(ruleLive(themeSession()), true);
    assert.equal(ruleLive(themeSession('the footer should use dim for the stats line too.')), true);
    // The theme named without a change asked of it, or a change asked of another thing.
    assert.equal(ruleLive(themeSession('which colours does the theme define for borders?')), true);
    assert.equal(ruleLive(themeSession('adjust the footer colours, they are too bright.')), true);
  });

  it('stands after a sentence that rules the change out again or asks whether it happened', () => {
    assert.equal(ruleLive(themeSession("still don't touch the theme; change the footer instead.")), true);
    assert.equal(ruleLive(themeSession('did you modify the theme?')), true);
  });

  it('stands again once the user says it again after lifting it', () => {
    assert.equal(
      ruleLive(
        themeSession('now adjust the light theme accordingly.', "good. don't modify the theme from here on."),
      ),
      true,
    );
  });

  it('is read only for a prohibition the user put in a prompt', () => {
    const messages = themeSession('now adjust the light theme accordingly.');
    const probe = (statement: string, messageIndex: number) =>
      derivedProbe('constraint', { facets: [['modify the theme']], statement, messageIndex });
    assert.equal(liftedBefore(probe("don't modify the theme", 4), messages, messages.length), true);
    // The same words at the cut's message index of an instructions file's rule (not in the user's prompt) stand.
    assert.equal(
      liftedBefore(probe('AGENTS.md: never modify the theme', 4), messages, messages.length),
      false,
    );
    // A cut at the lifting request (message 8): the rule still stands there.
    assert.equal(liftedBefore(probe("don't modify the theme", 4), messages, 8), false);
    assert.equal(liftedBefore(probe("don't modify the theme", 4), messages, 9), true);
  });
});

describe('what a prohibition forbids', () => {
  it('is its verb, or every verb of changing for a verb of changing, and the last word of its object', () => {
    assert.deepEqual(prohibitionOf("don't modify the theme")?.object, 'theme');
    assert.ok(prohibitionOf("don't modify the theme")?.verbs.includes('adjust'));
    assert.deepEqual(prohibitionOf("don't use replace_all"), { verbs: ['use'], object: 'replace_all' });
    assert.deepEqual(
      prohibitionOf('Do not add a second syntax highlighting library; continue with highlight.js'),
      {
        verbs: ['add'],
        object: 'library',
      },
    );
    assert.deepEqual(
      prohibitionOf('Do not silently truncate tool-result output without an affordance')?.object,
      'output',
    );
  });

  it('is nothing when the words after the verb name no thing', () => {
    assert.equal(prohibitionOf("Don't stop until all functions are ported"), undefined);
    assert.equal(prohibitionOf("don't change it"), undefined);
    assert.equal(prohibitionOf('keep the old code around for reference'), undefined);
  });
});
