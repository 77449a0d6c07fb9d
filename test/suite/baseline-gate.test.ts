import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GateResults } from '../../src/quality/gate.ts';
import { renderBaselineGateMarkdown, renderBaselineGateText } from '../../src/report/baseline-gate.ts';
import type { ResultsFile } from '../../src/results/types.ts';
import { evaluateBaselineGate } from '../../src/suite/baseline-gate.ts';

const PROBES = ['timezone-decision', 'task', 'constraint', 'error', 'next-step', 'a', 'b', 'c', 'd', 'e'];

/** A session's results where `single-shot` kept every probe but `missed`. */
function session(name: string, missed: readonly string[] = []): ResultsFile {
  const probeOutcomes = Object.fromEntries(
    PROBES.map((id) => [id, missed.includes(id) ? 'missed' : 'matched']),
  );
  const recall = (PROBES.length - missed.length) / PROBES.length;
  return {
    fixture: { name },
    probes: PROBES.map((id) => ({ id, kind: id === 'timezone-decision' ? 'decision' : 'task' })),
    strategies: [
      {
        name: 'single-shot',
        status: 'ok',
        probeShares: null,
        quality: {
          probeRecall: recall,
          probeOutcomes,
          fileRecall: 1,
          modifiedFileRecall: null,
          structure: null,
        },
      },
    ],
  } as unknown as ResultsFile;
}

const suite = (count: number, missed: (index: number) => string[]) =>
  Array.from({ length: count }, (_, index) => session(`s${index + 1}`, missed(index)));
const baselinesOf = (results: readonly ResultsFile[]) =>
  new Map(results.map((result) => [result.fixture.name, result as unknown as GateResults]));

describe('check --baseline that knows noise', () => {
  const baseline = baselinesOf(suite(12, () => []));

  it('passes when one session of twelve lost one fact (a dip within noise)', () => {
    const gate = evaluateBaselineGate(
      suite(12, (index) => (index === 0 ? ['a'] : [])),
      baseline,
      0.02,
    );
    assert.deepEqual(gate.failures, []);
    const recall = gate.differences.find((row) => row.metric === 'probeRecall')!;
    assert.ok(Math.abs(recall.estimate - -1 / 120) < 1e-12);
    assert.equal(recall.sessions, 12);
    assert.ok(gate.handles('probeRecall') && gate.handles('probeRecall.decision'));
  });

  it('notes, but does not fail, a drop beyond the tolerance whose interval still reaches it', () => {
    // Half the facts of one session of twelve: mean −0.5/12 ≈ −0.042, but the sessions disagree.
    const gate = evaluateBaselineGate(
      suite(12, (index) => (index === 0 ? ['a', 'b', 'c', 'd', 'e'] : [])),
      baseline,
      0.02,
    );
    assert.deepEqual(gate.failures, []);
    assert.match(
      gate.notes.join('\n'),
      /single-shot probeRecall −0\.04 against the baseline is within noise \(95% CI \[−0\.13, \+0\.05\] over 12 sessions\); not failed/,
    );
  });

  it('fails when the whole interval lies beyond the tolerance, and says which facts were lost where', () => {
    const lost = (index: number) => (index % 4 === 0 ? ['timezone-decision', 'a'] : ['a']);
    const gate = evaluateBaselineGate(suite(12, lost), baseline, 0.02);
    // Sums −2 in three sessions, −1 in nine: mean −15/120 = −0.125; residual totals −0.75 (×3) and 0.25 (×9),
    // squares 2.25; SE = √(12/11 · 2.25)/120 = 0.01306; t(0.975, 11) = 2.201 → [−0.154, −0.096].
    const messages = gate.failures.map((failure) => failure.message);
    assert.ok(
      messages.some((message) =>
        /^single-shot probeRecall 1\.00 → 0\.88 \(−0\.13, 95% CI \[−0\.15, −0\.10\] over 12 sessions, all of it beyond the tolerance 0\.02\)$/.test(
          message,
        ),
      ),
      messages.join('\n'),
    );
    const text = renderBaselineGateText(gate);
    assert.match(text, /single-shot: lost `a` in 12 of 12 sessions \(s1, s2, s3, s4, … 8 more\)/);
    assert.match(text, /single-shot: lost `timezone-decision` in 3 of 12 sessions \(s1, s5, s9\)/);
    assert.match(
      renderBaselineGateMarkdown(gate),
      /- lost `timezone-decision` in 3 of 12 sessions \(s1, s5, s9\)/,
    );
  });

  it('reports facts gained too', () => {
    const before = baselinesOf(suite(3, () => ['e']));
    const gate = evaluateBaselineGate(
      suite(3, (index) => (index === 1 ? [] : ['e'])),
      before,
      0.02,
    );
    assert.match(renderBaselineGateText(gate), /single-shot: gained `e` in 1 of 3 \(s2\)/);
  });

  it('on one session, pairs over its probes (Newcombe): two of ten lost is within noise, eight is not', () => {
    const one = baselinesOf([session('only')]);
    const small = evaluateBaselineGate([session('only', ['a', 'b'])], one, 0.02);
    assert.deepEqual(small.failures, []);
    const recall = small.differences.find((row) => row.metric === 'probeRecall')!;
    assert.equal(recall.over, 'probes');
    assert.ok(recall.low < -0.02 && recall.high > -0.02);
    const large = evaluateBaselineGate([session('only', PROBES.slice(0, 8))], one, 0.02);
    assert.match(
      large.failures[0]!.message,
      /single-shot probeRecall 1\.00 → 0\.20 \(−0\.80, 95% CI .* over the probes of one session/,
    );
    // fileRecall has no interval on one session: left to the point comparison.
    assert.equal(large.handles('fileRecall'), false);
  });

  it('with a few sessions, gates each on its own probes: a drop in one of two fixtures still fails', () => {
    const two = baselinesOf(suite(2, () => []));
    const gate = evaluateBaselineGate(
      suite(2, (index) => (index === 0 ? PROBES.slice(0, 8) : [])),
      two,
      0.02,
    );
    assert.equal(gate.failures.length, 2, gate.failures.map((failure) => failure.message).join('\n'));
    assert.match(
      gate.failures[0]!.message,
      /single-shot probeRecall 1\.00 → 0\.20 \(−0\.80, 95% CI .* over the probes of s1, all of it beyond/,
    );
    const unchanged = gate.differences.filter((row) => row.session === 's2');
    assert.ok(unchanged.length > 0 && unchanged.every((row) => !row.failed));
    // Once-per-session figures get no interval from two sessions: left to the point comparison.
    assert.equal(gate.handles('fileRecall'), false);
  });
});
