import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSchedule, resolveSchedule, threshold } from '../../src/schedule/policy.ts';

describe('--schedule policy', () => {
  it('reads window, reserve and keep, with keep defaulting to 20000 and reserve to --reserve-tokens', () => {
    assert.deepEqual(parseSchedule('window=128000,reserve=16000,keep=20000'), {
      policy: 'window',
      window: 128000,
      reserve: 16000,
      keep: 20000,
    });
    const schedule = resolveSchedule(parseSchedule('window=100000'), 8000);
    assert.deepEqual(schedule, { policy: 'window', window: 100000, reserve: 8000, keep: 20000 });
    assert.equal(threshold(schedule), 92000);
    assert.deepEqual(parseSchedule(' recorded '), { policy: 'recorded' });
  });

  it('rejects what it cannot read, naming the part', () => {
    assert.throws(() => parseSchedule('window=1e5'), /expected a whole number ≥ 2, got '1e5'/);
    assert.throws(() => parseSchedule('windw=100'), /at 'windw=100'/);
    assert.throws(() => parseSchedule('reserve=10,keep=5'), /window=N is required/);
    assert.throws(() => parseSchedule('window=100,keep'), /at 'keep'/);
  });

  it('refuses a kept tail that leaves nothing to summarize, and a reserve that fills the window', () => {
    assert.throws(
      () => resolveSchedule(parseSchedule('window=30000,reserve=16000'), 16384),
      /keep=20000 must be below window − reserve \(14000\)/,
    );
    assert.throws(
      () => resolveSchedule(parseSchedule('window=1000,reserve=1000,keep=0'), 16384),
      /reserve=1000 leaves nothing of window=1000/,
    );
  });
});
