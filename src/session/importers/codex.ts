/**
 * Codex CLI rollout JSONL (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`). Current rollouts wrap each
 * line as `{timestamp, type, payload}`; rollouts from before mid-2025 have no envelope (a bare
 * `{id, timestamp, instructions, git}` header, `{"record_type":"state"}` lines and bare items), and
 * the newest may write an item's fields at the top level. All three are read the same way.
 */
import type { FormatReader, ImportOptions, ImportResult } from '../importer.ts';
import { LineError, readJsonLines } from '../json-lines.ts';
import { emptyStats } from '../types.ts';
import { cwdFromContext } from './codex-content.ts';
import { ITEM_TYPES, RolloutReader } from './codex-rollout.ts';
import { isRecord, timestampOf } from './content.ts';
import { codexFileTargets } from './file-targets.ts';
import { childAt, type Location } from './parse-at.ts';

async function readCodex(file: string, options: ImportOptions): Promise<ImportResult> {
  const stats = emptyStats();
  const reader = new RolloutReader(stats);
  let first = true;
  let legacy = false;
  await readJsonLines(file, stats, options, (record, line) => {
    const isFirst = first;
    first = false;
    if (!isRecord(record)) throw new LineError(file, line, 'expected a JSON object');
    const at: Location = { file, line, path: '' };
    if (isFirst && record.type === undefined && typeof record.id === 'string') {
      // The header of a rollout from before the envelope: {id, timestamp, instructions, git}.
      legacy = true;
      reader.sessionMeta(record, at);
      return;
    }
    if (record.record_type !== undefined) {
      stats.metadataLines++;
      return;
    }
    if (typeof record.type !== 'string') {
      throw new LineError(file, line, 'type: expected a string naming the record type');
    }
    const timestamp = timestampOf(record.timestamp);
    const wrapped = isRecord(record.payload);
    const payload = wrapped ? record.payload : record;
    const payloadAt = wrapped ? childAt(at, 'payload') : at;
    switch (record.type) {
      case 'session_meta':
        reader.sessionMeta(payload, payloadAt);
        return;
      case 'turn_context':
        reader.turnContext(payload, payloadAt);
        return;
      case 'response_item':
        reader.item(payload, payloadAt, timestamp);
        return;
      case 'compacted':
        reader.compacted(payload, payloadAt);
        return;
      case 'world_state':
        reader.worldState(payload);
        return;
      case 'event_msg':
        reader.event(payload, payloadAt, timestamp);
        return;
    }
    if (ITEM_TYPES.has(record.type)) reader.item(record, at, timestamp);
    else stats.unknownLines++;
  });
  const fromEvents = reader.messages.length === 0 && reader.eventMessages.length > 0;
  const messages = fromEvents ? reader.eventMessages : reader.messages;
  const sources = fromEvents ? reader.eventSources : reader.sources;
  const metadata: Record<string, unknown> = { ...reader.metadata, layout: legacy ? 'legacy' : 'envelope' };
  if (fromEvents) metadata.conversationFromEvents = true;
  return {
    formatVersion: reader.version,
    id: reader.id,
    cwd: reader.cwd ?? cwdFromContext(messages),
    messages,
    sources,
    compactions: reader.compactions,
    metadata,
    stats,
  };
}

/** The Codex CLI rollout reader. */
export const codexReader: FormatReader = { read: readCodex, fileTargets: codexFileTargets };
