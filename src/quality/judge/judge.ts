/**
 * The LLM judge (`--judge`, docs/quality.md): for each probe a model answers the probe's question with only the
 * summary as context, then a second call grades that answer against the expected one (0–1, one-line reason).
 */
import * as z from 'zod';
import type { Caller } from '../../providers/calls.ts';
import { AbortedError, InputError, messageOf } from '../../errors.ts';
import type { Provider } from '../../providers/types.ts';
import { describeSchemaProblem } from '../../session/json-lines.ts';
import {
  ANSWER_MAX_TOKENS,
  ANSWER_SYSTEM,
  answerPrompt,
  answerPromptPrefixLength,
  GRADE_MAX_TOKENS,
  GRADE_SYSTEM,
  gradePrompt,
  UNKNOWN_ANSWER,
} from './prompts.ts';
import type { Probe } from '../probes.ts';

/** One probe as the judge saw it. */
export const judgedProbeSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** The judge model's answer from the summary alone (`unknown` when the summary does not say). */
  answer: z.string(),
  /** The grade, 0–1; 0 when the probe could not be graded (it counts as failed, see `error`). */
  score: z.number(),
  /** The grader's one-line reason; for a probe that could not be graded, why. */
  reason: z.string(),
  /** Why the probe could not be graded: a failed call or an unparseable grade; null when graded. */
  error: z.string().nullable(),
});

/** The judge's verdict on one summary, as written under `quality.judge` in the results JSON. */
export const judgeResultSchema = z.object({
  /** Mean score over every probe, one that could not be graded counting 0; null when there is no probe. */
  score: z.number().nullable(),
  /** Mean score per probe kind, sorted by kind, ungraded probes counting 0. */
  byKind: z.record(z.string(), z.number()),
  /** Probes the grader graded. */
  graded: z.number(),
  /** Probes it could not grade (a call failed or the grade could not be read): counted as failed, score 0. */
  errors: z.number(),
  /** Every probe, in probe order. */
  probes: z.array(judgedProbeSchema),
});

/** One probe as the judge saw it. */
export type JudgedProbe = z.infer<typeof judgedProbeSchema>;
/** The judge's verdict on one summary. */
export type JudgeResult = z.infer<typeof judgeResultSchema>;

/** What {@link judgeSummary} needs. */
export type JudgeInput = {
  /** The compacted context as quality sees it: the summary, then any kept messages rendered. */
  summary: string;
  probes: readonly Probe[];
  /** The `complete` of a caller made for the judge alone, so its calls and cost are traced apart from the strategy's. */
  complete: Caller['complete'];
};

/** A grade as the grader must write it: `{"score": 0..1, "reason": "one line"}`. */
export const gradeSchema = z.object({
  // Some models quote numbers; a numeric string is the same grade, anything else is not.
  score: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\s*\d+(?:\.\d+)?\s*$/)
        .transform(Number),
    ])
    .pipe(z.number().min(0).max(1)),
  reason: z.string().default(''),
});

/** A grade read from the grader's text, or why it could not be read. */
export type ParsedGrade = { ok: true; score: number; reason: string } | { ok: false; error: string };

/** Longest reason kept: the prompt asks for one line, a rambling grader should not bloat the results JSON. */
const REASON_MAX_CHARS = 300;

/** Throws an {@link InputError} for a provider that cannot answer questions (the extractive baseline). */
export function validateJudgeProvider(provider: Pick<Provider, 'id' | 'isLanguageModel'>): void {
  if (!provider.isLanguageModel) {
    throw new InputError(
      `--judge needs a language model (openai:<model> or anthropic:<model>); '${provider.id}' cannot answer questions`,
    );
  }
}

/**
 * Judges one summary: two calls per probe (`judge answer <id>`, then `judge grade <id>`), all probes at
 * once so the caller's shared limit alone bounds them. An empty summary scores 0 on every probe with no
 * call: it holds no fact, and the model could only answer `unknown`. Every probe is judged, derived and sidecar
 * alike; a failed call or an unreadable grade counts that probe as failed (score 0, the reason shown, counted in
 * `errors`); only an abort stops the whole judge.
 */
