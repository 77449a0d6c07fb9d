/**
 * Gemini CLI. Its saved chats (`~/.gemini/tmp/<project>/chats/session-*.json`: one object `{sessionId,
 * projectHash, startTime, lastUpdated, messages}`; newer ones `session-*.jsonl`: that header, then one message
 * record a line, a record written again under its `id` replacing it, `{"$rewindTo": id}` cutting the history back,
 * `{"$set": {…}}` updating the header) and its API histories (`/chat save` checkpoints
 * `checkpoint-<tag>.json` and `/chat share x.json`: `[{role, parts}]` or `{history: […]}`). A compression
 * replaces the history by a `<state_snapshot>` user turn, the model's acknowledgement and the turns it kept: in a
 * history that turn is the recorded compaction; in a JSONL chat the `$set` that rewrites the messages with it is.
 */
import type { FormatReader, ImportOptions, ImportResult } from '../importer.ts';
import { LineError, readJsonLines } from '../json-lines.ts';
import { textHead } from '../source-file.ts';
import type { AssistantMessage, Message, MessageSource, AgentCompaction, UserMessage } from '../types.ts';
import { contentText, emptyStats } from '../types.ts';
import { isRecord, textBlock, timestampOf } from './content.ts';
import { geminiFileTargets } from './file-targets.ts';
import {
  SNAPSHOT_ACKNOWLEDGEMENT,
  STATE_SNAPSHOT,
  geminiContextKind,
  modelParts,
  partsOf,
  partsText,
  userParts,
} from './gemini-content.ts';
import { HISTORY_KEYS, isHistory } from './gemini-cli-detection.ts';
import { readMessagesDocument } from './json-document.ts';

/** The conversation being built, message by message. */
type Builder = { messages: Message[]; sources: MessageSource[]; compactions: AgentCompaction[] };

const push = (builder: Builder, message: Message, line: number) => {
  builder.messages.push(message);
  builder.sources.push({ line });
};

/** A user message of the given text, flagged as context when Gemini CLI wrote it. */
function userMessage(content: UserMessage['content'], timestamp: number | undefined): UserMessage {
  const message: UserMessage = { role: 'user', content };
  const context = geminiContextKind(contentText(content));
  if (context) message.context = context;
  if (timestamp !== undefined) message.timestamp = timestamp;
  return message;
}

/** The messages of one saved-chat message record: a user turn, or a model turn with its calls and their results. */
function recordMessages(builder: Builder, record: Record<string, unknown>, line: number): void {
  const timestamp = timestampOf(record.timestamp);
  if (record.type === 'user') {
    const { blocks } = userParts(partsOf(record.content));
    if (blocks.length === 0) return;
    const only = blocks[0];
    push(
      builder,
      userMessage(blocks.length === 1 && only?.type === 'text' ? only.text : blocks, timestamp),
      line,
    );
    return;
  }
  if (record.type !== 'gemini') return;
  const content: AssistantMessage['content'] = [];
  for (const thought of Array.isArray(record.thoughts) ? record.thoughts : []) {
    if (!isRecord(thought)) continue;
    const text = [thought.subject, thought.description]
      .filter((part) => typeof part === 'string' && part)
      .join(': ');
    if (text) content.push({ type: 'thinking', thinking: text });
  }
  const text = partsText(partsOf(record.content));
  if (text) content.push(textBlock(text));
  const calls = (Array.isArray(record.toolCalls) ? record.toolCalls : []).filter(isRecord);
  calls.forEach((call, index) => {
    content.push({
      type: 'toolCall',
      id: typeof call.id === 'string' ? call.id : `${String(record.id)}_${index}`,
      name: typeof call.name === 'string' ? call.name : 'unknown',
      arguments: isRecord(call.args) ? call.args : {},
    });
  });
  if (content.length === 0) return;
  const message: AssistantMessage = { role: 'assistant', content };
  if (typeof record.model === 'string') message.model = record.model;
  if (isRecord(record.tokens) && typeof record.tokens.input === 'number') {
    const cached = typeof record.tokens.cached === 'number' ? record.tokens.cached : 0;
    const output = typeof record.tokens.output === 'number' ? record.tokens.output : 0;
    message.usage = { input: record.tokens.input - cached, output, cacheRead: cached };
  }
  if (timestamp !== undefined) message.timestamp = timestamp;
  push(builder, message, line);
  const ids = content.flatMap((block) => (block.type === 'toolCall' ? [block] : []));
  calls.forEach((call, index) => {
    const { responses } = userParts(partsOf(call.result));
    const response = responses[0];
    const display = typeof call.resultDisplay === 'string' ? call.resultDisplay : '';
    const failed = call.status === 'error' || call.status === 'cancelled';
    push(
      builder,
      {
        role: 'toolResult',
        toolCallId: ids[index]!.id,
        toolName: ids[index]!.name,
        content: [textBlock(response?.text ?? display)],
        isError: failed || response?.isError === true,
        ...(timestampOf(call.timestamp) === undefined ? {} : { timestamp: timestampOf(call.timestamp) }),
      },
      line,
    );
  });
}

