/**
 * Shows a run's progress on stderr: a status area redrawn in place on a terminal (log-update), one plain line
 * per event when stderr is not a terminal or `CI` is set, nothing with `--quiet`. Notices always print while it runs.
 */
import {
  applyProgress,
  describeBatch,
  initialProgress,
  type ProgressEvent,
  renderInterruptedLine,
  renderProgressLine,
  renderHeartbeatLine,
  renderProgressStatus,
} from '../report/progress.ts';
import { canRedraw } from './terminal.ts';
import type { OutputStream } from './streams.ts';

/** Where progress goes and how. */
export type ProgressDisplay = {
  onProgress?: (event: ProgressEvent) => void;
  /** A line that must be seen even with `--quiet`, printed above the status area. */
  onNotice: (line: string) => void;
  /** Removes the status area (its last state stays on a terminal) and stops the clock. */
  stop(): void;
  /** Stops for Ctrl-C (the last status stays, without a time left; nothing is drawn after) and returns the line to print. */
  interrupt(): string;
};

/** The display mode for a stream: `quiet`, `live` (a redrawn status area) or `plain`. */
export type ProgressMode = 'quiet' | 'live' | 'plain';

/** Picks the mode: `--quiet`, else live on a terminal outside CI, else plain lines. */
export function progressMode(
  quiet: boolean | undefined,
  stream: OutputStream,
  env: NodeJS.ProcessEnv = process.env,
): ProgressMode {
  if (quiet) return 'quiet';
  return canRedraw(stream, env) ? 'live' : 'plain';
}

// Often enough for the clock to move, seldom enough not to flicker.
const REDRAW_MS = 250;
// A piped run's line when nothing was printed for this long: every few seconds, a log that shows it alive
// without a flood (a CI log of a long run gains about 12 lines a minute at most).
const HEARTBEAT_SECONDS = 5;
const HEARTBEAT_CHECK_MS = 1000;

/**
 * A progress display on `stream` in `mode`; `now` (seconds) is injectable for tests. log-update (and the terminal
 * modules it bundles) loads only for a live display: a quiet or piped run does not wait for it to start.
 */
export async function createProgressDisplay(
  mode: ProgressMode,
  stream: NodeJS.WritableStream & { columns?: number; rows?: number },
  now: () => number = () => performance.now() / 1000,
): Promise<ProgressDisplay> {
  const state = initialProgress();
  const started = now();
  const elapsed = () => now() - started;
  // Once stopped (the run ended, or Ctrl-C took it down), nothing more is printed.
  let stopped = false;
  const apply = (event: ProgressEvent) => applyProgress(state, event, elapsed());
  const print = (line: string) => stopped || stream.write(`${line}\n`);
  const interrupted = () => renderInterruptedLine(state);
  if (mode === 'quiet') {
    return {
      // Counted, never shown: Ctrl-C still says how many calls it cancels.
      onProgress: (event) => stopped || apply(event),
      onNotice: print,
      stop: () => {
        stopped = true;
      },
      interrupt: () => {
        stopped = true;
        return interrupted();
      },
    };
  }
  if (mode === 'plain') {
    // Quiet but alive: a line when nothing else was printed for a while.
    let lastPrinted = elapsed();
    const printed = (line: string) => {
      lastPrinted = elapsed();
      print(line);
    };
    const heartbeat = setInterval(() => {
      if (!stopped && elapsed() - lastPrinted >= HEARTBEAT_SECONDS)
        printed(renderHeartbeatLine(state, elapsed()));
    }, HEARTBEAT_CHECK_MS);
    heartbeat.unref();
    const end = () => {
      stopped = true;
      clearInterval(heartbeat);
    };
    return {
      onProgress: (event) => {
        if (stopped) return;
        apply(event);
        const line = renderProgressLine(state, event, elapsed());
        if (line !== null) printed(line);
      },
      onNotice: printed,
      stop: end,
      interrupt: () => {
        end();
        return interrupted();
      },
    };
  }
  const { createLogUpdate } = await import('log-update');
  const update = createLogUpdate(stream as NodeJS.WriteStream, { showCursor: true });
  const draw = () => update(renderProgressStatus(state, elapsed()));
  const timer = setInterval(draw, REDRAW_MS);
  timer.unref();
  const finish = (last: string) => {
    stopped = true;
    clearInterval(timer);
    if (last === '') update.clear();
    else {
      update(last);
      update.done();
    }
  };
  return {
    onProgress: (event) => {
      if (stopped) return;
      apply(event);
      if (event.type === 'strategy') update.persist(event.line);
      if (event.type === 'batch') update.persist(describeBatch(event));
      draw();
    },
    onNotice: (line) => {
      if (stopped) return;
      update.persist(line);
      draw();
    },
    stop: () => {
      // A run that ended before its strategies started (bad input) leaves no loading line behind.
      if (!stopped) finish(state.strategies > 0 ? renderProgressStatus(state, elapsed()) : '');
    },
    interrupt: () => {
      if (!stopped)
        finish(state.strategies > 0 ? renderProgressStatus(state, elapsed(), { timeLeft: false }) : '');
      return interrupted();
    },
  };
}
