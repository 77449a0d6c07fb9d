/**
 * A request the user sends again with a word put right ("have a look at linear MCP-108", the lookup fails, then "have
 * a look at linear ENT-108") is one request, the corrected one: the overall task is stated by it, not by the slip. And
 * a ticket a tool returns as one JSON object (an issue tracker's MCP server) is read by its fields: its title and its
 * description, not the object's first line.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { correctsRequest } from '../../src/quality/derive/corrected-requests.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { userRequests } from '../../src/quality/derive/requests.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { isLive } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const wrongLookup = toolCall('mcp__linear__get_issue', { id: 'SHOP-412' });
const lookup = toolCall('mcp__linear__get_issue', { id: 'CART-412' });
const edit = toolCall('edit', { path: 'src/cart/discounts.ts', oldText: 'a', newText: 'b' });
const ticket = JSON.stringify({
  id: '0b6f1c2e-7a41-4f7e-9d55-1f0c2a9e8d31',
  identifier: 'CART-412',
  title: 'Apply stacked coupons in checkout totals',
  description:
    '@Dana Reyes said in [CART-300](https://linear.app/shop/issue/CART-300):\n\n> ## Coupon plan\n>\n> ### Goal\n>\n' +
    '> Apply every stacked coupon to the checkout total, in the order the cart lists them.\n>\n' +
    '> ### Notes\n>\n> * Keep the discount rounding of the current totals',
  status: 'Todo',
  team: 'Shop',
});
const messages: Message[] = [
  user('have a look at linear SHOP-412, we will work on that here'),
  callsTools([wrongLookup]),
  toolResult(wrongLookup, 'Entity not found: Issue', true),
  assistant('I could not find SHOP-412. Is the id right?'),
  user('have a look at linear CART-412, we will work on that here'),
  callsTools([lookup]),
  toolResult(lookup, ticket),
  callsTools([edit], 'Let me make checkout totals apply every stacked coupon.'),
  toolResult(edit, 'Edited.'),
];
const derived = () => deriveProbes(session(messages)).probes;
const task = () => derived().find((probe) => probe.kind === 'task' && isLive(probe))!;

describe('a request sent again corrected', () => {
  it('is one request: the corrected one', () => {
    const requests = userRequests(messages);
    assert.deepEqual(
      requests.map((request) => request.messageIndex),
      [4],
    );
    assert.equal(requests[0]!.ticket?.id, 'CART-412');
  });

  it('is told from another request in the same mould by how many words changed', () => {
    assert.equal(correctsRequest('have a look at linear MCP-108', 'have a look at linear ENT-108'), true);
    assert.equal(correctsRequest('fix the login test', 'fix the signup page test'), false, 'another length');
    assert.equal(
      correctsRequest('now run the unit tests', 'now run the e2e checks'),
      false,
      'two of five words',
    );
    assert.equal(correctsRequest('run the tests', 'run the tests'), false, 'the same request again');
  });

  it('states the overall task by the corrected ticket, with its title and goal from the JSON fields', () => {
    const found = task();
    assert.equal(found.messageIndex, 4);
    assert.equal(found.facets[0]![0], 'CART-412');
    assert.doesNotMatch(JSON.stringify(found.facets), /SHOP-412|"identifier"|Dana/);
    assert.match(
      found.statement ?? '',
      /^CART-412: Apply stacked coupons in checkout totals — Apply every stacked coupon/,
    );
    assert.equal(
      derived().some((probe) => JSON.stringify(probe.facets).includes('SHOP-412')),
      false,
      'the slip is no task, live or history',
    );
  });

  it('is kept by a handoff in fresh words, not by the user words copied or by names', () => {
    const probes = derived().filter((probe) => probe.kind === 'task');
    const credit = (text: string) => scoreProbes(createMatcher(text), probes).probeOutcomes[task().id];
    assert.equal(
      credit(
        'Goal: Linear CART-412. Checkout totals apply each stacked coupon, in the order the cart lists them.',
      ),
      'matched',
    );
    assert.equal(credit(''), 'missed');
    assert.equal(credit('CART-412, SHOP-412, src/cart/discounts.ts, checkout, coupon'), 'missed');
    assert.equal(
      credit(
        'have a look at linear SHOP-412, we will work on that here\nhave a look at linear CART-412, we will work on that here',
      ),
      'missed',
    );
    assert.equal(
      credit(
        'It is false that checkout totals must apply every stacked coupon (CART-412); that was not done.',
      ),
      'contradicted',
    );
  });
});
