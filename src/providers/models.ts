/** What we know of well-known models: context window and list prices, for `--context-window` and cost. */
import type { Usage } from './types.ts';

/** One model's context window and standard-tier list prices in dollars per million tokens. */
export type ModelInfo = {
  /** Most input tokens one request may carry. */
  contextWindow: number;
  inputPerMillion: number;
  /** Price of input tokens served from the provider's prompt cache. */
  cachedInputPerMillion: number;
  outputPerMillion: number;
};

// List prices as published by OpenAI and Anthropic in November 2025 (standard tier, no batch
// discount, no long-context surcharge). Prices change: check the vendor's page before quoting
// dollars, and update this table and MODELS_TABLE_DATE together. GPT-5 models take 400K tokens in
// all, of which at most 272K input; the input limit is what `--context-window` needs. Claude's 1M
// window is a beta behind a header we do not send, so 200K here.

/** The date of the prices and windows below (year-month). */
export const MODELS_TABLE_DATE = '2025-11';

const MODELS: Record<string, Record<string, ModelInfo>> = {
  openai: {
    'gpt-5': price(272_000, 1.25, 0.125, 10),
    'gpt-5-mini': price(272_000, 0.25, 0.025, 2),
    'gpt-5-nano': price(272_000, 0.05, 0.005, 0.4),
    'gpt-4.1': price(1_047_576, 2, 0.5, 8),
    'gpt-4.1-mini': price(1_047_576, 0.4, 0.1, 1.6),
    'gpt-4.1-nano': price(1_047_576, 0.1, 0.025, 0.4),
    'gpt-4o': price(128_000, 2.5, 1.25, 10),
    'gpt-4o-mini': price(128_000, 0.15, 0.075, 0.6),
    o1: price(200_000, 15, 7.5, 60),
    o3: price(200_000, 2, 0.5, 8),
    'o3-mini': price(200_000, 1.1, 0.55, 4.4),
    'o4-mini': price(200_000, 1.1, 0.275, 4.4),
  },
  anthropic: {
    'claude-opus-4-5': price(200_000, 5, 0.5, 25),
    'claude-opus-4-1': price(200_000, 15, 1.5, 75),
    'claude-opus-4': price(200_000, 15, 1.5, 75),
    'claude-opus-4-0': price(200_000, 15, 1.5, 75),
    'claude-sonnet-4-5': price(200_000, 3, 0.3, 15),
    'claude-sonnet-4': price(200_000, 3, 0.3, 15),
    'claude-sonnet-4-0': price(200_000, 3, 0.3, 15),
    'claude-3-7-sonnet': price(200_000, 3, 0.3, 15),
    'claude-haiku-4-5': price(200_000, 1, 0.1, 5),
    'claude-3-5-haiku': price(200_000, 0.8, 0.08, 4),
  },
};

function price(
  contextWindow: number,
  inputPerMillion: number,
  cachedInputPerMillion: number,
  outputPerMillion: number,
): ModelInfo {
  return { contextWindow, inputPerMillion, cachedInputPerMillion, outputPerMillion };
}

/** Snapshot and alias suffixes (`-2025-04-14`, `-20250929`, `-latest`) name the same model and price. */
const SNAPSHOT_SUFFIX = /-(?:\d{4}-\d{2}-\d{2}|\d{8}|latest)$/;

/** What the table knows of that model (snapshots included); undefined for unknown models. */
export function modelInfo(providerId: string, model: string): ModelInfo | undefined {
  const models = MODELS[providerId];
  if (!models) return undefined;
  return models[model] ?? models[model.replace(SNAPSHOT_SUFFIX, '')];
}

/**
 * Dollars for one usage figure, when the model's price is known: uncached input at the input
 * price, cached input at the cache price, output at the output price. Null when unknown (local
 * models, new models): an unknown price is not a zero price.
 */
export function costOf(providerId: string, model: string, usage: Usage): number | null {
  const info = modelInfo(providerId, model);
  if (!info) return null;
  const cached = Math.min(usage.cachedInput ?? 0, usage.input);
  return (
    ((usage.input - cached) * info.inputPerMillion +
      cached * info.cachedInputPerMillion +
      usage.output * info.outputPerMillion) /
    1_000_000
  );
}
