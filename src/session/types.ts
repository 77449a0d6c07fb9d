/** The canonical session model (docs/formats.md): pi coding agent message shapes, whatever the source format. */

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

/**
 * What an agent injects as a user-role message that the user did not write: project instructions
 * (AGENTS.md, CLAUDE.md), the environment (working directory, sandbox), a skill's or command's body,
 * the output of a command the user ran locally, a notification (a background task or subagent
 * finished), a hook's feedback, an extension's message, the summary of a branch left behind, or a
 * line the agent marks as meta. The model saw it; it is never the user's request.
 */
export const CONTEXT_KINDS = [
  'instructions',
  'environment',
  'skill',
  'command-output',
  'notification',
  'hook',
  'extension',
  'branch-summary',
  'meta',
] as const;

/** One of {@link CONTEXT_KINDS}. */
export type ContextKind = (typeof CONTEXT_KINDS)[number];

/** A user turn, or context the agent injected as one (`context` says which kind). */
export type UserMessage = {
  role: 'user';
  content: string | Array<TextBlock | ImageBlock>;
  timestamp?: number;
  context?: ContextKind;
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
  /** 0-based index of the assistant message holding the call (or of the message that records the operation). */
  messageIndex: number;
};

/** A compaction the agent itself performed, kept as metadata (strategies still see the full history). */
export type AgentCompaction = {
  summary: string;
  /** Index of the first message recorded after the compaction happened. */
  messageIndex: number;
  /** Index of the first message the agent kept verbatim, when the source says. */
  firstKeptMessageIndex?: number;
  /** Context size the agent reported before compacting, when the source says. */
  tokensBefore?: number;
};

/** Formats the importers understand. */
export type SessionFormat =
  | 'pi'
  | 'claude-code'
  | 'codex'
  | 'gemini-cli'
  | 'opencode'
  | 'aider'
  | 'mini-swe-agent'
  | 'openai-messages'
  | 'anthropic-messages';

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
  /** Key-shaped strings (`sk-…`) masked as the session was loaded; absent when none was. */
  maskedKeys?: number;
};

/** Where a message came from: the 1-based line of the file (for a JSON document, its position in the array). */
export type MessageSource = { line: number };

/** One branch of a tree: the conversation from the root to one leaf. */
export type Branch = {
  /** 1-based, in file order of the leaves. */
  number: number;
  /** The line of its leaf (its last line with conversation). */
  leafLine: number;
  messages: number;
  toolCalls: number;
  filesModified: string[];
  filesRead: string[];
  /** Milliseconds since the epoch of its first and last message with a timestamp. */
  firstTimestamp: number | undefined;
  lastTimestamp: number | undefined;
  /** The branch the agent was on last (the last leaf in file order); imported unless `--branch` says otherwise. */
  active: boolean;
  /** What this branch holds that the imported one does not: nothing for the imported branch or a copy of it. */
  notImported: { messages: number; toolCalls: number; filesModified: string[] };
};

/** A root whose parent is not in the file, joined to the leaf that was written before it. */
export type Bridge = {
  /** The line whose parent is missing. */
  line: number;
  /** The leaf it was joined to. */
  joinedTo: number;
  /** The id the line names as its parent. */
  missingParent: string;
};

/** A chain a resumed session copied (new uuids, the same messages), merged into the chain it copies. */
export type MergedCopy = {
  /** The first and last line of the copy. */
  lines: [number, number];
  /** How many lines of conversation the copy repeats. */
  copied: number;
  /** The first and last line of the chain it copies. */
  copies: [number, number];
  /** Lines of conversation of the copied stretch that the copy left out; the merge keeps them. */
  leftOut: number;
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
  /** Where each message came from, parallel to `messages`. */
  sources: MessageSource[];
  /** Files read, written and edited through tool calls, in message order. */
  fileOperations: FileOperation[];
  compactions: AgentCompaction[];
  /** The branches of a file that is a tree (Claude Code; pi v2/v3), in file order of their leaves; else none. */
  branches: Branch[];
  /** The number of the branch imported (`--branch`, else the active one); undefined when there are no branches. */
  branch: number | undefined;
  /** Where the tree was joined across a parent missing from the file. */
  bridges: Bridge[];
  /** Why the imported branch is not the active one though no `--branch` asked for it; absent otherwise. */
  branchChoice?: { reason: 'recorded-compaction'; active: number; holding: number[] };
  /** Copies of a chain merged into the chain they copy (Claude Code resumes); absent or empty when none. */
  merges?: MergedCopy[];
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

/** Whether a message is something the user asked or said: a user message that is not injected context. */
export function isPrompt(message: Message): message is UserMessage {
  return message.role === 'user' && message.context === undefined;
}

/** The tool calls of a message (empty for anything but an assistant message). */
export function toolCallsOf(message: Message): ToolCallBlock[] {
  if (message.role !== 'assistant') return [];
  return message.content.filter((block): block is ToolCallBlock => block.type === 'toolCall');
}

/** The tool calls of a transcript by id, so a result can name the call that produced it. */
export function toolCallsById(messages: readonly Message[]): Map<string, ToolCallBlock> {
  return new Map(messages.flatMap((message) => toolCallsOf(message).map((call) => [call.id, call] as const)));
}
