/** Builds the context a strategy runs with: the traced caller, the shared slicer and renderer, prompts, the config. */
import { createHash } from 'node:crypto';
import type { Caller } from '../providers/calls.ts';
import { sliceMessages } from '../session/slicer.ts';
import { countMessages, type Tokenizer } from '../tokens.ts';
import { renderMessagesStrung } from '../session/transcript.ts';
import { registeredPrompts } from './registry.ts';
import type { PromptUse, StrategyConfig, StrategyContext } from './types.ts';

/** The first 12 hex digits of a text's SHA-256: enough to tell prompt versions apart in a report. */
export function promptHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** A strategy context over a caller; token counts come from the tokenizer's per-message cache. */
export function createStrategyContext(options: {
  caller: Caller;
  tokenizer: Tokenizer;
  config: StrategyConfig;
  signal: AbortSignal;
  contextWindow?: number;
}): StrategyContext {
  const { caller, tokenizer, config, signal } = options;
  const prompts: PromptUse[] = [];
  return {
    complete: caller.complete,
    tokenizer,
    config,
    contextWindow: options.contextWindow,
    slice: (messages) => sliceMessages(messages, countMessages(tokenizer, messages), config),
    // Strung: a prompt copies a whole transcript's rendering into itself once (summary-call.ts).
    render: (messages, renderOptions) =>
      renderMessagesStrung(messages, { toolResultChars: config.toolResultChars, ...renderOptions }),
    prompt(owner, name) {
      const override = config.promptOverrides?.[`${owner}.${name}`];
      const text = override?.text ?? registeredPrompts()[name];
      if (text === undefined)
        throw new Error(`strategy '${owner}' asked for prompt '${name}', which no one declares`);
      if (!prompts.some((use) => use.name === name)) {
        prompts.push({ name, sha256: promptHash(text), file: override?.file ?? null });
      }
      return text;
    },
    prompts,
    signal,
  };
}
