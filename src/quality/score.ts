/** Deterministic, offline quality scores of one compacted context: every scorer of the metric registry, once. */
import { memoizeByDigest } from '../text/text-cache.ts';
import { createMatcher, type TextIndex } from './match.ts';
import { METRICS } from './metrics.ts';
import { SCORERS } from './scorers.ts';
import type { Probe } from './probes.ts';
import type { PreparedTexts, Quality, ScoreInput } from './types.ts';

// Contexts longer than this are indexed afresh each time: an index is several times its text, and only short ones
// (summaries) are asked about again.
const REMEMBERED_CHARS = 1 << 15;
const recentIndexes = memoizeByDigest(createMatcher, 6);
// The short contexts scored against each probe set (a session's, at a cut), by text: the session's page reads each
// summary's facets from the index its scoring made, however many sessions were scored meanwhile. Held while the
// probe set is, or until the session is reported (forgetScoredContexts).
const scoredContexts = new WeakMap<readonly Probe[], Map<string, TextIndex>>();

/**
 * The index of a compacted context: the one its scoring against `probes` made, else one of the last few short ones
 * made (summaries; at most 12 kept) when the same text comes again.
 */
export function indexOfContext(text: string, probes?: readonly Probe[]): TextIndex {
  if (text.length > REMEMBERED_CHARS) return createMatcher(text);
  return (probes && scoredContexts.get(probes)?.get(text)) ?? recentIndexes(text);
}

/** Lets go of the indexes of the contexts scored against a probe set (its session is reported). */
export function forgetScoredContexts(probes: readonly Probe[]): void {
  scoredContexts.delete(probes);
}

/** The index of a context scored against `probes`, kept for its session's page when short. */
function scoredIndex(text: string, probes: readonly Probe[]): TextIndex {
  const index = indexOfContext(text, probes);
  if (text.length <= REMEMBERED_CHARS) {
    let known = scoredContexts.get(probes);
    if (!known) scoredContexts.set(probes, (known = new Map()));
    known.set(text, index);
  }
  return index;
}

/** Scores one summary; pure and deterministic. The judge's figure is added later, by the judge. */
export function scoreSummary(input: ScoreInput): Quality {
  // The transcript's index is read only where a scorer needs it: most contexts are scored without it.
  let transcript: TextIndex | undefined;
  const transcriptIndex = () =>
    (transcript ??= input.transcriptMatcher ?? createMatcher(input.transcriptText));
  const whole = isWholeTranscript(input);
  const summary = whole
    ? // The transcript's own index, with answers that go with this summary's scoring: the index outlives it.
      transcriptIndex().withOwnAnswers()
    : scoredIndex(input.text, input.probes);
  const texts: PreparedTexts = {
    summary,
    isTranscript: whole && isTranscriptAsWritten(input),
    get transcript() {
      return transcriptIndex();
    },
  };
  const quality: Partial<Quality> = {};
  for (const metric of METRICS)
    if (metric.scorer) Object.assign(quality, SCORERS[metric.scorer](input, texts));
  return { ...(quality as Omit<Quality, 'judge'>), judge: null };
}

/**
 * Whether a text that is the whole transcript after blank lines ({@link isWholeTranscript}) is it exactly, or it after
 * the one blank line a context of every message and no summary starts with (results/assemble.ts): read line by line
 * or block by block, its lines and blocks are the transcript's, with empty ones before.
 */
function isTranscriptAsWritten(input: ScoreInput): boolean {
  const extra = input.text.length - (input.transcriptLength ?? input.transcriptText.length);
  return extra === 0 || (extra === 2 && input.text.startsWith('\n\n'));
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
    (input.endsWithTranscript?.(text) ?? text.endsWith(input.transcriptText))
  );
}
