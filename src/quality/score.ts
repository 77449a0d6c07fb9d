/** Deterministic, offline quality scores of one compacted context: every scorer of the metric registry, once. */
import { createMatcher } from './match.ts';
import { METRICS } from './metrics.ts';
import type { Quality, ScoreInput } from './types.ts';

/** Scores one summary; pure and deterministic. The judge's figure is added later, by the judge. */
export function scoreSummary(input: ScoreInput): Quality {
  const texts = {
    summary: createMatcher(input.text),
    transcript: input.transcriptMatcher ?? createMatcher(input.transcriptText),
  };
  const quality: Partial<Quality> = {};
  for (const metric of METRICS) if (metric.score) Object.assign(quality, metric.score(input, texts));
  return { ...(quality as Omit<Quality, 'judge'>), judge: null };
}
