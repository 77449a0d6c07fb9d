/** How a Claude Code transcript is told from its first lines. */
import type { FormatDetection } from '../importer.ts';
import { isRecord } from './content.ts';

function looksLikeClaudeCode(record: unknown): boolean {
  if (!isRecord(record)) return false;
  switch (record.type) {
    case 'user':
    case 'assistant':
      return typeof record.uuid === 'string' && 'parentUuid' in record && isRecord(record.message);
    case 'summary':
      return typeof record.leafUuid === 'string';
    case 'queue-operation':
      return typeof record.operation === 'string' && typeof record.sessionId === 'string';
    case 'file-history-snapshot':
      return typeof record.messageId === 'string';
    default:
      return false;
  }
}

/** The Claude Code transcript format. */
export const claudeCodeDetection: FormatDetection = {
  format: 'claude-code',
  description: 'Claude Code transcript JSONL (~/.claude/projects/<project>/<session>.jsonl)',
  detect: (sample) => sample.records.some(looksLikeClaudeCode),
};
