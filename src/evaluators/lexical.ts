/** The lexical evaluator: every offline scorer of the metric registry (probe recall, files, structure, …). */
import { z } from 'zod';
import { scoreSummary } from '../quality/score.ts';
import type { Quality } from '../quality/types.ts';
import { typedAs } from '../results/record.ts';
import type { Evaluator } from './types.ts';

/** The offline scores of one context: the quality block without the judge. */
export type LexicalScores = Omit<Quality, 'judge'>;

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
  schema: typedAs<LexicalScores>(
    z.looseObject({
      probeRecall: z.number().nullable(),
      probeOutcomes: z.record(z.string(), z.string()),
    }),
  ),
  apply(result, scores) {
    if (scores) result.quality = { ...scores, judge: result.quality?.judge ?? null };
  },
};
