/**
 * OpenCode sessions: `opencode export <session>` (`{info, messages: [{info, parts}]}`) and OpenCode's JSON
 * storage, read from a session's file (`~/.local/share/opencode/storage/session/<project>/<session>.json`, its
 * messages in `storage/message/<session>/*.json`, their parts in `storage/part/<message>/*.json`, each folder in
 * id order, which is creation order). A message is its parts: text, reasoning, tool calls with their state
 * (input, output or error), files; an assistant message runs one model step after another (`step-start` …
 * `step-finish`), each one canonical assistant turn. A compaction is a user message holding a `compaction` part
 * answered by an assistant message marked `summary`: its text is the recorded summary, and neither is a turn.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { FormatReader, ImportOptions, ImportResult } from '../importer.ts';
import { LineError } from '../json-lines.ts';
import { textHead } from '../source-file.ts';
import type { AssistantMessage, Message, MessageSource, AgentCompaction, UserMessage } from '../types.ts';
import { emptyStats } from '../types.ts';
import { isRecord, textBlock, timestampOf } from './content.ts';
import { opencodeFileTargets } from './file-targets.ts';
import { readMessagesDocument } from './json-document.ts';
import { isSessionFile } from './opencode-detection.ts';

type Json = Record<string, unknown>;
/** One message as OpenCode stores it: its info and its parts in order. */
type StoredMessage = { info: Json; parts: Json[]; line: number };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The summary a compaction's assistant message holds: its text parts. */
function summaryText(parts: readonly Json[]): string {
  return parts
    .flatMap((part) => (part.type === 'text' && typeof part.text === 'string' ? [part.text.trim()] : []))
    .filter((part) => part !== '')
    .join('\n\n');
}

/** The context size an assistant message reports (its tokens), if it does. */
function contextTokens(info: Json): number | undefined {
  const tokens = info.tokens;
  if (!isRecord(tokens)) return undefined;
  if (typeof tokens.total === 'number' && tokens.total > 0) return tokens.total;
  const cache = isRecord(tokens.cache) ? tokens.cache : {};
  const sum = [tokens.input, tokens.output, cache.read, cache.write].reduce<number>(
    (total, value) => total + (typeof value === 'number' ? value : 0),
    0,
  );
  return sum > 0 ? sum : undefined;
}

/** The canonical conversation of OpenCode's messages, in order. */
export function opencodeConversation(stored: readonly StoredMessage[]): {
  messages: Message[];
  sources: MessageSource[];
  compactions: AgentCompaction[];
} {
  const messages: Message[] = [];
  const sources: MessageSource[] = [];
  const compactions: AgentCompaction[] = [];
  const push = (message: Message, line: number) => {
    messages.push(message);
    sources.push({ line });
  };
  const compactionRequests = new Set(
    stored.flatMap((message) =>
      message.info.role === 'user' && message.parts.some((part) => part.type === 'compaction')
        ? [text(message.info.id)]
        : [],
    ),
  );
  const firstOfMessage = new Map<string, number>();
  let lastContext: number | undefined;
  for (const { info, parts, line } of stored) {
    const timestamp = isRecord(info.time) ? timestampOf(info.time.created) : undefined;
    firstOfMessage.set(text(info.id), messages.length);
    if (info.role === 'user') {
      if (compactionRequests.has(text(info.id))) continue;
      const blocks = parts.flatMap((part) => {
        if (part.type === 'text' && typeof part.text === 'string' && part.ignored !== true) return [part];
        if (part.type === 'file')
          return [{ ...part, text: `[file: ${text(part.filename) || text(part.url)}]` }];
        return [];
      });
      if (blocks.length === 0) continue;
      const message: UserMessage = {
        role: 'user',
        content: blocks.map((part) => text(part.text)).join('\n'),
      };
      // Text OpenCode wrote itself (a file's contents, a tool run for the user) is context, not a prompt.
      if (blocks.every((part) => part.synthetic === true)) message.context = 'meta';
      if (timestamp !== undefined) message.timestamp = timestamp;
      push(message, line);
      continue;
    }
    if (info.role !== 'assistant') continue;
    if (info.summary === true && compactionRequests.has(text(info.parentID))) {
      const compaction: AgentCompaction = { summary: summaryText(parts), messageIndex: messages.length };
      if (lastContext !== undefined) compaction.tokensBefore = lastContext;
      const request = stored.find((message) => text(message.info.id) === text(info.parentID));
      const part = request?.parts.find((candidate) => candidate.type === 'compaction');
      const tail = text(part?.tail_start_id ?? part?.tailStartID);
      const kept = tail === '' ? undefined : firstOfMessage.get(tail);
      if (kept !== undefined) compaction.firstKeptMessageIndex = kept;
      compactions.push(compaction);
      continue;
    }
    lastContext = contextTokens(info) ?? lastContext;
    assistantSteps(info, parts, line, timestamp, push);
  }
  return { messages, sources, compactions };
}

