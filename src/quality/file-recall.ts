/** `fileRecall` and `modifiedFileRecall`: the files the session touched that the compacted context names. */
import { pathSpellings } from './probes.ts';
import { share } from './recall-credit.ts';
import type { TextIndex } from './match.ts';
import type { Scorer } from './types.ts';

/** Files read or modified that the summary names, and modified files alone; a file both read and modified counts once, as modified. */
export const scoreFileRecall: Scorer = (input, texts) => {
  const all = [...input.files.read, ...input.files.modified];
  return {
    fileRecall: share(countNamed(texts.summary, all, input.cwd), all.length),
    modifiedFileRecall: share(
      countNamed(texts.summary, input.files.modified, input.cwd),
      input.files.modified.length,
    ),
  };
};

/** How many of `paths` the summary names (a loop, not a callback made per context: see match.ts's classes). */
function countNamed(summary: TextIndex, paths: readonly string[], cwd: string | undefined): number {
  let count = 0;
  for (const path of paths) if (summary.hasAny(pathSpellings(path, cwd))) count++;
  return count;
}
