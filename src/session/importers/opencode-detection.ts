/** How an OpenCode export or a session file of its storage is told from its start. */
import type { FormatDetection } from '../importer.ts';
import { isRecord } from './content.ts';
import { sampleMessagesDocument } from './json-document.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Whether the start of a file is an OpenCode export: `{info: {id: "ses_…"}, messages: [{info, parts}]}`. */
function isExport(head: string): boolean {
  const sample = sampleMessagesDocument(head);
  if (!sample || sample.shape !== 'object' || !isRecord(sample.fields.info)) return false;
  const first = sample.messages.find(isRecord);
  return (
    text(sample.fields.info.id).startsWith('ses_') ||
    (first !== undefined && isRecord(first.info) && Array.isArray(first.parts))
  );
}

/** Whether a file is an OpenCode session file of its storage: `{id: "ses_…", projectID, directory, time}`. */
export function isSessionFile(head: string): boolean {
  try {
    const value: unknown = JSON.parse(head);
    return (
      isRecord(value) &&
      text(value.id).startsWith('ses_') &&
      typeof value.projectID === 'string' &&
      !('messages' in value)
    );
  } catch {
    return false;
  }
}

/** The OpenCode format: an export, or a session file of its storage. */
export const opencodeDetection: FormatDetection = {
  format: 'opencode',
  description:
    'OpenCode session: opencode export JSON, or a session file of its storage (~/.local/share/opencode/storage/session/<project>/<session>.json)',
  detect: (sample) => isExport(sample.head) || isSessionFile(sample.head),
};