/** A chat's messages as they stand, by id: a record written again replaces the first in its place. */
type Entry = { record: Record<string, unknown>; line: number };

/** Reads a saved chat written as JSONL (or a one-line object): updates, rewinds and compressions applied. */
async function readChatLines(file: string, options: ImportOptions): Promise<ImportResult> {
  const stats = emptyStats();
  const entries: Entry[] = [];
  const positions = new Map<string, number>();
  // A compression: where it happened (entries before it) and the first entry it kept.
  const compressions: Array<{ at: number; summary: string; firstKept: string | undefined }> = [];
  const header: Record<string, unknown> = {};
  const add = (record: Record<string, unknown>, line: number) => {
    const id = record.id as string;
    const known = positions.get(id);
    if (known !== undefined) entries[known] = { record, line: entries[known]!.line };
    else {
      positions.set(id, entries.length);
      entries.push({ record, line });
    }
  };
  await readJsonLines(file, stats, options, (record, line) => {
    if (!isRecord(record)) throw new LineError(file, line, 'expected a JSON object');
    if (typeof record.$rewindTo === 'string') {
      const at = positions.get(record.$rewindTo) ?? 0;
      for (const removed of entries.splice(at)) positions.delete(removed.record.id as string);
      stats.metadataLines++;
      return;
    }
    if (isRecord(record.$set)) {
      stats.metadataLines++;
      const { messages: rewritten, ...rest } = record.$set;
      Object.assign(header, rest);
      if (Array.isArray(rewritten)) {
        const snapshot = rewritten.find(
          (message) =>
            isRecord(message) &&
            message.type === 'user' &&
            partsText(partsOf(message.content)).trimStart().startsWith(STATE_SNAPSHOT),
        );
        if (isRecord(snapshot)) {
          const kept = rewritten.find((message) => isRecord(message) && positions.has(message.id as string));
          compressions.push({
            at: entries.length,
            summary: partsText(partsOf(snapshot.content)),
            firstKept: isRecord(kept) ? (kept.id as string) : undefined,
          });
        }
      }
      return;
    }
    if (typeof record.id === 'string') {
      add(record, line);
      return;
    }
    if (typeof record.sessionId === 'string') {
      // The header, or a whole chat written on one line.
      const { messages, ...rest } = record;
      Object.assign(header, rest);
      stats.metadataLines++;
      for (const message of Array.isArray(messages) ? messages : [])
        if (isRecord(message) && typeof message.id === 'string') add(message, line);
      return;
    }
    stats.unknownLines++;
  });
  const builder: Builder = { messages: [], sources: [], compactions: [] };
  const firstMessage = new Map<string, number>();
  const messageAt: number[] = [];
  for (const { record, line } of entries) {
    messageAt.push(builder.messages.length);
    firstMessage.set(record.id as string, builder.messages.length);
    if (record.type === 'user' || record.type === 'gemini') recordMessages(builder, record, line);
    else stats.metadataLines++;
  }
  messageAt.push(builder.messages.length);
  for (const compression of compressions) {
    const compaction: AgentCompaction = {
      summary: compression.summary,
      messageIndex: messageAt[Math.min(compression.at, entries.length)]!,
    };
    const kept = compression.firstKept === undefined ? undefined : firstMessage.get(compression.firstKept);
    if (kept !== undefined) compaction.firstKeptMessageIndex = kept;
    builder.compactions.push(compaction);
  }
  return chatResult(builder, header, stats, 'session-jsonl');
}

function chatResult(
  builder: Builder,
  header: Record<string, unknown>,
  stats: ImportResult['stats'],
  layout: string,
): ImportResult {
  const metadata: Record<string, unknown> = { layout };
  if (typeof header.projectHash === 'string') metadata.projectHash = header.projectHash;
  if (typeof header.summary === 'string') metadata.summary = header.summary;
  if (header.kind === 'subagent') metadata.subagent = true;
  const models = [
    ...new Set(
      builder.messages.flatMap((message) =>
        message.role === 'assistant' && message.model ? [message.model] : [],
      ),
    ),
  ];
  if (models.length > 0) metadata.models = models;
  // Gemini CLI records no working directory but in the environment it tells the model.
  const environment = builder.messages.find(
    (message) => message.role === 'user' && message.context === 'environment',
  );
  const cwd =
    environment?.role === 'user'
      ? /I'm currently working in the directory: (.+)/.exec(contentText(environment.content))?.[1]?.trim()
      : undefined;
  return {
    id: typeof header.sessionId === 'string' ? header.sessionId : undefined,
    ...(cwd ? { cwd } : {}),
    ...builder,
    metadata,
    stats,
  };
}

