/** Anthropic models' context windows and list prices in dollars per million tokens. */
import { type ModelInfo, priced } from '../model-info.ts';

/** A write to the 5-minute prompt cache costs 1.25 × the input price (reads cost 0.1 ×, in each row). */
const CACHE_WRITE_FACTOR = 1.25;

/** Message Batches bill every token (cache reads and writes included) at half these prices. */
const BATCH_PRICE_FACTOR = 0.5;

function price(contextWindow: number, input: number, cachedInput: number, output: number): ModelInfo {
  return priced(contextWindow, input, cachedInput, output, BATCH_PRICE_FACTOR, input * CACHE_WRITE_FACTOR);
}

// List prices as published in November 2025 (standard tier, no batch discount, no long-context
// surcharge). Prices change: check the vendor's page before quoting dollars. Claude's 1M window is a beta behind a header we do not send, so 200K here.

/** Known anthropic models by name (snapshot suffixes are stripped before lookup). */
export const ANTHROPIC_MODELS: Record<string, ModelInfo> = {
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
};
