/** How messages are rendered into a prompt (SPEC §2): one shared, pure renderer for every strategy. */
import type { Message, ToolCallBlock } from './session/types.ts';
import { contentText } from './session/types.ts';

/** Options of the renderer. */
export type RenderOptions = {
  /** Each tool result is cut to this many characters, with a visible marker. */
  toolResultChars: number;
};

/** Default of `--tool-result-chars`. */
export const DEFAULT_TOOL_RESULT_CHARS = 2000;

/** Cuts text to `maxChars`, saying how much was dropped. */
export function truncateText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n[... ${text.length - maxChars} more characters truncated]`;
}

/** `read(path="src/a.ts")`: a tool call as one readable line. */
export function renderToolCall(call: ToolCallBlock): string {
  const argumentsText = Object.entries(call.arguments)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join(', ');
  return `${call.name}(${argumentsText})`;
}

/** One message as `[Role]: …` blocks. */
export function renderMessage(message: Message, options: RenderOptions): string {
  switch (message.role) {
    case 'user':
      return `[User]: ${contentText(message.content)}`;
    case 'toolResult': {
      const label = message.isError ? '[Tool result (error)]' : '[Tool result]';
      return `${label}: ${truncateText(contentText(message.content), options.toolResultChars)}`;
    }
    case 'assistant': {
      const parts: string[] = [];
      const texts = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
      const thinking = message.content.flatMap((block) =>
        block.type === 'thinking' ? [block.thinking] : [],
      );
      const calls = message.content.flatMap((block) =>
        block.type === 'toolCall' ? [renderToolCall(block)] : [],
      );
      if (thinking.length > 0) parts.push(`[Assistant thinking]: ${thinking.join('\n')}`);
      if (texts.length > 0) parts.push(`[Assistant]: ${texts.join('\n')}`);
      if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join('; ')}`);
      return parts.join('\n\n');
    }
  }
}

/** A conversation as plain text, blocks separated by blank lines; empty messages leave no trace. */
export function renderMessages(messages: readonly Message[], options: RenderOptions): string {
  const blocks: string[] = [];
  for (const message of messages) {
    const text = renderMessage(message, options);
    if (text.length > 0) blocks.push(text);
  }
  return blocks.join('\n\n');
}
