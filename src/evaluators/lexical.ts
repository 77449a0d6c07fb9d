/** The lexical evaluator: every offline scorer of the metric registry (probe recall, files, structure, …). */
import { createHash } from 'node:crypto';
import { loadScoring } from '../quality/scoring-load.ts';
import { type LexicalScores, lexicalScoresSchema } from '../quality/types.ts';
import { referenceScoreInput, type SessionReference } from '../results/session-reference.ts';
import type { EvaluationInput, Evaluator } from './types.ts';

// The scores of the contexts scored against each session, by a digest of what scoring reads besides the session:
// strategies that compact a session to the same text (one context in nine of a 100-session suite) are scored once.
// Held while the session's reference is.
const scoredContexts = new WeakMap<SessionReference, Map<string, LexicalScores>>();

/** A digest of what a job's scores depend on besides its session. */
function contextKey(input: EvaluationInput): string {
  const hash = createHash('sha256');
  for (const part of [
    input.ok ? input.text : '',
    input.ok ? input.summary : '',
    ...(input.requiredSections ?? []),
  ])
    hash.update(`${part.length}:`).update(part);
  return `${input.requiredSections === undefined ? '-' : input.requiredSections.length}:${hash.digest('base64')}`;
}

// What a failed job is scored as.
const EMPTY = { text: '', summary: '' };

/**
 * Reads once what scoring any context of the session reads (its probes, their phrases and statements, the word
 * tables), by scoring an empty one: a run with a model does it while its calls are in flight, and the scoring after
 * the last answer is shorter by as much. Every reading is memoized by what it reads: no score changes.
 */
export async function prepareLexicalScoring(reference: SessionReference): Promise<void> {
  const { scoreSummary } = await loadScoring();
  try {
    scoreSummary(referenceScoreInput(reference, EMPTY));
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
    let known = scoredContexts.get(input.reference);
    if (!known) scoredContexts.set(input.reference, (known = new Map()));
    const key = contextKey(input);
    const stored = known.get(key);
    // A copy: each job's record holds scores of its own.
    if (stored) return structuredClone(stored);
    const { scoreSummary } = await loadScoring();
    const { judge: _judge, ...scores } = scoreSummary(
      referenceScoreInput(input.reference, input.ok ? { text: input.text, summary: input.summary } : EMPTY, {
        requiredSections: input.requiredSections,
      }),
    );
    known.set(key, structuredClone(scores));
    return scores;
  },
  schema: lexicalScoresSchema,
  apply(result, scores) {
    if (scores) result.quality = { ...scores, judge: result.quality?.judge ?? null };
  },
};
