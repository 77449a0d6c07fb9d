/**
 * Key-shaped strings (`sk-ant-…`, `sk-proj-…`, `sk-…`) masked in a session as it is loaded: a transcript of work on
 * secret scanning, or one where a key was pasted, is measured without the keys, so no prompt sent to a model, no
 * record and no report carries them (the write guard would otherwise refuse every report of such a session).
 */
import { maskKeyShapes } from '../text/key-shapes.ts';
import type { AgentCompaction, Message } from './types.ts';

type Mask = (text: string) => string;

/** The messages and recorded compactions with every key-shaped string masked, and how many were. */
export function maskSessionKeys(
  messages: Message[],
  compactions: AgentCompaction[],
): { messages: Message[]; compactions: AgentCompaction[]; masked: number } {
  let masked = 0;
  const mask: Mask = (text) => {
    const result = maskKeyShapes(text);
    masked += result.masked;
    return result.text;
  };
  // Loading runs this over every message of sessions of millions of tokens: a value is copied only where a key was.
  const maskedMessages = mapChanged(messages, (message) => maskMessage(message, mask));
  const maskedCompactions = mapChanged(compactions, (compaction) => withField(compaction, 'summary', mask));
  return { messages: maskedMessages, compactions: maskedCompactions, masked };
}

/** `items` mapped, the same array when every item came back as itself. */
function mapChanged<Item>(items: Item[], map: (item: Item) => Item): Item[] {
  let copy: Item[] | undefined;
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!;
    const next = map(item);
    if (next !== item) (copy ??= items.slice())[index] = next;
  }
  return copy ?? items;
}

/** `value` with its string field masked, itself when nothing was. */
function withField<Value, Field extends keyof Value & string>(value: Value, field: Field, mask: Mask): Value {
  const text = value[field] as string;
  const masked = mask(text);
  return masked === text ? value : { ...value, [field]: masked };
}

function maskMessage(message: Message, mask: Mask): Message {
  if (typeof message.content === 'string') return withField(message, 'content', mask);
  const content = mapChanged(message.content as Array<(typeof message.content)[number]>, (block) => {
    switch (block.type) {
      case 'text':
        return withField(block, 'text', mask);
      case 'thinking':
        return withField(block, 'thinking', mask);
      case 'toolCall': {
        const masked = maskValue(block.arguments, mask) as Record<string, unknown>;
        return masked === block.arguments ? block : { ...block, arguments: masked };
      }
      default:
        return block;
    }
  });
  return content === message.content ? message : ({ ...message, content } as Message);
}

/** A tool call's argument at any depth, itself when no string in it held a key. */
function maskValue(value: unknown, mask: Mask): unknown {
  if (typeof value === 'string') return mask(value);
  if (Array.isArray(value)) return mapChanged(value as unknown[], (item) => maskValue(item, mask));
  if (value === null || typeof value !== 'object') return value;
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    const next = maskValue(item, mask);
    if (next !== item) (copy ??= { ...record })[key] = next;
  }
  return copy ?? value;
}
