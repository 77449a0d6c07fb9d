import type { Line } from './claude-code-lines.ts';
import { textBlock } from './content.ts';

/**
 * The prompts a user typed while the agent was working, as Claude Code versions before the `queued_command`
 * attachment record them: an `enqueue` line with the text, then `remove` when the prompt went into the running
 * turn (it reached the model with the next tool result, and no user line of its own carries it), `dequeue` when it
 * was sent as the next prompt (its own user line follows), `popAll` when the user took the queue back to edit it.
 */
export type PromptQueue = {
  /** Reads one `queue-operation` record. */
  read(record: Record<string, unknown>): void;
  /** Gives the prompts delivered since the last call to the user line that carries the turn's tool results. */
  deliverInto(line: Line): void;
};

/** An empty queue for one transcript. */
export function promptQueue(): PromptQueue {
  const waiting: string[] = [];
  let delivered: string[] = [];
  return {
    read(record) {
      const content = record.content;
      switch (record.operation) {
        case 'enqueue':
          // A notification the app queued (`<task-notification>`, `<bash-notification>`) is not the user's words.
          if (typeof content === 'string' && content.trim() !== '' && !content.trimStart().startsWith('<')) {
            waiting.push(content);
          }
          break;
        case 'remove': {
          const prompt = waiting.shift();
          if (prompt !== undefined) delivered.push(prompt);
          break;
        }
        case 'dequeue':
          waiting.shift();
          break;
        case 'popAll':
          waiting.length = 0;
          break;
      }
    },
    deliverInto(line) {
      const value = line.value;
      if (delivered.length === 0) return;
      if (value.kind === 'queued-prompt') {
        // A version that writes the attachment carries the prompt itself.
        delivered = delivered.filter((prompt) => prompt !== value.prompt);
        return;
      }
      if (value.kind !== 'user' || value.toolResults.length === 0) return;
      value.parts.push(...delivered.map(textBlock));
      delivered = [];
    },
  };
}
