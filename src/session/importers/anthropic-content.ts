/**
 * Anthropic Messages API content blocks mapped into canonical blocks. Claude Code writes exactly this
 * content in its transcripts, so both the Claude Code importer and the `messages`-array importer use it.
 */
import * as z from 'zod';
import type { ImageBlock, TextBlock, ThinkingBlock, ToolCallBlock } from '../types.ts';
import { argumentsFromValue, imagePlaceholder, textBlock } from './content.ts';
import { childAt, type Location, parseAt } from './parse-at.ts';

/** Content as the API carries it: a string, or blocks each naming its `type` (other fields checked per type). */
export const anthropicContentSchema = z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]);
/** Parsed Anthropic content. */
export type AnthropicContent = z.infer<typeof anthropicContentSchema>;

const textSchema = z.object({ text: z.string() });
const thinkingSchema = z.object({ thinking: z.string() });
const toolUseSchema = z.object({ id: z.string(), name: z.string(), input: z.unknown() });
const mediaSchema = z.object({ source: z.looseObject({ media_type: z.string().optional() }).nullish() });
const toolResultSchema = z.object({
  tool_use_id: z.string(),
  content: anthropicContentSchema.nullish(),
  is_error: z.boolean().nullish(),
});
const toolReferenceSchema = z.object({ tool_name: z.string().optional() });

/** One `tool_result` block of a user turn, in canonical terms. */
export type AnthropicToolResult = {
  toolCallId: string;
  content: Array<TextBlock | ImageBlock>;
  isError: boolean;
};

/** A user turn split the way the canonical model needs it: tool results first, then what the user said. */
export type AnthropicUserContent = {
  toolResults: AnthropicToolResult[];
  parts: Array<TextBlock | ImageBlock>;
};

type ContentBlock = Exclude<AnthropicContent, string>[number];

/**
 * A text, image or document block as a canonical block (images and documents as placeholders);
 * block types this importer does not know are left out, since the API keeps adding them.
 */
function mediaBlock(block: ContentBlock, at: Location): TextBlock | ImageBlock | undefined {
  switch (block.type) {
    case 'text':
      return textBlock(parseAt(textSchema, block, at).text);
    case 'image':
      return imagePlaceholder(parseAt(mediaSchema, block, at).source?.media_type);
    case 'document':
      return textBlock(`[document: ${parseAt(mediaSchema, block, at).source?.media_type ?? 'unknown type'}]`);
    case 'tool_reference':
      return textBlock(`[tool reference: ${parseAt(toolReferenceSchema, block, at).tool_name ?? 'unknown'}]`);
    default:
      return undefined;
  }
}

function mediaBlocks(content: AnthropicContent, at: Location): Array<TextBlock | ImageBlock> {
  if (typeof content === 'string') return [textBlock(content)];
  return content.flatMap((block, index) => mediaBlock(block, childAt(at, index)) ?? []);
}

/** A user turn's content: its `tool_result` blocks in order, and its text, images and documents. */
export function anthropicUserContent(content: AnthropicContent, at: Location): AnthropicUserContent {
  if (typeof content === 'string') return { toolResults: [], parts: [textBlock(content)] };
  const toolResults: AnthropicToolResult[] = [];
  const parts: Array<TextBlock | ImageBlock> = [];
  content.forEach((block, index) => {
    const blockAt = childAt(at, index);
    if (block.type !== 'tool_result') {
      const part = mediaBlock(block, blockAt);
      if (part) parts.push(part);
      return;
    }
    const result = parseAt(toolResultSchema, block, blockAt);
    toolResults.push({
      toolCallId: result.tool_use_id,
      content: result.content ? mediaBlocks(result.content, childAt(blockAt, 'content')) : [],
      isError: result.is_error === true,
    });
  });
  return { toolResults, parts };
}

/**
 * An assistant turn's content: text, thinking, and tool calls (`tool_use`, and the API's own
 * `server_tool_use`). Redacted thinking carries nothing readable and is left out.
 */
export function anthropicAssistantBlocks(
  content: AnthropicContent,
  at: Location,
): Array<TextBlock | ThinkingBlock | ToolCallBlock> {
  if (typeof content === 'string') return content === '' ? [] : [textBlock(content)];
  const blocks: Array<TextBlock | ThinkingBlock | ToolCallBlock> = [];
  content.forEach((block, index) => {
    const blockAt = childAt(at, index);
    if (block.type === 'text') blocks.push(textBlock(parseAt(textSchema, block, blockAt).text));
    else if (block.type === 'thinking') {
      const { thinking } = parseAt(thinkingSchema, block, blockAt);
      if (thinking !== '') blocks.push({ type: 'thinking', thinking });
    } else if (block.type === 'tool_use' || block.type === 'server_tool_use') {
      const call = parseAt(toolUseSchema, block, blockAt);
      blocks.push({
        type: 'toolCall',
        id: call.id,
        name: call.name,
        arguments: argumentsFromValue(call.input),
      });
    }
  });
  return blocks;
}
