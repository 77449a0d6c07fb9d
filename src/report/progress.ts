/**
 * How far a run has got: the events the runner reports, the running totals they add up to, and the two ways
 * they are shown (pure renderers): a status area redrawn on a terminal, and one plain line per event.
 */
import { countOf, formatCost, formatInteger } from '../text/numbers.ts';
import type { BatchStatus } from '../providers/types.ts';
import type { ProgressEvent } from '../results/run-progress.ts';

export type { ProgressEvent };

/** One strategy on one fixture (all its runs), as far as its calls go, and what it was planned to call. */
export type ProgressUnit = {
  strategy: string;
  requested: number;
  ended: number;
  finished: boolean;
  planned?: { calls: number; sequential: number };
};

/** The running totals. */
export type ProgressState = {
  /** Sessions being read, and how many are read; 0 before loading and for a run that reports none. */
  sessions: number;
  sessionsLoaded: number;
  strategies: number;
  strategiesDone: number;
  strategiesFailed: number;
  /** Calls at most at once (the run's `--concurrency`). */
  concurrency: number;
  callsRequested: number;
  callsRunning: number;
  callsDone: number;
  callsFailed: number;
  inputTokens: number;
  outputTokens: number;
  /** Dollars so far; null while no priced call has ended. */
  cost: number | null;
  /** Seconds (on the display's clock) each running call started at, oldest first. */
  runningSince: number[];
  /** Seconds the ended calls took, together. */
  callSeconds: number;
  /** Calls a model answered (not the cache or a cassette) and the seconds they took: the latency. */
  freshCalls: number;
  freshSeconds: number;
  /** The response cache answers land in; null without one (or before the run said). */
  cache: string | null;
  /** Strategy runs by `stem: strategy`, in the order first heard of. */
  units: Map<string, ProgressUnit>;
};

/** Totals before anything happened. */
export function initialProgress(): ProgressState {
  return {
    sessions: 0,
    sessionsLoaded: 0,
    strategies: 0,
    strategiesDone: 0,
    strategiesFailed: 0,
    concurrency: 1,
    callsRequested: 0,
    callsRunning: 0,
    callsDone: 0,
    callsFailed: 0,
    inputTokens: 0,
    outputTokens: 0,
    cost: null,
    runningSince: [],
    callSeconds: 0,
    freshCalls: 0,
    freshSeconds: 0,
    cache: null,
    units: new Map(),
  };
}

function unitOf(state: ProgressState, unit: string, strategy: string): ProgressUnit {
  const known = state.units.get(unit);
  if (known) return known;
  const created = { strategy, requested: 0, ended: 0, finished: false };
  state.units.set(unit, created);
  return created;
}

/**
 * The totals after one more event at `seconds` on the display's clock (the state is updated in place and
 * returned).
 */
