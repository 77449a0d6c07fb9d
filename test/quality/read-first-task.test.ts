/**
 * A request that opens by asking to read some files first ("alright, read @src/server.ts @src/client.ts in full."):
 * the reading is how the work starts, not what it is, so the task's statement names the files and says what was
 * asked, and a summary that states the task in its own words keeps it without repeating the reading instruction.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const readServer = toolCall('read', { path: 'src/server.ts' });
const readClient = toolCall('read', { path: 'src/client.ts' });
const write = toolCall('write', { path: 'src/retry.ts', content: 'export function withRetry() {}' });
const work = session([
  user(
    'alright, read @src/server.ts @src/client.ts in full. i feel like this is one big mess. i want you to do a deep analysis, then give me a plan to untangle it. ' +
      "i'm especially interested in sharing the retry logic between the server and the client, " +
      'today each keeps its own copy of the backoff.',
  ),
  callsTools([readServer, readClient], 'Reading the server and the client.'),
  toolResult(readServer, 'export function serve() { /* retry logic with backoff */ }'),
  toolResult(readClient, 'export function connect() { /* retry logic with backoff */ }'),
  assistant('Both the server and the client carry a copy of the retry logic and its backoff.'),
  callsTools(
    [write],
    'Moving the shared retry logic and backoff into src/retry.ts for the server and the client.',
  ),
  toolResult(write, 'Wrote src/retry.ts'),
]);
const { probes } = deriveProbes(work, { cut: work.messages.length });
const task = probes.find((probe) => probe.id === 'task@0');

/** The task's outcome in a text. */
function outcome(text: string): string {
  return scoreProbes(createMatcher(text), [task as Probe]).probeOutcomes['task@0']!;
}

describe('a request that first asks to read some files', () => {
  it('states the task by the files and what was asked, not by the reading instruction', () => {
    assert.ok(task, 'a task probe');
    assert.match(task.statement ?? '', /^src\/server\.ts src\/client\.ts: /);
    assert.doesNotMatch(task.statement ?? '', /\bread\b|in full|alright/i);
    assert.match(task.statement ?? '', /sharing the retry logic between the server and the client/);
  });

  it('is kept by the task in other words, with no word of reading (main gave these half)', () => {
    for (const text of [
      'Goal: share the retry logic of server.ts and client.ts.',
      'Goal: the server and the client share one retry logic.',
      'Goal: server.ts and client.ts share one retry module instead of a copy each.',
    ])
      assert.equal(outcome(text), 'matched', text);
  });

  it('is not kept by the files alone, by the reading instruction, or with the sharing denied', () => {
    for (const text of [
      'src/server.ts\nsrc/client.ts',
      'Read src/server.ts and src/client.ts in full.',
      'src/server.ts: holds relevant project source code and its configuration.\nsrc/client.ts: holds relevant project source code and its configuration.',
    ])
      assert.notEqual(outcome(text), 'matched', text);
    assert.notEqual(
      outcome(
        'server.ts and client.ts: the retry logic and backoff are not shared between server and client.',
      ),
      'matched',
    );
  });
});
