/** Anthropic models' context windows and list prices in dollars per million tokens. */
import { type ModelInfo, priced as price } from '../model-info.ts';

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
