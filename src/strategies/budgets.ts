/**
 * Output budgets of summarization calls: per slice, for a running summary, for one call over everything, and
 * how a `--target-tokens` target is split between a summary and the messages kept verbatim (docs/strategies.md).
 */
import type { Slice } from '../session/slicer.ts';
import { setting } from '../settings.ts';
import type { StrategyConfig } from './types.ts';

/** Smallest budget a summarizing call gets, so a tiny slice still yields a usable summary. */
export const MIN_BUDGET = 128;
/** Smallest budget under a target: small targets over many slices must still add up to the target. */
const MIN_TARGETED_BUDGET = 32;
/** The share of a target a keep-recent strategy keeps verbatim; the rest is its summary. */
export const TAIL_SHARE = 0.5;

/** Output limit of a one-call strategy: the target, or 0.8 × the reserve. */
export function oneCallBudget(config: StrategyConfig): number {
  return config.targetTokens ?? Math.floor(0.8 * config.reserveTokens);
}

/** Whether a slice is one of the two most recent, which get `--recent-boost`. */
export function isRecent(slice: Pick<Slice, 'index'>, count: number): boolean {
  return slice.index >= count - 2;
}

/** Budget of one slice summary: ratio × its tokens (at most a slice), boosted for the most recent slices. */
export function sliceBudget(slice: Slice, count: number, config: StrategyConfig): number {
  const base = Math.min(slice.tokens, config.sliceTokens) * config.ratio;
  const boosted = isRecent(slice, count) ? base * config.recentBoost : base;
  return Math.max(MIN_BUDGET, Math.round(boosted));
}

/**
 * Budgets of all slices: each {@link sliceBudget}, or, under a target, `total` shared in proportion to each
 * slice's tokens, boosted for the recent ones (so the slice summaries add up to the total).
 */
export function sliceBudgets(slices: readonly Slice[], config: StrategyConfig, total?: number): number[] {
  if (total === undefined) return slices.map((slice) => sliceBudget(slice, slices.length, config));
  const weights = slices.map(
    (slice) =>
      Math.min(slice.tokens, config.sliceTokens) * (isRecent(slice, slices.length) ? config.recentBoost : 1),
  );
  const sum = weights.reduce((accumulated, weight) => accumulated + weight, 0) || 1;
  return weights.map((weight) => Math.max(MIN_TARGETED_BUDGET, Math.floor((total * weight) / sum)));
}

/** Budget of a summary that must cover the whole session (rolling, structured): the target, or a boosted full slice. */
export function runningBudget(config: StrategyConfig): number {
  return (
    config.targetTokens ??
    Math.max(MIN_BUDGET, Math.round(config.sliceTokens * config.ratio * config.recentBoost))
  );
}

/** Tokens a keep-recent strategy keeps verbatim: a share of the target, or `--keep-recent-tokens`. */
export function tailTokens(config: StrategyConfig, share = TAIL_SHARE): number {
  return config.targetTokens === undefined
    ? setting(config, 'keepRecentTokens')
    : Math.max(1, Math.floor(config.targetTokens * share));
}

/** What a target leaves for a summary once `used` tokens are spent elsewhere (kept messages, file lists). */
export function remainderBudget(config: StrategyConfig, used: number, fallback: number): number {
  if (config.targetTokens === undefined) return fallback;
  return Math.max(MIN_TARGETED_BUDGET, config.targetTokens - used);
}

/**
 * The config a summary gets when `kept` tokens of verbatim tail follow it in the compacted context (at a recorded
 * compaction, or a cycle of `--schedule`): the target is for the whole context, so the summary aims at what the
 * tail leaves of it.
 */
export function beforeKeptTail(config: StrategyConfig, kept: number): StrategyConfig {
  return config.targetTokens === undefined
    ? config
    : { ...config, targetTokens: Math.max(MIN_TARGETED_BUDGET, config.targetTokens - kept) };
}
