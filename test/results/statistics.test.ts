import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { spreadOf } from '../../src/results/statistics.ts';

describe('run statistics', () => {
  it('computes the standard error of the mean', () => {
    assert.deepEqual(spreadOf([2]), { mean: 2, stdError: 0 });
    const { mean, stdError } = spreadOf([1, 2, 3, 4]);
    assert.equal(mean, 2.5);
    assert.ok(Math.abs(stdError - Math.sqrt(5 / 3 / 4)) < 1e-12);
  });
});
