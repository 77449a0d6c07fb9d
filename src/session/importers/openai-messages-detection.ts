/** How a document of OpenAI chat-completions messages is told from its start. */
import type { FormatDetection } from '../importer.ts';
import { messagesDocumentKind } from './messages-document-kind.ts';

/** The OpenAI chat-completions messages format. */
export const openAiMessagesDetection: FormatDetection = {
  format: 'openai-messages',
  description: 'OpenAI chat-completions messages (JSON: [ … ] or { "messages": [ … ] })',
  detect: (sample) => messagesDocumentKind(sample.head) === 'openai',
};
