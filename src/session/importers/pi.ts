/** pi coding agent session JSONL (the native fixture format). */
import { z } from 'zod';
import { stringArgument } from '../file-operations.ts';
import type { Importer, ImportOptions, ImportResult } from '../importer.ts';
import { LineError, parseLine, readJsonLines } from '../json-lines.ts';
import type { Message, RecordedCompaction } from '../types.ts';
import { emptyStats } from '../types.ts';

const textBlock = z.object({ type: z.literal('text'), text: z.string() });
const imageBlock = z.object({ type: z.literal('image'), mimeType: z.string(), data: z.string().optional() });
const thinkingBlock = z.object({ type: z.literal('thinking'), thinking: z.string() });
const toolCallBlock = z.object({
  type: z.literal('toolCall'),
  id: z.string(),
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
});
const usage = z.object({
  input: z.number(),
  output: z.number(),
  cacheRead: z.number().optional(),
  cacheWrite: z.number().optional(),
});

/** Schema of a pi message (`message` field of a message entry). */
export const piMessageSchema = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('user'),
    content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textBlock, imageBlock]))]),
    timestamp: z.number().optional(),
  }),
  z.object({
    role: z.literal('assistant'),
    content: z.array(z.discriminatedUnion('type', [textBlock, thinkingBlock, toolCallBlock])),
    usage: usage.optional(),
    model: z.string().optional(),
    stopReason: z.string().optional(),
    timestamp: z.number().optional(),
  }),
  z.object({
    role: z.literal('toolResult'),
    toolCallId: z.string(),
    toolName: z.string(),
    content: z.array(z.discriminatedUnion('type', [textBlock, imageBlock])),
    isError: z.boolean(),
    timestamp: z.number().optional(),
  }),
  z.object({
    role: z.literal('bashExecution'),
    command: z.string(),
    output: z.string(),
    exitCode: z.number().nullish(),
    cancelled: z.boolean().optional(),
    timestamp: z.number().optional(),
  }),
]);

const header = z.object({
  type: z.literal('session'),
  version: z.number().int().optional(),
  id: z.string().optional(),
  timestamp: z.string().optional(),
  cwd: z.string().optional(),
});

const entryBase = {
  id: z.string().optional(),
  parentId: z.string().nullish(),
  timestamp: z.string().optional(),
};
const messageEntry = z.object({ ...entryBase, type: z.literal('message'), message: piMessageSchema });
const compactionEntry = z.object({
  ...entryBase,
  type: z.literal('compaction'),
  summary: z.string(),
  firstKeptEntryId: z.string().optional(),
  firstKeptEntryIndex: z.number().int().optional(),
  tokensBefore: z.number().optional(),
});
const METADATA_TYPES = new Set([
  'model_change',
  'thinking_level_change',
  'label',
  'session_info',
  'custom',
  'custom_message',
  'branch_summary',
]);

type Entry = {
  id: string | undefined;
  parentId: string | null | undefined;
  line: number;
  /** 0-based position among the file's entries (lines after the header). */
  position: number;
  value: z.infer<typeof messageEntry> | z.infer<typeof compactionEntry> | { type: 'metadata'; raw: unknown };
};

/** Maps a pi message into the canonical model; a user-run `bashExecution` becomes a user message. */
export function canonicalPiMessage(message: z.infer<typeof piMessageSchema>): Message {
  if (message.role !== 'bashExecution') return message;
  const exit = message.cancelled ? 'cancelled' : `exit code ${message.exitCode ?? 'unknown'}`;
  return {
    role: 'user',
    content: `[User ran a shell command]\n$ ${message.command}\n${message.output}\n(${exit})`,
    timestamp: message.timestamp,
  };
}

