/**
 * A message cut down to what `inspect`'s statistics read once its tokens are counted: role, context kind,
 * timestamp, tool calls (file operations come from their arguments), and the key that tells a copied message on
 * another branch (message-key.ts). Texts, tool output, images, usage and long arguments (a written file's
 * content) go: a transcript of hundreds of MB is read through, not held.
 */
import { carryKey } from './message-key.ts';
import type { Message, ToolCallBlock } from './types.ts';

/** An argument longer than this (as text) is content, not a path or a command: a slim tool call drops it. */
export const KEPT_ARGUMENT_CHARS = 1024;

const isLong = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.length > KEPT_ARGUMENT_CHARS
    : typeof value === 'object' && value !== null && JSON.stringify(value).length > KEPT_ARGUMENT_CHARS;

function slimCall(call: ToolCallBlock): ToolCallBlock {
  if (!Object.values(call.arguments).some(isLong)) return call;
  return {
    ...call,
    arguments: Object.fromEntries(Object.entries(call.arguments).filter(([, value]) => !isLong(value))),
  };
}

/** The slim copy of a message (see the module comment). */
export function slimMessage(message: Message): Message {
  let slim: Message;
  switch (message.role) {
    case 'user':
      slim = { ...message, content: '' };
      break;
    case 'assistant':
      // Usage, model and stop reason are not statistics inspect reports.
      slim = {
        role: 'assistant',
        content: message.content.flatMap((block) => (block.type === 'toolCall' ? [slimCall(block)] : [])),
        timestamp: message.timestamp,
      };
      break;
    case 'toolResult':
      slim = { ...message, content: [] };
      break;
  }
  carryKey(slim, message);
  return slim;
}
