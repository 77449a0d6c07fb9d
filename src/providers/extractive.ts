/** The `extractive` provider (docs/providers.md): the offline, deterministic, non-LLM baseline summarizer. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Tokenizer } from '../tokens.ts';
import { generateThroughText } from './text-form.ts';
import type { CompletionRequest, Completion, Provider } from './types.ts';

/** The model name reports show for the extractive summarizer; bump it when its output changes. */
export const EXTRACTIVE_MODEL = 'extractive-v1';

// The summarizer's modules load with the provider's warm-up (before the run's clock starts), not with compare's: a
// run against a model never loads them.
let summarizer: Promise<typeof import('../extractive/summarize.ts')> | undefined;
const loadSummarizer = () => (summarizer ??= import('../extractive/summarize.ts'));

/**
 * A provider that summarizes by selecting verbatim material within `maxTokens`; usage comes from the tokenizer.
 * `generate` reads the messages as the transcript a prompt would hold and answers with text, never a tool call.
 */
export function createExtractiveProvider(options: { tokenizer: Tokenizer }): Provider {
  const { tokenizer } = options;
  const complete = async (request: CompletionRequest): Promise<Completion> => {
    // Summarizing is work on this thread with no I/O to wait on: without a turn of the event loop here, a
    // Ctrl-C's handler would only run once the whole offline run had finished.
    await nextTurn();
    const { summarizeExtractively } = await loadSummarizer();
    request.signal?.throwIfAborted();
    const { text, tokens, inputTokens } = summarizeExtractively(request, tokenizer);
    return {
      text,
      usage: { input: inputTokens, output: tokens },
      usageSource: 'tokenizer',
      model: EXTRACTIVE_MODEL,
    };
  };
  return {
    id: 'extractive',
    model: EXTRACTIVE_MODEL,
    isLanguageModel: false,
    deterministic: true,
    async warmUp() {
      await loadSummarizer();
    },
    complete,
    generate: generateThroughText(complete),
  };
}
