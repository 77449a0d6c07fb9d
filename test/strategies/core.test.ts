import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { criticalPath } from '../../src/providers/calls.ts';
import { ContextOverflowError } from '../../src/errors.ts';
import { parallelStitch } from '../../src/strategies/parallel-stitch.ts';
import { sequentialAccumulated } from '../../src/strategies/sequential-accumulated.ts';
import { sequentialRolling } from '../../src/strategies/sequential-rolling.ts';
import { singleShot } from '../../src/strategies/single-shot.ts';
import { structuredIterative } from '../../src/strategies/structured-iterative.ts';
import { workSession } from '../helpers/factories.ts';
import { fakeProvider } from '../helpers/fake-provider.ts';
import { runStrategy } from '../helpers/strategy-run.ts';

/** About 200 tokens per message pair, 12 tool exchanges: several slices at --slice-tokens 1000. */
function billingSession() {
  const filler =
    'const value = compute(input, options); // keeps the totals in sync with the ledger\n'.repeat(12);
  return workSession(
    12,
    (step) => ({
      tool: step % 3 === 0 ? 'edit' : 'read',
      path: `/work/project/src/module-${step}.ts`,
      output: filler,
    }),
    { opening: 'Refactor the billing module. Do not add dependencies.', closing: 'Now run the tests.' },
  );
}

const SMALL = { sliceTokens: 1000, overlapTokens: 100 };

describe('single-shot', () => {
  it('makes one call with the whole transcript and 0.8 × reserve as its limit', async () => {
    const provider = fakeProvider();
    const { output, trace } = await runStrategy(singleShot, billingSession(), provider);
    assert.equal(provider.requests.length, 1);
    assert.equal(trace[0]!.label, 'checkpoint');
    assert.equal(provider.requests[0]!.maxTokens, Math.floor(0.8 * 16384));
    assert.match(provider.requests[0]!.prompt, /<conversation>\n\[User\]: Refactor the billing module/);
    assert.match(provider.requests[0]!.prompt, /module-11\.ts/);
    assert.equal(output.summary, 'summary #1');
    assert.equal(output.kept, undefined);
  });

  it('fails with a context overflow when the transcript exceeds --context-window', async () => {
    await assert.rejects(
      runStrategy(singleShot, billingSession(), fakeProvider(), {}, { contextWindow: 500 }),
      (error: Error) =>
        error instanceof ContextOverflowError &&
        /exceeds the context window of 500 tokens/.test(error.message),
    );
  });
});

