/** The lexical evaluator: every offline scorer of the metric registry (probe recall, files, structure, …). */
import { scoreSummary } from '../quality/score.ts';
import { type LexicalScores, lexicalScoresSchema } from '../quality/types.ts';
import type { Evaluator } from './types.ts';

/** Scores every job, failed ones as an empty context, with no model call. */
export const lexicalEvaluator: Evaluator<LexicalScores> = {
  name: 'lexical',
  description: 'the offline scorers: probe recall, file recall, contradictions, structure',
  callsModel: false,
  enabled: () => true,
  async evaluate(input) {
    const { reference } = input;
    const { judge: _judge, ...scores } = scoreSummary({
      text: input.ok ? input.text : '',
      probes: reference.probes,
      files: reference.files,
      cwd: reference.session.cwd,
      transcriptText: reference.transcriptText,
      transcriptMatcher: reference.transcriptMatcher,
      requiredSections: input.requiredSections,
      summary: input.ok ? input.summary : '',
      expectations: reference.expectations,
    });
    return scores;
  },
  schema: lexicalScoresSchema,
  apply(result, scores) {
    if (scores) result.quality = { ...scores, judge: result.quality?.judge ?? null };
  },
};
