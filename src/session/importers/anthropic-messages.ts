/** Anthropic Messages API `messages` arrays: a JSON file holding `[ … ]` or `{ "system": …, "messages": [ … ] }`. */
import * as z from 'zod';
import type { FormatReader, ImportOptions, ImportResult } from '../importer.ts';
import type { Message, MessageSource } from '../types.ts';
import { emptyStats } from '../types.ts';
import {
  anthropicAssistantBlocks,
  anthropicContentSchema,
  anthropicUserContent,
} from './anthropic-content.ts';
import { isRecord } from './content.ts';
import { anyAgentFileTargets } from './file-targets.ts';
import { readMessagesDocument } from './json-document.ts';
import { childAt, parseAt } from './parse-at.ts';

const messageSchema = z.object({ content: anthropicContentSchema });

/** The text of a `system` field: a string or text blocks. */
function systemText(system: unknown): string | undefined {
  if (typeof system === 'string') return system;
  if (!Array.isArray(system)) return undefined;
  const texts = system.flatMap((block) =>
    isRecord(block) && typeof block.text === 'string' ? [block.text] : [],
  );
  return texts.length > 0 ? texts.join('\n\n') : undefined;
}

async function readAnthropicMessages(file: string, options: ImportOptions): Promise<ImportResult> {
  const stats = emptyStats();
  const messages: Message[] = [];
  const sources: MessageSource[] = [];
  const toolNames = new Map<string, string>();
  const systemTexts: string[] = [];
  const outline = await readMessagesDocument(file, stats, options, ({ record, at, source }) => {
    const add = (message: Message) => {
      messages.push(message);
      sources.push(source);
    };
    const contentAt = childAt(at, 'content');
    switch (record.role) {
      case 'user': {
        const { toolResults, parts } = anthropicUserContent(
          parseAt(messageSchema, record, at).content,
          contentAt,
        );
        for (const result of toolResults) {
          add({
            role: 'toolResult',
            ...result,
            toolName: toolNames.get(result.toolCallId) ?? 'unknown',
          });
        }
        const only = parts[0];
        if (parts.length > 0) {
          add({
            role: 'user',
            content: parts.length === 1 && only?.type === 'text' ? only.text : parts,
          });
        }
        return;
      }
      case 'assistant': {
        const content = anthropicAssistantBlocks(parseAt(messageSchema, record, at).content, contentAt);
        for (const block of content) if (block.type === 'toolCall') toolNames.set(block.id, block.name);
        if (content.length > 0) add({ role: 'assistant', content });
        return;
      }
      case 'system': {
        // Not part of the API's messages, but some exports put the system prompt there.
        const text = systemText(parseAt(messageSchema, record, at).content);
        if (text) systemTexts.push(text);
        stats.metadataLines++;
        return;
      }
      default:
        stats.unknownLines++;
    }
  });
  const metadata: Record<string, unknown> = { document: outline.shape };
  const system = [systemText(outline.fields.system), ...systemTexts].filter((text) => text);
  if (system.length > 0) metadata.system = system.join('\n\n');
  if (typeof outline.fields.model === 'string') metadata.model = outline.fields.model;
  return { messages, sources, compactions: [], metadata, stats };
}

/** The Anthropic Messages API messages reader. */
export const anthropicMessagesReader: FormatReader = {
  read: readAnthropicMessages,
  fileTargets: anyAgentFileTargets,
};
