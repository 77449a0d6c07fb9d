/** The `extractive` provider (docs/providers.md): the offline, deterministic, non-LLM baseline summarizer. */
import { countRequest, type Tokenizer } from '../tokens.ts';
import { summarizeExtractively } from '../extractive/summarize.ts';
import type { Provider } from './types.ts';

/** The model name reports show for the extractive summarizer; bump it when its output changes. */
export const EXTRACTIVE_MODEL = 'extractive-v1';

/** A provider that summarizes by selecting verbatim material within `maxTokens`; usage comes from the tokenizer. */
export function createExtractiveProvider(options: { tokenizer: Tokenizer }): Provider {
  const { tokenizer } = options;
  return {
    id: 'extractive',
    model: EXTRACTIVE_MODEL,
    isLanguageModel: false,
    deterministic: true,
    async complete(request) {
      request.signal?.throwIfAborted();
      const { text, tokens } = summarizeExtractively(request, tokenizer);
      return {
        text,
        usage: { input: countRequest(tokenizer, request), output: tokens },
        usageSource: 'tokenizer',
        model: EXTRACTIVE_MODEL,
      };
    },
  };
}
