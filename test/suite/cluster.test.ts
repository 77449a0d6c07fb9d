import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  clusteredDetectable,
  clusteredMean,
  clusteredPValue,
  studentQuantileAt,
} from '../../src/suite/cluster.ts';

const close = (actual: number, expected: number, digits = 4) =>
  assert.ok(Math.abs(actual - expected) < 10 ** -digits, `${actual} ≈ ${expected}`);

describe('clustered means over sessions', () => {
  it('t quantiles match the tables (df 2: 4.3027; df 11: 2.2010 and, at 80%, 0.8755)', () => {
    close(studentQuantileAt(0.975, 2), 4.302653);
    close(studentQuantileAt(0.975, 11), 2.200985);
    close(studentQuantileAt(0.8, 11), 0.87553);
    close(studentQuantileAt(0.8, 2), 1.06066);
    close(studentQuantileAt(0.025, 4), -2.776445);
  });

  it('pools facts over sessions with a sandwich standard error (worked by hand)', () => {
    // Sessions with 2 of 4, 3 of 3 and 1 of 5 facts kept: mean 6/12 = 0.5. Residual totals per session:
    // 2 − 0.5·4 = 0, 3 − 0.5·3 = 1.5, 1 − 0.5·5 = −1.5; their squares sum to 4.5. With C = 3 clusters,
    // SE = √(3/2 · 4.5) / 12 = √6.75 / 12 = 0.216506; t(0.975, 2) = 4.302653, so the half-width is 0.931546.
    const estimate = clusteredMean([
      { sum: 2, count: 4, squares: 2 },
      { sum: 3, count: 3, squares: 3 },
      { sum: 1, count: 5, squares: 1 },
    ]);
    close(estimate.estimate, 0.5);
    close(estimate.standardError, 0.216506);
    close(estimate.low, 0.5 - 0.931546);
    close(estimate.high, 0.5 + 0.931546);
    // As if the 12 facts were independent: s² = (6 − 12·0.25)/11 = 3/11, SE = √(3/11/12) = 0.150756.
    close(estimate.naiveStandardError!, 0.150756);
    assert.equal(estimate.clusters, 3);
    assert.equal(estimate.units, 12);
    const clipped = clusteredMean(
      [
        { sum: 2, count: 4 },
        { sum: 3, count: 3 },
        { sum: 1, count: 5 },
      ],
      [0, 1],
    );
    assert.deepEqual([clipped.low, clipped.high], [0, 1]);
  });

  it('is the one-sample t interval when each session is one figure (1..5: 3 ± 2.776 · 0.7071)', () => {
    const estimate = clusteredMean([1, 2, 3, 4, 5].map((value) => ({ sum: value, count: 1 })));
    close(estimate.standardError, Math.sqrt(2.5 / 5));
    close(estimate.high - estimate.estimate, 2.776445 * 0.707107);
  });

  it('tests a paired difference over sessions (worked by hand, df 2 in closed form)', () => {
    // Strategy minus reference, per session: 4/5 − 3/5, 2/4 − 2/4, 6/6 − 4/6 → sums 1, 0, 2 over 15 probes.
    // Mean 3/15 = 0.2; residuals 1 − 0.2·5 = 0, 0 − 0.8 = −0.8, 2 − 1.2 = 0.8; squares 1.28.
    // SE = √(1.5 · 1.28) / 15 = 0.0923760; t = 2.165064; with 2 df, p = 1 − t/√(t² + 2) = 0.162791.
    const difference = clusteredMean(
      [
        { sum: 1, count: 5 },
        { sum: 0, count: 4 },
        { sum: 2, count: 6 },
      ],
      [-1, 1],
    );
    close(difference.estimate, 0.2);
    close(difference.standardError, 0.092376);
    const t = 0.2 / 0.092376;
    close(clusteredPValue(difference), 1 - t / Math.sqrt(t * t + 2), 3);
    // Detectable at 80% power: (t₀.₉₇₅ + t₀.₈₀ on 2 df = 4.302653 + 1.060660) · SE.
    close(clusteredDetectable(difference)!, (4.302653 + 1.06066) * 0.092376, 3);
  });

  it('clustering widens the interval when sessions differ as a whole', () => {
    // Two sessions where a strategy keeps everything, two where it keeps nothing: 40 facts, but two
    // kinds of session. Independent facts would claim a tight interval; the sessions say otherwise.
    const estimate = clusteredMean(
      [10, 10, 0, 0].map((sum) => ({ sum, count: 10, squares: sum })),
      [0, 1],
    );
    assert.ok(estimate.standardError > 3 * estimate.naiveStandardError!);
  });

  it('has no interval with a single session', () => {
    const estimate = clusteredMean([{ sum: 3, count: 4 }]);
    assert.equal(estimate.estimate, 0.75);
    assert.ok(Number.isNaN(estimate.low));
    assert.equal(clusteredPValue(estimate), 1);
    assert.equal(clusteredDetectable(estimate), null);
  });
});
