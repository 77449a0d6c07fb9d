/**
 * The text of a yardstick transcript's entries (JSONL lines, counted as the cut files count them: every line),
 * for the parts of a summary that are transcript text: the kept tail, `truncate`'s verbatim entries and the
 * `user-messages` trick. A transcript is trusted only when its sha256 is the one the labels were made on.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** One entry's text as a successor reads it, and whether it is a prompt the user typed. */
export type EntryText = { text: string; userPrompt: boolean };

/** A transcript's entries, or why it cannot be used. */
export type TranscriptEntries = { entries: EntryText[] } | { unavailable: string };

type Block = {
  type?: unknown;
  text?: unknown;
  content?: unknown;
  name?: unknown;
  input?: unknown;
  arguments?: unknown;
};

/** The text of a message's content: text, tool calls with their input, tool results; thinking is left out. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as Block[])
    .map((block) => {
      if (block.type === 'text' && typeof block.text === 'string') return block.text;
      if (block.type === 'toolCall' || block.type === 'tool_use')
        return `${String(block.name)} ${JSON.stringify(block.arguments ?? block.input ?? {})}`;
      if (block.type === 'tool_result') return contentText(block.content);
      return '';
    })
    .filter((text) => text.length > 0)
    .join('\n');
}

type Line = {
  type?: unknown;
  isMeta?: unknown;
  message?: { role?: unknown; content?: unknown };
};

/** One JSONL line as an entry (pi and Claude Code both keep the message under `message`). */
function entryOf(line: string): EntryText {
  let record: Line;
  try {
    record = JSON.parse(line) as Line;
  } catch {
    return { text: '', userPrompt: false };
  }
  const message = record.message;
  if (!message || typeof message !== 'object') return { text: '', userPrompt: false };
  const text = contentText(message.content);
  const content = message.content;
  // A typed prompt: a user message that is not a tool result (Claude Code sends tool results as user messages)
  // and not hook or command output (`isMeta`).
  const userPrompt =
    message.role === 'user' &&
    record.isMeta !== true &&
    (typeof content === 'string' ||
      (Array.isArray(content) && (content as Block[]).every((block) => block.type === 'text')));
  return { text, userPrompt };
}

type CodexLine = {
  type?: unknown;
  payload?: {
    type?: unknown;
    role?: unknown;
    content?: unknown;
    name?: unknown;
    arguments?: unknown;
    input?: unknown;
    output?: unknown;
  };
};

// What Codex sends as a user message that the user did not type: the environment, the user's instructions, AGENTS.md.
const CODEX_CONTEXT = /^(?:<environment_context>|<user_instructions>|# AGENTS\.md instructions)/;

/**
 * One line of a Codex rollout as an entry (calibration/README.md): a `response_item` message's text parts, a call as
 * `<name> <arguments>` (or `<input>`), a call's output; reasoning, events, turn context and metadata hold no text.
 */
function codexEntryOf(line: string): EntryText {
  let record: CodexLine;
  try {
    record = JSON.parse(line) as CodexLine;
  } catch {
    return { text: '', userPrompt: false };
  }
  const payload = record.payload;
  if (record.type !== 'response_item' || !payload || typeof payload !== 'object')
    return { text: '', userPrompt: false };
  switch (payload.type) {
    case 'message': {
      const parts = Array.isArray(payload.content) ? (payload.content as Block[]) : [];
      const text = parts
        .map((part) => (typeof part?.text === 'string' ? part.text : ''))
        .filter((part) => part.length > 0)
        .join('\n');
      return {
        text,
        userPrompt: payload.role === 'user' && text.length > 0 && !CODEX_CONTEXT.test(text.trimStart()),
      };
    }
    case 'function_call':
      return {
        text: `${String(payload.name)} ${typeof payload.arguments === 'string' ? payload.arguments : ''}`,
        userPrompt: false,
      };
    case 'custom_tool_call':
      return {
        text: `${String(payload.name)} ${typeof payload.input === 'string' ? payload.input : ''}`,
        userPrompt: false,
      };
    case 'function_call_output':
    case 'custom_tool_call_output': {
      const output = payload.output as { content?: unknown } | string | undefined;
      const text =
        typeof output === 'string'
          ? output
          : typeof output?.content === 'string'
            ? output.content
            : JSON.stringify(output ?? '');
      return { text, userPrompt: false };
    }
    default:
      return { text: '', userPrompt: false };
  }
}

/**
 * Reads a transcript's entries when the file exists and has the expected sha256; a Codex rollout's lines are read by
 * its own rule, every other format's by the message each line carries.
 */
export async function readTranscriptEntries(
  file: string,
  sha256: string,
  format?: string,
): Promise<TranscriptEntries> {
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch {
    return { unavailable: `transcript ${file} is absent` };
  }
  const actual = createHash('sha256').update(data).digest('hex');
  if (actual !== sha256)
    return {
      unavailable: `transcript ${file} has sha256 ${actual.slice(0, 8)}…, not the labelled ${sha256.slice(0, 8)}…`,
    };
  const lines = data
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0);
  return { entries: lines.map(format === 'codex' ? codexEntryOf : entryOf) };
}

/** The text of entries `from`..`to` (inclusive), user prompts only when asked. */
export function entriesText(
  entries: readonly EntryText[],
  range: { from: number; to: number },
  onlyUserPrompts = false,
): string {
  return entries
    .slice(range.from, range.to + 1)
    .filter((entry) => !onlyUserPrompts || entry.userPrompt)
    .map((entry) => entry.text)
    .filter((text) => text.length > 0)
    .join('\n\n');
}
