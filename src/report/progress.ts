/**
 * How far a run has got: the events the runner reports, the running totals they add up to, and the two ways
 * they are shown (pure renderers): a status area redrawn on a terminal, and one plain line per event.
 */
import { formatCost, formatInteger } from '../format.ts';
import type { ProgressEvent } from '../run-progress.ts';

export type { ProgressEvent };

/** The running totals. */
export type ProgressState = {
  strategies: number;
  strategiesDone: number;
  strategiesFailed: number;
  callsRequested: number;
  callsRunning: number;
  callsDone: number;
  callsFailed: number;
  inputTokens: number;
  outputTokens: number;
  /** Dollars so far; null while no priced call has ended. */
  cost: number | null;
};

/** Totals before anything happened. */
export function initialProgress(): ProgressState {
  return {
    strategies: 0,
    strategiesDone: 0,
    strategiesFailed: 0,
    callsRequested: 0,
    callsRunning: 0,
    callsDone: 0,
    callsFailed: 0,
    inputTokens: 0,
    outputTokens: 0,
    cost: null,
  };
}

/** The totals after one more event (the state is updated in place and returned). */
export function applyProgress(state: ProgressState, event: ProgressEvent): ProgressState {
  switch (event.type) {
    case 'start':
      state.strategies += event.strategies;
      break;
    case 'strategy':
      state.strategiesDone += 1;
      if (event.failed) state.strategiesFailed += 1;
      break;
    case 'call':
      if (event.phase === 'requested') state.callsRequested += 1;
      else if (event.phase === 'started') state.callsRunning += 1;
      else {
        state.callsRunning = Math.max(0, state.callsRunning - 1);
        state.callsDone += 1;
        if (event.error !== null) state.callsFailed += 1;
        state.inputTokens += event.inputTokens;
        state.outputTokens += event.outputTokens;
        if (event.cost !== null) state.cost = (state.cost ?? 0) + event.cost;
      }
      break;
  }
  return state;
}

/** `1:05`, `12:00:07`: a duration in seconds as a clock. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/**
 * Seconds left, from the share of strategy runs finished (strategies run at once, so this is rough and
 * shown as such); null until one has finished.
 */
export function estimateSecondsLeft(state: ProgressState, elapsedSeconds: number): number | null {
  if (state.strategiesDone === 0 || state.strategies === 0) return null;
  const left = state.strategies - state.strategiesDone;
  return left <= 0 ? 0 : (elapsedSeconds * left) / state.strategiesDone;
}

const BAR = 20;

/** The status area a terminal redraws: a bar of strategies finished, then calls, tokens, cost and time. */
export function renderProgressStatus(state: ProgressState, elapsedSeconds: number): string {
  const share = state.strategies === 0 ? 0 : state.strategiesDone / state.strategies;
  const filled = Math.round(share * BAR);
  const failed = state.strategiesFailed > 0 ? `, ${state.strategiesFailed} failed` : '';
  const queued = state.callsRequested - state.callsDone - state.callsRunning;
  const left = estimateSecondsLeft(state, elapsedSeconds);
  const calls = [
    `calls ${formatInteger(state.callsDone)}/${formatInteger(state.callsRequested)} done`,
    ...(state.callsRunning > 0 ? [`${state.callsRunning} running`] : []),
    ...(queued > 0 ? [`${queued} queued`] : []),
    ...(state.callsFailed > 0 ? [`${state.callsFailed} failed`] : []),
  ].join(', ');
  return [
    `[${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}] ${state.strategiesDone}/${state.strategies} strategies done${failed}`,
    [
      calls,
      `tokens ${formatInteger(state.inputTokens)} in / ${formatInteger(state.outputTokens)} out`,
      ...(state.cost === null ? [] : [`cost ${formatCost(state.cost)}`]),
      `${formatClock(elapsedSeconds)} elapsed${left === null || left === 0 ? '' : `, about ${formatClock(left)} left`}`,
    ].join(' · '),
  ].join('\n');
}

/** The plain line of an event (no terminal, or `CI`), or null for events that print nothing there. */
export function renderProgressLine(
  state: ProgressState,
  event: ProgressEvent,
  elapsedSeconds: number,
): string | null {
  if (event.type === 'strategy') {
    const cost = state.cost === null ? '' : `, ${formatCost(state.cost)}`;
    return `[${state.strategiesDone}/${state.strategies} ${formatClock(elapsedSeconds)}] ${event.line} (run so far: ${formatInteger(state.callsDone)} ${state.callsDone === 1 ? 'call' : 'calls'}${cost})`;
  }
  if (event.type === 'call' && event.phase === 'ended' && event.error !== null) {
    return `[${state.strategiesDone}/${state.strategies} ${formatClock(elapsedSeconds)}] a call failed: ${event.error}`;
  }
  return null;
}
