import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { createProgressDisplay, progressMode } from '../../src/commands/progress-display.ts';
import {
  applyProgress,
  formatClock,
  initialProgress,
  type ProgressEvent,
  renderProgressStatus,
} from '../../src/report/progress.ts';

const call = (phase: 'requested' | 'started' | 'ended', extra: Partial<ProgressEvent> = {}): ProgressEvent =>
  ({
    type: 'call',
    phase,
    inputTokens: 0,
    outputTokens: 0,
    cost: null,
    error: null,
    ...extra,
  }) as ProgressEvent;

/** Five calls asked for: two ended (priced), one running, two queued; one of four strategies done. */
function midRun() {
  const state = initialProgress();
  const events: ProgressEvent[] = [
    { type: 'start', strategies: 4 },
    ...Array.from({ length: 5 }, () => call('requested')),
    call('started'),
    call('started'),
    call('started'),
    call('ended', { inputTokens: 1200, outputTokens: 300, cost: 0.0021 }),
    call('ended', { inputTokens: 800, outputTokens: 100, cost: 0.0009 }),
    { type: 'strategy', line: 'f: single-shot 1 call', failed: false },
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

  it('the status area shows calls done of asked, running, queued, tokens, cost, elapsed and time left', () => {
    const status = renderProgressStatus(midRun(), 30);
    const [bar, figures] = status.split('\n');
    assert.match(bar!, /^\[█{5}░{15}\] 1\/4 strategies done$/);
    assert.equal(
      figures,
      'calls 2/5 done, 1 running, 2 queued · tokens 2,000 in / 400 out · cost $0.0030 · 0:30 elapsed, about 1:30 left',
    );
  });

  it('shows no cost when no call is priced, and no time left before a strategy finishes', () => {
    const state = applyProgress(initialProgress(), { type: 'start', strategies: 2 });
    const status = renderProgressStatus(state, 5);
    assert.doesNotMatch(status, /cost|left/);
    assert.equal(formatClock(3725), '1:02:05');
  });

  it('plain mode writes one line per finished strategy and per failed call, nothing for the rest', () => {
    const { stream, text } = capture(false);
    let now = 0;
    const display = createProgressDisplay('plain', stream, () => now);
    display.onProgress!({ type: 'start', strategies: 2 });
    display.onProgress!(call('requested'));
    display.onProgress!(call('started'));
    now = 65;
    display.onProgress!(call('ended', { error: 'HTTP 500' }));
    display.onProgress!({ type: 'strategy', line: 'f: a failed', failed: true });
    display.onNotice('a notice');
    display.stop();
    assert.equal(
      text(),
      '[0/2 1:05] a call failed: HTTP 500\n[1/2 1:05] f: a failed (run so far: 1 call)\na notice\n',
    );
  });

  it('live mode redraws a status area on the terminal and keeps finished strategies above it', () => {
    const { stream, text } = capture(true);
    const display = createProgressDisplay('live', stream, () => 12);
    display.onProgress!({ type: 'start', strategies: 2 });
    display.onProgress!(call('requested'));
    display.onProgress!({ type: 'strategy', line: 'f: single-shot 1 call', failed: false });
    display.stop();
    const written = text();
    assert.match(written, /\u001b\[/, 'ANSI sequences: the area is redrawn in place');
    assert.match(written, /f: single-shot 1 call\n/);
    assert.match(written, /1\/2 strategies done/);
    assert.match(written, /calls 0\/1 done, 1 queued/);
  });

  it('quiet mode prints notices only', () => {
    const { stream, text } = capture(true);
    const display = createProgressDisplay('quiet', stream);
    assert.equal(display.onProgress, undefined);
    display.onNotice('dropped 3 messages');
    display.stop();
    assert.equal(text(), 'dropped 3 messages\n');
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
