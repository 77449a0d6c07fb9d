/** Canonical messages and tools to chat-completions messages, and a chat-completions answer back to blocks. */
import type {
  ChatCompletion,
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { ProviderError } from '../../errors.ts';
import type { ImageBlock, Message, TextBlock } from '../../session/types.ts';
import { transformMessages } from '../transform-messages.ts';
import type { AnswerBlock, StopReason, ToolDefinition } from '../types.ts';

/** OpenAI refuses longer tool call ids. */
const MAX_TOOL_CALL_ID_LENGTH = 40;

/**
 * The chat messages for a system prompt and a conversation: a `system` message (left out when empty), user
 * messages (a plain-text one stays a string), assistant messages with `tool_calls`, and one `tool` message per
 * result. A tool message holds text only, so a result's images follow the results in one user message.
 */
export function openAIMessages(system: string, messages: readonly Message[]): ChatCompletionMessageParam[] {
  const sent: ChatCompletionMessageParam[] = system ? [{ role: 'system', content: system }] : [];
  let resultImages: ImageBlock[] = [];
  const flushImages = () => {
    if (resultImages.length === 0) return;
    sent.push({
      role: 'user',
      content: [
        { type: 'text', text: 'Images from the tool results above:' },
        ...resultImages.map(imagePart),
      ],
    });
    resultImages = [];
  };
  for (const message of transformMessages(messages, { maxToolCallIdLength: MAX_TOOL_CALL_ID_LENGTH })) {
    if (message.role !== 'toolResult') flushImages();
    switch (message.role) {
      case 'user':
        sent.push({
          role: 'user',
          content: typeof message.content === 'string' ? message.content : message.content.map(contentPart),
        });
        break;
      case 'assistant': {
        const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
        const calls = message.content.flatMap((block) =>
          block.type === 'toolCall'
            ? [
                {
                  id: block.id,
                  type: 'function' as const,
                  function: { name: block.name, arguments: JSON.stringify(block.arguments) },
                },
              ]
            : [],
        );
        sent.push({
          role: 'assistant',
          content: text === '' && calls.length > 0 ? null : text,
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
        });
        break;
      }
      case 'toolResult':
        sent.push({
          role: 'tool',
          tool_call_id: message.toolCallId,
          content: message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n'),
        });
        resultImages.push(...message.content.filter((block): block is ImageBlock => block.type === 'image'));
        break;
    }
  }
  flushImages();
  return sent;
}

/** The tools as chat-completions function tools. */
export function openAITools(tools: readonly ToolDefinition[]): ChatCompletionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.parameters,
    },
  }));
}

function contentPart(block: TextBlock | ImageBlock): ChatCompletionContentPart {
  return block.type === 'text' ? { type: 'text', text: block.text } : imagePart(block);
}

function imagePart(block: ImageBlock): ChatCompletionContentPart {
  return { type: 'image_url', image_url: { url: `data:${block.mimeType};base64,${block.data ?? ''}` } };
}

/** The answer's text and function calls as blocks; arguments that are not a JSON object fail the call. */
export function openAIAnswerBlocks(
  message: ChatCompletion.Choice['message'] | undefined,
  name: string,
): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  if (message?.content) blocks.push({ type: 'text', text: message.content });
  for (const call of message?.tool_calls ?? []) blocks.push(toolCallBlock(call, name));
  return blocks;
}

function toolCallBlock(call: ChatCompletionMessageToolCall, name: string): AnswerBlock {
  const [callName, argumentsText] =
    call.type === 'function'
      ? [call.function.name, call.function.arguments]
      : [call.custom.name, call.custom.input];
  let parsed: unknown;
  try {
    parsed = argumentsText.trim() === '' ? {} : JSON.parse(argumentsText);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ProviderError(
      `${name}: the arguments of tool call ${call.id} (${callName}) are not a JSON object: ${argumentsText.slice(0, 200)}`,
      { retryable: false },
    );
  }
  return { type: 'toolCall', id: call.id, name: callName, arguments: parsed as Record<string, unknown> };
}

/** `finish_reason` as our stop reason. */
export function openAIStopReason(reason: string | null | undefined): StopReason {
  switch (reason) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'toolUse';
    case 'content_filter':
      return 'refusal';
    default:
      return 'other';
  }
}
