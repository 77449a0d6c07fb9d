/** Pure mappers from each API's wire usage to our {@link Usage}; undefined when the answer carried none. */
import type { Usage } from './types.ts';

/** OpenAI chat-completions `usage`, as OpenAI and compatible servers send it (any field may be missing). */
export type OpenAIWireUsage = {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
};

/** Anthropic messages `usage`. */
export type AnthropicWireUsage = {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
};

/**
 * `prompt_tokens` already includes the cached prefix, so it is `input` as is. Some compatible
 * servers send an all-zero usage object instead of none; zero output for an answer is not a
 * count, so that reads as "not reported" and the tokenizer counts instead.
 */
export function openAIUsage(usage: OpenAIWireUsage | null | undefined): Usage | undefined {
  const input = count(usage?.prompt_tokens);
  const output = count(usage?.completion_tokens);
  if (input === undefined || output === undefined || (input === 0 && output === 0)) return undefined;
  const cachedInput = count(usage?.prompt_tokens_details?.cached_tokens);
  return cachedInput === undefined ? { input, output } : { input, output, cachedInput };
}

/**
 * Anthropic splits the prompt three ways: `input_tokens` (after the last cache breakpoint),
 * `cache_read_input_tokens` and `cache_creation_input_tokens`. `input` is their sum, every prompt
 * token the model read, so it compares with OpenAI's `prompt_tokens`; `cachedInput` is the cache
 * reads. Cache writes (billed at a premium) count as ordinary input here.
 */
export function anthropicUsage(usage: AnthropicWireUsage | null | undefined): Usage | undefined {
  const uncached = count(usage?.input_tokens);
  const output = count(usage?.output_tokens);
  if (uncached === undefined || output === undefined) return undefined;
  const cacheRead = count(usage?.cache_read_input_tokens);
  const cacheCreation = count(usage?.cache_creation_input_tokens) ?? 0;
  const input = uncached + (cacheRead ?? 0) + cacheCreation;
  if (input === 0 && output === 0) return undefined;
  return cacheRead === undefined ? { input, output } : { input, output, cachedInput: cacheRead };
}

function count(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
