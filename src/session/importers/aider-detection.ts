/** How an Aider chat history is told from its start. */
import type { FormatDetection } from '../importer.ts';
import { looksLikeAiderHistory } from './aider-history.ts';

/** The Aider chat history format. */
export const aiderDetection: FormatDetection = {
  format: 'aider',
  description: 'Aider chat history Markdown (.aider.chat.history.md in the repository)',
  detect: (sample) => looksLikeAiderHistory(sample.head),
};
