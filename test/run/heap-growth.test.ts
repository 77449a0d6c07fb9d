import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SMALL_TRANSCRIPT_BYTES, heapGrowthFor } from '../../src/run/heap-growth.ts';

describe('heapGrowthFor', () => {
  it('lets V8 grow the heap its own way only when every transcript of the run is a small plain file', () => {
    assert.equal(heapGrowthFor([194_305, 167_403]), 'v8');
    // The 0.7 MB large-session fixture is small: under 30% it collected its whole heap as its reports were written.
    assert.equal(heapGrowthFor([726_274]), 'v8');
    assert.equal(heapGrowthFor([SMALL_TRANSCRIPT_BYTES - 1]), 'v8');
    // One long session in a suite keeps the bound on its peak (a 4 M-token one, 19 MB).
    assert.equal(heapGrowthFor([194_305, 1_048_576]), 'slow');
    assert.equal(heapGrowthFor([19_488_414]), 'slow');
    assert.equal(heapGrowthFor([SMALL_TRANSCRIPT_BYTES]), 'slow');
    // A compressed or missing file's session size is unknown.
    assert.equal(heapGrowthFor([194_305, undefined]), 'slow');
    assert.equal(heapGrowthFor([]), 'slow');
  });
});
