/** How a document of Anthropic Messages API messages is told from its start. */
import type { FormatDetection } from '../importer.ts';
import { messagesDocumentKind } from './messages-document-kind.ts';

/** The Anthropic Messages API messages format. */
export const anthropicMessagesDetection: FormatDetection = {
  format: 'anthropic-messages',
  description: 'Anthropic Messages API messages (JSON: [ … ] or { "system": …, "messages": [ … ] })',
  detect: (sample) => messagesDocumentKind(sample.head) === 'anthropic',
};
