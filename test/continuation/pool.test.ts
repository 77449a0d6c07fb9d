import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { combineCuts, poolCuts } from '../../src/continuation/pool.ts';
import { clusteredProportion } from '../../src/suite/cluster.ts';
import type { ContinuationCut, PredictionRun } from '../../src/results/continuation-types.ts';

/** A replay whose steps matched at L0, L1 and L2 as given (counts of steps out of `steps`). */
function run(steps: number, l0: number, l1: number, l2: number): PredictionRun {
  return {
    steps: [],
    rates: { steps, l0: l0 / steps, l1: l1 / steps, l2: l2 / steps },
    redundantReads: 0,
    predictedReads: 0,
    requests: [],
    usage: { calls: steps, inputTokens: 0, outputTokens: 0 },
  };
}

/** One cut's block with its grounding counts and, when given, its predictions. */
function cut(
  at: number,
  grounded: number,
  established: number,
  prediction?: { strategy: PredictionRun; full: PredictionRun | null; null: PredictionRun | null },
): ContinuationCut {
  return {
    cut: at,
    steps: 3,
    rehydrate: 'none',
    rehydratedFiles: [],
    realSteps: [],
    grounding: {
      actions: [],
      established,
      grounded,
      rate: established === 0 ? null : grounded / established,
    },
    recoverability: {
      byProbe: {},
      counts: { workspace: 0, rehydrated: 0, conversation: 0 },
      conversationRecall: null,
    },
    prediction: prediction ? { ...prediction, normalised: { l0: null, l1: null, l2: null } } : null,
    note: prediction ? null : 'offline',
  };
}

describe('continuation pooled over cuts', () => {
  it('keeps one cut as it was: no cuts, no pooled figures', () => {
    const one = cut(40, 2, 3);
    assert.deepEqual(combineCuts([one]), one);
    assert.equal(combineCuts([]), undefined);
  });

  it('pools grounding over cuts with a cluster-robust interval, the first cut on top', () => {
    const cuts = [cut(40, 2, 3), cut(80, 0, 0), cut(120, 3, 3), cut(160, 1, 2)];
    const block = combineCuts(cuts)!;
    assert.equal(block.cut, 40);
    assert.deepEqual(
      block.cuts!.map((one) => one.cut),
      [40, 80, 120, 160],
    );
    const pooled = block.pooled!;
    assert.deepEqual(pooled.cuts, [40, 80, 120, 160]);
    assert.equal(pooled.steps, 12);
    assert.equal(pooled.grounding.established, 8);
    assert.equal(pooled.grounding.grounded, 6);
    // A cut with nothing established is no cluster; the others are three.
    const expected = clusteredProportion([
      { sum: 2, count: 3 },
      { sum: 3, count: 3 },
      { sum: 1, count: 2 },
    ]);
    assert.equal(pooled.grounding.rate.estimate, 0.75);
    assert.equal(pooled.grounding.rate.low, expected.low);
    assert.equal(pooled.grounding.rate.high, expected.high);
    assert.ok(pooled.grounding.rate.low! < 0.75 && pooled.grounding.rate.high! > 0.75);
    assert.equal(pooled.prediction, null);
  });

  it('has no interval with one cut of information, and no pooled rate with none', () => {
    const pooled = poolCuts([cut(40, 2, 4), cut(80, 0, 0)]);
    assert.deepEqual(pooled.grounding.rate, { estimate: 0.5, low: null, high: null });
    assert.deepEqual(poolCuts([cut(40, 0, 0)]).grounding.rate, { estimate: null, low: null, high: null });
  });

  it('pools the levels of the strategy, Full and Null, and normalises the pooled rates', () => {
    const pooled = poolCuts([
      cut(40, 1, 1, { strategy: run(3, 3, 2, 1), full: run(3, 3, 3, 2), null: run(3, 1, 0, 0) }),
      cut(80, 1, 1, { strategy: run(2, 1, 1, 0), full: run(2, 2, 2, 1), null: run(2, 1, 0, 0) }),
    ]);
    const prediction = pooled.prediction!;
    assert.equal(prediction.strategy.steps, 5);
    assert.equal(prediction.strategy.l0.estimate, 4 / 5);
    assert.equal(prediction.full!.l1.estimate, 1);
    assert.equal(prediction.null!.l0.estimate, 2 / 5);
    // L0: (0.8 − 0.4) / (1 − 0.4); L1: (0.6 − 0) / (1 − 0); L2: (0.2 − 0) / (0.6 − 0).
    assert.ok(Math.abs(prediction.normalised.l0! - 2 / 3) < 1e-12);
    assert.ok(Math.abs(prediction.normalised.l1! - 0.6) < 1e-12);
    assert.ok(Math.abs(prediction.normalised.l2! - 1 / 3) < 1e-12);
  });

  it('leaves Full and Null out when one cut lacks them, and normalises nothing then', () => {
    const pooled = poolCuts([
      cut(40, 1, 1, { strategy: run(3, 3, 2, 1), full: run(3, 3, 3, 2), null: run(3, 1, 0, 0) }),
      cut(80, 1, 1, { strategy: run(2, 1, 1, 0), full: null, null: run(2, 1, 0, 0) }),
    ]);
    assert.equal(pooled.prediction!.full, null);
    assert.deepEqual(pooled.prediction!.normalised, { l0: null, l1: null, l2: null });
  });
});
