/** Maps OpenAI chat-completions wire usage to our {@link Usage}; undefined when the answer carried none. */
import type { Usage } from '../types.ts';

/** OpenAI chat-completions `usage`, as OpenAI and compatible servers send it (any field may be missing). */
export type OpenAIWireUsage = {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
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

function count(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
