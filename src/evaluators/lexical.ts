/** The lexical evaluator: every offline scorer of the metric registry (probe recall, files, structure, …). */
import { scoreSummary } from '../quality/score.ts';
import { type LexicalScores, lexicalScoresSchema } from '../quality/types.ts';
import type { SessionReference } from '../results/session-reference.ts';
import type { Evaluator } from './types.ts';

// What a failed job is scored as.
const EMPTY = { text: '', summary: '' };

/** What the scorers read of a compacted context of the session. */
function scoreInput(
  reference: SessionReference,
  context: { text: string; summary: string },
  required: { requiredSections?: readonly string[] | undefined } = {},
) {
  return {
    ...context,
    probes: reference.probes,
    files: reference.files,
    cwd: reference.session.cwd,
    transcriptText: reference.transcriptText,
    transcriptMatcher: reference.transcriptMatcher,
    requiredSections: required.requiredSections,
    expectations: reference.expectations,
  };
}

/**
 * Reads once what scoring any context of the session reads (its probes, their phrases and statements, the word
 * tables), by scoring an empty one: a run with a model does it while its calls are in flight, and the scoring after
 * the last answer is shorter by as much. Every reading is memoized by what it reads: no score changes.
 */
export function prepareLexicalScoring(reference: SessionReference): void {
  try {
    scoreSummary(scoreInput(reference, EMPTY));
  } catch {
    // Scoring a job meets the same failure and records it where it belongs: in that job's result.
  }
}

/** Scores every job, failed ones as an empty context, with no model call. */
export const lexicalEvaluator: Evaluator<LexicalScores> = {
  name: 'lexical',
  description: 'the offline scorers: probe recall, file recall, contradictions, structure',
  callsModel: false,
  enabled: () => true,
  async evaluate(input) {
    const { judge: _judge, ...scores } = scoreSummary(
      scoreInput(input.reference, input.ok ? { text: input.text, summary: input.summary } : EMPTY, input),
    );
    return scores;
  },
  schema: lexicalScoresSchema,
  apply(result, scores) {
    if (scores) result.quality = { ...scores, judge: result.quality?.judge ?? null };
  },
};
