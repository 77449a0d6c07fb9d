/** Maps Anthropic messages wire usage to our {@link Usage}; undefined when the answer carried none. */
import type { Usage } from '../types.ts';

/** Anthropic messages `usage`. */
export type AnthropicWireUsage = {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
};

/**
 * Anthropic splits the prompt three ways: `input_tokens` (after the last cache breakpoint),
 * `cache_read_input_tokens` and `cache_creation_input_tokens`. `input` is their sum, every prompt
 * token the model read, so it compares with OpenAI's `prompt_tokens`; `cachedInput` is the cache
 * reads and `cacheWriteInput` the cache writes (billed above the input price), each when the answer says.
 */
export function anthropicUsage(usage: AnthropicWireUsage | null | undefined): Usage | undefined {
  const uncached = count(usage?.input_tokens);
  const output = count(usage?.output_tokens);
  if (uncached === undefined || output === undefined) return undefined;
  const cacheRead = count(usage?.cache_read_input_tokens);
  const cacheCreation = count(usage?.cache_creation_input_tokens);
  const input = uncached + (cacheRead ?? 0) + (cacheCreation ?? 0);
  if (input === 0 && output === 0) return undefined;
  return {
    input,
    output,
    ...(cacheRead === undefined ? {} : { cachedInput: cacheRead }),
    ...(cacheCreation === undefined ? {} : { cacheWriteInput: cacheCreation }),
  };
}

function count(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