/** The turns of one assistant message: one per model step, each followed by its tool results. */
function assistantSteps(
  info: Json,
  parts: readonly Json[],
  line: number,
  timestamp: number | undefined,
  push: (message: Message, line: number) => void,
): void {
  let turn: AssistantMessage | undefined;
  let results: Message[] = [];
  const model = text(info.modelID) || (isRecord(info.model) ? text(info.model.modelID) : '');
  const flush = () => {
    if (turn && turn.content.length > 0) {
      push(turn, line);
      for (const result of results) push(result, line);
    }
    turn = undefined;
    results = [];
  };
  const open = () => {
    turn ??= {
      role: 'assistant',
      content: [],
      ...(model ? { model } : {}),
      ...(timestamp === undefined ? {} : { timestamp }),
    };
    return turn;
  };
  for (const part of parts) {
    switch (part.type) {
      case 'step-start':
        flush();
        break;
      case 'text':
        if (text(part.text) !== '' && part.synthetic !== true)
          open().content.push(textBlock(text(part.text)));
        break;
      case 'reasoning':
        if (text(part.text) !== '') open().content.push({ type: 'thinking', thinking: text(part.text) });
        break;
      case 'tool': {
        const state = isRecord(part.state) ? part.state : {};
        const id = text(part.callID) || text(part.id);
        const name = text(part.tool) || 'unknown';
        open().content.push({
          type: 'toolCall',
          id,
          name,
          arguments: isRecord(state.input) ? state.input : {},
        });
        if (state.status === 'completed' || state.status === 'error') {
          const output = state.status === 'error' ? text(state.error) : text(state.output);
          // A command that exited non-zero is a completed call whose metadata holds the exit code.
          const exit = isRecord(state.metadata) ? state.metadata.exit : undefined;
          results.push({
            role: 'toolResult',
            toolCallId: id,
            toolName: name,
            content: [textBlock(output)],
            isError: state.status === 'error' || (typeof exit === 'number' && exit !== 0),
            ...(timestamp === undefined ? {} : { timestamp }),
          });
        }
        break;
      }
      case 'step-finish': {
        const tokens = isRecord(part.tokens) ? part.tokens : undefined;
        if (turn && tokens && typeof tokens.input === 'number') {
          const cache = isRecord(tokens.cache) ? tokens.cache : {};
          turn.usage = {
            input: tokens.input,
            output: typeof tokens.output === 'number' ? tokens.output : 0,
            ...(typeof cache.read === 'number' ? { cacheRead: cache.read } : {}),
            ...(typeof cache.write === 'number' ? { cacheWrite: cache.write } : {}),
          };
        }
        break;
      }
    }
  }
  flush();
}

function sessionReference(info: unknown): Pick<ImportResult, 'id' | 'cwd' | 'formatVersion' | 'metadata'> {
  if (!isRecord(info)) return { metadata: {} };
  const metadata: Record<string, unknown> = {};
  if (typeof info.title === 'string') metadata.title = info.title;
  if (typeof info.projectID === 'string') metadata.projectID = info.projectID;
  if (typeof info.parentID === 'string') metadata.parentSession = info.parentID;
  return {
    id: typeof info.id === 'string' ? info.id : undefined,
    cwd: typeof info.directory === 'string' ? info.directory : undefined,
    formatVersion: typeof info.version === 'string' ? info.version : undefined,
    metadata,
  };
}

/** Reads `opencode export`: each element of `messages` is `{info, parts}`; its source line is its position. */
async function readExport(file: string, options: ImportOptions): Promise<ImportResult> {
  const stats = emptyStats();
  const stored: StoredMessage[] = [];
  const outline = await readMessagesDocument(
    file,
    stats,
    options,
    ({ record, at, source }) => {
      if (!isRecord(record.info) || !Array.isArray(record.parts)) {
        throw new LineError(at.file, at.line, `${at.path}: expected {info, parts}`);
      }
      stored.push({ info: record.info, parts: record.parts.filter(isRecord), line: source.line });
    },
    { requireRole: false },
  );
  const facts = sessionReference(outline.fields.info);
  return {
    ...facts,
    ...opencodeConversation(stored),
    metadata: { ...facts.metadata, layout: 'export' },
    stats,
  };
}

/** The JSON files of a storage folder, in name (id) order; none when the folder is absent. */
async function storedFiles(directory: string): Promise<string[]> {
  const names = await readdir(directory).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(directory, name));
}

async function readJson(file: string): Promise<Json> {
  const value: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!isRecord(value)) throw new LineError(file, 1, 'expected a JSON object');
  return value;
}

/** Reads a session from OpenCode's storage, starting at its session file. */
async function readStorage(file: string, options: ImportOptions): Promise<ImportResult> {
  const stats = emptyStats();
  const info = await readJson(file);
  const id = typeof info.id === 'string' ? info.id : basename(file, '.json');
  // storage/session/<project>/<session>.json → storage/
  const storage = dirname(dirname(dirname(file)));
  const stored: StoredMessage[] = [];
  for (const messageFile of await storedFiles(join(storage, 'message', id))) {
    stats.lines++;
    try {
      const message = await readJson(messageFile).catch((error: unknown) => {
        throw error instanceof LineError
          ? error
          : new LineError(messageFile, 1, `not valid JSON (${(error as Error).message})`);
      });
      const parts: Json[] = [];
      for (const partFile of await storedFiles(join(storage, 'part', text(message.id))))
        parts.push(await readJson(partFile));
      stored.push({ info: message, parts, line: stored.length + 1 });
    } catch (error) {
      if (!(error instanceof LineError) || !options.skipInvalid) throw error;
      stats.skipped.push({ line: error.line, reason: `${messageFile}: ${error.reason}` });
    }
  }
  const facts = sessionReference(info);
  return {
    ...facts,
    ...opencodeConversation(stored),
    metadata: { ...facts.metadata, layout: 'storage' },
    stats,
  };
}

async function readOpencode(file: string, options: ImportOptions): Promise<ImportResult> {
  const head = await textHead(file);
  return isSessionFile(head) ? readStorage(file, options) : readExport(file, options);
}

/** The OpenCode reader. */
export const opencodeReader: FormatReader = { read: readOpencode, fileTargets: opencodeFileTargets };
