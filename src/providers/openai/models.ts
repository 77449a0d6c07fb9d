/** OpenAI models' context windows (the input limit) and list prices in dollars per million tokens. */
import { type ModelInfo, priced } from '../model-info.ts';

/** The Batch API bills input and output at half these prices. */
const BATCH_PRICE_FACTOR = 0.5;

function price(contextWindow: number, input: number, cachedInput: number, output: number): ModelInfo {
  return priced(contextWindow, input, cachedInput, output, BATCH_PRICE_FACTOR);
}

// List prices as published in November 2025 (standard tier, no batch discount, no long-context
// surcharge). Prices change: check the vendor's page before quoting dollars. GPT-5 models take 400K tokens in all, of which at most 272K input; the input limit is what
// `--context-window` needs.

/** Known openai models by name (snapshot suffixes are stripped before lookup). */
export const OPENAI_MODELS: Record<string, ModelInfo> = {
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
};
