import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it, mock } from 'node:test';
import { createProgressDisplay, progressMode } from '../../src/commands/progress-display.ts';
import {
  applyProgress,
  estimateSecondsLeft,
  formatClock,
  initialProgress,
  type ProgressEvent,
  renderInterruptedLine,
  renderProgressStatus,
} from '../../src/report/progress.ts';

const call = (phase: 'requested' | 'started' | 'ended', extra: Partial<ProgressEvent> = {}): ProgressEvent =>
  ({
    type: 'call',
    unit: 'f: single-shot',
    strategy: 'single-shot',
    phase,
    inputTokens: 0,
    outputTokens: 0,
    cost: null,
    error: null,
    ...extra,
  }) as ProgressEvent;

const finished = (unit: string, line: string, failed = false): ProgressEvent => ({
  type: 'strategy',
  unit,
  strategy: unit.slice(unit.indexOf(': ') + 2),
  line,
  failed,
});

/** Five calls asked for: two ended (priced), one running, two queued; one of four strategies done. */
function midRun() {
  const state = initialProgress();
  const events: ProgressEvent[] = [
    { type: 'start', strategies: 4, concurrency: 4 },
    ...Array.from({ length: 5 }, () => call('requested')),
    call('started'),
    call('started'),
    call('started'),
    call('ended', { inputTokens: 1200, outputTokens: 300, cost: 0.0021 }),
    call('ended', { inputTokens: 800, outputTokens: 100, cost: 0.0009 }),
    finished('f: single-shot', 'f: single-shot 1 call'),
  ];
  for (const event of events) applyProgress(state, event);
  return state;
}

/** A stream that keeps what is written, with the terminal's properties log-update reads. */
function capture(tty: boolean) {
  const chunks: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    }),
    { isTTY: tty, columns: 100, rows: 40 },
  );
  return { stream, text: () => chunks.join('') };
}

