/** Agreement statistics: mean absolute error, Cohen's kappa and Spearman's rank correlation on known cases. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cohenKappa, meanAbsoluteError, spearman } from '../../src/quality/agreement.ts';

describe('agreement', () => {
  it('mean absolute error is the mean distance', () => {
    assert.equal(
      meanAbsoluteError([
        [0.5, 0.25],
        [1, 1],
        [0, 0.5],
      ]),
      0.25,
    );
    assert.equal(meanAbsoluteError([]), null);
  });

  it('kappa is 1 on full agreement, 0 at chance, and matches a worked example', () => {
    assert.equal(
      cohenKappa([
        ['a', 'a'],
        ['b', 'b'],
      ]),
      1,
    );
    assert.equal(
      cohenKappa([
        ['a', 'a'],
        ['a', 'a'],
      ]),
      1,
    );
    // Each rater says "yes" half the time, independently: observed agreement 0.5 = chance.
    assert.equal(
      cohenKappa([
        ['yes', 'yes'],
        ['yes', 'no'],
        ['no', 'yes'],
        ['no', 'no'],
      ]),
      0,
    );
    // 50 items: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no → po 0.7, pe 0.5·0.6 + 0.5·0.4 = 0.5, kappa 0.4.
    const pairs: Array<[string, string]> = [
      ...Array.from({ length: 20 }, (): [string, string] => ['yes', 'yes']),
      ...Array.from({ length: 5 }, (): [string, string] => ['yes', 'no']),
      ...Array.from({ length: 10 }, (): [string, string] => ['no', 'yes']),
      ...Array.from({ length: 15 }, (): [string, string] => ['no', 'no']),
    ];
    assert.ok(Math.abs(cohenKappa(pairs)! - 0.4) < 1e-12);
  });

  it('Spearman is 1 for any increasing relation, −1 reversed, and averages ties', () => {
    assert.equal(
      spearman([
        [1, 10],
        [2, 20],
        [3, 900],
      ]),
      1,
    );
    assert.equal(
      spearman([
        [1, 3],
        [2, 2],
        [3, 1],
      ]),
      -1,
    );
    // Ranks (1.5, 1.5, 3) against (1, 2, 3): Pearson of those ranks.
    assert.ok(
      Math.abs(
        spearman([
          [5, 1],
          [5, 2],
          [7, 3],
        ])! -
          Math.sqrt(3) / 2,
      ) < 1e-12,
    );
    assert.equal(
      spearman([
        [1, 1],
        [2, 2],
      ]),
      null,
    );
    assert.equal(
      spearman([
        [1, 1],
        [1, 2],
        [1, 3],
      ]),
      null,
    );
  });
});
