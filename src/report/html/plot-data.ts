/**
 * The rows each chart of the HTML report draws, taken from results files alone: one row per mark, so a
 * test (or a reader) can count what a chart must show.
 */
import type { ResultsFile, StrategyResult } from '../../results/types.ts';
import { atRunPoint, paretoFront } from '../observations.ts';
import { outcomeCredit } from '../../quality/recall-credit.ts';

/** One strategy at one target: where it landed and what it kept. */
export type RecallPoint = {
  strategy: string;
  tokensAfter: number;
  recall: number;
  /** The `--target-tokens` target, or null without one. */
  target: number | null;
  lexical: boolean;
  /** On the quality/size Pareto front among strategies that compress and met their target. */
  front: boolean;
};

const scored = (strategy: StrategyResult) =>
  strategy.status === 'ok' && strategy.quality.probeRecall !== null;

/** Every scored strategy of every file (one point per strategy and target), front points marked. */
export function recallPoints(files: readonly ResultsFile[]): RecallPoint[] {
  // A row scored at another point of the session (the agent's own compaction) is not on this chart's axes.
  const all = files.flatMap((file) =>
    file.strategies
      .filter((strategy) => scored(strategy) && atRunPoint(strategy, file))
      .map((strategy) => ({ file, strategy })),
  );
  // The same rule as the comparison's observation: a context that does not compress, or missed its
  // target, was not compared at the same size and is never on the front.
  const front = new Set(
    paretoFront(all.map(({ strategy }) => strategy).filter((strategy) => strategy.flags.length === 0)),
  );
  return all.map(({ file, strategy }) => ({
    strategy: strategy.name,
    tokensAfter: strategy.tokensAfter,
    recall: strategy.quality.probeRecall!,
    target: file.target,
    lexical: strategy.lexical,
    front: front.has(strategy),
  }));
}

/** One provider call on the run's clock (seconds since the run started). */
export type TimelineCall = {
  strategy: string;
  label: string;
  requested: number;
  started: number;
  ended: number;
  /** Queued for a concurrency slot before it started. */
  waited: boolean;
  cached: boolean;
  failed: boolean;
};

/** Every traced call of every strategy (the first run's, with `--runs`), on one clock. */
export function timelineCalls(results: ResultsFile): TimelineCall[] {
  return results.strategies.flatMap((strategy) =>
    strategy.trace.map((call) => {
      const at = (ms: number) => (strategy.startedAtMs + ms) / 1000;
      return {
        strategy: strategy.name,
        label: call.label,
        requested: at(call.requestedAt),
        started: at(call.startedAt),
        ended: at(call.endedAt),
        waited: call.startedAt > call.requestedAt,
        cached: call.cached,
        failed: call.error !== null,
      };
    }),
  );
}

/** The parts a session is cut into for retention by position. */
export const POSITION_BINS = 10;

/** Recall of the probes planted in one tenth of the session, for one strategy. */
export type RetentionPoint = { strategy: string; bin: number; label: string; recall: number; probes: number };

/** How much of a probe a strategy kept: its share over runs, or 1 / ½ / 0 for one run. */
export function keptShare(strategy: StrategyResult, id: string): number {
  if (strategy.probeShares) return strategy.probeShares[id] ?? 0;
  return outcomeCredit(strategy.quality.probeOutcomes[id]);
}

/** The tenth of the session a message falls in (0-based). */
export function positionBin(messageIndex: number, messages: number): number {
  return Math.min(POSITION_BINS - 1, Math.floor((messageIndex / Math.max(1, messages)) * POSITION_BINS));
}

/** Per scored strategy, recall of the probes of each tenth that has probes with a known message. */
export function retentionPoints(results: ResultsFile): RetentionPoint[] {
  const placed = results.probes.filter((probe) => probe.messageIndex !== null);
  const bins = new Map<number, string[]>();
  for (const probe of placed) {
    const bin = positionBin(probe.messageIndex!, results.fixture.messages);
    bins.set(bin, [...(bins.get(bin) ?? []), probe.id]);
  }
  const ordered = [...bins.entries()].sort(([a], [b]) => a - b);
  return results.strategies.filter(scored).flatMap((strategy) =>
    ordered.map(([bin, ids]) => ({
      strategy: strategy.name,
      bin,
      label: `${bin * POSITION_BINS}–${(bin + 1) * POSITION_BINS}%`,
      recall: ids.reduce((sum, id) => sum + keptShare(strategy, id), 0) / ids.length,
      probes: ids.length,
    })),
  );
}

/** One cell of the recall-per-kind heat map. */
export type KindCell = { strategy: string; kind: string; recall: number };

/** Recall per probe kind of every scored strategy. */
export function kindCells(results: ResultsFile): KindCell[] {
  return results.strategies.filter(scored).flatMap((strategy) =>
    Object.entries(strategy.quality.probeRecallByKind).map(([kind, recall]) => ({
      strategy: strategy.name,
      kind,
      recall,
    })),
  );
}
