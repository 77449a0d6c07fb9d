/**
 * What a grep over a transcript reads and keeps: a message's text, the opening of each user request, the lines
 * of tool output that look like errors. Neutral: the lexical baselines (grep, user-errors) write these lines,
 * and derivation keeps a probe's statement out of their reach; neither owns the other's code.
 */
import { contentText, isPrompt, type Session } from './types.ts';

/** How long a kept error line may be, in characters. */
export const LINE_CHARS = 200;

const ERROR_LINE =
  /\b(?:error|errors|fail|failed|failing|failure|exception|cannot|can't|not found|denied|panic|fatal|expected)\b|ERR_|✗|×/i;

/** The distinct lines of tool output that look like errors, in order, each at most 200 characters. */
export function toolErrorLines(session: { messages: readonly Session['messages'][number][] }): string[] {
  const errors = new Set<string>();
  for (const message of session.messages) {
    if (message.role !== 'toolResult') continue;
    for (const line of messageText(message).split('\n')) {
      if (ERROR_LINE.test(line)) errors.add(line.trim().slice(0, LINE_CHARS));
    }
  }
  return [...errors];
}

/** The text of a message, whatever its role: what a grep over the transcript would read. */
export function messageText(message: Session['messages'][number]): string {
  if (message.role === 'assistant') {
    return message.content
      .map((block) =>
        block.type === 'text'
          ? block.text
          : block.type === 'thinking'
            ? block.thinking
            : `${block.name} ${JSON.stringify(block.arguments)}`,
      )
      .join('\n');
  }
  return contentText(message.content);
}

/** The first sentence (or line) of a text, at most 200 characters. */
function opening(text: string): string {
  const first = text.trim().split(/\n|(?<=[.!?])\s/)[0] ?? '';
  return first.slice(0, LINE_CHARS);
}

/** The opening of every user request, in order: what grep keeps of what the user asked. */
export function requestOpenings(session: { messages: readonly Session['messages'][number][] }): string[] {
  return session.messages.filter(isPrompt).map((message) => opening(messageText(message)));
}
