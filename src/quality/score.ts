/** Deterministic, offline quality scores of one compacted context: every scorer of the metric registry, once. */
import { memoizeByDigest } from '../text/text-cache.ts';
import { createMatcher, type TextIndex } from './match.ts';
import { METRICS } from './metrics.ts';
import type { Quality, ScoreInput } from './types.ts';

// Contexts longer than this are indexed afresh each time: an index is several times its text, and only short ones
// (summaries) are asked about again.
const REMEMBERED_CHARS = 1 << 15;
const recentIndexes = memoizeByDigest(createMatcher, 6);

/**
 * The index of a compacted context, one of the last few short ones (summaries; at most 12 kept) made when the same text comes again: a
 * session's page reads each summary's facets from the index its scoring made.
 */
export function indexOfContext(text: string): TextIndex {
  return text.length <= REMEMBERED_CHARS ? recentIndexes(text) : createMatcher(text);
}

/** Scores one summary; pure and deterministic. The judge's figure is added later, by the judge. */
export function scoreSummary(input: ScoreInput): Quality {
  const transcript = input.transcriptMatcher ?? createMatcher(input.transcriptText);
  const texts = {
    // The transcript's own index, with answers that go with this summary's scoring: the index outlives it.
    summary: isWholeTranscript(input) ? transcript.withOwnAnswers() : indexOfContext(input.text),
    transcript,
  };
  const quality: Partial<Quality> = {};
  for (const metric of METRICS) if (metric.score) Object.assign(quality, metric.score(input, texts));
  return { ...(quality as Omit<Quality, 'judge'>), judge: null };
}

/**
 * Whether a compacted text is the transcript itself after blank lines (every message kept, no summary): its index
 * is the transcript's, since normalizing drops leading blank lines, and building it again would cost as much.
 */
function isWholeTranscript(input: ScoreInput): boolean {
  const { text } = input;
  const extra = text.length - (input.transcriptLength ?? input.transcriptText.length);
  if (extra < 0) return false;
  return (
    /^\s*$/.test(text.slice(0, extra)) &&
    (extra === 0 || text[extra - 1] === '\n') &&
    text.endsWith(input.transcriptText)
  );
}
