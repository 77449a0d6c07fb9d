/**
 * A transcript asked whether it holds a summary's path, answered from the lines that write the path as the summary
 * does: a path the transcript names, or holds under the matching rules, is most often written there as it is, and
 * the line holding it tells both (a text's paths are its lines', and a line's folding for matching is the whole
 * text's there). Reading those lines costs less than reading every path of the transcript or indexing it whole; a
 * path no such line tells is left to those (paths.ts), so every answer is theirs.
 */
import { lineHolds } from './match.ts';
import { lineNamesPath } from './paths.ts';
import type { WrittenPaths } from './types.ts';

// Lines of a transcript read for one spelling, its first places: a path written many times is told by its first
// lines or not by these.
const LINES_PER_SPELLING = 4;
// Longer lines (a tool result's JSON on one line) are left to the transcript's paths and index.
const MAX_LINE_CHARS = 1 << 12;
// How much of the transcript is searched for paths at most, in transcript lengths: reading every path a transcript
// names costs about as much as 30 searches of its whole length (14.5 M characters: 250-300 ms against 9-10 ms), and
// the 100-session suite's summaries searched 12-34 lengths to find the first place of each of their paths.
const SEARCHED_LENGTHS = 32;

// Longer transcripts are left to their paths and index: a context that is the transcript (identity) indexes it
// anyway, the contexts that keep most of it (observation-masking) read its blocks' paths, and searching it path by
// path held it (29 MB at 4 M tokens) through the scoring: at 4 M tokens `-s all` a peak of 440 MiB [436-477] against
// 428 [425-432] without it, the CPU not lower (x 1.01 [0.98-1.12]).
const MAX_TRANSCRIPT_CHARS = 1 << 20;

/** A transcript as {@link writtenPaths} reads it: its text, its length, and whether its paths are read already. */
export type WrittenTranscript = {
  text(): string;
  /** Known without rendering the text again. */
  length(): number;
  /** True once the transcript's paths are read: a look-up there costs less than a search. */
  settled(): boolean;
};

/** The lines of a transcript (its text read when first needed) that write a path as it is. */
export function writtenPaths(transcript: WrittenTranscript): WrittenPaths {
  // Each path's answer: asked again by every context that names it.
  const answers = new Map<string, boolean>();
  let searched = 0;
  const search = (path: string, spellings: readonly string[]): boolean => {
    const text = transcript.text();
    for (const spelling of spellings) {
      // A `./` path is held, and named, where it is written without its `./` too (match.ts, paths.ts).
      const needle = spelling.startsWith('./') ? spelling.slice(2) : spelling;
      let from = 0;
      for (let lines = 0; lines < LINES_PER_SPELLING; lines++) {
        if (searched > SEARCHED_LENGTHS * text.length) return false;
        const at = text.indexOf(needle, from);
        searched += (at < 0 ? text.length : at + needle.length) - from;
        if (at < 0) break;
        const start = text.lastIndexOf('\n', at) + 1;
        let end = text.indexOf('\n', at + needle.length);
        if (end < 0) end = text.length;
        from = end;
        if (end - start > MAX_LINE_CHARS) continue;
        const line = text.slice(start, end);
        if (lineNamesPath(line, path) || lineHolds(line, spellings)) return true;
      }
    }
    return false;
  };
  return {
    present(path, spellings) {
      const key = spellings.length === 1 && spellings[0] === path ? path : `${path}\n${spellings.join('\n')}`;
      let answer = answers.get(key);
      if (answer === undefined) {
        if (transcript.settled() || transcript.length() > MAX_TRANSCRIPT_CHARS) return false;
        answer = search(path, spellings);
        answers.set(key, answer);
      }
      return answer;
    },
  };
}