async function readPi(file: string, options: ImportOptions): Promise<ImportResult> {
  const stats = emptyStats();
  const entries: Entry[] = [];
  let sessionHeader: z.infer<typeof header> | undefined;
  const metadata: Record<string, unknown> = { modelChanges: 0, thinkingLevelChanges: 0 };
  await readJsonLines(file, stats, options, (record, line) => {
    if (!sessionHeader) {
      sessionHeader = parseLine(header, record, file, line);
      stats.metadataLines++;
      return;
    }
    const type = (record as { type?: unknown } | null)?.type;
    const position = entries.length;
    if (type === 'message') {
      const entry = parseLine(messageEntry, record, file, line);
      entries.push({ id: entry.id, parentId: entry.parentId, line, position, value: entry });
    } else if (type === 'compaction') {
      const entry = parseLine(compactionEntry, record, file, line);
      entries.push({ id: entry.id, parentId: entry.parentId, line, position, value: entry });
    } else if (typeof type === 'string' && METADATA_TYPES.has(type)) {
      const { id, parentId } = record as { id?: string; parentId?: string | null };
      entries.push({ id, parentId, line, position, value: { type: 'metadata', raw: record } });
      stats.metadataLines++;
      if (type === 'model_change') metadata.modelChanges = (metadata.modelChanges as number) + 1;
      if (type === 'thinking_level_change') {
        metadata.thinkingLevelChanges = (metadata.thinkingLevelChanges as number) + 1;
      }
    } else if (typeof type === 'string') {
      stats.unknownLines++;
    } else {
      throw new LineError(file, line, 'type: expected a string naming the entry type');
    }
  });
  const path = activePath(entries);
  const messages: Message[] = [];
  const compactions: RecordedCompaction[] = [];
  const messageIndexByEntry = new Map<number, number>();
  const pending: Array<{ compaction: RecordedCompaction; firstKept: Entry | undefined }> = [];
  for (const entry of path) {
    const value = entry.value;
    if (value.type === 'message') {
      messageIndexByEntry.set(entry.position, messages.length);
      messages.push(canonicalPiMessage(value.message));
    } else if (value.type === 'compaction') {
      const firstKept =
        value.firstKeptEntryId !== undefined
          ? entries.find((candidate) => candidate.id === value.firstKeptEntryId)
          : value.firstKeptEntryIndex !== undefined
            ? entries[value.firstKeptEntryIndex - 1]
            : undefined;
      const compaction: RecordedCompaction = {
        summary: value.summary,
        messageIndex: messages.length,
        tokensBefore: value.tokensBefore,
      };
      compactions.push(compaction);
      pending.push({ compaction, firstKept });
    }
  }
  for (const { compaction, firstKept } of pending) {
    const index = firstKept ? firstMessageAtOrAfter(firstKept.position, messageIndexByEntry) : undefined;
    if (index !== undefined) compaction.firstKeptMessageIndex = index;
  }
  return {
    formatVersion: sessionHeader?.version ?? 1,
    id: sessionHeader?.id,
    cwd: sessionHeader?.cwd,
    messages,
    compactions,
    metadata,
    stats,
  };
}

function firstMessageAtOrAfter(
  position: number,
  messageIndexByEntry: Map<number, number>,
): number | undefined {
  let best: number | undefined;
  for (const [entryPosition, messageIndex] of messageIndexByEntry) {
    if (entryPosition >= position && (best === undefined || messageIndex < best)) best = messageIndex;
  }
  return best;
}

/**
 * Entries on the path from the root to the last entry: v2/v3 sessions are trees (a user can branch
 * back), and abandoned branches must not be mixed into the conversation. v1 has no ids: all of it.
 */
function activePath(entries: readonly Entry[]): Entry[] {
  const last = entries[entries.length - 1];
  if (!last || last.id === undefined) return [...entries];
  const byId = new Map<string, Entry>();
  for (const entry of entries) if (entry.id !== undefined) byId.set(entry.id, entry);
  const path: Entry[] = [];
  const seen = new Set<string>();
  let current: Entry | undefined = last;
  while (current && current.id !== undefined && !seen.has(current.id)) {
    seen.add(current.id);
    path.push(current);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return path.reverse();
}

/** pi tools: `read`, `write`, `edit` carry a `path`. */
function piFileTargets(call: { name: string; arguments: Record<string, unknown> }) {
  const path = stringArgument(call as never, 'path', 'file_path');
  if (!path) return [];
  if (call.name === 'read') return [{ kind: 'read' as const, path }];
  if (call.name === 'write') return [{ kind: 'write' as const, path }];
  if (call.name === 'edit') return [{ kind: 'edit' as const, path }];
  return [];
}

/** The pi session importer (versions 1–3). */
export const piImporter: Importer = {
  format: 'pi',
  description: 'pi coding agent session JSONL (versions 1-3)',
  detect: (sample) => {
    const first = sample.records[0] as { type?: unknown } | undefined;
    return first?.type === 'session';
  },
  read: readPi,
  fileTargets: piFileTargets,
};
