import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatInteger } from '../../src/text/numbers.ts';

describe('formatInteger', () => {
  it('groups thousands as the en-US number format does, rounding first', () => {
    assert.equal(formatInteger(1234567.4), '1,234,567');
    assert.equal(formatInteger(-999.5), '-999');
    assert.equal(formatInteger(-1000.5), '-1,000');
    assert.equal(formatInteger(-0.4), '-0');
    assert.equal(formatInteger(999), '999');
  });

  it('writes every value as Intl.NumberFormat("en-US") writes it, exponents, infinities and NaN included', () => {
    const format = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const values = [0, -0, 0.5, -0.5, 1e21, -1e21, 9.99e20, 2 ** 53, Number.NaN, Infinity, -Infinity];
    let seed = 45;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    for (let index = 0; index < 5000; index++) values.push((next() - 0.5) * 10 ** Math.floor(next() * 23));
    for (const value of values)
      assert.equal(formatInteger(value), format.format(Math.round(value)), String(value));
  });
});