export function applyProgress(state: ProgressState, event: ProgressEvent, seconds = 0): ProgressState {
  switch (event.type) {
    case 'loading':
      state.sessions += event.sessions;
      break;
    case 'loaded':
      state.sessionsLoaded += 1;
      break;
    case 'skipped':
      state.strategies = Math.max(0, state.strategies - event.strategies);
      break;
    case 'start':
      state.strategies += event.strategies;
      state.concurrency = Math.max(1, event.concurrency);
      state.cache = event.cache ?? null;
      break;
    case 'plan':
      unitOf(state, event.unit, event.strategy).planned = {
        calls: event.calls,
        sequential: event.sequential,
      };
      break;
    case 'strategy':
      state.strategiesDone += 1;
      if (event.failed) state.strategiesFailed += 1;
      unitOf(state, event.unit, event.strategy).finished = true;
      break;
    case 'call':
      if (event.phase === 'requested') {
        state.callsRequested += 1;
        unitOf(state, event.unit, event.strategy).requested += 1;
      } else if (event.phase === 'started') {
        state.callsRunning += 1;
        state.runningSince.push(seconds);
      } else {
        state.callsRunning = Math.max(0, state.callsRunning - 1);
        // Calls end in any order; which one ended is unknown, the oldest is the best guess for the time left.
        const since = state.runningSince.shift();
        const took = since === undefined ? 0 : Math.max(0, seconds - since);
        state.callSeconds += took;
        if (since !== undefined && !event.cached && event.error === null) {
          state.freshCalls += 1;
          state.freshSeconds += took;
        }
        unitOf(state, event.unit, event.strategy).ended += 1;
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

// Calls that must have ended before their times say anything about the rest.
const CALLS_FOR_ESTIMATE = 3;

/**
 * Seconds left, or null while unknown. With the strategies' plans and a model's measured latency (the mean of the
 * calls it answered): the longer of the longest critical path still to run (a sequential strategy's slices left,
 * one after another) and the calls left spread over the concurrency slots, less what the calls in flight have
 * done. Without plans, once 3 calls have ended: the calls still to run (asked for and not ended, and as many as
 * finished runs of the same strategy made) at their mean time over the slots. Before that, or with no calls at
 * all, from the share of strategy runs finished.
 */
export function estimateSecondsLeft(state: ProgressState, elapsedSeconds: number): number | null {
  if (state.strategies === 0) return null;
  if (state.strategiesDone >= state.strategies) return 0;
  const planned = plannedSecondsLeft(state, elapsedSeconds);
  if (planned !== null) return planned;
  if (state.callsDone >= CALLS_FOR_ESTIMATE) return callSecondsLeft(state, elapsedSeconds);
  if (state.callsRequested > 0 || state.strategiesDone === 0) return null;
  return (elapsedSeconds * (state.strategies - state.strategiesDone)) / state.strategiesDone;
}

/** The planned estimate (see {@link estimateSecondsLeft}); null without a plan or a measured latency. */
function plannedSecondsLeft(state: ProgressState, elapsedSeconds: number): number | null {
  const units = [...state.units.values()];
  const planned = units.filter((unit) => unit.planned);
  if (planned.length === 0 || state.freshCalls === 0) return null;
  const latency = state.freshSeconds / state.freshCalls;
  let work = 0;
  let path = 0;
  for (const unit of planned) {
    const { calls, sequential } = unit.planned!;
    const left = unit.finished ? 0 : Math.max(0, calls - unit.ended);
    work += left;
    if (left > 0) path = Math.max(path, Math.max(1, Math.ceil((sequential * left) / calls)));
  }
  // Strategy runs not planned yet (sessions still to load, strategies that do not say) call as the planned do.
  const unplanned = Math.max(
    0,
    state.strategies - planned.length - units.filter((unit) => !unit.planned && unit.finished).length,
  );
  const mean = (pick: (plan: { calls: number; sequential: number }) => number) =>
    planned.reduce((sum, unit) => sum + pick(unit.planned!), 0) / planned.length;
  if (unplanned > 0) {
    work += unplanned * mean((plan) => plan.calls);
    path = Math.max(path, Math.ceil(mean((plan) => plan.sequential)));
  }
  // What the calls in flight have done already: the oldest is on the critical path, all of them on the work.
  const inFlight = state.runningSince.map((since) => Math.min(latency, Math.max(0, elapsedSeconds - since)));
  const onPath = Math.max(0, path * latency - (inFlight[0] ?? 0));
  const onSlots = Math.max(
    0,
    (work * latency - inFlight.reduce((sum, done) => sum + done, 0)) / state.concurrency,
  );
  return Math.max(onPath, onSlots);
}

function callSecondsLeft(state: ProgressState, elapsedSeconds: number): number | null {
  const meanCall = state.callSeconds / state.callsDone;
  const future = futureCalls(state);
  if (future === null) return null;
  const queued = Math.max(0, state.callsRequested - state.callsDone - state.callsRunning) + future;
  // Each slot is free when its running call is expected to end; queued calls take the first free slot.
  const slots = Array.from({ length: state.concurrency }, (_, slot) => {
    const since = state.runningSince[slot];
    return since === undefined ? 0 : Math.max(0, meanCall - (elapsedSeconds - since));
  });
  if (queued > 10_000) return Math.max(...slots) + (queued * meanCall) / state.concurrency;
  for (let call = 0; call < queued; call++) {
    let first = 0;
    for (let slot = 1; slot < slots.length; slot++) if (slots[slot]! < slots[first]!) first = slot;
    slots[first]! += meanCall;
  }
  return Math.max(...slots);
}

/** Calls not asked for yet, from what finished runs of the same strategy made; null when nothing says. */
function futureCalls(state: ProgressState): number | null {
  const made = new Map<string, number[]>();
  for (const unit of state.units.values())
    if (unit.finished) made.set(unit.strategy, [...(made.get(unit.strategy) ?? []), unit.requested]);
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  let future = 0;
  for (const unit of state.units.values()) {
    const same = made.get(unit.strategy);
    if (!unit.finished && same) future += Math.max(0, Math.round(mean(same)) - unit.requested);
  }
  const unheard = state.strategies - state.units.size;
  if (unheard <= 0) return future;
  const finished = [...made.values()].flat();
  return finished.length === 0 ? null : future + Math.round(unheard * mean(finished));
}

const BAR = 20;

/**
 * The status area a terminal redraws: a bar of strategies finished (and, while sessions are still being read,
 * how many are), then calls, tokens, cost and time; while only sessions are being read, how many; before that,
 * nothing.
 */
export function renderProgressStatus(
  state: ProgressState,
  elapsedSeconds: number,
  options: { timeLeft?: boolean } = {},
): string {
  if (state.strategies === 0) return state.sessions === 0 ? '' : loadingLine(state, elapsedSeconds);
  const share = state.strategies === 0 ? 0 : state.strategiesDone / state.strategies;
  const filled = Math.round(share * BAR);
  const failed = state.strategiesFailed > 0 ? `, ${state.strategiesFailed} failed` : '';
  const queued = state.callsRequested - state.callsDone - state.callsRunning;
  const left = options.timeLeft === false ? null : estimateSecondsLeft(state, elapsedSeconds);
  const calls = [
    `calls ${formatInteger(state.callsDone)}/${formatInteger(state.callsRequested)} done`,
    ...(state.callsRunning > 0 ? [`${state.callsRunning} running`] : []),
    ...(queued > 0 ? [`${queued} queued`] : []),
    ...(state.callsFailed > 0 ? [`${state.callsFailed} failed`] : []),
  ].join(', ');
  // Sessions load as they run: until the last is read, the bar says how far reading has got.
  const reading =
    state.sessions > 1 && state.sessionsLoaded < state.sessions
      ? ` · ${formatInteger(state.sessionsLoaded)}/${countOf(state.sessions, 'session')} read`
      : '';
  return [
    `[${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}] ${state.strategiesDone}/${state.strategies} strategies done${failed}${reading}`,
    [
      calls,
      `tokens ${formatInteger(state.inputTokens)} in / ${formatInteger(state.outputTokens)} out`,
      ...(state.cost === null ? [] : [`cost ${formatCost(state.cost)}`]),
      `${formatClock(elapsedSeconds)} elapsed${left === null || left === 0 ? '' : `, about ${formatClock(left)} left`}`,
    ].join(' · '),
  ].join('\n');
}

function loadingLine(state: ProgressState, elapsedSeconds: number): string {
  const read = state.sessionsLoaded > 0 ? ` (${formatInteger(state.sessionsLoaded)} read)` : '';
  return `loading ${countOf(state.sessions, 'session')}${read} · ${formatClock(elapsedSeconds)} elapsed`;
}

/**
 * The one line Ctrl-C prints: the calls it cancels, the answers already in the response cache (a rerun of the same
 * command asks for none of them again), and that no file is left half written.
 */
export function renderInterruptedLine(state: ProgressState): string {
  const inFlight = state.callsRequested - state.callsDone;
  const calls = inFlight === 0 ? 'no call in flight' : `${countOf(inFlight, 'call')} in flight cancelled`;
  const answered = state.callsDone - state.callsFailed;
  const cached =
    state.cache !== null && answered > 0
      ? `; ${countOf(answered, 'answer')} cached in ${state.cache}, so rerunning the same command asks for ${answered === 1 ? 'it' : 'none of them'} again`
      : '';
  return `stopping: ${calls}${cached}; nothing written half (Ctrl-C again to quit at once)`;
}

/** A batch's state and counts in a few words: `batch msgbatch_1: in_progress, 3 of 12 answered, 1 failed`. */
export function describeBatch(status: Omit<BatchStatus, 'ended'>): string {
  const failed = status.failed > 0 ? `, ${formatInteger(status.failed)} failed` : '';
  return `batch ${status.id}: ${status.state}, ${formatInteger(status.succeeded)} of ${countOf(status.total, 'request')} answered${failed}`;
}

/**
 * The line a piped run prints when nothing else was printed for a while: where it is, so a log shows it alive
 * (`[3/18 0:25] calls 12/40 done, 2 running · about 0:40 left`, or while sessions load, how many are read).
 */
export function renderHeartbeatLine(state: ProgressState, elapsedSeconds: number): string {
  const at = `[${state.strategiesDone}/${state.strategies} ${formatClock(elapsedSeconds)}]`;
  const reading =
    state.sessions > 0 && state.sessionsLoaded < state.sessions
      ? `reading sessions: ${formatInteger(state.sessionsLoaded)} of ${formatInteger(state.sessions)} read`
      : '';
  const running = state.callsRunning > 0 ? `, ${state.callsRunning} running` : '';
  const calls =
    state.callsRequested > 0
      ? `calls ${formatInteger(state.callsDone)}/${formatInteger(state.callsRequested)} done${running}`
      : '';
  const left = estimateSecondsLeft(state, elapsedSeconds);
  const estimate = left === null || left === 0 ? '' : `about ${formatClock(left)} left`;
  return `${at} ${[reading, calls, estimate].filter((part) => part !== '').join(' · ') || 'working'}`;
}

/** The plain line of an event (no terminal, or `CI`), or null for events that print nothing there. */
export function renderProgressLine(
  state: ProgressState,
  event: ProgressEvent,
  elapsedSeconds: number,
): string | null {
  if (event.type === 'loading' && event.sessions > 1) return `loading ${countOf(event.sessions, 'session')}`;
  if (event.type === 'strategy') {
    const cost = state.cost === null ? '' : `, ${formatCost(state.cost)}`;
    return `[${state.strategiesDone}/${state.strategies} ${formatClock(elapsedSeconds)}] ${event.line} (run so far: ${formatInteger(state.callsDone)} ${state.callsDone === 1 ? 'call' : 'calls'}${cost})`;
  }
  if (event.type === 'batch') {
    return `[${state.strategiesDone}/${state.strategies} ${formatClock(elapsedSeconds)}] ${describeBatch(event)}`;
  }
  if (event.type === 'call' && event.phase === 'ended' && event.error !== null) {
    return `[${state.strategiesDone}/${state.strategies} ${formatClock(elapsedSeconds)}] a call failed: ${event.error}`;
  }
  return null;
}
