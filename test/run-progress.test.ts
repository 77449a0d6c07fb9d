import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { createProgressDisplay } from '../src/commands/progress-display.ts';
import type { ProgressEvent } from '../src/results/run-progress.ts';
import { compareSuite } from '../src/run/run-suite.ts';
import { startMockLlmServer } from '../support/loopback-llm-server.ts';
import { startCli, temporaryDirectory } from './helpers/cli.ts';
import { TEST_CONFIG } from './helpers/strategy-run.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

const KEY = 'sk-test-progress';

/**
 * The model's clock (seconds): it moves only as calls take their latency, never while the machine works between them.
 * A call that ends has taken exactly `latencySeconds` from its start (the oldest running call ends first, as calls
 * of one latency do), so the time left a display shows and the time that was left are read on one clock that a busy
 * machine does not stretch (the scoring and prompts between calls take seconds under load 30).
 */
function modelClock(latencySeconds: number) {
  let now = 0;
  const running: number[] = [];
  return {
    now: () => now,
    /** Moves the clock for `event` before the display sees it. */
    see(event: ProgressEvent) {
      if (event.type !== 'call') return;
      if (event.phase === 'started') running.push(now);
      else if (event.phase === 'ended') now = Math.max(now, (running.shift() ?? now) + latencySeconds);
    },
  };
}

/** A stream that says it is a terminal and keeps each write with the moment it came on `clock`. */
function fakeTerminal(clock: () => number) {
  const writes: Array<{ at: number; text: string }> = [];
  const stream = Object.assign(
    new Writable({
      write(chunk, _encoding, done) {
        writes.push({ at: clock(), text: String(chunk) });
        done();
      },
    }),
    { isTTY: true, columns: 160, rows: 40 },
  );
  return { stream, writes };
}

/** Runs compare on the shipped small fixture against the loopback server, progress drawn on a fake terminal. */
async function liveRun(options: {
  latencyMs: number;
  strategies: string;
  runs: number;
  concurrency: number;
  sliceTokens?: number;
}) {
  const server = await startMockLlmServer({ latencyMs: options.latencyMs });
  const clock = modelClock(options.latencyMs / 1000);
  const { stream, writes } = fakeTerminal(clock.now);
  const display = await createProgressDisplay('live', stream, clock.now);
  try {
    await compareSuite({
      transcripts: ['before-compaction'],
      strategies: options.strategies,
      provider: 'openai:test-model',
      providerOptions: { baseUrl: server.url, cacheDirectory: false, environment: { OPENAI_API_KEY: KEY } },
      out: join(directory.path, `out-${options.strategies}`),
      tokenizer: 'o200k_base',
      config: {
        ...TEST_CONFIG,
        ...(options.sliceTokens ? { sliceTokens: options.sliceTokens, overlapTokens: 500 } : {}),
      },
      concurrency: options.concurrency,
      runs: options.runs,
      onProgress: (event) => {
        clock.see(event);
        display.onProgress?.(event);
      },
      onNotice: display.onNotice,
    });
    return { writes, ended: clock.now(), requests: server.requests.length };
  } finally {
    display.stop();
    await server.close();
  }
}

