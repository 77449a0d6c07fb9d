/**
 * A file the agent wrote as a copy of the user's own message ("Write the plan to a temporary Plan file" after
 * "Implement the following plan: …"): its content is the user's words, which the request's probes already state, so
 * an artifact probe of it restates the request and says nothing of the agent's work. A file the agent edited after
 * writing it holds work of its own, and keeps its probe.
 */
import type { FileOperation, Message } from '../../session/types.ts';
import { contentText, isPrompt, toolCallsOf } from '../../session/types.ts';
import type { DraftProbe } from './draft.ts';

// A line long enough to tell a copy from a shared heading or a blank-ish line.
const MIN_LINE_CHARS = 20;
// The fewest such lines a copy has: a short note that quotes a sentence of the user's is no copy of the message.
const MIN_LINES = 5;
// The share of the file's lines a prompt must hold, word for word, for the file to be its copy.
const COPIED_SHARE = 0.8;

/** The lines of a text worth comparing, trimmed. */
function longLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length >= MIN_LINE_CHARS);
}

/** Whether a file's last write (with nothing changed in it after) copies one of the user's prompts before it. */
function copiesPrompt(
  file: string,
  messages: readonly Message[],
  operations: readonly FileOperation[],
): boolean {
  const changes = operations.filter((operation) => operation.path === file && operation.kind !== 'read');
  const last = changes.at(-1);
  if (last === undefined || last.kind !== 'write') return false;
  const call = toolCallsOf(messages[last.messageIndex] ?? { role: 'user', content: '' }).find(
    (block) => block.id === last.toolCallId,
  );
  const written = call?.arguments.content;
  if (typeof written !== 'string') return false;
  const lines = longLines(written);
  if (lines.length < MIN_LINES) return false;
  return messages.slice(0, last.messageIndex).some((message) => {
    if (!isPrompt(message)) return false;
    const prompt = contentText(message.content);
    return lines.filter((line) => prompt.includes(line)).length >= COPIED_SHARE * lines.length;
  });
}

/** The drafts without the artifact probes of files the agent wrote as copies of the user's messages. */
export function withoutCopiedPrompts(
  drafts: readonly DraftProbe[],
  messages: readonly Message[],
  operations: readonly FileOperation[],
): DraftProbe[] {
  return drafts.filter(
    (draft) =>
      draft.kind !== 'artifact' ||
      draft.file === undefined ||
      !copiesPrompt(draft.file, messages, operations),
  );
}
