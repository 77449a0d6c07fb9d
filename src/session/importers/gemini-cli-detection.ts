/** How a Gemini CLI saved chat or API history is told from its start. */
import type { FormatDetection } from '../importer.ts';
import { isRecord } from './content.ts';
import { sampleMessagesDocument } from './json-document.ts';

/** The key of an API history's array in its object form (`{history: […]}`). */
export const HISTORY_KEYS: ReadonlySet<string> = new Set(['history']);

/** Whether the start of a document is an API history (`[{role: 'user'|'model', parts}]` or `{history}`). */
export function isHistory(head: string): boolean {
  const sample = head.trimStart().startsWith('[')
    ? sampleMessagesDocument(head)
    : sampleMessagesDocument(head, HISTORY_KEYS);
  const first = sample?.messages.find(isRecord);
  return (
    first !== undefined && (first.role === 'user' || first.role === 'model') && Array.isArray(first.parts)
  );
}

/** Whether the start of a document is a saved chat object (`{sessionId, projectHash, …, messages}`). */
function isChatObject(head: string): boolean {
  const sample = sampleMessagesDocument(head);
  if (!sample || sample.shape !== 'object') return false;
  return typeof sample.fields.sessionId === 'string' && typeof sample.fields.projectHash === 'string';
}

/** Whether the first lines are a JSONL saved chat: its header, or its update and rewind records. */
function isChatLines(records: readonly unknown[]): boolean {
  const first = records[0];
  if (!isRecord(first)) return false;
  if (typeof first.sessionId === 'string' && typeof first.projectHash === 'string') return true;
  return records.some(
    (record) => isRecord(record) && (typeof record.$rewindTo === 'string' || isRecord(record.$set)),
  );
}

/** The Gemini CLI format: a saved chat (JSON or JSONL) or an API history. */
export const geminiCliDetection: FormatDetection = {
  format: 'gemini-cli',
  description:
    'Gemini CLI saved chat (~/.gemini/tmp/<project>/chats/session-*.json or .jsonl) or API history (/chat save checkpoint-<tag>.json, /chat share *.json)',
  detect: (sample) => isChatLines(sample.records) || isChatObject(sample.head) || isHistory(sample.head),
};