describe('progress with a model that takes 1.5 s a call', () => {
  it('redraws on every finished call and, after 3 calls, gives the time left within 50%', async (t) => {
    // 8 calls two at a time: four rounds of 1.5 s. After the third call, five are left: about 3 s.
    const run = await liveRun({ latencyMs: 1500, strategies: 'single-shot', runs: 8, concurrency: 2 });
    assert.equal(run.requests, 8);
    const frames = run.writes.map((write) => ({
      at: write.at,
      done: Number(/calls (\d+)\/8 done/.exec(write.text)?.[1] ?? -1),
      left: /about (\d+):(\d\d) left/.exec(write.text),
    }));
    for (let calls = 1; calls <= 8; calls++)
      assert.ok(
        frames.some((frame) => frame.done === calls),
        `no frame showed ${calls}/8 calls done`,
      );
    const third = frames.find((frame) => frame.done === 3)!;
    assert.ok(
      third.left,
      `no time left on the frame of the third call: ${JSON.stringify(run.writes.at(-1))}`,
    );
    const estimate = Number(third.left[1]) * 60 + Number(third.left[2]);
    // The estimate is of the calls still to run: measured to the last call's end on the model's clock (scoring and
    // writing the reports of this small session follow, and take no time on it).
    const lastCall = frames.find((frame) => frame.done === 8)!;
    const remaining = lastCall.at - third.at;
    t.diagnostic(
      `after 3 calls: about ${estimate} s left shown; the calls took ${remaining.toFixed(2)} s more, the run ${(run.ended - third.at).toFixed(2)} s`,
    );
    assert.ok(
      Math.abs(estimate - remaining) <= 0.5 * remaining,
      `estimated ${estimate} s left after 3 calls; ${remaining.toFixed(2)} s were`,
    );
  });

  it('with sequential strategies, keeps the time left within 30% of the truth after the first third', async (t) => {
    // sequential-rolling summarizes slice after slice (its critical path), parallel-stitch all at once then the
    // stitch, single-shot once: the calls asked for so far say little of what is left; the plans say it all.
    const run = await liveRun({
      latencyMs: 1500,
      strategies: 'single-shot,parallel-stitch,sequential-rolling',
      runs: 1,
      concurrency: 4,
      sliceTokens: 6000,
    });
    const total = /calls \d+\/(\d+) done/.exec(run.writes.at(-1)!.text)?.[1];
    assert.ok(total && Number(total) >= 10, `a run of ${total} calls`);
    const frames = run.writes.flatMap((write) => {
      const done = /calls (\d+)\/(\d+) done/.exec(write.text);
      const left = /about (\d+):(\d\d) left/.exec(write.text);
      return done
        ? [
            {
              at: write.at,
              done: Number(done[1]),
              of: Number(done[2]),
              left: left ? Number(left[1]) * 60 + Number(left[2]) : null,
            },
          ]
        : [];
    });
    const start = frames[0]!.at;
    const lastCall = frames.find((frame) => frame.done === frame.of && frame.of === Number(total))!.at;
    const checked = frames.filter(
      (frame) => frame.at - start >= (lastCall - start) / 3 && lastCall - frame.at >= 1,
    );
    assert.ok(checked.length >= 5, `${checked.length} frames after the first third`);
    const misses = checked.filter((frame) => {
      const truth = lastCall - frame.at;
      // The clock shows whole seconds: half a second of rounding on top of the 30%.
      return frame.left === null || Math.abs(frame.left - truth) > 0.3 * truth + 0.5;
    });
    t.diagnostic(
      `${frames.length} frames; the calls took ${(lastCall - start).toFixed(1)} s; after the first third: ${checked.map((frame) => `${frame.left ?? '–'}/${(lastCall - frame.at).toFixed(1)}`).join(' ')}`,
    );
    assert.deepEqual(
      misses.map(
        (frame) => `${frame.left ?? 'none'} s shown, ${(lastCall - frame.at).toFixed(1)} s were left`,
      ),
      [],
    );
  });

  it('reports a strategy when its last call ends, not when the run ends', async () => {
    // One at a time: whichever strategy's calls end first, at least one 600 ms call of the other comes after.
    const run = await liveRun({
      latencyMs: 600,
      strategies: 'single-shot,structured-iterative',
      runs: 1,
      concurrency: 1,
    });
    const line = run.writes.find((write) => /before-compaction: \S+ \d+ calls?, /.test(write.text));
    assert.ok(line, 'no line for a strategy');
    assert.ok(
      run.ended - line.at > 0.5,
      `the first strategy was reported ${(run.ended - line.at).toFixed(2)} s before the end`,
    );
    assert.ok(!run.writes.some((write) => /0\/0 strategies/.test(write.text)));
  });
});

describe('Ctrl-C with calls in flight, output piped', () => {
  it('prints one line naming the calls cancelled, and no failed call after it', async () => {
    const server = await startMockLlmServer({ latencyMs: 5000 });
    const out = join(directory.path, 'stopped');
    try {
      const cli = startCli(
        [
          'compare',
          'before-compaction',
          '-s',
          'single-shot',
          '--runs',
          '5',
          '--concurrency',
          '2',
          '--no-cache',
          '-p',
          'openai:test-model',
          '--base-url',
          server.url,
          '-o',
          out,
        ],
        { cwd: directory.path, env: { OPENAI_API_KEY: KEY } },
      );
      const waitForCalls = async () => {
        while (server.inFlight < 2) await new Promise((resolve) => setTimeout(resolve, 50));
      };
      await waitForCalls();
      cli.child.kill('SIGINT');
      const result = await cli.done;
      assert.equal(result.code, 130, result.stderr);
      assert.equal(
        result.stderr,
        '\nstopping: 5 calls in flight cancelled; nothing written half (Ctrl-C again to quit at once)\n',
      );
      assert.equal(result.stdout, '');
      assert.deepEqual(await readdir(out).catch(() => []), []);
    } finally {
      await server.close();
    }
  });
});
