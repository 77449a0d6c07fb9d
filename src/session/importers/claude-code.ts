/** Claude Code transcript JSONL (`~/.claude/projects/<project>/<session>.jsonl`). */
import { createHash } from 'node:crypto';
import type { FormatReader, ImportOptions, ImportResult } from '../importer.ts';
import { LineError, readJsonLines } from '../json-lines.ts';
import { emptyStats } from '../types.ts';
import { claudeCodeBranches, type ParentLinks } from './claude-code-branches.ts';
import { conversation, countMessages } from './claude-code-conversation.ts';
import { type Line, lineOf } from './claude-code-lines.ts';
import { promptQueue } from './claude-code-queue.ts';
import { isRecord, timestampOf } from './content.ts';
import { claudeCodeFileTargets } from './file-targets.ts';

/** Record types that are known and carry no conversation (bookkeeping of the app, not of the model). */
const METADATA_TYPES = new Set([
  'summary',
  'custom-title',
  'ai-title',
  'last-prompt',
  'mode',
  'permission-mode',
  'queue-operation',
  'file-history-snapshot',
  'file-history-delta',
  'progress',
  'system',
  'attachment',
  'pr-link',
  'cost-state',
  'tag',
  'agent-name',
  'worktree-state',
  'relocated',
  'fork-context-ref',
]);

async function readClaudeCode(file: string, options: ImportOptions): Promise<ImportResult> {
  const stats = emptyStats();
  const main: Line[] = [];
  const sidechain: Line[] = [];
  const links: ParentLinks = new Map();
  const titles: string[] = [];
  const facts: { sessionId?: string; cwd?: string; version?: string; gitBranch?: string } = {};
  // A line written again under a new uuid (same message, time and blocks) is a copy of the first one.
  const firstByKey = new Map<string, string>();
  const queue = promptQueue();
  await readJsonLines(file, stats, options, (record, line) => {
    if (!isRecord(record) || typeof record.type !== 'string') {
      throw new LineError(file, line, 'type: expected a string naming the record type');
    }
    const type = record.type;
    const parsedLine = lineOf(type, record, file, line);
    if (typeof record.uuid === 'string') {
      const known = links.get(record.uuid);
      if (known) {
        known.rewrittenAt ??= line;
      } else {
        const parent = record.parentUuid ?? record.logicalParentUuid;
        const key = parsedLine ? copyKey(record) : undefined;
        const copyOf = key === undefined ? undefined : firstByKey.get(key);
        if (key !== undefined && copyOf === undefined) firstByKey.set(key, record.uuid);
        links.set(record.uuid, {
          parent: typeof parent === 'string' ? parent : undefined,
          line,
          timestamp: timestampOf(record.timestamp),
          sessionId: typeof record.sessionId === 'string' ? record.sessionId : undefined,
          ...(copyOf === undefined ? {} : { copyOf }),
        });
      }
    }
    if (parsedLine) {
      if (record.isSidechain !== true) queue.deliverInto(parsedLine);
      (record.isSidechain === true ? sidechain : main).push(parsedLine);
      if (parsedLine.value.kind !== 'boundary') {
        for (const key of ['sessionId', 'cwd', 'version', 'gitBranch'] as const) {
          const value = record[key];
          if (facts[key] === undefined && typeof value === 'string') facts[key] = value;
        }
        return;
      }
    }
    if (!METADATA_TYPES.has(type)) {
      stats.unknownLines++;
      return;
    }
    stats.metadataLines++;
    if (type === 'queue-operation') queue.read(record);
    const title = record.summary ?? record.customTitle ?? record.aiTitle;
    if (typeof title === 'string' && (type === 'summary' || type.endsWith('-title'))) titles.push(title);
  });
  const hasMain = main.some((line) => line.value.kind === 'user' || line.value.kind === 'assistant');
  // A subagent's own file (`subagents/agent-*.jsonl`) is all sidechain: then that is the conversation.
  const lines = hasMain || sidechain.length === 0 ? main : sidechain;
  if (hasMain) stats.sidechainMessages = countMessages(sidechain);
  const { branches, active, bridges, resumes, merges } = claudeCodeBranches(lines, links);
  const tree = {
    branches: branches.map((branch) => ({ ...conversation(branch), leafLine: branch.leafLine })),
    active,
    bridges,
  };
  const apiErrors = lines.filter((line) => line.value.kind === 'assistant' && line.value.apiError).length;
  const metadata: Record<string, unknown> = {};
  if (facts.gitBranch) metadata.gitBranch = facts.gitBranch;
  if (titles.length > 0) metadata.titles = titles;
  if (apiErrors > 0) metadata.apiErrors = apiErrors;
  if (resumes.length > 0) metadata.resumedCopies = resumes;
  if (!hasMain && sidechain.length > 0) metadata.subagentTranscript = true;
  return {
    formatVersion: facts.version,
    id: facts.sessionId,
    cwd: facts.cwd,
    ...(tree.branches[active] ?? { messages: [], sources: [], compactions: [] }),
    metadata,
    stats,
    tree,
    ...(merges.length > 0 ? { merges } : {}),
  };
}

/**
 * What makes a user or assistant line the same line written again: a resumed session re-writes the chain it
 * loaded under new uuids with the same message ids and timestamps. An assistant line is its message id, time
 * and the identity of its blocks (tool calls by id); a user line its time and the calls its results answer, or
 * its text. Content is not compared whole: a copy may carry the same blocks re-serialized.
 */
function copyKey(record: Record<string, unknown>): string | undefined {
  if ((record.type !== 'user' && record.type !== 'assistant') || !isRecord(record.message)) return undefined;
  if (typeof record.timestamp !== 'string') return undefined;
  const content = record.message.content;
  const blocks = Array.isArray(content) ? content : [content];
  const identity = blocks.map((block) => {
    if (!isRecord(block)) return digest(JSON.stringify(block) ?? '');
    if (block.type === 'tool_use' && typeof block.id === 'string') return `call:${block.id}`;
    if (block.type === 'tool_result' && typeof block.tool_use_id === 'string')
      return `result:${block.tool_use_id}`;
    return digest(JSON.stringify(block));
  });
  const id = record.type === 'assistant' && typeof record.message.id === 'string' ? record.message.id : '';
  return `${record.type}\u0000${id}\u0000${record.timestamp}\u0000${identity.join(',')}`;
}

function digest(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** The Claude Code transcript reader. */
export const claudeCodeReader: FormatReader = { read: readClaudeCode, fileTargets: claudeCodeFileTargets };
