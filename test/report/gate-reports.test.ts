/** The gate's Markdown is complete however much failed (folded, never cut), and its JUnit is valid XML text. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GateFailure, Verdict } from '../../src/quality/gate.ts';
import { renderGateMarkdown } from '../../src/report/check-summary.ts';
import { renderJunit } from '../../src/report/junit.ts';

const failure = (strategy: string, index: number): GateFailure => ({
  strategy,
  metric: 'probeRecall',
  kind: 'floor',
  expected: 0.5,
  actual: index / 100,
  message: `${strategy} probeRecall 0.${String(index).padStart(2, '0')} < 0.50`,
});

const verdict: Verdict = {
  passed: false,
  failures: Array.from({ length: 12 }, (_, index) => failure(`strategy-${index}`, index)),
  notes: Array.from({ length: 20 }, (_, index) => `note ${index}`),
  checks: 12,
  strategies: 12,
};

describe('F-gate.md', () => {
  it('lists every failure and note: the first ones open, the rest folded under details', () => {
    const markdown = renderGateMarkdown({ verdict, gate: null, accept: null }, null);
    for (const { message } of verdict.failures)
      assert.ok(markdown.includes(message.replace('<', '\\<')), message);
    for (const note of verdict.notes) assert.ok(markdown.includes(`- ${note}\n`), note);
    assert.match(markdown, /<details><summary>7 more failures<\/summary>/);
    assert.match(markdown, /<details><summary>12 more notes<\/summary>/);
    assert.doesNotMatch(markdown, /job log/);
  });
});

describe('the JUnit report', () => {
  it('has a test case per strategy, failing with its failures, and escapes what XML cannot hold', () => {
    const xml = renderJunit(
      { ...verdict, failures: [{ ...failure('a&b', 1), message: 'a&b "quoted" <x> \u0007' }], notes: [] },
      'session',
      ['a&b', 'clean'],
    );
    assert.match(xml, /tests="2" failures="1"/);
    assert.match(xml, /<failure message="a&amp;b &quot;quoted&quot; &lt;x&gt; " type="floor">/);
    assert.match(xml, /<testcase classname="compaction-bench check session" name="clean" time="0"\/>/);
    assert.doesNotMatch(xml, /\u0007/);
  });
});
