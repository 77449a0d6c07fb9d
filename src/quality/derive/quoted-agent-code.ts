/**
 * The user's own words, without the lines of code they quote back from the agent's edits: a prompt that pastes a
 * diff of the agent's change to ask about it ("+ // Get or create stable session ID … isn't this trying twice now to
 * fallback?") asks the question, while the pasted lines are the agent's work, not a request, and must not make the
 * guard against the user's messages drop a result those lines tell.
 */
import type { FileOperation, Message, ToolCallBlock } from '../../session/types.ts';
import { contentText, isPrompt } from '../../session/types.ts';
import { changeOf } from './artifacts.ts';

// A line shorter than this many words ("}", "return nil, err") is code anyone might type: it quotes nothing.
const MIN_QUOTED_WORDS = 3;

/** A line as quoted: a diff's marker and the indentation left out. */
const quotedForm = (line: string): string => line.replace(/^\s*[+-]?\s*/, '').trim();

/** The tool call of one write or edit, where its message holds it. */
function callOf(messages: readonly Message[], operation: FileOperation): ToolCallBlock | undefined {
  const message = messages[operation.messageIndex];
  if (message?.role !== 'assistant') return undefined;
  return message.content.find(
    (block): block is ToolCallBlock => block.type === 'toolCall' && block.id === operation.toolCallId,
  );
}

/** Each prompt's text before `end`, less the lines that copy a line the agent's earlier writes and edits added. */
export function userWordsOf(
  messages: readonly Message[],
  operations: readonly FileOperation[],
  end: number = messages.length,
): string[] {
  const writes = operations
    .filter((operation) => operation.kind !== 'read' && operation.messageIndex < end)
    .sort((a, b) => a.messageIndex - b.messageIndex);
  const written = new Set<string>();
  let next = 0;
  const words: string[] = [];
  messages.slice(0, end).forEach((message, index) => {
    for (; next < writes.length && writes[next]!.messageIndex < index; next++) {
      const call = callOf(messages, writes[next]!);
      const change = call && changeOf(call, writes[next]!.path);
      for (const line of change?.added.split('\n') ?? []) {
        const form = quotedForm(line);
        if (form.split(/\s+/).length >= MIN_QUOTED_WORDS) written.add(form);
      }
    }
    if (!isPrompt(message)) return;
    const lines = contentText(message.content).split('\n');
    words.push(lines.filter((line) => !written.has(quotedForm(line))).join('\n'));
  });
  return words;
}
