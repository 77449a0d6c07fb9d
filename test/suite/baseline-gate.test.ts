import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GateResults } from '../../src/quality/gate.ts';
import { renderChangedFiguresMarkdown, renderFactsText } from '../../src/report/baseline-gate.ts';
import type { ResultsFile } from '../../src/results/types.ts';
import { evaluateBaselineGate } from '../../src/suite/baseline-gate.ts';

const PROBES = ['timezone-decision', 'task', 'constraint', 'error', 'next-step', 'a', 'b', 'c', 'd', 'e'];

type Sampling = { runs: number; shares: Record<string, number>; stdError: number };

/** A session's results where `single-shot` kept every probe but `missed` (or, sampled, kept each its share of runs). */
function session(
  name: string,
  missed: readonly string[] = [],
  sampling?: Sampling,
  fileRecall = 1,
): ResultsFile {
  const probeOutcomes = Object.fromEntries(
    PROBES.map((id) => [id, missed.includes(id) ? 'missed' : 'matched']),
  );
  const recall = sampling
    ? Object.values(sampling.shares).reduce((total, share) => total + share, 0) / PROBES.length
    : (PROBES.length - missed.length) / PROBES.length;
  return {
    fixture: { name },
    provider: sampling
      ? { id: 'openai', model: 'gpt-4.1-mini', isLanguageModel: true }
      : { id: 'extractive', model: 'extractive', isLanguageModel: false },
    probes: PROBES.map((id) => ({
      id,
      // One kind: each probe weighs the same in the kind-balanced headline, as the recall above counts them.
      kind: 'task',
      answer: id === 'timezone-decision' ? 'Store times in UTC, convert at the edge' : `fact ${id}`,
    })),
    strategies: [
      {
        name: 'single-shot',
        status: 'ok',
        runs: sampling?.runs ?? 1,
        deterministic: !sampling,
        freshCalls: Array.from({ length: sampling?.runs ?? 1 }, () => 1),
        probeShares: sampling?.shares ?? null,
        spread: sampling ? { probeRecall: { mean: recall, stdError: sampling.stdError } } : null,
        summary: 'We talked about timezones.\nAll times are converted at the edge of the API.',
        quality: {
          probeRecall: recall,
          probeOutcomes,
          fileRecall,
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
const shares = (kept: number) => Object.fromEntries(PROBES.map((id, index) => [id, index < kept ? 1 : 0.5]));

describe('check --baseline with deterministic answers: a lost fact is lost', () => {
  it('fails one fact lost in one session of twelve, naming it and the session, with the summary’s nearest text', () => {
    const gate = evaluateBaselineGate(
      suite(12, (index) => (index === 3 ? ['timezone-decision'] : [])),
      baselinesOf(suite(12, () => [])),
      { tolerance: 0.02 },
    );
    assert.deepEqual(
      gate.failures.map((failure) => [failure.kind, failure.message]),
      [['lost', 'single-shot lost 1 fact the baseline kept (--allow-lost 0): timezone-decision']],
    );
    assert.deepEqual(gate.strategies, [
      {
        strategy: 'single-shot',
        rule: 'deterministic',
        runs: 1,
        lost: 1,
        gained: 0,
        historyLost: 0,
        failed: true,
      },
    ]);
    const text = renderFactsText(gate);
    assert.match(text, /lost `?timezone-decision`? in 1 of 12 sessions \(s4\)/);
    assert.match(text, /nearest in the summary: "All times are converted at the edge of the API\."/);
    // The interval over sessions stays as information ("on other facts"), and it straddles zero.
    const recall = gate.differences.find((row) => row.metric === 'probeRecall')!;
    assert.equal(recall.otherFacts?.over, 'sessions');
    assert.ok(recall.otherFacts!.low < 0 && recall.otherFacts!.high > 0);
  });

  it('lets the facts --allow-lost allows go with the fall in recall they make, whatever the tolerance', () => {
    const baseline = baselinesOf([session('only', ['d', 'e'])]);
    const churned = evaluateBaselineGate([session('only', ['a', 'b'])], baseline, {
      tolerance: 0.02,
      allowLost: 2,
    });
    assert.deepEqual(churned.failures, []);
    assert.equal(churned.strategies[0]!.gained, 2);
    // A gained fact is in the summary: no "nothing near it" beside it (before, every gained line said so).
    assert.match(renderFactsText(churned), /\+ gained d in 1 of 1 session \(only\); expected "fact d"$/m);
    assert.doesNotMatch(renderFactsText(churned), /\+ gained.*(nothing near it|nearest in the summary)/);
    // Two facts lost, two allowed: 0.80 → 0.60 is their fall, which --allow-lost 2 said may happen.
    const allowed = evaluateBaselineGate([session('only', ['a', 'b', 'd', 'e'])], baseline, {
      tolerance: 0.02,
      allowLost: 2,
    });
    assert.deepEqual(allowed.failures, []);
    assert.equal(allowed.strategies[0]!.lost, 2);
    // One more than allowed fails on the count, and the fall beyond the allowed facts' share on the tolerance.
    const beyond = evaluateBaselineGate([session('only', ['a', 'b', 'c', 'd', 'e'])], baseline, {
      tolerance: 0.02,
      allowLost: 2,
    });
    assert.deepEqual(
      beyond.failures.map((failure) => failure.message),
      [
        'single-shot lost 3 facts the baseline kept (--allow-lost 2): a, b, c',
        'single-shot probeRecall 0.80 → 0.50 (−0.30, of which the facts --allow-lost allows make −0.20, beyond the tolerance 0.02)',
      ],
    );
  });

  it('counts a fact kept in part as kept: not lost when a whole one turns half, lost when a half one goes', () => {
    /** `only` with `id` kept in part (½) and every other probe kept. */
    const halfOf = (id: string) => {
      const result = session('only');
      const quality = result.strategies[0]!.quality;
      quality.probeOutcomes[id] = 'partial';
      quality.probeRecall = (PROBES.length - 0.5) / PROBES.length;
      return result;
    };
    const halved = evaluateBaselineGate([halfOf('a')], baselinesOf([session('only')]), { tolerance: 0.02 });
    assert.equal(halved.strategies[0]!.lost, 0);
    assert.deepEqual(
      halved.failures.map((failure) => failure.message),
      ['single-shot probeRecall 1.00 → 0.95 (−0.05, beyond the tolerance 0.02)'],
    );
    const gone = evaluateBaselineGate([session('only', ['a'])], baselinesOf([halfOf('a')]), {
      tolerance: 0.1,
    });
    assert.deepEqual(
      gone.failures.map((failure) => failure.kind),
      ['lost'],
    );
  });

  it('gates and tabulates file recall beside fact recall (the row that failed is in the table)', () => {
    const gate = evaluateBaselineGate([session('only', [], undefined, 0.5)], baselinesOf([session('only')]), {
      tolerance: 0.02,
    });
    assert.deepEqual(
      gate.failures.map((failure) => failure.message),
      ['single-shot fileRecall 1.00 → 0.50 (−0.50, beyond the tolerance 0.02)'],
    );
    const table = renderChangedFiguresMarkdown(gate);
    assert.match(table, /\| single-shot \| fileRecall \| 1\.00 \| 0\.50 \| −0\.50 \| – \| fails \|/);
    assert.doesNotMatch(table, /probeRecall/, 'an unchanged figure is left out');
  });
});

describe('check --baseline with sampled answers: beyond the spread over runs', () => {
  const baseline = baselinesOf([session('only', [], { runs: 3, shares: shares(7), stdError: 0.05 })]);

  it('passes a fall within the spread, says so, and how many runs would tell', () => {
    const gate = evaluateBaselineGate(
      [session('only', [], { runs: 3, shares: shares(6), stdError: 0.05 })],
      baseline,
      { tolerance: 0.02 },
    );
    assert.deepEqual(gate.failures, []);
    const recall = gate.differences.find((row) => row.metric === 'probeRecall')!;
    assert.equal(recall.rule, 'sampled');
    // 0.85 → 0.80: SE √(0.05² + 0.05²) = 0.0707; Welch df = 4; t(0.975, 4) = 2.776 → ±0.196.
    assert.ok(Math.abs(recall.estimate - -0.05) < 1e-12);
    assert.ok(Math.abs(recall.spread!.low - (-0.05 - 2.7764 * 0.070711)) < 1e-3);
    // (2.8 · 0.0707 / (0.05 − 0.02))² · 3 ≈ 131 runs each.
    assert.equal(recall.spread!.runsToTell, 131);
    assert.match(gate.notes.join('\n'), /within the spread over 3 runs .*about 131 runs each would tell/);
  });

  it('fails a fall beyond the spread', () => {
    const gate = evaluateBaselineGate(
      [session('only', [], { runs: 3, shares: { ...shares(0), a: 0 }, stdError: 0.02 })],
      baseline,
      { tolerance: 0.02 },
    );
    assert.equal(gate.failures.length, 1);
    assert.match(
      gate.failures[0]!.message,
      /^single-shot probeRecall 0\.85 → 0\.45 \(−0\.40, 95% \[.*\] over 3 runs, all of it beyond the tolerance 0\.02\)$/,
    );
  });

  it('keeps the spread interval to the changes possible: no recall above 1 or below 0', () => {
    // 0.95 → 0.90 with a wide spread: SE √(0.2² + 0.2²) = 0.283 over 3 runs each would reach +0.73 (a recall of 1.68).
    const wide = (kept: number) => session('only', [], { runs: 3, shares: shares(kept), stdError: 0.2 });
    const gate = evaluateBaselineGate([wide(8)], baselinesOf([wide(9)]), { tolerance: 0.02 });
    const recall = gate.differences.find((row) => row.metric === 'probeRecall')!;
    assert.ok(Math.abs(recall.before - 0.95) < 1e-12 && Math.abs(recall.after - 0.9) < 1e-12);
    assert.ok(Math.abs(recall.spread!.high - 0.05) < 1e-12, `high ${recall.spread!.high}: at most 1 − 0.95`);
    assert.ok(recall.spread!.low >= -0.95 - 1e-12, `low ${recall.spread!.low}: at least 0 − 0.95`);
    assert.deepEqual(gate.failures, []);
  });
});

describe('check --baseline: the rule, the facts and the figures it reads', () => {
  /** `only` with each quality figure given set in single-shot's quality block. */
  const withQuality = (quality: Record<string, unknown>, sampling?: Sampling) => {
    const result = session('only', [], sampling);
    Object.assign(result.strategies[0]!.quality, quality);
    return result;
  };

  it('fails a deterministic fall just beyond the tolerance (1.00 → 0.97 against 0.02), not only beyond twice it', () => {
    const gate = evaluateBaselineGate(
      [session('only', [], undefined, 0.97)],
      baselinesOf([session('only')]),
      {
        tolerance: 0.02,
      },
    );
    assert.deepEqual(
      gate.failures.map((failure) => failure.message),
      ['single-shot fileRecall 1.00 → 0.97 (−0.03, beyond the tolerance 0.02)'],
    );
    // A fall that rounds to the tolerance says by how much it passes it (before: "−0.02, beyond the tolerance 0.02").
    const rounded = evaluateBaselineGate(
      [session('only', [], undefined, 0.976)],
      baselinesOf([session('only')]),
      { tolerance: 0.02 },
    );
    assert.deepEqual(
      rounded.failures.map((failure) => failure.message),
      ['single-shot fileRecall 1.00 → 0.98 (−0.024, beyond the tolerance 0.02)'],
    );
    const within = evaluateBaselineGate(
      [session('only', [], undefined, 0.99)],
      baselinesOf([session('only')]),
      {
        tolerance: 0.02,
      },
    );
    assert.deepEqual(within.failures, []);
  });

  it('fails a rising contradiction rate: for it, lower is better', () => {
    const before = withQuality({ contradictions: 0, probesTotal: 10, historyTotal: 0 });
    const after = withQuality({ contradictions: 2, probesTotal: 10, historyTotal: 0 });
    const gate = evaluateBaselineGate([after], baselinesOf([before]), { tolerance: 0.02 });
    assert.deepEqual(
      gate.failures.map((failure) => failure.message),
      ['single-shot contradictionRate 0.00 → 0.20 (+0.20, beyond the tolerance 0.02)'],
    );
    const fell = evaluateBaselineGate([before], baselinesOf([after]), { tolerance: 0.02 });
    assert.deepEqual(fell.failures, [], 'fewer contradictions is better');
  });

  it('gates two runs of a sampled model by the spread over runs, not as deterministic answers', () => {
    const two = (kept: number) => session('only', [], { runs: 2, shares: shares(kept), stdError: 0.05 });
    const gate = evaluateBaselineGate([two(6)], baselinesOf([two(7)]), { tolerance: 0.02 });
    assert.equal(gate.strategies[0]!.rule, 'sampled');
    assert.equal(gate.strategies[0]!.runs, 2);
    assert.ok(gate.differences.every((difference) => difference.spread !== null));
  });

  it('refuses to gate one fresh run of a sampled model: a lost fact cannot be told from noise', () => {
    // A loopback model whose answers keep a random half of the facts, one run: before, its losses were gated as
    // deterministic ("18–23 facts lost").
    const one = session('only', ['a', 'b', 'c'], { runs: 1, shares: {}, stdError: 0 });
    one.strategies[0]!.probeShares = null;
    one.strategies[0]!.spread = null;
    const baseline = baselinesOf([session('only')]);
    const gate = evaluateBaselineGate([one], baseline, { tolerance: 0.02 });
    assert.deepEqual(
      gate.strategies.map((entry) => [entry.strategy, entry.rule, entry.failed]),
      [['single-shot', 'unpaired', true]],
    );
    assert.deepEqual(
      gate.failures.map((failure) => failure.kind),
      ['unpaired'],
    );
    assert.match(
      gate.failures[0]!.message,
      /^single-shot: one run of a sampled model, its answers fresh from openai:gpt-4\.1-mini: a fact lost cannot be told from noise; give --runs 2 or more .*--replay.*--allow-unpaired-noise/,
    );
    assert.deepEqual(gate.facts, [], 'no fact is counted lost');
    const allowed = evaluateBaselineGate([one], baseline, { tolerance: 0.02, allowUnpairedNoise: true });
    assert.deepEqual(allowed.failures, []);
    assert.match(allowed.notes.join('\n'), /not gated against the baseline \(--allow-unpaired-noise\)/);
    // The same answers from the cache (or a cassette) are deterministic: a lost fact is lost.
    one.strategies[0]!.freshCalls = [0];
    const cached = evaluateBaselineGate([one], baseline, { tolerance: 0.02 });
    assert.equal(cached.strategies[0]!.rule, 'deterministic');
    assert.equal(cached.strategies[0]!.lost, 3);
  });

  it('counts and gates live facts only: a history fact lost is listed apart, and fact recall is the live facts’', () => {
    const history = (result: ResultsFile) => {
      for (const probe of result.probes) (probe as { live?: boolean }).live = !['d', 'e'].includes(probe.id);
      return result;
    };
    const gate = evaluateBaselineGate(
      [history(session('only', ['d', 'e']))],
      baselinesOf([history(session('only'))]),
      { tolerance: 0.02 },
    );
    assert.deepEqual(gate.failures, []);
    assert.equal(gate.strategies[0]!.lost, 0);
    assert.equal(gate.strategies[0]!.historyLost, 2);
    assert.deepEqual(
      gate.facts.map((change) => [change.probe, change.live]),
      [
        ['d', false],
        ['e', false],
      ],
    );
    const recall = gate.differences.find((difference) => difference.metric === 'probeRecall')!;
    assert.equal(recall.before, 1);
    assert.equal(recall.after, 1, 'the 8 live facts were all kept');
    assert.match(renderFactsText(gate), /single-shot: 0 lost, 0 gained; 2 history facts lost \(not gated\)/);
  });
});
