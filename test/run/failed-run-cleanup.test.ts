/**
 * A run that fails reports its own error, not its cleanup's: the sessions in flight when one session fails are
 * awaited before the records store and the output stage are removed, nothing is written into them after, and no
 * staging folder is left behind.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderError, exitCodeFor, messageOf } from '../../src/errors.ts';
import { runCompare } from '../../src/run/run.ts';
import type { ProgressEvent } from '../../src/results/run-progress.ts';
import type { Strategy } from '../../src/strategies/types.ts';
import { temporaryDirectory } from '../helpers/cli.ts';
import { offlineCompare } from '../helpers/compare-run.ts';
import { registerStrategy } from '../helpers/registered-strategy.ts';
import { conversationBlock } from '../../src/strategies/prompts.ts';
import { summarize } from '../../src/strategies/summary-call.ts';
import { promptOf, startMockLlmServer } from '../../support/loopback-llm-server.ts';

const FIXTURES = new URL('../../fixtures/', import.meta.url).pathname;

/** When each of the slow strategy's runs started and ended (ms, performance.now()). */
const started: number[] = [];
const ended: number[] = [];

/** A strategy whose answer comes late on the session named `slow`: it still runs when the other session fails. */
const slow: Strategy = {
  name: 'slow-answer',
  description: 'the roles of the messages, after a wait on the session named slow, for the failed-run test',
  group: 'custom',
  callsModel: false,
  async run(session) {
    if (session.name.startsWith('slow')) {
      started.push(performance.now());
      await sleep(300);
      ended.push(performance.now());
    }
    return { summary: session.messages.map((message) => message.role).join('\n') };
  },
};

/** When each run of the model's strategy ended, its call answered or stopped (ms, performance.now()). */
const modelEnded: number[] = [];

/** A strategy that asks the model for a headline of the whole session. */
const headline: Strategy = {
  name: 'slow-headline',
  description: 'one headline of the session from the model, for the failed-run test',
  group: 'custom',
  callsModel: true,
  prompts: { main: ['slow-headline'], templates: { 'slow-headline': 'Write the headline of this session.' } },
  async run(session, context) {
    try {
      const conversation = conversationBlock(context.render(session.messages));
      const summary = await summarize(context, {
        label: 'headline',
        owner: 'slow-headline',
        prompt: 'slow-headline',
        blocks: [conversation],
        maxTokens: 200,
      });
      return { summary };
    } finally {
      modelEnded.push(performance.now());
    }
  },
};

// How long the slow session's answer takes: the run must not wait for it. Far beyond any run's own time, even on a
// loaded machine (at 5 s a run at load 39 took 6.8 s without waiting); the server drops it when the client leaves.
const SLOW_ANSWER_MS = 60_000;

let directory: { path: string; remove: () => Promise<void> };
let unregister: Array<() => void>;
before(async () => {
  directory = await temporaryDirectory();
  unregister = [registerStrategy(slow), registerStrategy(headline)];
});
after(async () => {
  for (const remove of unregister) remove();
  await directory.remove();
});

/** Every entry under `folder` whose name says it is a staging folder, at any depth. */
function stagingFolders(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) =>
    /\.(records|compaction-bench)-staging-/.test(name),
  );
}

/** The error `work` fails with; the test fails when it does not. */
async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  return assert.fail('the run fails');
}

/** A progress listener that fails the session `fast` once its strategy is scored (its texts stored). */
const failFast = (event: ProgressEvent) => {
  if (event.type === 'strategy' && event.unit.startsWith('fast'))
    throw new ProviderError('the fast session failed mid-way');
};

