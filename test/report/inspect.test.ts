import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inspectSession } from '../../src/inspect/inspect.ts';
import { renderInspect } from '../../src/report/inspect.ts';

describe('renderInspect', () => {
  it('shows every slice of a short plan, and the first 20 and last 10 of a long one', async () => {
    const short = await inspectSession('before-compaction', {
      tokenizer: 'o200k_base',
      sliceTokens: 8000,
      overlapTokens: 1000,
    });
    const shortRows = renderInspect(short).match(/^│ +\d+ │/gm) ?? [];
    assert.equal(shortRows.length, short.slices.length);

    const long = await inspectSession('before-compaction', {
      tokenizer: 'o200k_base',
      sliceTokens: 600,
      overlapTokens: 100,
    });
    assert.ok(long.slices.length > 40, `${long.slices.length} slices`);
    const text = renderInspect(long);
    const numbers = [...text.matchAll(/^│ +(\d+) │/gm)].map((match) => Number(match[1]));
    const total = long.slices.length;
    assert.deepEqual(numbers, [
      ...Array.from({ length: 20 }, (_, index) => index + 1),
      ...Array.from({ length: 10 }, (_, index) => total - 9 + index),
    ]);
    assert.match(text, new RegExp(`│ +… │.*│ ${total - 30} more \\(--json lists every slice\\) +│`));
    assert.match(text, new RegExp(`^slice plan: ${total} slices of ~600 tokens`, 'm'));
  });
});
