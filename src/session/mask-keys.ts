/**
 * Key-shaped strings (`sk-ant-…`, `sk-proj-…`, `sk-…`) masked in a session as it is loaded: a transcript of work on
 * secret scanning, or one where a key was pasted, is measured without the keys, so no prompt sent to a model, no
 * record and no report carries them (the write guard would otherwise refuse every report of such a session).
 */
import { maskKeyShapes } from '../text/key-shapes.ts';
import type { AgentCompaction, Message } from './types.ts';

/** The messages and recorded compactions with every key-shaped string masked, and how many were. */
export function maskSessionKeys(
  messages: Message[],
  compactions: AgentCompaction[],
): { messages: Message[]; compactions: AgentCompaction[]; masked: number } {
  let masked = 0;
  const mask = (text: string): string => {
    const result = maskKeyShapes(text);
    masked += result.masked;
    return result.text;
  };
  const maskedMessages = messages.map((message) => maskMessage(message, mask));
  const maskedCompactions = compactions.map((compaction) => {
    const summary = mask(compaction.summary);
    return summary === compaction.summary ? compaction : { ...compaction, summary };
  });
  // Unchanged sessions keep their arrays: nothing is copied for the common case.
  return masked === 0
    ? { messages, compactions, masked }
    : { messages: maskedMessages, compactions: maskedCompactions, masked };
}

function maskMessage(message: Message, mask: (text: string) => string): Message {
  if (typeof message.content === 'string') {
    const content = mask(message.content);
    return content === message.content ? message : ({ ...message, content } as Message);
  }
  let changed = false;
  const content = message.content.map((block) => {
    const next =
      block.type === 'text'
        ? withText(block, mask(block.text))
        : block.type === 'thinking'
          ? withThinking(block, mask(block.thinking))
          : block.type === 'toolCall'
            ? maskArguments(block, mask)
            : block;
    if (next !== block) changed = true;
    return next;
  });
  return changed ? ({ ...message, content } as Message) : message;
}

function withText<Block extends { text: string }>(block: Block, text: string): Block {
  return text === block.text ? block : { ...block, text };
}

function withThinking<Block extends { thinking: string }>(block: Block, thinking: string): Block {
  return thinking === block.thinking ? block : { ...block, thinking };
}

function maskArguments<Block extends { arguments: Record<string, unknown> }>(
  block: Block,
  mask: (text: string) => string,
): Block {
  const masked = maskValue(block.arguments, mask) as Record<string, unknown>;
  return masked === block.arguments ? block : { ...block, arguments: masked };
}

function maskValue(value: unknown, mask: (text: string) => string): unknown {
  if (typeof value === 'string') return mask(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => maskValue(item, mask));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => [key, maskValue(item, mask)] as const);
    return entries.some(([key, item]) => item !== (value as Record<string, unknown>)[key])
      ? Object.fromEntries(entries)
      : value;
  }
  return value;
}