export async function judgeSummary(input: JudgeInput): Promise<JudgeResult> {
  const probes =
    input.summary.trim() === ''
      ? input.probes.map((probe) =>
          judged(probe, UNKNOWN_ANSWER, { score: 0, reason: 'the summary is empty' }),
        )
      : await Promise.all(input.probes.map((probe) => judgeProbe(probe, input)));
  return summarize(probes);
}

async function judgeProbe(probe: Probe, input: JudgeInput): Promise<JudgedProbe> {
  let answer = '';
  try {
    answer = (
      await input.complete(`judge answer ${probe.id}`, {
        system: ANSWER_SYSTEM,
        prompt: answerPrompt(input.summary, probe.question),
        // Every probe's question follows the same summary: the prompt cache serves it after the first.
        stablePrefixLength: answerPromptPrefixLength(input.summary),
        maxTokens: ANSWER_MAX_TOKENS,
      })
    ).trim();
    const gradeText = await input.complete(`judge grade ${probe.id}`, {
      system: GRADE_SYSTEM,
      prompt: gradePrompt(probe.question, probe.answer, answer),
      maxTokens: GRADE_MAX_TOKENS,
    });
    const grade = parseGrade(gradeText);
    return grade.ok ? judged(probe, answer, grade) : judged(probe, answer, { error: grade.error });
  } catch (error) {
    if (error instanceof AbortedError) throw error;
    return judged(probe, answer, { error: messageOf(error) });
  }
}

function judged(
  probe: Probe,
  answer: string,
  outcome: { score: number; reason: string } | { error: string },
): JudgedProbe {
  const base = { id: probe.id, kind: probe.kind, answer };
  return 'error' in outcome
    ? { ...base, score: 0, reason: `not graded, counted as failed: ${outcome.error}`, error: outcome.error }
    : { ...base, score: outcome.score, reason: outcome.reason, error: null };
}

function summarize(probes: JudgedProbe[]): JudgeResult {
  const byKindScores = new Map<string, number[]>();
  for (const probe of probes)
    byKindScores.set(probe.kind, [...(byKindScores.get(probe.kind) ?? []), probe.score]);
  const byKind: Record<string, number> = {};
  for (const kind of [...byKindScores.keys()].sort()) byKind[kind] = mean(byKindScores.get(kind)!);
  const errors = probes.filter((probe) => probe.error !== null).length;
  return {
    score: probes.length === 0 ? null : mean(probes.map((probe) => probe.score)),
    byKind,
    graded: probes.length - errors,
    errors,
    probes,
  };
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Reads a grade from the grader's text. Models wrap JSON in a ```json fence or a sentence, so the text
 * from the first `{` to the last `}` is parsed, then checked against {@link gradeSchema}; nothing is
 * trusted on shape alone.
 */
export function parseGrade(text: string): ParsedGrade {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end < start) return { ok: false, error: `grade is not JSON: ${excerpt(text)}` };
  let json: unknown;
  try {
    json = JSON.parse(text.slice(start, end + 1));
  } catch {
    return { ok: false, error: `grade is not JSON: ${excerpt(text)}` };
  }
  const parsed = gradeSchema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, error: `grade ${describeSchemaProblem(parsed.error)}: ${excerpt(text)}` };
  }
  return { ok: true, score: parsed.data.score, reason: oneLine(parsed.data.reason) };
}

function oneLine(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > REASON_MAX_CHARS ? `${folded.slice(0, REASON_MAX_CHARS - 1)}…` : folded;
}

/** The start of a bad grade, on one line, so the error shows what the grader said. */
function excerpt(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded === '') return '(empty)';
  return JSON.stringify(folded.length > 80 ? `${folded.slice(0, 79)}…` : folded);
}
