/**
 * `-s file:<path>`: a summary someone already wrote (the handoff an agent produced, a hand-written note), scored as
 * it is, with no strategy module and no model call. The file is read when `-s` is resolved, so a missing one is a
 * usage error before anything runs; at a cut (`--at-compaction`, `--schedule`) the same text stands for every cut.
 */
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { InputError, messageOf, userCausedProblem } from '../errors.ts';
import type { Strategy } from './types.ts';

/** The prefix of a `-s` entry that names a summary file. */
export const SUMMARY_FILE_PREFIX = 'file:';

/** Whether a `-s` entry names a summary file. */
export function isSummaryFile(entry: string): boolean {
  return entry.startsWith(SUMMARY_FILE_PREFIX);
}

/** The strategy of a summary file: its text as the summary, named `file:<its name>`. */
export async function summaryFileStrategy(entry: string): Promise<Strategy> {
  const file = entry.slice(SUMMARY_FILE_PREFIX.length);
  if (file.length === 0) throw new InputError(`-s ${entry}: name the summary file, e.g. -s file:handoff.md`);
  let text: string;
  try {
    text = await readFile(resolve(file), 'utf8');
  } catch (error) {
    throw new InputError(
      `cannot read summary file ${file}: ${userCausedProblem(error) ?? messageOf(error)}`,
      {
        cause: error,
      },
    );
  }
  return {
    name: `${SUMMARY_FILE_PREFIX}${basename(file)}`,
    description: `the summary written in ${file}, scored as it is`,
    group: 'custom',
    callsModel: false,
    run: async () => ({ summary: text, notes: [`summary read from ${file}`] }),
  };
}
