import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Verdict } from '../../src/quality/gate.ts';
import { evaluateGate, parseFailUnder } from '../../src/quality/gate.ts';
import { renderVerdictMarkdown, renderVerdictText } from '../../src/report/gate.ts';

const failing: Verdict = evaluateGate({
  results: {
    strategies: [
      { name: 'parallel-stitch', status: 'ok', quality: { probeRecall: 0.54 } },
      { name: 'structured-iterative', status: 'ok', quality: { probeRecall: 0.74 } },
      { name: 'sequential-rolling', status: 'ok', quality: { probeRecall: 0.9 } },
    ],
  },
  floors: parseFailUnder(['probeRecall=0.6']),
  baseline: {
    strategies: [
      { name: 'parallel-stitch', status: 'ok', quality: { probeRecall: 0.55 } },
      { name: 'structured-iterative', status: 'ok', quality: { probeRecall: 0.81 } },
    ],
  },
  tolerance: 0.02,
});

const passing: Verdict = { passed: true, failures: [], notes: [], checks: 1, strategies: 1 };

describe('renderVerdictText', () => {
  it('shows FAIL, one line per failure, then the notes', () => {
    assert.equal(
      renderVerdictText(failing),
      [
        'FAIL  quality gate failed: 2 failures (5 checks on 3 strategies)',
        '  ✗ parallel-stitch probeRecall 0.54 < 0.60',
        '  ✗ structured-iterative probeRecall 0.81 → 0.74 (−0.07, tolerance 0.02)',
        '  note: sequential-rolling: not in the baseline; its figures were not compared',
      ].join('\n'),
    );
  });

  it('shows PASS with what was checked', () => {
    assert.equal(renderVerdictText(passing), 'PASS  quality gate passed: 1 check on 1 strategy');
  });
});

describe('renderVerdictMarkdown', () => {
  it('shows a FAIL heading, a table of failures and the notes as a list', () => {
    assert.equal(
      renderVerdictMarkdown(failing),
      [
        '### ❌ FAIL: quality gate failed: 2 failures (5 checks on 3 strategies)',
        '',
        '| Strategy | Metric | Problem | Detail |',
        '| --- | --- | --- | --- |',
        '| parallel-stitch | probeRecall | below floor | parallel-stitch probeRecall 0.54 < 0.60 |',
        '| structured-iterative | probeRecall | regression | structured-iterative probeRecall 0.81 → 0.74 (−0.07, tolerance 0.02) |',
        '',
        '- sequential-rolling: not in the baseline; its figures were not compared',
        '',
      ].join('\n'),
    );
  });

  it('shows a PASS heading alone when nothing failed and nothing was noted', () => {
    assert.equal(renderVerdictMarkdown(passing), '### ✅ PASS: quality gate passed: 1 check on 1 strategy\n');
  });

  it('marks strategy-wide failures with a dash for the metric', () => {
    const verdict = evaluateGate({
      results: { strategies: [{ name: 'single-shot', status: 'error', error: 'HTTP 500' }] },
      floors: [],
    });
    assert.match(
      renderVerdictMarkdown(verdict),
      /\| single-shot \| — \| strategy failed \| single-shot failed: HTTP 500 \|/,
    );
  });
});
