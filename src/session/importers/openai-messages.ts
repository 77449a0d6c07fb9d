/** OpenAI chat-completions `messages` arrays: a JSON file holding `[ … ]` or `{ "messages": [ … ] }`. */
import * as z from 'zod';
import type { FormatReader, ImportOptions, ImportResult } from '../importer.ts';
import type {
  ImageBlock,
  Message,
  MessageSource,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
} from '../types.ts';
import { contentText, emptyStats } from '../types.ts';
import { argumentsFromJson, dataUrlMimeType, imagePlaceholder, textBlock } from './content.ts';
import { anyAgentFileTargets } from './file-targets.ts';
import { readMessagesDocument } from './json-document.ts';
import { childAt, type Location, parseAt } from './parse-at.ts';

const partsSchema = z.array(z.looseObject({ type: z.string() }));
const contentSchema = z.union([z.string(), partsSchema]).nullish();
const argumentsSchema = z.union([z.string(), z.record(z.string(), z.unknown())]);
const withContentSchema = z.object({ content: contentSchema });
const assistantSchema = z.object({
  content: contentSchema,
  tool_calls: z
    .array(z.object({ id: z.string(), function: z.object({ name: z.string(), arguments: argumentsSchema }) }))
    .nullish(),
  // The single `function_call` of the API before parallel tool calls.
  function_call: z.object({ name: z.string(), arguments: argumentsSchema }).nullish(),
  refusal: z.string().nullish(),
  // Reasoning text some OpenAI-compatible servers return (DeepSeek, vLLM, OpenRouter).
  reasoning_content: z.string().nullish(),
  reasoning: z.string().nullish(),
});
const toolSchema = z.object({ tool_call_id: z.string(), content: contentSchema });
const functionSchema = z.object({ name: z.string(), content: contentSchema });

const imageUrlSchema = z.object({ image_url: z.union([z.string(), z.object({ url: z.string() })]) });
const fileSchema = z.object({ file: z.object({ filename: z.string().optional() }).optional() });

/** Content parts as canonical blocks; images, audio and files as placeholders, unknown parts left out. */
function contentBlocks(content: z.infer<typeof contentSchema>, at: Location): Array<TextBlock | ImageBlock> {
  if (content === null || content === undefined) return [];
  if (typeof content === 'string') return content === '' ? [] : [textBlock(content)];
  return content.flatMap((part, index): Array<TextBlock | ImageBlock> => {
    const partAt = childAt(at, index);
    switch (part.type) {
      case 'text':
        return typeof part.text === 'string' ? [textBlock(part.text)] : [];
      case 'refusal':
        return typeof part.refusal === 'string' ? [textBlock(part.refusal)] : [];
      case 'image_url': {
        const image = parseAt(imageUrlSchema, part, partAt).image_url;
        return [imagePlaceholder(dataUrlMimeType(typeof image === 'string' ? image : image.url))];
      }
      case 'input_audio':
        return [textBlock('[audio]')];
      case 'file':
        return [textBlock(`[file: ${parseAt(fileSchema, part, partAt).file?.filename ?? 'unnamed'}]`)];
      default:
        return [];
    }
  });
}

function userContent(blocks: Array<TextBlock | ImageBlock>): string | Array<TextBlock | ImageBlock> {
  const only = blocks[0];
  return blocks.length === 1 && only?.type === 'text' ? only.text : blocks;
}

function toolArguments(value: z.infer<typeof argumentsSchema>): Record<string, unknown> {
  return typeof value === 'string' ? argumentsFromJson(value) : value;
}

async function readOpenAiMessages(file: string, options: ImportOptions): Promise<ImportResult> {
  const stats = emptyStats();
  const messages: Message[] = [];
  const sources: MessageSource[] = [];
  const systemTexts: string[] = [];
  const toolNames = new Map<string, string>();
  /** Legacy `function` results answer the latest call of that name. */
  const functionCallIds = new Map<string, string>();
  const outline = await readMessagesDocument(file, stats, options, ({ record, at, index, source }) => {
    const add = (message: Message) => {
      messages.push(message);
      sources.push(source);
    };
    const contentAt = childAt(at, 'content');
    switch (record.role) {
      case 'system':
      case 'developer': {
        const { content } = parseAt(withContentSchema, record, at);
        systemTexts.push(contentText(contentBlocks(content, contentAt)));
        stats.metadataLines++;
        return;
      }
      case 'user': {
        const blocks = contentBlocks(parseAt(withContentSchema, record, at).content, contentAt);
        add({ role: 'user', content: userContent(blocks) });
        return;
      }
      case 'assistant': {
        const assistant = parseAt(assistantSchema, record, at);
        const content: Array<TextBlock | ThinkingBlock | ToolCallBlock> = [];
        const reasoning = assistant.reasoning_content ?? assistant.reasoning;
        if (reasoning) content.push({ type: 'thinking', thinking: reasoning });
        content.push(...contentBlocks(assistant.content, contentAt).filter((block) => block.type === 'text'));
        if (assistant.refusal) content.push(textBlock(assistant.refusal));
        for (const call of assistant.tool_calls ?? []) {
          const name = call.function.name;
          content.push({
            type: 'toolCall',
            id: call.id,
            name,
            arguments: toolArguments(call.function.arguments),
          });
          toolNames.set(call.id, name);
        }
        if (assistant.function_call) {
          const { name } = assistant.function_call;
          const id = `function_call_${index}`;
          content.push({
            type: 'toolCall',
            id,
            name,
            arguments: toolArguments(assistant.function_call.arguments),
          });
          toolNames.set(id, name);
          functionCallIds.set(name, id);
        }
        if (content.length > 0) add({ role: 'assistant', content });
        return;
      }
      case 'tool': {
        const result = parseAt(toolSchema, record, at);
        add({
          role: 'toolResult',
          toolCallId: result.tool_call_id,
          toolName: toolNames.get(result.tool_call_id) ?? 'unknown',
          content: contentBlocks(result.content, contentAt),
          isError: false,
        });
        return;
      }
      case 'function': {
        const result = parseAt(functionSchema, record, at);
        add({
          role: 'toolResult',
          toolCallId: functionCallIds.get(result.name) ?? `function_${index}`,
          toolName: result.name,
          content: contentBlocks(result.content, contentAt),
          isError: false,
        });
        return;
      }
      default:
        stats.unknownLines++;
    }
  });
  const metadata: Record<string, unknown> = { document: outline.shape };
  if (systemTexts.length > 0) metadata.system = systemTexts.join('\n\n');
  if (typeof outline.fields.model === 'string') metadata.model = outline.fields.model;
  return { messages, sources, compactions: [], metadata, stats };
}

/** The OpenAI chat-completions messages reader. */
export const openAiMessagesReader: FormatReader = {
  read: readOpenAiMessages,
  fileTargets: anyAgentFileTargets,
};