describe('a run one session of which fails', () => {
  it('reports the failure with its own message and exit code, once the sessions in flight ended', async () => {
    const text = await readFile(join(FIXTURES, 'before-compaction.jsonl'), 'utf8');
    const fast = join(directory.path, 'fast.jsonl');
    const slowFile = join(directory.path, 'slow.jsonl');
    await writeFile(fast, text);
    await writeFile(slowFile, text);
    const out = join(directory.path, 'out');
    started.length = 0;
    ended.length = 0;
    const thrown = await failureOf(
      runCompare(
        offlineCompare({
          transcripts: [fast, slowFile],
          strategies: 'slow-answer',
          out,
          // The session `fast` fails once its strategy is scored (its texts stored), while `slow` still runs.
          onProgress: failFast,
        }),
      ),
    );
    assert.equal(messageOf(thrown), 'the fast session failed mid-way');
    assert.equal(exitCodeFor(thrown), 3);
    // Offline the strategies run one at a time: `slow` waited its turn, and was stopped before its strategy ran.
    assert.equal(started.length, ended.length, 'no strategy still runs when the run returned');
    // Nothing in flight writes after the run returned: a while later, no staging folder and no records.
    await sleep(400);
    assert.deepEqual(stagingFolders(out), []);
    assert.equal(existsSync(join(out, 'records')), false, 'a failed run writes no records');
  });

  it('reports a session that will not load (exit 2) once the session in flight ended, and leaves nothing', async () => {
    // A session file of a known format holding no message: it fails when its session loads, not before the run.
    const broken = join(directory.path, 'broken.jsonl');
    const header = (await readFile(join(FIXTURES, 'before-compaction.jsonl'), 'utf8'))
      .split('\n')
      .slice(0, 3);
    await writeFile(broken, `${header.join('\n')}\n`);
    const out = join(directory.path, 'out-broken');
    const slowFiles = [join(directory.path, 'slow-1.jsonl'), join(directory.path, 'slow-2.jsonl')];
    for (const file of slowFiles)
      await writeFile(file, await readFile(join(FIXTURES, 'before-compaction.jsonl'), 'utf8'));
    started.length = 0;
    ended.length = 0;
    // Two sessions at once, their strategies one at a time: `broken` starts loading once `slow-1` is done, while
    // the strategy of `slow-2` waits.
    await assert.rejects(
      runCompare(
        offlineCompare({
          transcripts: [...slowFiles, broken],
          strategies: 'slow-answer',
          out,
        }),
      ),
      (error: unknown) => {
        assert.equal(
          messageOf(error),
          `${broken}: the session holds no messages; a session needs at least one user or assistant message`,
        );
        assert.equal(exitCodeFor(error), 2);
        return true;
      },
    );
    const returned = performance.now();
    assert.equal(started.length, 2, 'slow-2 was in flight when broken failed');
    assert.equal(ended.length, 2, 'the session in flight was awaited');
    assert.ok(ended[1]! <= returned, 'the session in flight ended before the run returned');
    // Nothing in flight writes after the run returned: a while later, no staging folder and no records.
    await sleep(400);
    assert.equal(ended.length, 2);
    assert.deepEqual(stagingFolders(out), []);
    assert.equal(existsSync(join(out, 'records')), false);
  });

  it('with a model: the call in flight is stopped, the first failure reported, nothing left', async () => {
    const server = await startMockLlmServer({
      reply: (request) =>
        promptOf(request).includes('Slow billing')
          ? { kind: 'slow', ms: SLOW_ANSWER_MS, text: 'Fix the slow parser' }
          : { kind: 'slow', ms: 400, text: 'Fix the parser' },
    });
    try {
      const text = await readFile(join(FIXTURES, 'before-compaction.jsonl'), 'utf8');
      assert.ok(text.includes('Billing bug'));
      const fast = join(directory.path, 'fast.jsonl');
      const slowFile = join(directory.path, 'slow.jsonl');
      await writeFile(fast, text);
      await writeFile(slowFile, text.replace('Billing bug', 'Slow billing bug'));
      const out = join(directory.path, 'out-model');
      modelEnded.length = 0;
      const start = performance.now();
      const thrown = await failureOf(
        runCompare(
          offlineCompare({
            transcripts: [fast, slowFile],
            strategies: 'slow-headline',
            provider: 'openai:test-model',
            providerOptions: { baseUrl: server.url, cacheDirectory: false, retries: 0 },
            out,
            onProgress: failFast,
          }),
        ),
      );
      const returned = performance.now();
      assert.equal(messageOf(thrown), 'the fast session failed mid-way');
      assert.equal(exitCodeFor(thrown), 3);
      assert.equal(server.count, 2, 'both sessions had a call in flight');
      assert.equal(modelEnded.length, 2, 'both strategies ended before the run returned');
      assert.ok(
        returned - start < SLOW_ANSWER_MS,
        `the run did not wait for the slow answer (${returned - start} ms)`,
      );
      await sleep(300);
      assert.deepEqual(stagingFolders(out), []);
      assert.equal(existsSync(join(out, 'records')), false);
    } finally {
      await server.close();
    }
  });
});
