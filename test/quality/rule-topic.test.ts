/**
 * A rule or a choice named by its topic (src/quality/rule-topic.ts) earns half, as the yardstick's reader labels a
 * vague handoff's "the user has views on who does the merging". Attacked with what must not pass: a topic word
 * outside a topic list, a topic list with specifics, one denied, one that names another rule's topic, the user's own
 * words naming the topic, and a dropped rule whose words other rules share. The task named by its goal ("the session
 * is about …") the same way.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { mentionsTopic, namedTopics } from '../../src/quality/rule-topic.ts';
import { assistant, derivedProbe, session, user } from '../helpers/factories.ts';

const merging = derivedProbe('constraint', {
  facets: [['maintainer merges']],
  statement:
    'Releases are merged by the maintainer alone, once the Friday freeze lifts and the changelog is signed off',
});
const storage = derivedProbe('decision', {
  facets: [['summaries in metadata']],
  statement: 'Chosen: store summaries in the existing metadata file, instead of a separate summary file',
});
const schedule = derivedProbe('constraint', {
  facets: [['nightly backups']],
  statement: 'Backups run from the nightly cron only',
});

const outcome = (text: string, probe: typeof merging) => probeOutcome(createMatcher(text), probe);

// Words of no rule here, to make a text name many topics.
const WORDS = (
  'apple banana cherry damson elder fig grape hazel iris juniper kale lemon mango nectar olive peach quince radish ' +
  'sorrel tansy umber violet walnut yarrow zinnia amber bronze copper denim ebony flax garnet henna indigo jade ' +
  'khaki lilac maroon navy ochre pearl quartz ruby sable teal ultra vermilion wheat xenon yellow zircon'
).split(' ');

describe('a rule or a choice named by its topic earns half', () => {
  it('names the topic in a topic list: half, not kept', () => {
    assert.equal(
      outcome('The user has views on who does the merging and on code style.', merging),
      'partial',
    );
    assert.equal(
      outcome('The epic sets rules about merging, truncation and the highlighter.', merging),
      'partial',
    );
    assert.equal(
      outcome(
        'Several design points were settled: where the summaries are stored, how retries work.',
        storage,
      ),
      'partial',
    );
    assert.equal(outcome('Some decisions were made about summaries and storage.', storage), 'partial');
    // An item must name the fact's own subject: a word of its facet beside a word of something else names nothing
    // ("the tests merging", as a bag of frequent words in pairs writes it), nor a facet word the statement lacks.
    assert.equal(outcome('The user has views on the tests merging.', merging), 'missed');
    assert.equal(outcome('The user has views on the merging tests, the nulls strings.', merging), 'missed');
    // Another rule's topic names none of this one's words.
    assert.equal(outcome('The user has views on how backups are scheduled.', merging), 'missed');
  });

  it('keeps nothing for a topic word outside a topic list, nor for a list that names specifics', () => {
    assert.equal(outcome('The merging of the two branches went fine.', merging), 'missed');
    assert.equal(outcome('We chose to view the merge history.', merging), 'missed');
    // With names, the list is a statement, and is read as one (here, a different one).
    assert.equal(
      mentionsTopic(createMatcher('The user has views on merging: `gh pr merge 42`.'), merging),
      false,
    );
    assert.equal(namedTopics(createMatcher('Rules about merging PR #42 and 3 branches.')).rules.length, 0);
    // A topic list ends with its sentence: the next sentence names no topic.
    assert.equal(outcome('The user has views on code style. The merging went fine.', merging), 'missed');
  });

  it('keeps nothing where the topic list is denied or put as pending', () => {
    assert.equal(outcome('It is false that the user has views on merging.', merging), 'missed');
    assert.equal(outcome('The user has views on merging and no other rules.', merging), 'missed');
    assert.equal(mentionsTopic(createMatcher('Rules about merging are still to do.'), merging), false);
  });

  it('keeps nothing where the frame says there is no such rule or care', () => {
    for (const flipped of [
      'The user has no views on who does the merging.',
      'There are no rules about merging.',
      'The user does not care about merging.',
      "The user doesn't care about merging.",
      'The user never cares about merging.',
      'No decisions were made about merging.',
    ])
      assert.equal(outcome(flipped, merging), 'missed', flipped);
    // A denial in the sentence before, ended, takes nothing from the next one.
    assert.equal(outcome('Nothing is merged yet. The user has views on merging.', merging), 'partial');
  });

  it('names nothing in a word list: bare words, one sentence per word, or more words than a handoff names', () => {
    // Items that are each one word (with an article or not) list words, not topics.
    assert.equal(
      outcome('The user has views on strings, numbers, the merging, nulls and lines.', merging),
      'missed',
    );
    assert.equal(
      outcome(
        ['strings', 'numbers', 'merging', 'nulls', 'lines']
          .map((word) => `The user cares about ${word}.`)
          .join(' '),
        merging,
      ),
      'missed',
    );
    // Words that make no phrase leave an item one word: "the merging these", "the strings then" (a bag in pairs).
    assert.equal(
      outcome(
        'The user has views on the merging these, the strings then, the nulls with, the lines from, the numbers each.',
        merging,
      ),
      'missed',
    );
    // Two such words are a handoff's ("shared code, truncation, the highlighter").
    assert.equal(
      outcome('The user has rules about the merging, truncation and code style.', merging),
      'partial',
    );
    // Phrases, but more words named as topics than a handoff names: every word of a session is no topic.
    const many = Array.from(
      { length: 10 },
      (_, at) =>
        `how the ${WORDS[at * 5]} ${WORDS[at * 5 + 1]} ${WORDS[at * 5 + 2]} ${WORDS[at * 5 + 3]} ${WORDS[at * 5 + 4]} is done`,
    );
    assert.equal(
      outcome(
        `The user has views on ${many.slice(0, 5).join(', ')}. The user has views on who does the merging, ${many.slice(5).join(', ')}.`,
        merging,
      ),
      'missed',
    );
    assert.equal(
      outcome(`The user has views on ${many.slice(0, 2).join(', ')} and on who does the merging.`, merging),
      'partial',
    );
    // A list that runs on past a sentence's reach without its stop names nothing.
    const runOn = `The user has views on who does the merging ${'and then some more of it '.repeat(12)}`;
    assert.equal(outcome(`${runOn}and so on. Done.`, merging), 'missed');
  });

  it('loses exactly the dropped topic of a vague handoff', () => {
    const topics = ['The user has views on who does the merging.', 'The user has rules about backups.'];
    assert.deepEqual(
      [merging, schedule].map((probe) => outcome(topics.join(' '), probe)),
      ['partial', 'partial'],
    );
    assert.deepEqual(
      [merging, schedule].map((probe) => outcome(topics[1]!, probe)),
      ['missed', 'partial'],
    );
  });

  it('names a choice by its subject without what was chosen, every word of the item its own', () => {
    const flag = derivedProbe('decision', {
      facets: [['Add --force flag']],
      statement:
        'Chosen: Add --force flag to regenerate, instead of Silently skip (show existing summary); Prompt user',
    });
    const settled = 'Several design points were settled: how regenerating an existing summary works.';
    assert.equal(outcome(settled, flag), 'partial');
    // A word of the item the statement does not hold ("the model"), or the list said the other way: nothing.
    assert.equal(
      outcome('Several design points were settled: how the model regenerates things.', flag),
      'missed',
    );
    assert.equal(outcome(`It is false that ${settled.toLowerCase()}`, flag), 'missed');
    // Bare words and pairs of frequent words are still no topics.
    assert.equal(
      outcome(
        `Decisions were made about ${['the regenerating summary', ...WORDS.slice(0, 20)].join(', ')}.`,
        flag,
      ),
      'missed',
    );
  });

  it('names a rule by an indirect question that holds one word of what the rule keeps', () => {
    const causes = derivedProbe('constraint', {
      facets: [['mean the stop hook caused']],
      statement: "it doesn't mean the stop hook caused it",
    });
    const views = 'The user has views on how confident the agent should be before stating causes.';
    assert.equal(outcome(views, causes), 'partial');
    assert.equal(
      outcome(`The user has views on the git setting, and on ${views.slice(22)}`, causes),
      'partial',
    );
    // Not a question that opens its item, a question of other words, or the list said the other way: nothing.
    assert.equal(outcome('The user has views on the causes.', causes), 'missed');
    assert.equal(outcome('The user has views on the when causes, the what setting.', causes), 'missed');
    assert.equal(outcome('The user has views on how confident the agent should be.', causes), 'missed');
    assert.equal(outcome(views.replace('has views', 'has no views'), causes), 'missed');
    // A frequent-word bag in pairs, its question words among them, names nothing.
    assert.equal(
      outcome(
        `The user has views on ${['the when causes', 'the what setting', ...WORDS.slice(0, 8)].join(', ')}.`,
        causes,
      ),
      'missed',
    );
  });

  it('reads only rules and choices, and words that tell a topic', () => {
    const state = derivedProbe('state', { facets: [['merged']], statement: 'The pull request was merged' });
    assert.equal(mentionsTopic(createMatcher('The user has views on merging.'), state), false);
    // Derivation's framing ("The user declined the offer") and words said of any work name no topic.
    assert.equal(outcome('The user has views on offers the user declined.', merging), 'missed');
    assert.equal(outcome('The user has views on how work and changes are made.', merging), 'missed');
  });

  it('leaves a dropped rule dropped: a handoff that states the other rules in full names no topic of it', () => {
    const handoff =
      'Rules from the user: backups run from the nightly cron only; code style follows the linter.\n' +
      'Decisions: summaries are stored in the existing metadata file, not a separate summary file.';
    assert.equal(outcome(handoff, schedule), 'matched');
    assert.equal(outcome(handoff, merging), 'missed');
  });

  it('names the task by its goal where a sentence says what the work is about', () => {
    const task = derivedProbe('task', {
      facets: [['sync the calendars']],
      answer: 'The user asked: "please sync the calendars between the two booking systems"',
    });
    assert.equal(outcome('The session is about the booking calendars.', task), 'partial');
    assert.equal(outcome('The agent is working through the calendars.', task), 'partial');
    assert.equal(outcome('The user wants the calendars of both booking systems.', task), 'partial');
    // The item must name the fact's facet: one of its two words beside a word the fact does not say ("a ticket"), or
    // none of its words ("the booking data"), names no subject of it.
    assert.equal(outcome('The agent is working through a ticket about calendars.', task), 'missed');
    assert.equal(outcome('The user wants the booking data kept in step.', task), 'missed');
    // A rule's topic list is no account of the work, nor is the topic word said anywhere else.
    assert.equal(outcome('The user has views on calendars.', task), 'missed');
    assert.equal(outcome('The booking calendars were printed once by hand.', task), 'missed');
    // Denied, the sentence names nothing.
    assert.equal(outcome('It is false that the session is about the booking calendars.', task), 'missed');
  });

  it('earns no half when the user named the topic so: their words copied would keep it', () => {
    const build = (request: string) =>
      session([
        user(request),
        assistant('Review done. Shall I merge the pull request now?'),
        user('no, I will merge it myself'),
        assistant('Understood, I will leave the merge to you.'),
      ]);
    const ruleOf = (request: string) =>
      deriveProbes(build(request)).probes.find((probe) => /merge it myself/.test(probe.statement ?? ''));
    const quiet = ruleOf('Please review the open pull request.');
    const named = ruleOf('Please review the open pull request; I have views on merging, so ask me first.');
    assert.ok(quiet && named, 'both sessions derive the rule');
    const handoff = 'The user has views on who does the merging.';
    assert.equal(probeOutcome(createMatcher(handoff), quiet), 'partial');
    assert.equal(named.subjectCredit, false);
    assert.equal(probeOutcome(createMatcher(handoff), named), 'missed');
  });
});
