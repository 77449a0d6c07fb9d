/** How a pi session is told from its first line. */
import type { FormatDetection } from '../importer.ts';

/** The pi session format (versions 1-3): its first record is the session header. */
export const piDetection: FormatDetection = {
  format: 'pi',
  description: 'pi coding agent session JSONL (versions 1-3)',
  detect: (sample) => {
    const first = sample.first as { type?: unknown } | undefined;
    return first?.type === 'session';
  },
};
