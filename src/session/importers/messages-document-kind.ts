/**
 * Which API a messages document was written for, from the start of the file. Both APIs accept plain
 * `{role, content: "text"}` messages; a document with nothing Anthropic-specific counts as OpenAI's.
 */
import { isRecord } from './content.ts';
import { sampleMessagesDocument } from './json-document.ts';

/** Roles and fields only the chat-completions API has. */
const OPENAI_ROLES = new Set(['system', 'developer', 'tool', 'function']);
const OPENAI_PARTS = new Set(['image_url', 'input_audio', 'file', 'refusal']);
/** Content blocks only the Anthropic Messages API has. */
const ANTHROPIC_BLOCKS = new Set([
  'tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
  'image',
  'document',
  'server_tool_use',
]);

function blockTypes(message: Record<string, unknown>): string[] {
  if (!Array.isArray(message.content)) return [];
  return message.content.flatMap((block) =>
    isRecord(block) && typeof block.type === 'string' ? [block.type] : [],
  );
}

function hasOpenAiMarkers(message: Record<string, unknown>): boolean {
  if (OPENAI_ROLES.has(message.role as string) || 'tool_calls' in message || 'tool_call_id' in message)
    return true;
  return blockTypes(message).some((type) => OPENAI_PARTS.has(type));
}

/** The kind of messages document the file's start holds, or undefined when it is not one. */
export function messagesDocumentKind(head: string): 'openai' | 'anthropic' | undefined {
  const sample = sampleMessagesDocument(head);
  const messages = sample?.messages.filter(isRecord) ?? [];
  if (!sample || !messages.some((message) => typeof message.role === 'string')) return undefined;
  if (messages.some(hasOpenAiMarkers)) return 'openai';
  const anthropic =
    'system' in sample.fields ||
    messages.some((message) => blockTypes(message).some((type) => ANTHROPIC_BLOCKS.has(type)));
  return anthropic ? 'anthropic' : 'openai';
}
