/**
 * Anthropic prompt-cache breakpoints (`cache_control`): the API caches everything up to a marked block, and a later
 * request that starts with the same blocks reads it at a tenth of the input price (writing costs 1.25 ×). Marked:
 * the system prompt, and the end of the stable prefix of the last user message (the conversation or summary
 * blocks other calls send too). Two of the four breakpoints a request may have.
 */
import type { MessageParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages';

const EPHEMERAL = { type: 'ephemeral' } as const;

/** The system prompt as one text block with a breakpoint: calls sharing only it still share it. */
export function cachedSystem(system: string): TextBlockParam[] {
  return [{ type: 'text', text: system, cache_control: EPHEMERAL }];
}

/**
 * The messages with the last one's first `prefixLength` characters in a text block of their own, marked as a
 * breakpoint, and the rest after it. Only a plain-text last user message is split (the text form); anything else,
 * or no prefix, is sent as it is.
 */
export function withCachedPrefix(messages: MessageParam[], prefixLength: number): MessageParam[] {
  const last = messages.at(-1);
  if (prefixLength <= 0 || last?.role !== 'user' || typeof last.content !== 'string') return messages;
  const prefix = last.content.slice(0, prefixLength);
  const rest = last.content.slice(prefixLength);
  // The API rejects an empty text block.
  if (prefix === '') return messages;
  const content: TextBlockParam[] = [
    { type: 'text', text: prefix, cache_control: EPHEMERAL },
    ...(rest === '' ? [] : [{ type: 'text' as const, text: rest }]),
  ];
  return [...messages.slice(0, -1), { role: 'user', content }];
}
