/** `inspect --messages`: the canonical session, one entry per message, with where each came from. */
import { droppedWorkNote } from '../session/dropped-work-note.ts';
import { type LoadOptions, loadSession } from '../session/load.ts';
import type { ContextKind, Message, Role, Session } from '../session/types.ts';
import { contentText, toolCallsOf } from '../session/types.ts';

/** How much of a message's text an entry shows. */
export const MESSAGE_TEXT_CHARS = 80;

/** One message as `inspect --messages` lists it; `--json` prints an array of these. */
export type MessageEntry = {
  index: number;
  /** `context` for what the agent injected as a user message (its kind in `context`). */
  role: Role | 'context';
  context: ContextKind | null;
  /** The line of the file it came from (for a JSON document, its position in the array). */
  line: number | null;
  toolCalls: Array<{ id: string; name: string }>;
  /** The call a tool result answers. */
  toolCallId: string | null;
  /** The first characters of its text, on one line. */
  text: string;
};

/** The text an entry starts with: what the message says (an assistant's thinking only when it says nothing else). */
function messageText(message: Message): string {
  if (message.role !== 'assistant') return contentText(message.content);
  const texts = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
  if (texts.length > 0) return texts.join(' ');
  const thinking = message.content.flatMap((block) => (block.type === 'thinking' ? [block.thinking] : []));
  return thinking.length > 0 ? `(thinking) ${thinking.join(' ')}` : '';
}

/** The entries of every message of a session, in order. */
export function listMessages(session: Session): MessageEntry[] {
  return session.messages.map((message, index) => ({
    index,
    role: message.role === 'user' && message.context ? 'context' : message.role,
    context: (message.role === 'user' && message.context) || null,
    line: session.sources[index]?.line ?? null,
    toolCalls: toolCallsOf(message).map((call) => ({ id: call.id, name: call.name })),
    toolCallId: message.role === 'toolResult' ? message.toolCallId : null,
    text: messageText(message).replace(/\s+/g, ' ').trim().slice(0, MESSAGE_TEXT_CHARS),
  }));
}

/** Loads a fixture and lists its messages, with the note on what work the import leaves out. */
export async function inspectMessages(
  argument: string,
  options: LoadOptions,
): Promise<{ messages: MessageEntry[]; droppedWork: string | undefined }> {
  const session = await loadSession(argument, options);
  return { messages: listMessages(session), droppedWork: droppedWorkNote(session) };
}
