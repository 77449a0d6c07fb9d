/** One Claude Code transcript line, checked and mapped to what it contributes to the conversation. */
import * as z from 'zod';
import { parseLine } from '../json-lines.ts';
import type {
  ContextKind,
  ImageBlock,
  RecordedUsage,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
} from '../types.ts';
import {
  type AnthropicToolResult,
  anthropicAssistantBlocks,
  anthropicContentSchema,
  anthropicUserContent,
} from './anthropic-content.ts';
import { claudeCodeContextKind } from './claude-code-context.ts';
import { claudeCodeUserText } from './claude-code-text.ts';
import { isRecord, textBlock, timestampOf } from './content.ts';

const lineBase = {
  uuid: z.string(),
  parentUuid: z.string().nullish(),
  isSidechain: z.boolean().optional(),
  timestamp: z.string().optional(),
};
const userLineSchema = z.object({
  ...lineBase,
  message: z.object({ content: anthropicContentSchema }),
  isMeta: z.boolean().optional(),
  isCompactSummary: z.boolean().optional(),
});
const usageSchema = z.object({
  input_tokens: z.number().optional(),
  output_tokens: z.number().optional(),
  cache_read_input_tokens: z.number().nullish(),
  cache_creation_input_tokens: z.number().nullish(),
});
const assistantLineSchema = z.object({
  ...lineBase,
  message: z.object({
    id: z.string().optional(),
    model: z.string().optional(),
    content: anthropicContentSchema,
    stop_reason: z.string().nullish(),
    usage: usageSchema.nullish(),
  }),
  isApiErrorMessage: z.boolean().optional(),
});
const compactBoundarySchema = z.object({
  ...lineBase,
  compactMetadata: z
    .object({
      preTokens: z.number().optional(),
      preservedSegment: z.object({ headUuid: z.string().optional() }).nullish(),
    })
    .nullish(),
});
const queuedPromptSchema = z.object({
  ...lineBase,
  attachment: z.object({ type: z.literal('queued_command'), prompt: z.string() }),
});

/** What a line contributes once the active conversation is known. */
export type LineValue =
  | {
      kind: 'user';
      toolResults: AnthropicToolResult[];
      parts: Array<TextBlock | ImageBlock>;
      compactSummary: string | undefined;
      /** Set when the line is context the app injected, not something the user wrote. */
      context: ContextKind | undefined;
      timestamp: number | undefined;
    }
  | {
      kind: 'assistant';
      key: string;
      blocks: Array<TextBlock | ThinkingBlock | ToolCallBlock>;
      usage: RecordedUsage | undefined;
      model: string | undefined;
      stopReason: string | undefined;
      apiError: boolean;
      timestamp: number | undefined;
    }
  | { kind: 'boundary'; tokensBefore: number | undefined; firstKeptUuid: string | undefined }
  | {
      kind: 'queued-prompt';
      prompt: string;
      /** Set when the app queued it (a task notification), not the user. */
      context: ContextKind | undefined;
      timestamp: number | undefined;
    };

/** A line with a `uuid` that matters to the conversation, and what it contributes. */
export type Line = {
  uuid: string;
  /** 1-based line number: file order. */
  line: number;
  value: LineValue;
};

function recordedUsage(usage: z.infer<typeof usageSchema> | null | undefined): RecordedUsage | undefined {
  if (!usage || (usage.input_tokens === undefined && usage.output_tokens === undefined)) return undefined;
  const recorded: RecordedUsage = { input: usage.input_tokens ?? 0, output: usage.output_tokens ?? 0 };
  if (typeof usage.cache_read_input_tokens === 'number') recorded.cacheRead = usage.cache_read_input_tokens;
  if (typeof usage.cache_creation_input_tokens === 'number') {
    recorded.cacheWrite = usage.cache_creation_input_tokens;
  }
  return recorded;
}

function userLine(record: unknown, file: string, line: number): Line {
  const parsed = parseLine(userLineSchema, record, file, line);
  const { toolResults, parts } = anthropicUserContent(parsed.message.content, {
    file,
    line,
    path: 'message.content',
  });
  const compactSummary = parsed.isCompactSummary
    ? parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n')
    : undefined;
  const texts = parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
  const isMeta = parsed.isMeta === true;
  // An image the user pasted makes a line theirs, unless the app marked the whole line as meta.
  const context = isMeta || texts.length === parts.length ? claudeCodeContextKind(texts, isMeta) : undefined;
  const cleaned = parts.flatMap((part): Array<TextBlock | ImageBlock> => {
    if (part.type !== 'text') return [part];
    const text = claudeCodeUserText(part.text);
    return text === undefined ? [] : [textBlock(text)];
  });
  return {
    uuid: parsed.uuid,
    line,
    value: {
      kind: 'user',
      toolResults,
      parts: cleaned,
      compactSummary,
      context,
      timestamp: timestampOf(parsed.timestamp),
    },
  };
}

function assistantLine(record: unknown, file: string, line: number): Line {
  const parsed = parseLine(assistantLineSchema, record, file, line);
  const blocks = anthropicAssistantBlocks(parsed.message.content, { file, line, path: 'message.content' });
  return {
    uuid: parsed.uuid,
    line,
    value: {
      kind: 'assistant',
      // Claude Code writes one line per content block; lines sharing the API message id are one turn.
      key: parsed.message.id ?? parsed.uuid,
      blocks,
      usage: recordedUsage(parsed.message.usage),
      model: parsed.message.model,
      stopReason: parsed.message.stop_reason ?? undefined,
      apiError: parsed.isApiErrorMessage === true,
      timestamp: timestampOf(parsed.timestamp),
    },
  };
}

/** The conversation line a record makes, if it makes one. */
export function lineOf(
  type: string,
  record: Record<string, unknown>,
  file: string,
  line: number,
): Line | undefined {
  if (type === 'user') return userLine(record, file, line);
  if (type === 'assistant') return assistantLine(record, file, line);
  if (type === 'system' && record.subtype === 'compact_boundary') {
    const parsed = parseLine(compactBoundarySchema, record, file, line);
    const value: LineValue = {
      kind: 'boundary',
      tokensBefore: parsed.compactMetadata?.preTokens,
      firstKeptUuid: parsed.compactMetadata?.preservedSegment?.headUuid,
    };
    return { uuid: parsed.uuid, line, value };
  }
  if (type === 'attachment' && isRecord(record.attachment) && record.attachment.type === 'queued_command') {
    // A prompt the user queued while the agent was working, delivered into the running turn; or a notification the
    // app queued the same way (a background agent's `<task-notification>`), which is context, not the user's words.
    const parsed = parseLine(queuedPromptSchema, record, file, line);
    const value: LineValue = {
      kind: 'queued-prompt',
      prompt: parsed.attachment.prompt,
      context: claudeCodeContextKind([parsed.attachment.prompt], false),
      timestamp: timestampOf(parsed.timestamp),
    };
    return { uuid: parsed.uuid, line, value };
  }
  return undefined;
}
