import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  clusteredDifference,
  holm,
  mcnemarExact,
  minimumDetectableDifference,
  pairedCounts,
  pairedDifferenceInterval,
  studentQuantile,
  studentTwoSided,
  wilsonInterval,
} from '../../src/results/paired.ts';

const close = (actual: number, expected: number, digits = 4) =>
  assert.ok(Math.abs(actual - expected) < 10 ** -digits, `${actual} ≈ ${expected}`);

describe('paired statistics', () => {
  it("Wilson's interval matches Newcombe's (1998) worked examples", () => {
    const cases: Array<[number, number, number, number]> = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [k, n, low, high] of cases) {
      const interval = wilsonInterval(k, n);
      close(interval.low, low);
      close(interval.high, high);
    }
  });

  it('the exact McNemar test matches Armitage and Berry (b = 12, c = 2: p = 0.0129) and counts both tails', () => {
    close(mcnemarExact(12, 2), 0.0129);
    assert.equal(mcnemarExact(2, 12), mcnemarExact(12, 2));
    close(mcnemarExact(1, 9), 22 / 1024, 10);
    assert.equal(mcnemarExact(0, 0), 1);
    assert.equal(mcnemarExact(5, 5), 1);
  });

  it("Holm's adjustment multiplies by the remaining count and keeps the order monotone", () => {
    holm([0.01, 0.04, 0.03, 0.005]).forEach((p, index) => close(p, [0.03, 0.06, 0.06, 0.02][index]!, 12));
    assert.deepEqual(holm([0.5, 0.9]), [1, 1], 'capped at 1');
    assert.deepEqual(holm([0.2, 0.01]), [0.2, 0.02]);
  });

  it("Newcombe's paired interval (method 10) on Fagerland et al.'s airway data: -0.507 to -0.026", () => {
    const interval = pairedDifferenceInterval({ a: 1, b: 1, c: 7, d: 12 });
    close(interval.estimate, -6 / 21);
    close(interval.low, -0.5069, 3);
    close(interval.high, -0.0256, 3);
    const none = pairedDifferenceInterval({ a: 50, b: 0, c: 0, d: 50 });
    assert.equal(none.estimate, 0);
    assert.ok(none.low < 0 && none.high > 0, 'no difference observed, both signs plausible');
  });

  it('counts paired outcomes', () => {
    assert.deepEqual(pairedCounts([true, true, false, false, true], [true, false, true, false, false]), {
      a: 1,
      b: 2,
      c: 1,
      d: 1,
    });
  });

  it("Student's t: the 97.5% quantile for 10 df is 2.228 and its two-sided p is 0.05", () => {
    close(studentQuantile(10), 2.228, 2);
    close(studentTwoSided(2.228138852, 10), 0.05);
    close(studentTwoSided(2.5706, 5), 0.05, 3);
  });

  it('a clustered difference of per-probe means gets a t interval and p-value', () => {
    const result = clusteredDifference([1, 1, 0.5, 1, 0], [0, 1, 0.5, 0, 0]);
    close(result.estimate, 0.4);
    assert.ok(result.low < 0 && result.pValue > 0.05, 'five probes cannot show it');
    const clear = clusteredDifference(
      new Array(40).fill(1),
      new Array(40).fill(0).map((_, index) => (index % 10 === 0 ? 1 : 0)),
    );
    assert.ok(clear.low > 0.8 && clear.pValue < 1e-6);
  });

  it('the detectable difference shrinks with more probes and grows with discordance', () => {
    const small = minimumDetectableDifference(27, 0.3);
    const large = minimumDetectableDifference(200, 0.3);
    assert.ok(large < small, `${large} < ${small}`);
    assert.ok(minimumDetectableDifference(100, 0.1) < minimumDetectableDifference(100, 0.4));
    close(minimumDetectableDifference(100, 0.2), 0.1238, 3);
  });
});
