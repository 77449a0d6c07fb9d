/** `fileRecall` and `modifiedFileRecall`: the files the session touched that the compacted context names. */
import { pathSpellings } from './probes.ts';
import { share } from './probe-recall.ts';
import type { Scorer } from './types.ts';

/** Files read or modified that the summary names, and modified files alone; a file both read and modified counts once, as modified. */
export const scoreFileRecall: Scorer = (input, texts) => {
  const named = (path: string) => texts.summary.hasAny(pathSpellings(path, input.cwd));
  const all = [...input.files.read, ...input.files.modified];
  return {
    fileRecall: share(all.filter(named).length, all.length),
    modifiedFileRecall: share(input.files.modified.filter(named).length, input.files.modified.length),
  };
};
