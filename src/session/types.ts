/** The canonical session model (SPEC §2): pi coding agent message shapes, whatever the source format. */

/** Plain text content. */
export type TextBlock = { type: 'text'; text: string };
/** An image; `data` may be absent when the source only recorded that an image was there. */
export type ImageBlock = { type: 'image'; mimeType: string; data?: string };
/** Model reasoning shown as thinking. */
export type ThinkingBlock = { type: 'thinking'; thinking: string };
/** A tool invocation by the assistant. */
export type ToolCallBlock = {
  type: 'toolCall';
  id: string;
  name: string;
  arguments: Record<string, unknown>;
};

/** Token usage an agent recorded for one assistant turn. */
export type RecordedUsage = { input: number; output: number; cacheRead?: number; cacheWrite?: number };

/** A user turn. */
export type UserMessage = {
  role: 'user';
  content: string | Array<TextBlock | ImageBlock>;
  timestamp?: number;
};

/** An assistant turn: text, thinking and tool calls. */
export type AssistantMessage = {
  role: 'assistant';
  content: Array<TextBlock | ThinkingBlock | ToolCallBlock>;
  usage?: RecordedUsage;
  model?: string;
  stopReason?: string;
  timestamp?: number;
};

/** The output of one tool call. */
export type ToolResultMessage = {
  role: 'toolResult';
  toolCallId: string;
  toolName: string;
  content: Array<TextBlock | ImageBlock>;
  isError: boolean;
  timestamp?: number;
};

/** Any canonical message. */
export type Message = UserMessage | AssistantMessage | ToolResultMessage;

/** A message role. */
export type Role = Message['role'];

/** What a tool call did to a file. */
export type FileOperationKind = 'read' | 'write' | 'edit';

/** One file touched through a tool call, at a known message position. */
export type FileOperation = {
  kind: FileOperationKind;
  path: string;
  tool: string;
  toolCallId: string;
  /** 0-based index of the assistant message holding the call. */
  messageIndex: number;
};

/** A compaction the agent itself performed, kept as metadata (strategies still see the full history). */
export type RecordedCompaction = {
  summary: string;
  /** Index of the first message recorded after the compaction happened. */
  messageIndex: number;
  /** Index of the first message the agent kept verbatim, when the source says. */
  firstKeptMessageIndex?: number;
  /** Context size the agent reported before compacting, when the source says. */
  tokensBefore?: number;
};

/** Formats the importers understand. */
export type SessionFormat = 'pi' | 'claude-code' | 'codex' | 'openai-messages' | 'anthropic-messages';

/** What an importer noticed while reading, for `inspect`. */
export type ImportStats = {
  lines: number;
  /** Lines of a known kind that carry no conversation (metadata). */
  metadataLines: number;
  /** Lines of a type the importer does not know; counted, not fatal. */
  unknownLines: number;
  /** Bad lines passed over with `--skip-invalid`: where and why. */
  skipped: Array<{ line: number; reason: string }>;
  /** Messages left out of the main conversation (e.g. Claude Code sidechains). */
  sidechainMessages: number;
};

/** A loaded session in the canonical model. */
export type Session = {
  /** Fixture name: file name without extension. */
  name: string;
  /** Absolute path of the file it came from. */
  path: string;
  format: SessionFormat;
  formatVersion?: number | string;
  id?: string;
  cwd?: string;
  messages: Message[];
  /** Files read, written and edited through tool calls, in message order. */
  fileOperations: FileOperation[];
  compactions: RecordedCompaction[];
  /** Source-specific facts (model changes, titles, …) that are not conversation. */
  metadata: Record<string, unknown>;
  stats: ImportStats;
};

/** Creates empty import statistics. */
export function emptyStats(): ImportStats {
  return { lines: 0, metadataLines: 0, unknownLines: 0, skipped: [], sidechainMessages: 0 };
}

/** The text of a string-or-blocks content, images as a placeholder. */
export function contentText(content: string | Array<TextBlock | ImageBlock>): string {
  if (typeof content === 'string') return content;
  return content
    .map((block) => (block.type === 'text' ? block.text : `[image: ${block.mimeType}]`))
    .join('\n');
}

/** The tool calls of a message (empty for anything but an assistant message). */
export function toolCallsOf(message: Message): ToolCallBlock[] {
  if (message.role !== 'assistant') return [];
  return message.content.filter((block): block is ToolCallBlock => block.type === 'toolCall');
}