describe('parallel-stitch', () => {
  it('summarizes every slice concurrently, then stitches once', async () => {
    const provider = fakeProvider({ delayMs: 30 });
    const { output, trace } = await runStrategy(parallelStitch, billingSession(), provider, SMALL);
    const slices = trace.filter((call) => call.label.startsWith('slice '));
    assert.ok(slices.length >= 3, `expected several slices, got ${slices.length}`);
    assert.equal(trace.length, slices.length + 1);
    assert.equal(trace.at(-1)!.label, 'stitch');
    assert.equal(slices[0]!.label, `slice 1/${slices.length}`);
    assert.ok(provider.maxInFlight > 1, 'slice calls overlap in time');
    assert.ok(provider.maxInFlight <= 4, 'within the concurrency limit');
    assert.equal(criticalPath(trace).calls, 2);
    const stitch = provider.requests.at(-1)!;
    for (let index = 1; index <= slices.length; index++)
      assert.match(stitch.prompt, new RegExp(`<summary index="${index}">`));
    assert.equal(output.summary, `summary #${trace.length}`);
  });

  it('budgets ratio × slice tokens, boosted for the two most recent slices', async () => {
    const provider = fakeProvider();
    await runStrategy(parallelStitch, billingSession(), provider, { ...SMALL, ratio: 0.2, recentBoost: 3 });
    const sliceRequests = provider.requests.slice(0, -1);
    const budgets = sliceRequests.map((request) => request.maxTokens);
    const count = budgets.length;
    const plain = budgets.slice(0, count - 2);
    const recent = budgets.slice(count - 2);
    for (const budget of plain) assert.ok(budget >= 128 && budget <= 0.2 * 1000);
    for (const [index, budget] of recent.entries()) {
      assert.ok(budget > Math.max(...plain), `recent slice ${index} gets a boosted budget (${budget})`);
      assert.ok(budget <= 3 * 0.2 * 1000);
    }
    assert.match(
      sliceRequests[0]!.prompt,
      /slice 1 of \d+ of a longer coding-agent session: the beginning of the session\./,
    );
    assert.match(
      sliceRequests.at(-1)!.prompt,
      /of a longer coding-agent session: the most recent part of the session\./,
    );
    assert.match(sliceRequests[1]!.prompt, /in at most about \d+ tokens/, 'placeholders are filled');
    assert.doesNotMatch(sliceRequests[1]!.prompt, /\{\{/);
  });
});

describe('sequential-accumulated', () => {
  it('summarizes slice i with all earlier slice summaries, one call after another', async () => {
    const provider = fakeProvider({ delayMs: 5 });
    const { output, trace } = await runStrategy(sequentialAccumulated, billingSession(), provider, SMALL);
    assert.ok(trace.length >= 3);
    assert.equal(provider.maxInFlight, 1, 'never concurrent');
    assert.equal(criticalPath(trace).calls, trace.length);
    assert.doesNotMatch(provider.requests[0]!.prompt, /<summaries>/);
    assert.match(
      provider.requests[2]!.prompt,
      /<summary index="1">\nsummary #1\n<\/summary>\n<summary index="2">\nsummary #2/,
    );
    for (let index = 1; index <= trace.length; index++)
      assert.match(output.summary, new RegExp(`summary #${index}\\b`));
    assert.ok(output.summary.indexOf('summary #1') < output.summary.indexOf('summary #2'));
  });
});

describe('sequential-rolling', () => {
  it('rewrites one running summary with each slice', async () => {
    const provider = fakeProvider({ delayMs: 5 });
    const { output, trace } = await runStrategy(sequentialRolling, billingSession(), provider, SMALL);
    assert.equal(provider.maxInFlight, 1);
    assert.equal(criticalPath(trace).calls, trace.length);
    assert.doesNotMatch(provider.requests[0]!.prompt, /<previous-summary>/);
    assert.match(provider.requests[1]!.prompt, /<previous-summary>\nsummary #1\n<\/previous-summary>/);
    assert.doesNotMatch(provider.requests[2]!.prompt, /summary #1/, 'only the latest summary is passed on');
    assert.equal(output.summary, `summary #${trace.length}`);
  });
});

describe('structured-iterative', () => {
  it('uses the initial prompt once, then the update prompt with the previous summary', async () => {
    const provider = fakeProvider();
    const { trace } = await runStrategy(structuredIterative, billingSession(), provider, SMALL);
    assert.equal(trace[0]!.label, `initial 1/${trace.length}`);
    assert.equal(trace[1]!.label, `update 2/${trace.length}`);
    assert.match(
      provider.requests[0]!.prompt,
      /## Goal[\s\S]*## Constraints & Preferences[\s\S]*### In Progress[\s\S]*## Critical Context/,
    );
    assert.doesNotMatch(provider.requests[0]!.prompt, /<previous-summary>/);
    assert.match(provider.requests[1]!.prompt, /<previous-summary>\nsummary #1\n<\/previous-summary>/);
    assert.match(provider.requests[1]!.prompt, /move items from In Progress to Done/);
  });

  it('appends files read and modified from tool calls, even ones the model never mentions', async () => {
    const { output } = await runStrategy(
      structuredIterative,
      billingSession(),
      fakeProvider({ answer: () => '## Goal\nbilling' }),
      SMALL,
    );
    const read = output.summary.match(/<read-files>\n([\s\S]*?)\n<\/read-files>/)?.[1]?.split('\n');
    const modified = output.summary
      .match(/<modified-files>\n([\s\S]*?)\n<\/modified-files>/)?.[1]
      ?.split('\n');
    assert.deepEqual(
      modified,
      [0, 3, 6, 9].map((step) => `/work/project/src/module-${step}.ts`),
    );
    assert.equal(read?.length, 8);
    assert.ok(
      read?.every((path) => !modified?.includes(path)),
      'read-only = read − modified',
    );
    assert.deepEqual(read, [...read!].sort());
  });
});
