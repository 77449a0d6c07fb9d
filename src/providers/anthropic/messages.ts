/** Canonical messages and tools to Anthropic messages, and an Anthropic answer back to blocks. */
import type {
  ContentBlock,
  ContentBlockParam,
  ImageBlockParam,
  MessageParam,
  StopReason as AnthropicStopReason,
  TextBlockParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages';
import type { ImageBlock, Message, TextBlock } from '../../session/types.ts';
import { transformMessages } from '../transform-messages.ts';
import type { AnswerBlock, StopReason, ToolDefinition } from '../types.ts';

/** Anthropic refuses longer tool call ids. */
const MAX_TOOL_CALL_ID_LENGTH = 64;

type Turn = { role: 'user' | 'assistant'; content: string | ContentBlockParam[] };

/**
 * The messages for a conversation. Roles must alternate, so tool results (sent as user content) and the
 * user's next words join one user message, results first, and consecutive assistant turns join one
 * assistant message. A lone plain-text user message stays a string.
 */
export function anthropicMessages(messages: readonly Message[]): MessageParam[] {
  const turns: Turn[] = [];
  for (const message of transformMessages(messages, { maxToolCallIdLength: MAX_TOOL_CALL_ID_LENGTH })) {
    const turn = turnOf(message);
    const previous = turns.at(-1);
    if (previous?.role === turn.role)
      previous.content = [...blocksOf(previous.content), ...blocksOf(turn.content)];
    else turns.push(turn);
  }
  return turns;
}

function turnOf(message: Message): Turn {
  switch (message.role) {
    case 'user':
      return {
        role: 'user',
        content: typeof message.content === 'string' ? message.content : message.content.map(contentBlock),
      };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content.flatMap((block): ContentBlockParam[] => {
          if (block.type === 'text') return [{ type: 'text', text: block.text }];
          if (block.type === 'toolCall') {
            return [{ type: 'tool_use', id: block.id, name: block.name, input: block.arguments }];
          }
          return [];
        }),
      };
    case 'toolResult':
      return {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: message.toolCallId,
            content: message.content.map(contentBlock),
            ...(message.isError ? { is_error: true } : {}),
          },
        ],
      };
  }
}

function blocksOf(content: string | ContentBlockParam[]): ContentBlockParam[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

function contentBlock(block: TextBlock | ImageBlock): TextBlockParam | ImageBlockParam {
  if (block.type === 'text') return { type: 'text', text: block.text };
  return {
    type: 'image',
    // The API takes JPEG, PNG, GIF and WebP; another type is sent as recorded and the API says what it thinks.
    source: { type: 'base64', media_type: block.mimeType as 'image/png', data: block.data ?? '' },
  };
}

/** The tools as Anthropic client tools. */
export function anthropicTools(tools: readonly ToolDefinition[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    input_schema: { type: 'object', ...tool.parameters },
  }));
}

/** The answer's text and tool_use blocks; thinking and server-side blocks are not kept. */
export function anthropicAnswerBlocks(content: readonly ContentBlock[]): AnswerBlock[] {
  return content.flatMap((block): AnswerBlock[] => {
    if (block.type === 'text') return [{ type: 'text', text: block.text }];
    if (block.type === 'tool_use') {
      const input = block.input;
      const argumentsObject =
        typeof input === 'object' && input !== null && !Array.isArray(input)
          ? (input as Record<string, unknown>)
          : {};
      return [{ type: 'toolCall', id: block.id, name: block.name, arguments: argumentsObject }];
    }
    return [];
  });
}

/** `stop_reason` as our stop reason. */
export function anthropicStopReason(reason: AnthropicStopReason | null | undefined): StopReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'toolUse';
    case 'refusal':
      return 'refusal';
    default:
      return 'other';
  }
}