describe('progress', () => {
  it('adds calls, tokens, cost and strategies up', () => {
    const state = midRun();
    assert.equal(state.callsRequested, 5);
    assert.equal(state.callsRunning, 1);
    assert.equal(state.callsDone, 2);
    assert.equal(state.inputTokens, 2000);
    assert.equal(state.outputTokens, 400);
    assert.ok(Math.abs(state.cost! - 0.003) < 1e-9);
    assert.equal(state.strategiesDone, 1);
  });

  it('the status area shows calls done of asked, running, queued, tokens, cost and elapsed; no time left before 3 calls end', () => {
    const status = renderProgressStatus(midRun(), 30);
    const [bar, figures] = status.split('\n');
    assert.match(bar!, /^\[█{5}░{15}\] 1\/4 strategies done$/);
    assert.equal(
      figures,
      'calls 2/5 done, 1 running, 2 queued · tokens 2,000 in / 400 out · cost $0.0030 · 0:30 elapsed',
    );
  });

  it('after 3 calls, the time left is the calls still to run at their mean time, over the free slots', () => {
    // Six calls of 2 s, two at a time: at 4 s three have ended and the fourth is due; the last two end at 6 s.
    const state = applyProgress(initialProgress(), { type: 'start', strategies: 1, concurrency: 2 });
    const at = (seconds: number, ...events: ProgressEvent[]) => {
      for (const event of events) applyProgress(state, event, seconds);
    };
    at(0, ...Array.from({ length: 6 }, () => call('requested')), call('started'), call('started'));
    at(2, call('ended'), call('started'), call('ended'), call('started'));
    at(4, call('ended'));
    assert.equal(estimateSecondsLeft(state, 4), 2);
    assert.match(renderProgressStatus(state, 4), /0:04 elapsed, about 0:02 left$/);
    at(4, call('started'));
    // Half a second later the fourth call is overdue (its slot is taken as free now), the fifth has 1.5 s to go:
    // the sixth takes the free slot and ends in 2 s.
    assert.equal(estimateSecondsLeft(state, 4.5), 2);
    at(5, call('ended'), call('started'));
    // At 5 s the fourth ended after 3 s: the mean is 2.25 s, and the sixth, just started, takes that long.
    assert.equal(estimateSecondsLeft(state, 5), 2.25);
  });

  it('counts the calls a strategy has yet to ask for from its finished runs on other sessions', () => {
    const state = applyProgress(initialProgress(), { type: 'start', strategies: 3, concurrency: 1 });
    const stitch = (unit: string, phase: 'requested' | 'started' | 'ended') =>
      call(phase, { unit, strategy: 'parallel-stitch' } as Partial<ProgressEvent>);
    for (let second = 0; second < 3; second++) {
      applyProgress(state, stitch('f: parallel-stitch', 'requested'), second);
      applyProgress(state, stitch('f: parallel-stitch', 'started'), second);
      applyProgress(state, stitch('f: parallel-stitch', 'ended'), second + 1);
    }
    applyProgress(state, finished('f: parallel-stitch', 'f: parallel-stitch 3 calls'), 3);
    applyProgress(state, stitch('g: parallel-stitch', 'requested'), 3);
    applyProgress(state, stitch('g: parallel-stitch', 'started'), 3);
    // The third session's strategy has asked for nothing yet: 3 calls, like the finished one; g has 2 to ask.
    assert.equal(estimateSecondsLeft(state, 3), 1 + 2 + 3);
  });

  it('says nothing of the time left while strategies that asked for nothing have no finished run to go by', () => {
    const state = applyProgress(initialProgress(), { type: 'start', strategies: 2, concurrency: 1 });
    for (let second = 0; second < 3; second++) {
      applyProgress(state, call('requested'), second);
      applyProgress(state, call('started'), second);
      applyProgress(state, call('ended'), second + 1);
    }
    assert.equal(estimateSecondsLeft(state, 3), null);
  });

  it('without calls, the time left comes from the share of strategies finished', () => {
    const state = applyProgress(initialProgress(), { type: 'start', strategies: 4, concurrency: 1 });
    applyProgress(state, finished('f: truncate', 'f: truncate'), 10);
    assert.equal(estimateSecondsLeft(state, 10), 30);
  });

  it('shows the sessions being read before the strategies start, and nothing before that', () => {
    const state = initialProgress();
    assert.equal(renderProgressStatus(state, 1), '');
    applyProgress(state, { type: 'loading', sessions: 12 });
    assert.equal(renderProgressStatus(state, 1), 'loading 12 sessions · 0:01 elapsed');
    for (let session = 0; session < 3; session++) applyProgress(state, { type: 'loaded' });
    assert.equal(renderProgressStatus(state, 4), 'loading 12 sessions (3 read) · 0:04 elapsed');
  });

  it('shows how many sessions are read while they stream in, and drops a skipped one from the total', () => {
    const state = initialProgress();
    applyProgress(state, { type: 'loading', sessions: 12 });
    applyProgress(state, { type: 'start', strategies: 24, concurrency: 2 });
    for (let session = 0; session < 3; session++) applyProgress(state, { type: 'loaded' });
    assert.match(
      renderProgressStatus(state, 4).split('\n')[0]!,
      /0\/24 strategies done · 3\/12 sessions read$/,
    );
    applyProgress(state, { type: 'loaded' });
    applyProgress(state, { type: 'skipped', strategies: 2 });
    assert.match(
      renderProgressStatus(state, 5).split('\n')[0]!,
      /0\/22 strategies done · 4\/12 sessions read$/,
    );
    for (let session = 4; session < 12; session++) applyProgress(state, { type: 'loaded' });
    assert.match(renderProgressStatus(state, 6).split('\n')[0]!, /0\/22 strategies done$/);
  });

  it('shows no cost when no call is priced, and no time left before a strategy finishes', () => {
    const state = applyProgress(initialProgress(), { type: 'start', strategies: 2, concurrency: 2 });
    const status = renderProgressStatus(state, 5);
    assert.doesNotMatch(status, /cost|left/);
    assert.equal(formatClock(3725), '1:02:05');
  });

  it('plain mode writes one line per finished strategy and per failed call, nothing for the rest', async () => {
    const { stream, text } = capture(false);
    let now = 0;
    const display = await createProgressDisplay('plain', stream, () => now);
    display.onProgress!({ type: 'start', strategies: 2, concurrency: 2 });
    display.onProgress!(call('requested'));
    display.onProgress!(call('started'));
    now = 65;
    display.onProgress!(call('ended', { error: 'HTTP 500' }));
    display.onProgress!(finished('f: a', 'f: a failed', true));
    display.onNotice('a notice');
    display.stop();
    assert.equal(
      text(),
      '[0/2 1:05] a call failed: HTTP 500\n[1/2 1:05] f: a failed (run so far: 1 call)\na notice\n',
    );
  });

  it('plain mode writes a line for each batch state, with its counts', async () => {
    const { stream, text } = capture(false);
    let now = 0;
    const display = await createProgressDisplay('plain', stream, () => now);
    display.onProgress!({ type: 'start', strategies: 5, concurrency: 4 });
    now = 3;
    const batch = { type: 'batch', id: 'msgbatch_1', ended: false, total: 6 } as const;
    display.onProgress!({ ...batch, state: 'submitted', succeeded: 0, failed: 0 });
    display.onProgress!({ ...batch, state: 'ended', ended: true, succeeded: 5, failed: 1 });
    display.stop();
    assert.equal(
      text(),
      '[0/5 0:03] batch msgbatch_1: submitted, 0 of 6 requests answered\n' +
        '[0/5 0:03] batch msgbatch_1: ended, 5 of 6 requests answered, 1 failed\n',
    );
  });

  it('live mode redraws a status area on the terminal and keeps finished strategies above it', async () => {
    const { stream, text } = capture(true);
    const display = await createProgressDisplay('live', stream, () => 12);
    display.onProgress!({ type: 'start', strategies: 2, concurrency: 2 });
    display.onProgress!(call('requested'));
    display.onProgress!(finished('f: single-shot', 'f: single-shot 1 call'));
    display.stop();
    const written = text();
    assert.match(written, /\u001b\[/, 'ANSI sequences: the area is redrawn in place');
    assert.match(written, /f: single-shot 1 call\n/);
    assert.match(written, /1\/2 strategies done/);
    assert.match(written, /calls 0\/1 done, 1 queued/);
  });

  it('quiet mode prints notices only, and counts calls for the line of Ctrl-C', async () => {
    const { stream, text } = capture(true);
    const display = await createProgressDisplay('quiet', stream);
    display.onProgress!({ type: 'start', strategies: 2, concurrency: 2 });
    display.onProgress!(call('requested'));
    display.onNotice('dropped 3 messages');
    assert.equal(
      display.interrupt(),
      'stopping: 1 call in flight cancelled; nothing written half (Ctrl-C again to quit at once)',
    );
    display.onNotice('after the interrupt');
    assert.equal(text(), 'dropped 3 messages\n');
  });

  it('on Ctrl-C the live area keeps its figures without a time left, and nothing is drawn after it', async () => {
    const { stream, text } = capture(true);
    let now = 0;
    const display = await createProgressDisplay('live', stream, () => now);
    display.onProgress!({ type: 'start', strategies: 1, concurrency: 1 });
    for (let index = 0; index < 4; index++) display.onProgress!(call('requested'));
    for (let index = 0; index < 3; index++) {
      display.onProgress!(call('started'));
      now += 1;
      display.onProgress!(call('ended'));
    }
    display.onProgress!(call('started'));
    assert.match(text(), /about 0:01 left/);
    const before = text().length;
    assert.equal(
      display.interrupt(),
      'stopping: 1 call in flight cancelled; nothing written half (Ctrl-C again to quit at once)',
    );
    const last = text().slice(before);
    assert.match(last, /calls 3\/4 done, 1 running/);
    assert.doesNotMatch(last, /left/);
    const after = text().length;
    display.onProgress!(call('ended', { error: 'request aborted' }));
    display.onNotice('late');
    display.stop();
    assert.equal(text().length, after);
  });

  it('piped, Ctrl-C stops the lines: no aborted call is printed after it', async () => {
    const { stream, text } = capture(false);
    const display = await createProgressDisplay('plain', stream, () => 1);
    display.onProgress!({ type: 'start', strategies: 1, concurrency: 3 });
    for (let index = 0; index < 3; index++) display.onProgress!(call('requested'));
    assert.equal(
      display.interrupt(),
      'stopping: 3 calls in flight cancelled; nothing written half (Ctrl-C again to quit at once)',
    );
    for (let index = 0; index < 3; index++) display.onProgress!(call('ended', { error: 'request aborted' }));
    assert.equal(text(), '');
  });

  it('is live only on a terminal outside CI', () => {
    const tty = { isTTY: true } as NodeJS.WriteStream;
    const pipe = { isTTY: false } as NodeJS.WriteStream;
    assert.equal(progressMode(false, tty, {}), 'live');
    assert.equal(progressMode(false, tty, { CI: 'true' }), 'plain');
    assert.equal(progressMode(false, pipe, {}), 'plain');
    assert.equal(progressMode(true, tty, {}), 'quiet');
  });
});

describe('the time left of a run whose strategies said what they will call', () => {
  const plan = (unit: string, calls: number, sequential: number): ProgressEvent => ({
    type: 'plan',
    unit,
    strategy: unit.slice(unit.indexOf(': ') + 2),
    calls,
    sequential,
  });
  const on = (unit: string, phase: 'requested' | 'started' | 'ended', extra: Partial<ProgressEvent> = {}) =>
    call(phase, { unit, strategy: unit.slice(unit.indexOf(': ') + 2), ...extra });

  it('is the longest critical path left at the measured latency when it is longer than the work over the slots', () => {
    const state = initialProgress();
    // single-shot: 1 call; sequential-rolling: 8 slices, one after another; 4 slots.
    applyProgress(state, { type: 'start', strategies: 2, concurrency: 4 });
    applyProgress(state, plan('f: single-shot', 1, 1));
    applyProgress(state, plan('f: sequential-rolling', 8, 8));
    for (const unit of ['f: single-shot', 'f: sequential-rolling']) {
      applyProgress(state, on(unit, 'requested'), 0);
      applyProgress(state, on(unit, 'started'), 0);
    }
    // Both first calls took 2 s: seven slices are left, one after another.
    applyProgress(state, on('f: single-shot', 'ended'), 2);
    applyProgress(state, on('f: sequential-rolling', 'ended'), 2);
    assert.equal(estimateSecondsLeft(state, 2), 14);
    // The next slice has run a second: 13 s.
    applyProgress(state, on('f: sequential-rolling', 'requested'), 2);
    applyProgress(state, on('f: sequential-rolling', 'started'), 2);
    assert.equal(estimateSecondsLeft(state, 3), 13);
  });

  it('is the calls left over the slots when they outweigh the paths, and counts sessions not loaded yet', () => {
    const state = initialProgress();
    // Two sessions × parallel-stitch (6 slices + the stitch), one loaded; 2 slots.
    applyProgress(state, { type: 'start', strategies: 2, concurrency: 2 });
    applyProgress(state, plan('a: parallel-stitch', 7, 2));
    applyProgress(state, on('a: parallel-stitch', 'requested'), 0);
    applyProgress(state, on('a: parallel-stitch', 'started'), 0);
    applyProgress(state, on('a: parallel-stitch', 'ended'), 1);
    // 6 calls left here and 7 of the session still loading, at 1 s over 2 slots.
    assert.equal(estimateSecondsLeft(state, 1), 6.5);
  });

  it('measures the latency on the calls a model answered, not on cached answers', () => {
    const state = initialProgress();
    applyProgress(state, { type: 'start', strategies: 1, concurrency: 1 });
    applyProgress(state, plan('f: sequential-rolling', 4, 4));
    applyProgress(state, on('f: sequential-rolling', 'requested'), 0);
    applyProgress(state, on('f: sequential-rolling', 'started'), 0);
    applyProgress(state, on('f: sequential-rolling', 'ended', { cached: true } as Partial<ProgressEvent>), 0);
    assert.equal(estimateSecondsLeft(state, 0), null, 'no latency measured yet');
    applyProgress(state, on('f: sequential-rolling', 'requested'), 0);
    applyProgress(state, on('f: sequential-rolling', 'started'), 0);
    applyProgress(state, on('f: sequential-rolling', 'ended'), 3);
    assert.equal(estimateSecondsLeft(state, 3), 6);
  });
});

describe('Ctrl-C', () => {
  it('says how many answers the cache holds for a rerun, and nothing of a cache when there is none', () => {
    const state = initialProgress();
    applyProgress(state, { type: 'start', strategies: 2, concurrency: 2, cache: '.compaction-cache' });
    for (let index = 0; index < 14; index++) {
      applyProgress(state, call('requested'));
      applyProgress(state, call('started'));
      applyProgress(state, call('ended', index === 0 ? { error: 'HTTP 500' } : {}));
    }
    applyProgress(state, call('requested'));
    assert.equal(
      renderInterruptedLine(state),
      'stopping: 1 call in flight cancelled; 13 answers cached in .compaction-cache, so rerunning the same command asks for none of them again; nothing written half (Ctrl-C again to quit at once)',
    );
    state.cache = null;
    assert.doesNotMatch(renderInterruptedLine(state), /cached/);
  });
});

describe('piped progress', () => {
  it('prints a line when nothing else was printed for 5 s: quiet but alive', async () => {
    mock.timers.enable({ apis: ['setInterval'] });
    try {
      const { stream, text } = capture(false);
      let now = 0;
      const display = await createProgressDisplay('plain', stream, () => now);
      display.onProgress!({ type: 'loading', sessions: 6 });
      display.onProgress!({ type: 'start', strategies: 12, concurrency: 4 });
      display.onProgress!({ type: 'loaded' });
      now = 3;
      mock.timers.tick(3000);
      now = 6;
      mock.timers.tick(3000);
      now = 9;
      mock.timers.tick(3000);
      now = 12;
      mock.timers.tick(3000);
      display.stop();
      now = 40;
      mock.timers.tick(28000);
      assert.equal(
        text(),
        'loading 6 sessions\n[0/12 0:06] reading sessions: 1 of 6 read\n[0/12 0:12] reading sessions: 1 of 6 read\n',
      );
    } finally {
      mock.timers.reset();
    }
  });
});
