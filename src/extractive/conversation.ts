/** Reads a conversation rendered by `renderMessages` back into role blocks and tool calls. */
import { escapeRegExp } from '../text/regexp.ts';
import type { ToolCallBlock } from '../session/types.ts';
import {
  ARGUMENT_SEPARATOR,
  TAG_DETAIL_SEPARATOR,
  TOOL_CALL_SEPARATOR,
  TRANSCRIPT_TAGS,
  type TranscriptTag,
} from '../session/transcript.ts';

/**
 * The role tag a rendered block starts with. `context` is what the agent injected as a user message
 * (instructions, environment, notifications): never the user's task or request.
 */
export type BlockRole =
  'user' | 'context' | 'assistant' | 'thinking' | 'tool-calls' | 'tool-result' | 'tool-error';

/** One rendered block: its role and its text without the tag. */
export type ConversationBlock = { role: BlockRole; text: string };

const ROLE_OF: Record<TranscriptTag, BlockRole> = {
  user: 'user',
  context: 'context',
  assistant: 'assistant',
  thinking: 'thinking',
  toolCalls: 'tool-calls',
  toolResult: 'tool-result',
  toolError: 'tool-error',
};
const ROLE_BY_TAG = new Map(
  Object.entries(TRANSCRIPT_TAGS).map(([key, tag]) => [tag as string, ROLE_OF[key as TranscriptTag]]),
);

/** The pattern of a block's opening tag for `roles` (all by default); the tag is group 1. */
export function tagsPattern(roles: readonly BlockRole[] = Object.values(ROLE_OF)): string {
  // Longer tags first, so `Tool result (error)` is not read as `Tool result`.
  const tags = [...ROLE_BY_TAG].filter(([, role]) => roles.includes(role)).map(([tag]) => tag);
  const alternatives = tags
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  // Only a context tag carries a detail (its kind): `[Context: instructions]: `.
  const detail = `(?:(?<=${escapeRegExp(`[${TRANSCRIPT_TAGS.context}`)})${escapeRegExp(TAG_DETAIL_SEPARATOR)}[^\\]\\n]*)?`;
  return `\\[(${alternatives})${detail}\\]: `;
}

// A block starts only at a role tag at the very start (after any blank lines) or after a blank line.
const BLOCK_START = new RegExp(`(?:^\\s*|\\n\\n)${tagsPattern()}`, 'g');

/** The blocks of a rendered conversation, in order; text before the first tag is ignored. */
export function splitConversation(text: string): ConversationBlock[] {
  const starts = [...text.matchAll(BLOCK_START)];
  return starts.map((match, index) => {
    const next = starts[index + 1];
    const start = match.index + match[0].length;
    return { role: ROLE_BY_TAG.get(match[1]!)!, text: text.slice(start, next ? next.index : text.length) };
  });
}

/**
 * The calls of one `read(path="a"); bash(command="b")` line, as tool call blocks without ids (the
 * rendering drops them); a call that cannot be read keeps what was read.
 */
export function parseToolCalls(line: string): ToolCallBlock[] {
  const calls: ToolCallBlock[] = [];
  let position = 0;
  while (position < line.length) {
    const name = /[^\s(;]+(?=\()/y;
    name.lastIndex = position;
    const nameMatch = name.exec(line);
    if (!nameMatch) break;
    const call: ToolCallBlock = { type: 'toolCall', id: '', name: nameMatch[0], arguments: {} };
    calls.push(call);
    position = readArguments(line, position + nameMatch[0].length + 1, call.arguments);
    // The next call follows "; ", possibly after an argument we could not read.
    const separator = line.indexOf(TOOL_CALL_SEPARATOR, position);
    if (separator < 0) break;
    position = separator + TOOL_CALL_SEPARATOR.length;
  }
  return calls;
}

/** Reads `key=JSON, key=JSON)` from `start`, filling `into`; returns the position after what it read. */
function readArguments(line: string, start: number, into: Record<string, unknown>): number {
  let position = start;
  while (position < line.length && line[position] !== ')') {
    const equals = line.indexOf('=', position);
    if (equals < 0) return line.length;
    const key = line.slice(position, equals).trim();
    const end = jsonValueEnd(line, equals + 1);
    if (end < 0) return equals + 1;
    try {
      into[key] = JSON.parse(line.slice(equals + 1, end));
    } catch {
      return end;
    }
    position = line.startsWith(ARGUMENT_SEPARATOR, end) ? end + ARGUMENT_SEPARATOR.length : end;
  }
  return position + 1;
}

/** The end (exclusive) of the JSON value starting at `start`, or -1 when it is not well formed. */
function jsonValueEnd(text: string, start: number): number {
  const first = text[start];
  if (first === '"') return stringEnd(text, start);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let index = start; index < text.length; index++) {
      const character = text[index];
      if (character === '"') {
        index = stringEnd(text, index) - 1;
        if (index < 0) return -1;
      } else if (character === '{' || character === '[') depth++;
      else if (character === '}' || character === ']') {
        depth--;
        if (depth === 0) return index + 1;
      }
    }
    return -1;
  }
  const scalar = /-?[\w.+-]+/y;
  scalar.lastIndex = start;
  return scalar.exec(text) ? scalar.lastIndex : -1;
}

function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    const character = text[index];
    if (character === '\\') index++;
    else if (character === '"') return index + 1;
  }
  return -1;
}
