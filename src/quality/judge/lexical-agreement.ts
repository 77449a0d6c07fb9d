/**
 * How far the lexical probe score agrees with the judge, the reference when there is one (`--judge`): per probe,
 * the matcher's credit (matched 1, partial ½) against the judge's grade, each keeping the fact from one half up.
 */
import { cohenKappa } from '../agreement.ts';
import { outcomeCredit } from '../recall-credit.ts';
import type { ProbeOutcome } from '../types.ts';
import type { JudgeResult } from './judge.ts';

/** A judge grade at or above this keeps the fact (the grader's half-right answers count as kept). */
export const JUDGE_KEPT_SCORE = 0.5;

/** Agreement over the probes both scored. */
export type LexicalJudgeAgreement = {
  probes: number;
  agreed: number;
  /** agreed / probes. */
  rate: number;
  /** Cohen's kappa over kept / not kept; null when there is no probe. */
  kappa: number | null;
  /** Probes the matcher keeps and the judge does not, and the other way round. */
  lexicalOnly: number;
  judgeOnly: number;
};

/** The agreement of the lexical outcomes with the judge's grades; null when nothing was graded by both. */
export function lexicalJudgeAgreement(
  outcomes: Readonly<Record<string, ProbeOutcome>>,
  judge: JudgeResult,
): LexicalJudgeAgreement | null {
  const pairs: Array<[string, string]> = [];
  let lexicalOnly = 0;
  let judgeOnly = 0;
  for (const probe of judge.probes) {
    const outcome = outcomes[probe.id];
    if (outcome === undefined || probe.error !== null) continue;
    const lexical = outcomeCredit(outcome) >= JUDGE_KEPT_SCORE;
    const judged = probe.score >= JUDGE_KEPT_SCORE;
    if (lexical && !judged) lexicalOnly++;
    if (judged && !lexical) judgeOnly++;
    pairs.push([lexical ? 'kept' : 'not kept', judged ? 'kept' : 'not kept']);
  }
  if (pairs.length === 0) return null;
  const agreed = pairs.filter(([lexical, judged]) => lexical === judged).length;
  return {
    probes: pairs.length,
    agreed,
    rate: agreed / pairs.length,
    kappa: cohenKappa(pairs),
    lexicalOnly,
    judgeOnly,
  };
}

/** One sentence for a report: "Lexical vs judge: agree on 14 of 20 probes (0.70, kappa 0.41; …)". */
export function describeAgreement(agreement: LexicalJudgeAgreement | null): string {
  if (!agreement) return 'Lexical vs judge: no probe graded by both.';
  const kappa = agreement.kappa === null ? '–' : agreement.kappa.toFixed(2);
  return `Lexical vs judge: agree on ${agreement.agreed} of ${agreement.probes} probes (${agreement.rate.toFixed(2)}, kappa ${kappa}); kept by the matcher only ${agreement.lexicalOnly}, by the judge only ${agreement.judgeOnly} (a grade of ${JUDGE_KEPT_SCORE} or more keeps a fact).`;
}
