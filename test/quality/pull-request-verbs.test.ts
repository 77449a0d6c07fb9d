/**
 * A pull request is made with several verbs and named by its address (round s28's D123): the user asks to "create a
 * PR", the forge prints the address of the one `gh pr create` opened, and a handoff writes "opened as …/pull/201" or
 * "raised PR #201". A request's facet that makes a pull request is spelt with each verb, and the address reads as the
 * pull request and its number; naming the address without making it, or a bag holding it, keeps nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { pullRequestSpellings } from '../../src/quality/derive/pull-request-verbs.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const URL = 'https://github.com/acme/shop/pull/201';
const edit = toolCall('edit', { path: 'src/cart/discounts.ts', oldText: 'a', newText: 'b' });
const push = toolCall('bash', { command: 'git push -u origin fix-coupons' });
const messages: Message[] = [
  user('Apply every stacked coupon to the checkout total. Keep the rounding of the current totals as it is.'),
  callsTools([edit], 'Let me apply every stacked coupon.'),
  toolResult(edit, 'Edited.'),
  assistant('Done: checkout totals now apply every stacked coupon.'),
  user('push and create a PR'),
  callsTools([push]),
  toolResult(push, 'branch fix-coupons set up to track origin/fix-coupons'),
];
const request = (): Probe =>
  deriveProbes(session(messages)).probes.find(
    (probe) => probe.kind === 'task' && probe.messageIndex === 4 && isLive(probe),
  )!;
const outcome = (text: string) => scoreProbes(createMatcher(text), [request()]).probeOutcomes[request().id];

describe('a request to make a pull request', () => {
  it('is spelt with each verb a pull request is made with', () => {
    assert.deepEqual(pullRequestSpellings('create a PR'), [
      'create a PR',
      'open a PR',
      'raise a PR',
      'submit a PR',
    ]);
    assert.deepEqual(pullRequestSpellings('Open the pull request'), [
      'Open the pull request',
      'create the pull request',
      'raise the pull request',
      'submit the pull request',
    ]);
    assert.deepEqual(pullRequestSpellings('create local changes'), ['create local changes']);
    assert.deepEqual(pullRequestSpellings('review the PR'), ['review the PR'], 'no verb of making');
    assert.deepEqual(request().facets, [['create a PR', 'open a PR', 'raise a PR', 'submit a PR']]);
  });

  it('is kept by the pull request opened, by its address or its number', () => {
    assert.equal(outcome(`Pushed fix-coupons, and opened it as ${URL}.`), 'matched');
    assert.equal(outcome('Opened PR #201 for the coupon fix.'), 'matched');
    assert.equal(outcome(`Created ${URL} from fix-coupons.`), 'matched');
    assert.equal(outcome('Raised pull request 201.'), 'matched');
  });

  it('is not kept by the address named without making it, nor by a bag of names', () => {
    assert.equal(outcome(`See ${URL} for the discussion.`), 'missed');
    assert.equal(outcome(`fix-coupons, ${URL}, discounts.ts checkout coupon`), 'missed');
    assert.equal(outcome('The coupon fix is pushed to fix-coupons.'), 'missed', 'the request deleted');
  });

  it('is contradicted where the opening or the request is stated as false', () => {
    // The opening done, stated as false, is the task said not done: a contradiction (issue 39), as the request itself
    // stated as false is; a pull request said not opened beside someone else's address keeps nothing.
    assert.equal(outcome('It is false that we opened PR #201.'), 'contradicted');
    assert.equal(outcome(`No pull request was opened; ${URL} is someone else's.`), 'missed');
    assert.equal(outcome(`It is false that ${request().answer}.`), 'contradicted');
  });
});

describe("a pull request's address", () => {
  it('reads as the pull request and its number', () => {
    const terms = (text: string) => meaningTerms(text).map((term) => term.term);
    // The scheme is a word of its own, as it was.
    assert.deepEqual(terms(URL), ['https', 'pr', '201']);
    assert.deepEqual(terms('github.com/acme/shop/pull/201/'), ['pr', '201']);
    assert.deepEqual(terms('https://api.github.com/repos/acme/shop/pulls/201'), ['https', 'pr', '201']);
  });

  it('leaves a file in a folder named pull as a file', () => {
    const terms = (text: string) => meaningTerms(text).map((term) => term.term);
    assert.deepEqual(terms('src/git/pull/201'), ['201'], 'no address: no host');
    assert.deepEqual(terms('src/pull/fetch.ts'), ['fetch']);
  });
});
