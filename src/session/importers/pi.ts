/** pi coding agent session JSONL, versions 1-3 (the native fixture format). */
import * as z from 'zod';
import type { FormatReader, ImportOptions, ImportResult } from '../importer.ts';
import { LineError, parseLine, readJsonLines } from '../json-lines.ts';
import type { Message, MessageSource, AgentCompaction } from '../types.ts';
import { emptyStats } from '../types.ts';
import type { ImportedTree } from '../importer.ts';
import { buildTree, type TreeNode } from '../tree.ts';
import { timestampOf, userShellCommandText } from './content.ts';
import { piFileTargets } from './file-targets.ts';
import { parseAt } from './parse-at.ts';

const textBlockSchema = z.object({ type: z.literal('text'), text: z.string() });
const imageBlockSchema = z.object({
  type: z.literal('image'),
  mimeType: z.string(),
  data: z.string().optional(),
});
const thinkingBlockSchema = z.object({ type: z.literal('thinking'), thinking: z.string() });
const toolCallBlockSchema = z.object({
  type: z.literal('toolCall'),
  id: z.string(),
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
});
const usageSchema = z.object({
  input: z.number(),
  output: z.number(),
  cacheRead: z.number().optional(),
  cacheWrite: z.number().optional(),
});
const userContentSchema = z.union([
  z.string(),
  z.array(z.discriminatedUnion('type', [textBlockSchema, imageBlockSchema])),
]);

/** Schema of a pi message (`message` field of a message entry), for the roles this importer knows. */
export const piMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), content: userContentSchema, timestamp: z.number().optional() }),
  z.object({
    role: z.literal('assistant'),
    content: z.array(
      z.discriminatedUnion('type', [textBlockSchema, thinkingBlockSchema, toolCallBlockSchema]),
    ),
    usage: usageSchema.optional(),
    model: z.string().optional(),
    stopReason: z.string().optional(),
    timestamp: z.number().optional(),
  }),
  z.object({
    role: z.literal('toolResult'),
    toolCallId: z.string(),
    toolName: z.string(),
    content: z.array(z.discriminatedUnion('type', [textBlockSchema, imageBlockSchema])),
    isError: z.boolean(),
    timestamp: z.number().optional(),
  }),
  z.object({
    role: z.literal('bashExecution'),
    command: z.string(),
    output: z.string(),
    exitCode: z.number().nullish(),
    cancelled: z.boolean().optional(),
    excludeFromContext: z.boolean().optional(),
    timestamp: z.number().optional(),
  }),
  // Extension-injected messages: `hookMessage` in v2, renamed `custom` in v3. pi sends them as user messages.
  z.object({
    role: z.enum(['custom', 'hookMessage']),
    content: userContentSchema,
    timestamp: z.number().optional(),
  }),
]);
type PiMessage = z.infer<typeof piMessageSchema>;
const KNOWN_ROLES = new Set(['user', 'assistant', 'toolResult', 'bashExecution', 'custom', 'hookMessage']);

const headerSchema = z.object({
  type: z.literal('session'),
  version: z.number().int().optional(),
  id: z.string().optional(),
  timestamp: z.string().optional(),
  cwd: z.string().optional(),
  // Version 1 headers carry the starting model and thinking level; later versions record changes as entries.
  provider: z.string().optional(),
  modelId: z.string().optional(),
  thinkingLevel: z.string().optional(),
  branchedFrom: z.string().optional(),
  parentSession: z.string().optional(),
});

const entryBase = {
  id: z.string().optional(),
  parentId: z.string().nullish(),
  timestamp: z.string().optional(),
};
const messageEntrySchema = z.object({
  ...entryBase,
  type: z.literal('message'),
  message: z.looseObject({ role: z.string() }),
});
const compactionEntrySchema = z.object({
  ...entryBase,
  type: z.literal('compaction'),
  summary: z.string(),
  firstKeptEntryId: z.string().optional(),
  firstKeptEntryIndex: z.number().int().optional(),
  tokensBefore: z.number().optional(),
});
const branchSummaryEntrySchema = z.object({
  ...entryBase,
  type: z.literal('branch_summary'),
  summary: z.string(),
});
const customMessageEntrySchema = z.object({
  ...entryBase,
  type: z.literal('custom_message'),
  content: userContentSchema,
});
/** Entries that configure or annotate the session and never reach the model. */
const METADATA_TYPES = new Set(['model_change', 'thinking_level_change', 'label', 'session_info', 'custom']);

/** What an entry contributes once the active path is known. */
type EntryValue =
  | { type: 'message'; message: Message }
  | { type: 'compaction'; entry: z.infer<typeof compactionEntrySchema> }
  | { type: 'none' };

type Entry = {
  id: string | undefined;
  parentId: string | null | undefined;
  timestamp: number | undefined;
  /** 0-based position among the file's entries (lines after the header). */
  position: number;
  /** 1-based line in the file. */
  line: number;
  value: EntryValue;
};

