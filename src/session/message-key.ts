/**
 * How two messages are recognised as the same when a file copied a chain (new line ids, same content): role, tool
 * call ids and the first 500 characters of the text, as a digest. A slim copy (slim-message.ts) carries the key of
 * the message it stands for, since it no longer holds the text.
 */
import { createHash } from 'node:crypto';
import { contentText, type Message, toolCallsOf } from './types.ts';

// The keys slim copies carry (a property would give every copy a hidden class of its own).
const carriedKeys = new WeakMap<Message, string>();

/** Makes `copy` answer to the key of `original`. */
export function carryKey(copy: Message, original: Message): void {
  carriedKeys.set(copy, messageKey(original));
}

/** A message's key (see the module comment). */
export function messageKey(message: Message): string {
  const carried = carriedKeys.get(message);
  if (carried !== undefined) return carried;
  const ids =
    message.role === 'toolResult'
      ? message.toolCallId
      : toolCallsOf(message)
          .map((call) => call.id)
          .join(',');
  const text =
    message.role === 'assistant'
      ? message.content
          .map((block) =>
            block.type === 'toolCall' ? '' : block.type === 'text' ? block.text : block.thinking,
          )
          .join('\n')
      : contentText(message.content);
  return createHash('sha1')
    .update(`${message.role}\u0000${ids}\u0000${text.slice(0, 500)}`)
    .digest('base64');
}
