import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { metricByKey } from '../../src/quality/metrics.ts';

describe('metric registry', () => {
  it('knows the gateable metrics and per-kind probe recall', () => {
    for (const metric of [
      'probeRecall',
      'fileRecall',
      'modifiedFileRecall',
      'structure',
      'inventedPaths',
      'judge',
      'probeRecall.task',
    ])
      assert.equal(metricByKey(metric)?.gate, true, metric);
    for (const metric of ['probeRecall.', 'recall', 'compressionRatio'])
      assert.notEqual(metricByKey(metric)?.gate, true, metric);
  });
});
