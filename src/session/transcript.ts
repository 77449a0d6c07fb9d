/** How messages are rendered into a prompt (docs/formats.md): one shared, pure renderer for every strategy. */
import type { Message, ToolCallBlock } from './types.ts';
import { contentText } from './types.ts';

/** Options of the renderer. */
export type RenderOptions = {
  /** Each tool result is cut to this many characters, with a visible marker. */
  toolResultChars: number;
};

/**
 * The tag each rendered block starts with, as `[Tag]: `. Whatever reads a rendering back (the extractive
 * summarizer) builds its patterns from these, so a format change here cannot silently change what it reads.
 */
export const TRANSCRIPT_TAGS = {
  user: 'User',
  /** Context the agent injected as a user message; rendered with its kind: `[Context: instructions]: `. */
  context: 'Context',
  assistant: 'Assistant',
  thinking: 'Assistant thinking',
  toolCalls: 'Assistant tool calls',
  toolResult: 'Tool result',
  toolError: 'Tool result (error)',
} as const;

/** A rendered block's role, by the key of its tag in {@link TRANSCRIPT_TAGS}. */
export type TranscriptTag = keyof typeof TRANSCRIPT_TAGS;

/** Between the calls of one `[Assistant tool calls]` line. */
export const TOOL_CALL_SEPARATOR = '; ';
/** Between the `key=JSON` arguments of one rendered call. */
export const ARGUMENT_SEPARATOR = ', ';

/** Between a tag and its detail inside the brackets: `[Context: instructions]`. */
export const TAG_DETAIL_SEPARATOR = ': ';

/** What starts a rendered block: the tag in brackets (with a detail, such as a context kind), a colon and a space. */
export function blockPrefix(tag: TranscriptTag, detail?: string): string {
  return `[${TRANSCRIPT_TAGS[tag]}${detail ? `${TAG_DETAIL_SEPARATOR}${detail}` : ''}]: `;
}

/** The visible marker after a cut tool result. */
export function truncationMarker(droppedCharacters: number): string {
  return `[... ${droppedCharacters} more characters truncated]`;
}

/** Whether a line is exactly a {@link truncationMarker}. */
export function isTruncationMarker(line: string): boolean {
  const match = /^\[\.\.\. (\d+) more/.exec(line);
  return match !== null && line === truncationMarker(Number(match[1]));
}

/** Cuts text to `maxChars`, saying how much was dropped. */
export function truncateText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n${truncationMarker(text.length - maxChars)}`;
}

/** `read(path="src/a.ts")`: a tool call as one readable line. */
export function renderToolCall(call: ToolCallBlock): string {
  const argumentsText = Object.entries(call.arguments)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join(ARGUMENT_SEPARATOR);
  return `${call.name}(${argumentsText})`;
}

// The calls line of each frozen assistant message rendered (null: it has no call), as long as its session is held.
const callsLines = new WeakMap<Message, string | null>();

/**
 * An assistant message's calls as its rendering's last line, `[Assistant tool calls]: read(path="a.ts"); …` (one
 * line: the arguments are JSON); none for a message of no call.
 */
export function toolCallsLine(message: Message): string | undefined {
  if (message.role !== 'assistant') return undefined;
  // A run's session is frozen (freeze.ts), and every strategy's slices, the transcript, the stored messages and the
  // page render its messages again: 8.4 times each in the bench's 100-session suite. A frozen message's line is kept.
  const frozen = Object.isFrozen(message) && Object.isFrozen(message.content);
  const known = frozen ? callsLines.get(message) : undefined;
  if (known !== undefined) return known ?? undefined;
  const calls = message.content.flatMap((block) =>
    block.type === 'toolCall' ? [renderToolCall(block)] : [],
  );
  const line = calls.length > 0 ? `${blockPrefix('toolCalls')}${calls.join(TOOL_CALL_SEPARATOR)}` : undefined;
  if (frozen) callsLines.set(message, line ?? null);
  return line;
}

/** One message as `[Role]: …` blocks. */
export function renderMessage(message: Message, options: RenderOptions): string {
  switch (message.role) {
    case 'user': {
      const prefix = message.context ? blockPrefix('context', message.context) : blockPrefix('user');
      return `${prefix}${contentText(message.content)}`;
    }
    case 'toolResult': {
      const prefix = blockPrefix(message.isError ? 'toolError' : 'toolResult');
      return `${prefix}${truncateText(contentText(message.content), options.toolResultChars)}`;
    }
    case 'assistant': {
      const parts: string[] = [];
      const texts = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
      const thinking = message.content.flatMap((block) =>
        block.type === 'thinking' ? [block.thinking] : [],
      );
      const calls = toolCallsLine(message);
      if (thinking.length > 0) parts.push(`${blockPrefix('thinking')}${thinking.join('\n')}`);
      if (texts.length > 0) parts.push(`${blockPrefix('assistant')}${texts.join('\n')}`);
      if (calls !== undefined) parts.push(calls);
      return parts.join('\n\n');
    }
  }
}

const BLOCK_SEPARATOR = '\n\n';

/** A conversation as plain text, blocks separated by blank lines; empty messages leave no trace. */
export function renderMessages(messages: readonly Message[], options: RenderOptions): string {
  const blocks: string[] = [];
  for (const message of messages) {
    const text = renderMessage(message, options);
    if (text.length > 0) blocks.push(text);
  }
  return blocks.join(BLOCK_SEPARATOR);
}

/**
 * Whether `text` ends with {@link renderMessages}'s text of `messages`, compared a message at a time from the end: a
 * long session's rendering (29 MB at 4 M tokens) is not made whole to be compared once.
 */
export function endsWithRendering(
  text: string,
  messages: readonly Message[],
  options: RenderOptions,
): boolean {
  let end = text.length;
  let later = false;
  for (let index = messages.length - 1; index >= 0; index--) {
    const block = renderMessage(messages[index]!, options);
    if (block.length === 0) continue;
    if (later) {
      end -= BLOCK_SEPARATOR.length;
      if (end < 0 || !text.startsWith(BLOCK_SEPARATOR, end)) return false;
    }
    end -= block.length;
    if (end < 0 || !text.startsWith(block, end)) return false;
    later = true;
  }
  return true;
}

/**
 * {@link renderMessages}, strung from the messages' renderings rather than joined: V8 keeps the pieces and copies
 * them once, into whatever takes the text into its own (a prompt joins its blocks), where a joined rendering of a
 * whole transcript was one more copy of it (21 MB at 4 M tokens). Searched as it is, it is joined then.
 */
export function renderMessagesStrung(messages: readonly Message[], options: RenderOptions): string {
  let strung = '';
  for (const message of messages) {
    const text = renderMessage(message, options);
    if (text.length > 0) strung = strung.length === 0 ? text : `${strung}\n\n${text}`;
  }
  return strung;
}
