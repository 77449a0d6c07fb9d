import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lineRuns } from '../../src/text/line-runs.ts';

describe('lineRuns', () => {
  it('cuts at the first line break the given length or more after a run starts, and joined by breaks is the text', () => {
    const text = 'aaaa\nbb\ncccccc\nd';
    assert.deepEqual([...lineRuns(text, 5)], ['aaaa\nbb', 'cccccc', 'd']);
    for (const sample of ['', '\n', 'a\n', '\n\n\nx', text, `${text}\n`])
      for (const chars of [0, 1, 3, 100]) assert.equal([...lineRuns(sample, chars)].join('\n'), sample);
  });

  it('ends a text that ends with a break with an empty run, as split does', () => {
    assert.deepEqual([...lineRuns('ab\n', 1)], ['ab', '']);
    assert.deepEqual([...lineRuns('ab', 10)], ['ab']);
  });
});