/** Reads an API history (`[{role, parts}]` or `{history}`): function responses paired with their calls. */
function historyMessages(
  builder: Builder,
  content: Record<string, unknown>,
  line: number,
  state: { skipAcknowledgement: boolean; turn: number },
): void {
  const parts = partsOf(content.parts);
  state.turn++;
  if (content.role === 'model') {
    const blocks = modelParts(parts, `call_${state.turn}`);
    if (state.skipAcknowledgement && partsText(parts).trim() === SNAPSHOT_ACKNOWLEDGEMENT) {
      state.skipAcknowledgement = false;
      return;
    }
    state.skipAcknowledgement = false;
    if (blocks.length > 0) push(builder, { role: 'assistant', content: blocks }, line);
    return;
  }
  const { blocks, responses } = userParts(parts);
  const text = blocks.map((block) => (block.type === 'text' ? block.text : '')).join('');
  if (text.trimStart().startsWith(STATE_SNAPSHOT)) {
    // The compression's summary: recorded, not a turn; what follows is what it kept.
    builder.compactions.push({
      summary: text,
      messageIndex: builder.messages.length,
      firstKeptMessageIndex: builder.messages.length,
    });
    state.skipAcknowledgement = true;
    return;
  }
  const unanswered = builder.messages.flatMap((message) =>
    message.role === 'assistant'
      ? message.content.flatMap((block) => (block.type === 'toolCall' ? [block] : []))
      : [],
  );
  const answered = new Set(
    builder.messages.flatMap((message) => (message.role === 'toolResult' ? [message.toolCallId] : [])),
  );
  for (const response of responses) {
    // A response names its call's id; an older history only its name: the latest such call not yet answered.
    const call =
      unanswered.find((candidate) => candidate.id === response.id) ??
      unanswered.findLast((candidate) => candidate.name === response.name && !answered.has(candidate.id));
    const id = call?.id ?? response.id ?? `${response.name}_${state.turn}`;
    answered.add(id);
    push(
      builder,
      {
        role: 'toolResult',
        toolCallId: id,
        toolName: response.name,
        content: [textBlock(response.text)],
        isError: response.isError,
      },
      line,
    );
  }
  if (blocks.length > 0) {
    const only = blocks[0];
    push(
      builder,
      userMessage(blocks.length === 1 && only?.type === 'text' ? only.text : blocks, undefined),
      line,
    );
  }
}

const MESSAGES_KEYS: ReadonlySet<string> = new Set(['messages']);

/** Reads a JSON document: a saved chat object or an API history. */
async function readDocument(file: string, options: ImportOptions, head: string): Promise<ImportResult> {
  const stats = emptyStats();
  const builder: Builder = { messages: [], sources: [], compactions: [] };
  const history = isHistory(head);
  const state = { skipAcknowledgement: false, turn: 0 };
  const outline = await readMessagesDocument(
    file,
    stats,
    options,
    ({ record, source }) => {
      if (history) historyMessages(builder, record, source.line, state);
      else if (record.type === 'user' || record.type === 'gemini')
        recordMessages(builder, record, source.line);
      // `info`, `error` and `warning` records are what the app showed, not conversation.
      else stats.metadataLines++;
    },
    {
      arrayKeys: history && !head.trimStart().startsWith('[') ? HISTORY_KEYS : MESSAGES_KEYS,
      requireRole: false,
    },
  );
  return chatResult(builder, outline.fields, stats, history ? 'history' : 'session-json');
}

async function readGemini(file: string, options: ImportOptions): Promise<ImportResult> {
  const head = await textHead(file);
  const firstLine = head.split('\n').find((line) => line.trim() !== '') ?? '';
  let lines = false;
  try {
    lines = isRecord(JSON.parse(firstLine));
  } catch {
    // A pretty-printed document: its first line is not a whole value.
  }
  return lines ? readChatLines(file, options) : readDocument(file, options, head);
}

/** The Gemini CLI reader. */
export const geminiCliReader: FormatReader = { read: readGemini, fileTargets: geminiFileTargets };
