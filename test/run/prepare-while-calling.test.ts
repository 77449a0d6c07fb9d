import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createCallLimit } from '../../src/providers/call-limit.ts';
import type { Provenance } from '../../src/results/provenance.ts';
import type { AnswerWindow } from '../../src/run/quiet-thread.ts';
import { prepareWhileCalling } from '../../src/run/run-session.ts';
import type { RunEnvironment } from '../../src/stages/types.ts';

describe('prepareWhileCalling', () => {
  it('asks git for the provenance and goes on at once, each step held for the thread’s busy time only', async () => {
    const limit = createCallLimit(1);
    let answered!: () => void;
    const answer = new Promise<void>((resolve) => (answered = resolve));
    void limit(() => answer);
    let provenanceAsked = 0;
    let gitAnswers!: () => void;
    const git = new Promise<void>((resolve) => (gitAnswers = resolve));
    const warmUps: number[] = [];
    // Only what the steps read of a run's environment: no session, so no scoring step and no report ahead.
    const environment = {
      limit,
      concurrency: 2,
      signal: new AbortController().signal,
      store: { pendingRun: 'run' },
      planOptions: { config: {} },
      provider: {
        warmUp: async (options: { connections: number }) => void warmUps.push(options.connections),
      },
      // Git answers only once the test says so: the steps must not wait for it.
      provenance: async () => {
        provenanceAsked++;
        await git;
        return {} as Provenance;
      },
    } as unknown as RunEnvironment;
    const held: number[] = [];
    const windows: AnswerWindow = { wait: async () => {}, held: (ms) => held.push(ms), planned: () => {} };
    const waitedForGit = delay(10_000, undefined, { ref: false }).then(() => 'waited for git');
    const prepared = prepareWhileCalling([], environment, windows, answer).then(() => 'prepared');
    assert.equal(await Promise.race([prepared, waitedForGit]), 'prepared');
    assert.equal(provenanceAsked, 1);
    assert.deepEqual(warmUps, [3]);
    // Connections, provenance, renderers; asking git holds the thread for a turn, not until git answers.
    assert.equal(held.length, 3);
    assert.ok(held[1]! < 50, `the provenance held the thread ${held[1]} ms`);
    gitAnswers();
    answered();
  });
});
