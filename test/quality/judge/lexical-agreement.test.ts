/** Lexical-vs-judge agreement: per probe, matched (or kept in part) against a grade of at least one half; ungraded probes left out. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JudgeResult, JudgedProbe } from '../../../src/quality/judge/judge.ts';
import { describeAgreement, lexicalJudgeAgreement } from '../../../src/quality/judge/lexical-agreement.ts';

const graded = (id: string, score: number, error: string | null = null): JudgedProbe => ({
  id,
  kind: 'task',
  answer: 'an answer',
  score,
  reason: 'a reason',
  error,
});
const judged = (probes: JudgedProbe[]): JudgeResult => ({
  score: null,
  byKind: {},
  graded: probes.length,
  errors: 0,
  probes,
});

describe('lexical vs judge agreement', () => {
  it('counts agreement per probe, a grade of 0.5 or more keeping the fact', () => {
    const agreement = lexicalJudgeAgreement(
      { a: 'matched', b: 'missed', c: 'contradicted', d: 'matched', e: 'missed' },
      judged([
        graded('a', 1),
        graded('b', 0),
        graded('c', 0.5),
        graded('d', 0.25),
        graded('e', 0.1, 'no grade'),
      ]),
    );
    // e could not be graded and is left out: a agrees, b agrees, c judge only, d matcher only.
    assert.deepEqual(agreement, {
      probes: 4,
      agreed: 2,
      rate: 0.5,
      kappa: 0,
      lexicalOnly: 1,
      judgeOnly: 1,
    });
    assert.equal(
      describeAgreement(agreement),
      'Lexical vs judge: agree on 2 of 4 probes (0.50, kappa 0.00); kept by the matcher only 1, by the judge only 1 (a grade of 0.5 or more keeps a fact).',
    );
  });

  it('reads a probe the matcher kept in part (½) as kept, as it reads a grade of ½', () => {
    const agreement = lexicalJudgeAgreement(
      { a: 'partial', b: 'partial' },
      judged([graded('a', 0.5), graded('b', 0)]),
    );
    assert.deepEqual([agreement?.agreed, agreement?.lexicalOnly, agreement?.judgeOnly], [1, 1, 0]);
  });

  it('is 1 with kappa 1 when both keep the same probes, and null when nothing was graded by both', () => {
    const agreement = lexicalJudgeAgreement(
      { a: 'matched', b: 'missed' },
      judged([graded('a', 0.75), graded('b', 0)]),
    );
    assert.equal(agreement?.rate, 1);
    assert.equal(agreement?.kappa, 1);
    assert.equal(lexicalJudgeAgreement({}, judged([graded('a', 1)])), null);
    assert.equal(describeAgreement(null), 'Lexical vs judge: no probe graded by both.');
  });
});
