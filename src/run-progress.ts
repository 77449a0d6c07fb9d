/** What the runner tells the user while it works: progress lines, call events, and the barrier that orders scoring. */
import { type CallPhase, type CallRecord, usageOfCalls } from './calls.ts';
import { costOf } from './providers/models.ts';
import type { Provider } from './providers/types.ts';
import type { StrategyResult } from './results/types.ts';

/** What the runner reports while it works. */
export type ProgressEvent =
  /** Before the first strategy: how many strategy runs (fixtures × targets × strategies) there are. */
  | { type: 'start'; strategies: number }
  /** A provider call was asked for, started (got a concurrency slot) or ended. */
  | {
      type: 'call';
      phase: 'requested' | 'started' | 'ended';
      inputTokens: number;
      outputTokens: number;
      /** Dollars for this call when the model is priced, else null (known on `ended`). */
      cost: number | null;
      error: string | null;
    }
  /** One strategy finished on one fixture (all its runs); `line` says how it went. */
  | { type: 'strategy'; line: string; failed: boolean };

/** A finished strategy in one progress line. */
export function describeProgress(result: StrategyResult): string {
  if (result.status === 'error') return `failed: ${result.error}`;
  const recall =
    result.quality.probeRecall === null ? '' : `, probe recall ${result.quality.probeRecall.toFixed(2)}`;
  return `${result.calls} ${result.calls === 1 ? 'call' : 'calls'}, ${Math.round(result.criticalPathMs)} ms of its own, ${result.tokensAfter} tokens after${recall}`;
}

/** Reports each call's phases as progress, with its cost when the model is priced. */
export function callProgress(environment: {
  provider: Pick<Provider, 'id' | 'model'>;
  options: { onProgress?: ((event: ProgressEvent) => void) | undefined };
}): (record: Readonly<CallRecord>, phase: CallPhase) => void {
  const { provider, options } = environment;
  return (record, phase) =>
    options.onProgress?.({
      type: 'call',
      phase,
      inputTokens: record.inputTokens,
      outputTokens: record.outputTokens,
      cost:
        phase === 'ended' && !record.cached
          ? costOf(provider.id, provider.model, usageOfCalls([record]))
          : null,
      error: record.error,
    });
}

/** Runs that must all arrive before any goes on; every run joins in the same tick, before any can arrive. */
export type Barrier = { join(): () => Promise<void> };

/** A barrier that opens when every joined run has arrived. */
export function createBarrier(): Barrier {
  let waiting = 0;
  let open: () => void = () => {};
  const done = new Promise<void>((resolve) => (open = resolve));
  return {
    join() {
      waiting++;
      return () => {
        if (--waiting === 0) open();
        return done;
      };
    },
  };
}
