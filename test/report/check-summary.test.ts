import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Verdict } from '../../src/quality/gate.ts';
import { verdictLine } from '../../src/report/check-summary.ts';
import type { BaselineGate, StrategyGate } from '../../src/suite/baseline-gate.ts';

const passed: Verdict = { passed: true, failures: [], notes: [], checks: 4, strategies: 2 };

/** A baseline gate of these strategies' standings. */
function gateOf(
  ...strategies: Array<Partial<StrategyGate> & Pick<StrategyGate, 'strategy' | 'rule'>>
): BaselineGate {
  return {
    tolerance: 0.02,
    allowLost: 0,
    failures: [],
    notes: [],
    checks: 4,
    strategies: strategies.map((entry) => ({
      runs: entry.rule === 'sampled' ? 3 : 1,
      lost: 0,
      gained: 0,
      historyLost: 0,
      failed: false,
      ...entry,
    })),
    differences: [],
    facts: [],
    handles: () => true,
  };
}

describe('the verdict line of check', () => {
  it('never says facts were lost "within --allow-lost 0" under the sampled rule', () => {
    // Before: "PASS  1 strategy against the baseline: 22 facts lost, within --allow-lost 0 (rule: sampled answers …)".
    const line = verdictLine({
      verdict: passed,
      gate: gateOf({ strategy: 'single-shot', rule: 'sampled', lost: 22 }),
      accept: null,
    });
    assert.equal(
      line,
      'PASS  1 strategy against the baseline: 22 facts kept in under half the runs, within the spread over runs (rule: sampled answers (3 runs): fails on a fall beyond the spread over runs and --tolerance 0.02)',
    );
  });

  it('says facts lost within --allow-lost only of deterministic answers, which it gates', () => {
    const gate = { ...gateOf({ strategy: 'pi', rule: 'deterministic', lost: 1 }), allowLost: 1 };
    assert.match(
      verdictLine({ verdict: passed, gate, accept: null }),
      /^PASS {2}1 strategy against the baseline: 1 fact lost, within --allow-lost 1 \(rule: deterministic answers/,
    );
  });

  it('does not count one run of a sampled model among the strategies gated', () => {
    const line = verdictLine({
      verdict: passed,
      gate: gateOf({ strategy: 'pi', rule: 'deterministic' }, { strategy: 'single-shot', rule: 'unpaired' }),
      accept: null,
    });
    assert.match(
      line,
      /^PASS {2}1 strategy against the baseline: no fact lost; 1 strategy from one run of a sampled model not gated \(--allow-unpaired-noise\) \(rule: deterministic answers: .*; one run of a sampled model: a lost fact cannot be told from noise, so it is not gated\)$/,
    );
  });
});
