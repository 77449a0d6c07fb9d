/** How a Codex CLI rollout is told from its first lines, with or without the envelope. */
import type { FormatDetection } from '../importer.ts';
import { isRecord } from './content.ts';

function looksLikeCodex(records: readonly unknown[]): boolean {
  const first = records[0];
  if (isRecord(first)) {
    if (first.type === 'session_meta') return true;
    const legacyHeader =
      first.type === undefined && typeof first.id === 'string' && typeof first.timestamp === 'string';
    if (legacyHeader && ('instructions' in first || 'git' in first)) return true;
  }
  return records.some(
    (record) =>
      isRecord(record) &&
      (record.record_type === 'state' ||
        (['response_item', 'event_msg', 'turn_context', 'compacted'].includes(record.type as string) &&
          isRecord(record.payload))),
  );
}

/** The Codex CLI rollout format. */
export const codexDetection: FormatDetection = {
  format: 'codex',
  description:
    'Codex CLI rollout JSONL (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl, with or without the envelope)',
  detect: (sample) => looksLikeCodex(sample.records),
};
