/** What the runner tells the user while it works: progress lines, call events, and the barrier that orders scoring. */
import { type CallPhase, type CallRecord, usageOfCalls } from '../providers/calls.ts';
import { countOf } from '../text/numbers.ts';
import { costOf } from '../providers/models.ts';
import type { BatchStatus, Provider } from '../providers/types.ts';
import type { StrategyResult } from './types.ts';

/** What the runner reports while it works. */
export type ProgressEvent =
  /** Before the sessions are read: how many there are. */
  | { type: 'loading'; sessions: number }
  /** One session was read (or skipped). */
  | { type: 'loaded' }
  /** A session that would not load was skipped: its strategy runs leave the total. */
  | { type: 'skipped'; strategies: number }
  /**
   * Before the first strategy (and before the sessions load, which happens as they run): how many strategy runs
   * (fixtures × targets × strategies) there are, and how many calls may run at once (for the time left).
   */
  | {
      type: 'start';
      strategies: number;
      concurrency: number;
      /** The response cache every answer lands in (a rerun asks for none of them again); null with `--no-cache`. */
      cache?: string | null;
    }
  /**
   * A strategy run was planned (as its session loaded): the calls it will make, and how many of them follow one
   * another (its critical path), from the strategy's `plannedCalls`; none for a strategy that does not say.
   */
  | { type: 'plan'; unit: string; strategy: string; calls: number; sequential: number }
  /** A provider call was asked for, started (got a concurrency slot) or ended. */
  | {
      type: 'call';
      /** The strategy run it serves (`stem: strategy`), and the strategy's name. */
      unit: string;
      strategy: string;
      phase: 'requested' | 'started' | 'ended';
      /** Answered from the cache or a cassette: it took no model's time, so says nothing of the latency. */
      cached?: boolean;
      inputTokens: number;
      outputTokens: number;
      /** Dollars for this call when the model is priced, else null (known on `ended`). */
      cost: number | null;
      error: string | null;
    }
  /**
   * One strategy finished on one fixture (all its runs): with a language model when its last call ended (before it
   * is scored), else once scored; `line` says how it went.
   */
  | { type: 'strategy'; unit: string; strategy: string; line: string; failed: boolean }
  /** `--batch`: a batch was submitted, or its state or counts changed. */
  | ({ type: 'batch' } & BatchStatus);

/** A finished strategy in one progress line. */
export function describeProgress(result: StrategyResult): string {
  if (result.status === 'error') return `failed: ${result.error}`;
  const recall =
    result.quality.probeRecall === null ? '' : `, probe recall ${result.quality.probeRecall.toFixed(2)}`;
  return `${result.calls} ${result.calls === 1 ? 'call' : 'calls'}, ${Math.round(result.criticalPathMs)} ms of its own, ${result.tokensAfter} tokens after${recall}`;
}

/** One run of a strategy whose calls have all ended: its calls, its own time (critical path) and its error. */
export type CalledRun = { calls: number; ms: number; error: string | null };

/** A strategy whose calls have all ended, before it is scored: how many calls, its own time, its error. */
export function describeCalls(
  runs: ReadonlyArray<{ calls: number; ms: number; error: string | null }>,
): string {
  const error = runs.find((run) => run.error !== null)?.error;
  if (error) return `failed: ${error}`;
  const calls = runs.reduce((sum, run) => sum + run.calls, 0);
  if (calls === 0) return 'made no model call (scored once every call has ended)';
  const ms = runs.reduce((sum, run) => sum + run.ms, 0) / Math.max(1, runs.length);
  const samples = runs.length > 1 ? ` over ${runs.length} runs` : '';
  return `${countOf(calls, 'call')}${samples}, ${formatSeconds(ms)} of its own (scored once every call has ended)`;
}

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Reports each call's phases as progress for one strategy run (`unit`), with its cost when the model is priced. */
export function callProgress(
  environment: {
    provider: Pick<Provider, 'id' | 'model' | 'priceTier'>;
    listeners: { onProgress?: ((event: ProgressEvent) => void) | undefined };
  },
  unit: { unit: string; strategy: string },
): (record: Readonly<CallRecord>, phase: CallPhase) => void {
  const { provider, listeners } = environment;
  return (record, phase) =>
    listeners.onProgress?.({
      type: 'call',
      ...unit,
      phase,
      cached: record.cached,
      inputTokens: record.inputTokens,
      outputTokens: record.outputTokens,
      cost:
        phase === 'ended' && !record.cached
          ? costOf(provider.id, provider.model, usageOfCalls([record]), provider.priceTier)
          : null,
      error: record.error,
    });
}