/**
 * Maps a pi message into the canonical model the way pi itself sends it to a model: a user-run
 * `bashExecution` and an extension's `custom` message become user messages.
 */
export function canonicalPiMessage(message: PiMessage): Message {
  switch (message.role) {
    case 'bashExecution': {
      const status = message.cancelled ? 'cancelled' : `exit code ${message.exitCode ?? 'unknown'}`;
      return {
        role: 'user',
        content: userShellCommandText(message.command, message.output, status),
        timestamp: message.timestamp,
      };
    }
    case 'custom':
    case 'hookMessage':
      return { role: 'user', content: message.content, timestamp: message.timestamp, context: 'extension' };
    default:
      return message;
  }
}

function countIn(metadata: Record<string, unknown>, key: string): void {
  metadata[key] = ((metadata[key] as number | undefined) ?? 0) + 1;
}

async function readPi(file: string, options: ImportOptions): Promise<ImportResult> {
  const keep = options.keep ?? ((message: Message) => message);
  const stats = emptyStats();
  const entries: Entry[] = [];
  let header: z.infer<typeof headerSchema> | undefined;
  const metadata: Record<string, unknown> = { modelChanges: 0, thinkingLevelChanges: 0 };
  await readJsonLines(file, stats, options, (record, line) => {
    const add = (entry: { id?: string; parentId?: string | null; timestamp?: unknown }, value: EntryValue) =>
      entries.push({
        id: entry.id,
        parentId: entry.parentId,
        timestamp: timestampOf(entry.timestamp),
        position: entries.length,
        line,
        value,
      });
    if (!header) {
      header = parseLine(headerSchema, record, file, line);
      stats.metadataLines++;
      return;
    }
    const type = (record as { type?: unknown } | null)?.type;
    if (typeof type !== 'string')
      throw new LineError(file, line, 'type: expected a string naming the entry type');
    switch (type) {
      case 'session':
        return secondSession(record, file, line, options, stats);
      case 'message': {
        const entry = parseLine(messageEntrySchema, record, file, line);
        if (!KNOWN_ROLES.has(entry.message.role)) {
          // A role from a newer pi (or an extension): not conversation this importer can map.
          stats.unknownLines++;
          add(entry, { type: 'none' });
          return;
        }
        const message = parseAt(piMessageSchema, entry.message, { file, line, path: 'message' });
        if (message.role === 'bashExecution' && message.excludeFromContext) {
          // `!!command`: the user kept it out of the model's context, so it is not conversation.
          countIn(metadata, 'excludedBashExecutions');
          stats.metadataLines++;
          add(entry, { type: 'none' });
          return;
        }
        add(entry, { type: 'message', message: keep(canonicalPiMessage(message)) });
        return;
      }
      case 'compaction': {
        const entry = parseLine(compactionEntrySchema, record, file, line);
        stats.metadataLines++;
        add(entry, { type: 'compaction', entry });
        return;
      }
      case 'branch_summary': {
        // pi shows the model a summary of the branch the user came back from, as a user message.
        const entry = parseLine(branchSummaryEntrySchema, record, file, line);
        const content = `[Summary of an abandoned branch]\n${entry.summary}`;
        add(entry, {
          type: 'message',
          message: keep({ role: 'user', content, context: 'branch-summary' }),
        });
        return;
      }
      case 'custom_message': {
        const entry = parseLine(customMessageEntrySchema, record, file, line);
        add(entry, {
          type: 'message',
          message: keep({ role: 'user', content: entry.content, context: 'extension' }),
        });
        return;
      }
      default: {
        add(record as { id?: string; parentId?: string | null; timestamp?: unknown }, { type: 'none' });
        if (!METADATA_TYPES.has(type)) {
          stats.unknownLines++;
          return;
        }
        stats.metadataLines++;
        if (type === 'model_change') countIn(metadata, 'modelChanges');
        if (type === 'thinking_level_change') countIn(metadata, 'thinkingLevelChanges');
        if (type === 'label') countIn(metadata, 'labels');
        const name = (record as { name?: unknown }).name;
        if (type === 'session_info' && typeof name === 'string') metadata.title = name;
      }
    }
  });
  for (const key of ['provider', 'modelId', 'thinkingLevel', 'branchedFrom', 'parentSession'] as const) {
    if (header?.[key] !== undefined) metadata[key] = header[key];
  }
  const tree = branchesOf(entries);
  return {
    formatVersion: header?.version ?? 1,
    id: header?.id,
    cwd: header?.cwd,
    ...(tree?.branches[tree.active] ?? conversation(entries, entries)),
    metadata,
    stats,
    tree,
  };
}

/**
 * The branches of a v2/v3 session, which is a tree: a user can go back to any entry and go on from
 * there. pi appends every entry to the current one, so every leaf ends a branch and the last entry of
 * the file is where the user was. Version 1 has no ids and no tree: undefined.
 */
