/** What a model costs and holds: the shape of every vendor's table of known models. */

/** One model's context window and standard-tier list prices in dollars per million tokens. */
export type ModelInfo = {
  /** Most input tokens one request may carry. */
  contextWindow: number;
  inputPerMillion: number;
  /** Price of input tokens served from the provider's prompt cache. */
  cachedInputPerMillion: number;
  /** Price of input tokens written to the prompt cache (Anthropic: 1.25 × input for the 5-minute cache). */
  cacheWritePerMillion: number;
  outputPerMillion: number;
  /** What the vendor's batch service charges, as a share of every price above (0.5: half price). */
  batchPriceFactor: number;
};

/**
 * A table row: window, then input, cached-input and output prices per million tokens, the batch price factor,
 * and the cache-write price (default: the input price, as where writing to the cache costs nothing extra).
 */
export function priced(
  contextWindow: number,
  inputPerMillion: number,
  cachedInputPerMillion: number,
  outputPerMillion: number,
  batchPriceFactor: number,
  cacheWritePerMillion = inputPerMillion,
): ModelInfo {
  return {
    contextWindow,
    inputPerMillion,
    cachedInputPerMillion,
    cacheWritePerMillion,
    outputPerMillion,
    batchPriceFactor,
  };
}
