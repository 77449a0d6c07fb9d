/**
 * D66: a phrase in other words is said within one sentence: a line that ends a sentence and the next line are two
 * statements (git's "… staged for commit." above "diff --git …" is no "git commit"), while a wrapped line runs on.
 * A check mark after what it is said of reads as "passed" ("7 unit tests ✓").
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { resultHeadsBag } from '../helpers/result-heads.ts';
import { callsTools, derivedProbe, session, toolCall, toolResult, user } from '../helpers/factories.ts';

test('words side by side across the end of a sentence and a line make no phrase; a wrapped line runs on', () => {
  const rule = derivedProbe('constraint', { facets: [['git commit']], statement: undefined });
  const outcome = (text: string) => scoreProbes(createMatcher(text), [rule]).probeOutcomes[rule.id];
  assert.equal(
    outcome('On branch main Changes not staged for commit.\ndiff --git a/src/a.ts b/src/a.ts.'),
    'missed',
  );
  assert.equal(outcome('Updated the notes, then ran a commit.\nGit log shows it.'), 'missed');
  assert.equal(outcome('Is this a commit?\nGit says no.'), 'missed');
  // The same words in one sentence, wrapped over two lines or on one, are the phrase.
  assert.equal(outcome('The user rejected the commit made with\ngit for the design notes.'), 'matched');
  assert.equal(outcome('The user rejected the commit made with git for the design notes.'), 'matched');
  // A list item with no stop runs on to the next line; an ellipsis ends no sentence.
  assert.equal(outcome('- make a commit\n  with git only after review'), 'matched');
  assert.equal(outcome('Ran the commit...\ngit printed nothing'), 'matched');
});

test('a session of our own making: the first words of its tool results keep no request across their line ends', () => {
  const calls = [toolCall('todo', { id: 3 }), toolCall('bash', { command: 'git status' })];
  const history = session([
    user('First update this branch from main, then take the next ticket.'),
    callsTools(calls),
    toolResult(calls[0]!, 'Updated task 3'),
    toolResult(calls[1]!, 'On branch feature-x\nChanges not staged for commit'),
  ]);
  const request = derivedProbe('task', { facets: [['update this branch']], statement: undefined });
  const outcome = (text: string) => scoreProbes(createMatcher(text), [request]).probeOutcomes[request.id];
  // The attack's bag: the first eight words of each tool result, a line each.
  const heads = resultHeadsBag(history);
  assert.equal(heads, 'Updated task 3.\nOn branch feature-x Changes not staged for commit.');
  assert.equal(outcome(heads), 'missed');
  // Said in one sentence, or in a sentence wrapped over two lines, it is kept.
  assert.equal(outcome('Next: update this branch from main.'), 'matched');
  assert.equal(outcome('The user asked to first update the\nbranch from main.'), 'matched');
});

test('a check mark after what it is said of says it passed; before a hash or opening a line it does not', () => {
  const passed = derivedProbe('state', { facets: [['7 passed', '7 tests passed']], statement: undefined });
  const outcome = (text: string) => scoreProbes(createMatcher(text), [passed]).probeOutcomes[passed.id];
  assert.equal(outcome('- 7 unit tests ✓ once (backends only); not rerun since.'), 'matched');
  assert.equal(outcome('- 7 unit tests ✔'), 'matched');
  // Across the end of the sentence above, "success." and "7 unit tests" are no "7 tests passed".
  assert.equal(outcome('- I misread it as success.\n- 7 unit tests, not run since.'), 'missed');
  assert.equal(outcome('- 7 unit tests written, not run yet.'), 'missed');
  assert.equal(outcome('✓ 7 unit tests written'), 'missed');
  // A mark before a commit's hash is read as before: the commit's probe finds it as written.
  const commit = derivedProbe('state', { facets: [['3bb8701'], ['✔ 3bb8701']], statement: undefined });
  assert.equal(scoreProbes(createMatcher('fum.1 ✔ 3bb8701'), [commit]).probeOutcomes[commit.id], 'matched');
});
