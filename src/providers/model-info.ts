/** What a model costs and holds: the shape of every vendor's table of known models. */

/** One model's context window and standard-tier list prices in dollars per million tokens. */
export type ModelInfo = {
  /** Most input tokens one request may carry. */
  contextWindow: number;
  inputPerMillion: number;
  /** Price of input tokens served from the provider's prompt cache. */
  cachedInputPerMillion: number;
  outputPerMillion: number;
};

/** A table row: window, then input, cached-input and output prices per million tokens. */
export function priced(
  contextWindow: number,
  inputPerMillion: number,
  cachedInputPerMillion: number,
  outputPerMillion: number,
): ModelInfo {
  return { contextWindow, inputPerMillion, cachedInputPerMillion, outputPerMillion };
}
