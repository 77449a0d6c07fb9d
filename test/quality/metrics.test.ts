import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  boundsOf,
  chainFigures,
  chainMetrics,
  metricByKey,
  suiteMetrics,
} from '../../src/quality/metrics.ts';

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

describe('aggregation declared per metric', () => {
  it('pools a share over its units with Wilson, any other figure once per session on the log or logit scale', () => {
    assert.ok(suiteMetrics().length > 0);
    for (const metric of suiteMetrics()) {
      const [low, high] = boundsOf(metric);
      if (metric.kind === 'share') {
        assert.deepEqual([low, high], [0, 1], metric.key);
        assert.equal(metric.suite.interval, 'wilson', metric.key);
      } else {
        assert.equal(metric.suite.over, 'session', `${metric.key}: only a share has units to pool`);
        assert.notEqual(metric.suite.interval, 'wilson', metric.key);
        assert.equal(low, 0, metric.key);
      }
    }
    const positions = suiteMetrics().map((metric) => metric.suite.position);
    assert.deepEqual(
      positions,
      [...positions].sort((a, b) => a - b),
      'the suite table follows the declared positions',
    );
    assert.equal(new Set(positions).size, positions.length);
  });

  it('shows the end state of a chain before its means per compaction, and records each figure under its key', () => {
    const order = chainMetrics().map((metric) => metric.chain.over);
    assert.deepEqual(order, [...order].sort(), 'last before mean');
    const figures = chainFigures({
      tokensAfter: 120,
      calls: 2,
      quality: { probeRecall: 0.5, fileRecall: 0.25, contradictions: 1, probesTotal: 4 },
    });
    for (const metric of chainMetrics())
      if (metric.chain.field === undefined) assert.ok(metric.key in figures, metric.key);
    assert.equal(figures.fileRecall, 0.25);
    assert.equal(figures.tokensAfter, 120);
    assert.ok(!('ownMs' in figures), 'a compaction records its time as `ms` itself');
  });
});
