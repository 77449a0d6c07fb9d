/**
 * Where a yardstick cut's texts come from: its transcript (shared beside the repository, or among the public ones
 * given with `--transcripts`), and each summary's text (written in the cut file, or taken from the transcript).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CalibrationCut, CalibrationSummary } from './cuts.ts';
import { entriesText, type EntryText } from './transcript-entries.ts';

/**
 * Where a cut's transcript would be, if anywhere: a shared one beside the repository; a public one in `--transcripts`,
 * by its path in its repository, or under `<owner>/<repo>/` there (a folder of checked-out public sessions).
 */
export function transcriptPath(
  cut: CalibrationCut,
  options: { repositoryRoot: string; transcriptsDirectory?: string },
): string | undefined {
  if (cut.session.root !== undefined)
    return resolve(options.repositoryRoot, cut.session.root, cut.session.path);
  const directory = options.transcriptsDirectory;
  if (!directory) return undefined;
  const owned = /github\.com\/([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(cut.session.repository ?? '')?.[1];
  const nested = owned ? join(directory, owned, cut.session.path) : undefined;
  return nested && existsSync(nested) ? nested : join(directory, cut.session.path);
}

/** A summary's text: written in the cut file, or taken from the transcript's entries (undefined when they are absent). */
export function summaryText(
  summary: CalibrationSummary,
  entries: EntryText[] | undefined,
): string | undefined {
  if (summary.text !== undefined) return summary.text;
  if (!summary.extract || !entries) return undefined;
  return entriesText(entries, summary.extract.entries, summary.extract.rule === 'user-messages-verbatim');
}