function branchesOf(entries: readonly Entry[]): ImportedTree | undefined {
  const last = entries[entries.length - 1];
  if (!last || last.id === undefined) return undefined;
  // Most sessions never go back: each entry's parent is the one before it. Then the file is the one branch,
  // and the tree (a node and map entries per line) need not be built.
  if (isChain(entries)) {
    return { branches: [{ ...conversation(entries, entries), leafLine: last.line }], active: 0, bridges: [] };
  }
  const nodes: TreeNode[] = entries.flatMap((entry) =>
    entry.id === undefined
      ? []
      : [
          {
            id: entry.id,
            parent: entry.parentId ?? undefined,
            line: entry.line,
            timestamp: entry.timestamp,
            message: true,
            continues: false,
          },
        ],
  );
  const tree = buildTree(nodes);
  const entryById = new Map(entries.flatMap((entry) => (entry.id === undefined ? [] : [[entry.id, entry]])));
  const branches = tree.leaves.map((leaf) => ({
    ...conversation(
      tree.chain(leaf).map((node) => entryById.get(node.id)!),
      entries,
    ),
    leafLine: leaf.line,
  }));
  // Nothing follows the last entry, so it is a leaf: the one the user was on.
  const active = tree.leaves.findIndex((leaf) => leaf.id === last.id);
  return { branches, active: active >= 0 ? active : branches.length - 1, bridges: tree.bridges };
}

/** Whether every entry has an id of its own and names the entry before it as its parent. */
function isChain(entries: readonly Entry[]): boolean {
  const ids = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    if (entry.id === undefined || ids.has(entry.id)) return false;
    if (index > 0 && entry.parentId !== entries[index - 1]!.id) return false;
    ids.add(entry.id);
  }
  return true;
}

/**
 * A second header: another session was appended to this file (by hand or by a tool). Its entries must
 * not be mixed into the first session's, so the read fails — or, with `--skip-invalid`, stops there.
 */
function secondSession(
  record: unknown,
  file: string,
  line: number,
  options: ImportOptions,
  stats: ImportResult['stats'],
): 'stop' {
  const { id } = parseLine(headerSchema, record, file, line);
  const what = `a second session header${id ? ` (id ${id})` : ''}: this file holds two sessions`;
  if (!options.skipInvalid) {
    throw new LineError(
      file,
      line,
      `${what}; split it before line ${line}, or use --skip-invalid to read only the first`,
    );
  }
  stats.skipped.push({ line, reason: `${what}; the second one (from this line on) is left out` });
  return 'stop';
}

/** The messages and recorded compactions along the active path. */
function conversation(
  path: readonly Entry[],
  entries: readonly Entry[],
): { messages: Message[]; sources: MessageSource[]; compactions: AgentCompaction[] } {
  const messages: Message[] = [];
  const sources: MessageSource[] = [];
  const compactions: AgentCompaction[] = [];
  // The file position of each message's entry, in path order (numbers, not a map: sessions have 100 000s).
  const messagePositions: number[] = [];
  const pending: Array<{ compaction: AgentCompaction; firstKept: Entry | undefined }> = [];
  for (const entry of path) {
    const value = entry.value;
    if (value.type === 'message') {
      messagePositions.push(entry.position);
      messages.push(value.message);
      sources.push({ line: entry.line });
    } else if (value.type === 'compaction') {
      const compaction: AgentCompaction = { summary: value.entry.summary, messageIndex: messages.length };
      if (value.entry.tokensBefore !== undefined) compaction.tokensBefore = value.entry.tokensBefore;
      compactions.push(compaction);
      pending.push({ compaction, firstKept: firstKeptEntry(value.entry, entries) });
    }
  }
  for (const { compaction, firstKept } of pending) {
    const index = firstKept ? messagePositions.findIndex((position) => position >= firstKept.position) : -1;
    if (index >= 0) compaction.firstKeptMessageIndex = index;
  }
  return { messages, sources, compactions };
}

/**
 * The entry a compaction kept from: v2/v3 name it by id; v1 by `firstKeptEntryIndex`, an index into
 * the file's entries counting the header as 0 (pi's own v1→v2 migration reads it that way).
 */
function firstKeptEntry(
  compaction: z.infer<typeof compactionEntrySchema>,
  entries: readonly Entry[],
): Entry | undefined {
  if (compaction.firstKeptEntryId !== undefined) {
    return entries.find((candidate) => candidate.id === compaction.firstKeptEntryId);
  }
  if (compaction.firstKeptEntryIndex !== undefined) return entries[compaction.firstKeptEntryIndex - 1];
  return undefined;
}

/** The pi session reader (versions 1-3). */
export const piReader: FormatReader = { read: readPi, fileTargets: piFileTargets };
