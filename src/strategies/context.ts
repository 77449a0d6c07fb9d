/** Builds the context a strategy runs with: the traced caller, the shared slicer and renderer, the config. */
import type { Caller } from '../calls.ts';
import { sliceMessages } from '../slicer.ts';
import { countMessages, type Tokenizer } from '../tokens.ts';
import { renderMessages } from '../transcript.ts';
import type { StrategyConfig, StrategyContext } from './types.ts';

/** A strategy context over a caller; token counts come from the tokenizer's per-message cache. */
export function createStrategyContext(options: {
  caller: Caller;
  tokenizer: Tokenizer;
  config: StrategyConfig;
  signal: AbortSignal;
}): StrategyContext {
  const { caller, tokenizer, config, signal } = options;
  return {
    complete: caller.complete,
    tokenizer,
    config,
    slice: (messages) => sliceMessages(messages, countMessages(tokenizer, messages), config),
    render: (messages) => renderMessages(messages, { toolResultChars: config.toolResultChars }),
    signal,
  };
}
