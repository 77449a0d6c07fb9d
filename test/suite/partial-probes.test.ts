/** A probe kept in part (½) in a suite: its session's cluster sums halves and squares them as quarters. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { suiteMetrics } from '../../src/quality/metrics.ts';
import { type SessionResult, sessionCluster } from '../../src/suite/measures.ts';

const recall = suiteMetrics().find((metric) => metric.key === 'probeRecall')!;

/** A session of four live probes: one kept, two kept in part, one missed. */
const entry = {
  session: { fixture: { name: 's', files: 0 } },
  result: {
    status: 'ok',
    quality: { probeRecall: 0.5, probesMatched: 1, probesPartial: 2, probesTotal: 4, historyTotal: 0 },
  },
} as unknown as SessionResult;

describe('a suite cluster with probes kept in part', () => {
  it('sums 1 + ½ + ½ + 0 over four probes and squares them as 1 + ¼ + ¼ + 0', () => {
    assert.deepEqual(sessionCluster(recall as Parameters<typeof sessionCluster>[0], entry), {
      sum: 2,
      count: 4,
      squares: 1.5,
    });
  });
});
