/**
 * A second thing a request asks to be made is a task of its own (request-deliverables.ts; issue 39: "Create a page …
 * Create an issue metrics endpoint …", whose endpoint no probe stated while the task probe quoted the page).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

function read(path: string): Message[] {
  const call = toolCall('Bash', { command: `cat ${path}` });
  return [callsTools([call]), toolResult(call, 'export const x = 1;')];
}

const REQUEST = [
  'Create a page that charts the weekly order totals per region for the sales team.',
  'It should load fast.',
  'Create an order metrics endpoint that can aggregate totals like this and others in a reusable way.',
].join(' ');

const tasksOf = (messages: Message[]): Probe[] =>
  deriveProbes(session(messages)).probes.filter((probe) => probe.kind === 'task');

describe('a further deliverable of a request', () => {
  it('is a task of its own, kept by a paraphrase and not by the first deliverable alone', () => {
    const tasks = tasksOf([user(REQUEST), ...read('src/app/page.tsx')]);
    const endpoint = tasks.find((probe) => /order metrics endpoint/.test(probe.statement ?? ''));
    assert.ok(endpoint, JSON.stringify(tasks.map((probe) => probe.answer)));
    assert.deepEqual(endpoint.facets, [['order metrics endpoint']]);
    const outcome = (text: string) => scoreProbes(createMatcher(text), [endpoint]).probeOutcomes[endpoint.id];
    assert.equal(
      outcome('Also wanted: a reusable order metrics endpoint that aggregates the totals.'),
      'matched',
    );
    assert.equal(outcome('Build a page charting weekly order totals per region.'), 'missed');
  });

  it('is none for a request of one deliverable, or one the agent never worked on', () => {
    const one = tasksOf([
      user('Create a page that charts the weekly order totals per region for the sales team.'),
      ...read('src/app/page.tsx'),
    ]);
    const further = (probes: Probe[]) =>
      probes.filter((probe) => /^What else did the user ask/.test(probe.question));
    assert.deepEqual(further(one), []);
    assert.deepEqual(further(tasksOf([user(REQUEST)])), []);
  });
});
