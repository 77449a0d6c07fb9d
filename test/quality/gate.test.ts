import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InputError } from '../../src/errors.ts';
import type { GateResults, GateStrategy, Verdict } from '../../src/quality/gate.ts';
import { formatFigure } from '../../src/text/numbers.ts';
import { METRICS } from '../../src/quality/metrics.ts';
import {
  combineVerdicts,
  evaluateGate,
  gateExitCode,
  parseBaseline,
  parseFailUnder,
} from '../../src/quality/gate.ts';

function ok(name: string, quality: Record<string, unknown>): GateStrategy {
  return { name, status: 'ok', error: null, quality: { judge: null, ...quality } };
}

function failed(name: string, error: string): GateStrategy {
  return { name, status: 'error', error, quality: null };
}

function results(...strategies: GateStrategy[]): GateResults {
  return { fixture: { name: 'shop' }, strategies };
}

const messages = (verdict: Verdict) => verdict.failures.map((failure) => failure.message);

describe('parseFailUnder', () => {
  it('refuses two floors of one figure that disagree (before, the looser one was used without a word)', () => {
    assert.throws(
      () => parseFailUnder(['probeRecall=0.7', 'probeRecall=0.5']),
      (error: Error) =>
        error instanceof InputError &&
        error.message ===
          '--fail-under probeRecall=0.7 and --fail-under probeRecall=0.5 set two floors for probeRecall; give one',
    );
    assert.throws(
      () => parseFailUnder(['pi.probeRecall=0.7', 'pi.probeRecall=0.8']),
      /set two floors for pi\.probeRecall/,
    );
    // The same floor twice, or a general floor and one strategy's, is no conflict.
    assert.equal(parseFailUnder(['probeRecall=0.7', 'probeRecall=0.7']).length, 2);
    assert.equal(parseFailUnder(['probeRecall=0.7', 'pi.probeRecall=0.5']).length, 2);
  });

  it('reads metric=value for every strategy and strategy.metric=value for one', () => {
    assert.deepEqual(
      parseFailUnder([
        'probeRecall=0.6',
        'parallel-stitch.fileRecall=0.5',
        'probeRecall.task=1',
        'structured-iterative.probeRecall.error=0.75',
        'inventedPaths=0',
      ]),
      [
        { strategy: null, metric: 'probeRecall', value: 0.6, spec: 'probeRecall=0.6' },
        {
          strategy: 'parallel-stitch',
          metric: 'fileRecall',
          value: 0.5,
          spec: 'parallel-stitch.fileRecall=0.5',
        },
        { strategy: null, metric: 'probeRecall.task', value: 1, spec: 'probeRecall.task=1' },
        {
          strategy: 'structured-iterative',
          metric: 'probeRecall.error',
          value: 0.75,
          spec: 'structured-iterative.probeRecall.error=0.75',
        },
        { strategy: null, metric: 'inventedPaths', value: 0, spec: 'inventedPaths=0' },
      ],
    );
  });

  it('allows dots in a strategy name', () => {
    assert.deepEqual(parseFailUnder(['my.strategy.structure=0.9'])[0]?.strategy, 'my.strategy');
  });

  const rejects = (spec: string, message: RegExp) =>
    assert.throws(
      () => parseFailUnder([spec]),
      (error: unknown) => error instanceof InputError && message.test(error.message),
    );

  it('rejects a spec without =', () => {
    rejects('probeRecall', /^--fail-under 'probeRecall': expected metric=value or strategy\.metric=value/);
  });

  it('rejects an unknown metric, listing the available ones', () => {
    // Every gateable metric of the registry, in its order (a new one joins the list without editing this test).
    const gateable = METRICS.filter((metric) => metric.gate).map((metric) => metric.key);
    for (const key of ['probeRecall', 'contradictions', 'fileRecall', 'structure', 'inventedPaths', 'judge'])
      assert.ok(gateable.includes(key), key);
    rejects(
      'probRecall=0.6',
      new RegExp(
        `^--fail-under 'probRecall=0\\.6': unknown metric 'probRecall'; available: ${gateable.join(', ')}, probeRecall\\.<kind>$`,
      ),
    );
    rejects('parallel-stitch.recall=0.6', /unknown metric 'recall'/);
  });

  it('rejects a share outside 0–1 or not a number', () => {
    rejects('probeRecall=1.5', /probeRecall is a share; the value must be a number from 0 to 1/);
    rejects('probeRecall=-0.1', /from 0 to 1/);
    rejects('probeRecall=', /from 0 to 1/);
    rejects('probeRecall=high', /from 0 to 1/);
    rejects('probeRecall=60%', /from 0 to 1/);
  });

  it('rejects an invented-path ceiling that is not a whole number', () => {
    rejects('inventedPaths=0.5', /inventedPaths is a count of paths; the value must be a whole number ≥ 0/);
    rejects('inventedPaths=-1', /whole number/);
  });
});

describe('evaluateGate: floors', () => {
  const run = results(
    ok('parallel-stitch', { probeRecall: 0.54, fileRecall: 0.9, structure: null, inventedPaths: ['x.ts'] }),
    ok('structured-iterative', { probeRecall: 0.81, fileRecall: 1, structure: 1, inventedPaths: [] }),
  );

  it('passes when every figure reaches its floor (equal is enough)', () => {
    const verdict = evaluateGate({
      results: run,
      floors: parseFailUnder(['probeRecall=0.54', 'fileRecall=0.9']),
    });
    assert.equal(verdict.passed, true);
    assert.deepEqual(verdict.failures, []);
    assert.equal(verdict.checks, 4);
    assert.equal(verdict.strategies, 2);
  });

  it('fails listing each strategy and metric under its floor', () => {
    const verdict = evaluateGate({ results: run, floors: parseFailUnder(['probeRecall=0.6']) });
    assert.equal(verdict.passed, false);
    assert.deepEqual(verdict.failures, [
      {
        strategy: 'parallel-stitch',
        metric: 'probeRecall',
        kind: 'floor',
        expected: 0.6,
        actual: 0.54,
        message: 'parallel-stitch probeRecall 0.54 < 0.60',
      },
    ]);
    assert.equal(gateExitCode(verdict), 1);
  });

  it('holds a lexical baseline only to floors that name it, and says so', () => {
    const pathsOnly = { ...ok('paths-only', { probeRecall: 0 }), lexical: true };
    const general = evaluateGate({
      results: results(ok('single-shot', { probeRecall: 0.8 }), pathsOnly),
      floors: parseFailUnder(['probeRecall=0.6']),
    });
    assert.equal(general.passed, true);
    assert.equal(general.checks, 1);
    assert.deepEqual(general.notes, [
      'general floors skip the lexical baselines (paths-only): they are references, meant to score low',
    ]);
    const named = evaluateGate({
      results: results(pathsOnly),
      floors: parseFailUnder(['paths-only.probeRecall=0.1']),
    });
    assert.deepEqual(messages(named), ['paths-only probeRecall 0.00 < 0.10']);
  });

  it('lets a per-strategy floor override the general one', () => {
    const verdict = evaluateGate({
      results: run,
      floors: parseFailUnder([
        'probeRecall=0.6',
        'parallel-stitch.probeRecall=0.5',
        'structured-iterative.probeRecall=0.9',
      ]),
    });
    assert.deepEqual(messages(verdict), ['structured-iterative probeRecall 0.81 < 0.90']);
  });

  it('skips null figures, and notes a floor no strategy could be held to', () => {
    const verdict = evaluateGate({
      results: run,
      floors: parseFailUnder(['structure=0.9', 'probeRecall.decision=0.5']),
    });
    assert.equal(verdict.passed, true);
    assert.equal(verdict.checks, 1);
    assert.deepEqual(verdict.notes, [
      '--fail-under probeRecall.decision=0.5: no strategy has a probeRecall.decision figure; not applied',
    ]);
  });

  it('gates per-kind probe recall', () => {
    const verdict = evaluateGate({
      results: results(ok('single-shot', { probeRecall: 0.8, probeRecallByKind: { error: 0.5, task: 1 } })),
      floors: parseFailUnder(['probeRecall.error=0.75', 'probeRecall.task=1']),
    });
    assert.deepEqual(messages(verdict), ['single-shot probeRecall.error 0.50 < 0.75']);
  });

  it('treats the inventedPaths floor as a ceiling', () => {
    const verdict = evaluateGate({ results: run, floors: parseFailUnder(['inventedPaths=0']) });
    assert.deepEqual(messages(verdict), ['parallel-stitch inventedPaths 1 > 0']);
    assert.equal(evaluateGate({ results: run, floors: parseFailUnder(['inventedPaths=1']) }).passed, true);
  });

  it('shows enough decimals to tell a figure from its floor', () => {
    const verdict = evaluateGate({
      results: results(ok('single-shot', { probeRecall: 0.596 })),
      floors: parseFailUnder(['probeRecall=0.6']),
    });
    assert.deepEqual(messages(verdict), ['single-shot probeRecall 0.596 < 0.600']);
  });

  it('fails when a per-strategy floor names a strategy that is not in the run', () => {
    const verdict = evaluateGate({ results: run, floors: parseFailUnder(['single-shot.probeRecall=0.5']) });
    assert.deepEqual(
      verdict.failures.map(({ kind, message }) => ({ kind, message })),
      [
        {
          kind: 'missing',
          message: 'single-shot: not in this run, but --fail-under single-shot.probeRecall=0.5 names it',
        },
      ],
    );
  });
});

describe('evaluateGate: errors', () => {
  it('fails for a strategy that errored, with exit code 3 when nothing else failed', () => {
    const verdict = evaluateGate({
      results: results(
        ok('single-shot', { probeRecall: 1 }),
        failed('parallel-stitch', 'context overflow: 140000 > 128000'),
      ),
      floors: parseFailUnder(['probeRecall=0.5']),
    });
    assert.equal(verdict.passed, false);
    assert.deepEqual(verdict.failures, [
      {
        strategy: 'parallel-stitch',
        metric: null,
        kind: 'error',
        expected: null,
        actual: null,
        message: 'parallel-stitch failed: context overflow: 140000 > 128000',
      },
    ]);
    assert.equal(gateExitCode(verdict), 3);
  });

  it('exits 1 when a figure failed as well as a strategy', () => {
    const verdict = evaluateGate({
      results: results(ok('single-shot', { probeRecall: 0.1 }), failed('parallel-stitch', 'boom')),
      floors: parseFailUnder(['probeRecall=0.5']),
    });
    assert.equal(verdict.failures.length, 2);
    assert.equal(gateExitCode(verdict), 1);
  });
});

describe('evaluateGate: baseline', () => {
  const baseline = results(
    ok('structured-iterative', {
      probeRecall: 0.81,
      probeRecallByKind: { error: 1, task: 0.5 },
      fileRecall: 0.9,
      modifiedFileRecall: 1,
      structure: 1,
      inventedPaths: [],
    }),
    ok('single-shot', { probeRecall: 0.7, fileRecall: 0.5, structure: null }),
  );
  const gate = (...strategies: GateStrategy[]) =>
    evaluateGate({ results: results(...strategies), floors: [], baseline, tolerance: 0.02 });
  const same = ok('single-shot', { probeRecall: 0.7, fileRecall: 0.5, structure: null });

  it('fails a contradiction rate that rose beyond the tolerance: lower is better', () => {
    const before = results(ok('single-shot', { contradictions: 0, probesTotal: 10, historyTotal: 0 }));
    const after = ok('single-shot', { contradictions: 1, probesTotal: 10, historyTotal: 0 });
    const verdict = evaluateGate({ results: results(after), floors: [], baseline: before, tolerance: 0.02 });
    assert.deepEqual(messages(verdict), [
      'single-shot contradictionRate 0.00 → 0.10 (+0.10, tolerance 0.02)',
    ]);
    const fewer = evaluateGate({
      results: before,
      floors: [],
      baseline: results(after),
      tolerance: 0.02,
    });
    assert.equal(fewer.passed, true);
  });

  it('passes when every figure is the same', () => {
    const verdict = gate(
      ok('structured-iterative', {
        probeRecall: 0.81,
        probeRecallByKind: { error: 1, task: 0.5 },
        fileRecall: 0.9,
        modifiedFileRecall: 1,
        structure: 1,
        inventedPaths: [],
      }),
      same,
    );
    assert.equal(verdict.passed, true);
    assert.deepEqual(verdict.notes, []);
    assert.equal(verdict.checks, 8);
  });

  it('passes when figures are better, noting the improvements', () => {
    const verdict = gate(
      ok('structured-iterative', {
        probeRecall: 0.95,
        probeRecallByKind: { error: 1, task: 1 },
        fileRecall: 0.91,
        modifiedFileRecall: 1,
        structure: 1,
      }),
      same,
    );
    assert.equal(verdict.passed, true);
    assert.deepEqual(verdict.notes, [
      '2 figures improved beyond the tolerance (structured-iterative probeRecall, structured-iterative probeRecall.task); --update-baseline records them',
    ]);
  });

  it('fails when a figure fell by more than the tolerance, listing baseline → now', () => {
    const verdict = gate(
      ok('structured-iterative', {
        probeRecall: 0.74,
        probeRecallByKind: { error: 0.5, task: 0.5 },
        fileRecall: 0.9,
        modifiedFileRecall: 1,
        structure: 1,
      }),
      same,
    );
    assert.deepEqual(messages(verdict), [
      'structured-iterative probeRecall 0.81 → 0.74 (−0.07, tolerance 0.02)',
      'structured-iterative probeRecall.error 1.00 → 0.50 (−0.50, tolerance 0.02)',
    ]);
    assert.deepEqual(
      verdict.failures.map(({ kind, expected, actual }) => ({ kind, expected, actual })),
      [
        { kind: 'regression', expected: 0.81, actual: 0.74 },
        { kind: 'regression', expected: 1, actual: 0.5 },
      ],
    );
  });

  it('passes a fall of exactly the tolerance and fails one just beyond it', () => {
    const at = gate(
      same,
      ok('structured-iterative', { ...baseline.strategies[0]!.quality, probeRecall: 0.79 }),
    );
    assert.equal(at.passed, true);
    const beyond = gate(
      same,
      ok('structured-iterative', { ...baseline.strategies[0]!.quality, probeRecall: 0.789 }),
    );
    assert.deepEqual(messages(beyond), [
      'structured-iterative probeRecall 0.81 → 0.79 (−0.021, tolerance 0.02)',
    ]);
  });

  it('applies the tolerance it is given', () => {
    const verdict = evaluateGate({
      results: results(
        same,
        ok('structured-iterative', { ...baseline.strategies[0]!.quality, probeRecall: 0.74 }),
      ),
      floors: [],
      baseline,
      tolerance: 0.1,
    });
    assert.equal(verdict.passed, true);
  });

  it('leaves which strategies the baseline and the run share to the coverage (src/suite/baseline-coverage.ts)', () => {
    // A strategy of the baseline missing from the run, and one missing from the baseline: neither is a figure.
    const verdict = gate(same, ok('sequential-rolling', { probeRecall: 0.2 }));
    assert.deepEqual(verdict.failures, []);
    assert.deepEqual(verdict.notes, []);
  });

  it('fails for a figure the baseline measured that this run did not', () => {
    const verdict = gate(
      same,
      ok('structured-iterative', {
        ...baseline.strategies[0]!.quality,
        structure: null,
        probeRecallByKind: { task: 0.5 },
      }),
    );
    assert.deepEqual(messages(verdict), [
      'structured-iterative structure 1 → none (the baseline measured it, this run did not)',
      'structured-iterative probeRecall.error 1 → none (the baseline measured it, this run did not)',
    ]);
    assert.ok(verdict.failures.every((failure) => failure.kind === 'missing'));
  });

  it('notes a figure missing from the baseline without failing', () => {
    const verdict = gate(
      ok('single-shot', { probeRecall: 0.7, fileRecall: 0.5, modifiedFileRecall: 0.25 }),
      ok('structured-iterative', baseline.strategies[0]!.quality!),
    );
    assert.equal(verdict.passed, true);
    assert.deepEqual(verdict.notes, [
      'single-shot modifiedFileRecall: not in the baseline (now 0.25); not compared',
    ]);
  });

  it('reports more invented paths than the baseline as a note, not a failure', () => {
    const verdict = gate(
      same,
      ok('structured-iterative', { ...baseline.strategies[0]!.quality, inventedPaths: ['a.ts', 'b.ts'] }),
    );
    assert.equal(verdict.passed, true);
    assert.deepEqual(verdict.notes, [
      'structured-iterative inventedPaths 0 → 2 (cap it with --fail-under inventedPaths=N)',
    ]);
  });

  it('compares no figure of a strategy whose baseline run failed (the coverage fails it)', () => {
    const verdict = evaluateGate({
      results: results(ok('single-shot', { probeRecall: 0.1 })),
      floors: [],
      baseline: results(failed('single-shot', 'boom')),
    });
    assert.equal(verdict.checks, 0);
    assert.deepEqual(verdict.failures, []);
  });

  it('notes a baseline taken on another fixture', () => {
    const verdict = evaluateGate({
      results: { fixture: { name: 'large-session' }, strategies: [same] },
      floors: [],
      baseline: { fixture: { name: 'shop' }, strategies: [same] },
    });
    assert.deepEqual(verdict.notes, ["the baseline is for session 'shop', this run for 'large-session'"]);
  });

  it('combines floors and baseline in one verdict', () => {
    const verdict = evaluateGate({
      results: results(
        ok('single-shot', { probeRecall: 0.5, fileRecall: 0.5 }),
        ok('structured-iterative', baseline.strategies[0]!.quality!),
      ),
      floors: parseFailUnder(['probeRecall=0.6']),
      baseline,
    });
    assert.deepEqual(messages(verdict), [
      'single-shot probeRecall 0.50 < 0.60',
      'single-shot probeRecall 0.70 → 0.50 (−0.20, tolerance 0.02)',
    ]);
  });
});

describe('parseBaseline', () => {
  it('accepts a results JSON with extra keys', () => {
    const json = {
      schemaVersion: 2,
      fixture: { name: 'shop', format: 'pi' },
      provider: { id: 'extractive' },
      strategies: [
        {
          name: 'single-shot',
          status: 'ok',
          error: null,
          calls: 1,
          quality: { probeRecall: 0.5, structure: null, judge: null },
        },
      ],
    };
    const baseline = parseBaseline(json, 'base.json');
    assert.equal(baseline.strategies[0]?.name, 'single-shot');
    assert.equal(baseline.strategies[0]?.quality?.['probeRecall'], 0.5);
  });

  const rejects = (json: unknown, message: string) =>
    assert.throws(
      () => parseBaseline(json, 'base.json'),
      (error: unknown) => error instanceof InputError && error.message === message,
    );

  it('names the file and the first problem', () => {
    rejects({ schemaVersion: 2 }, 'base.json: strategies: Invalid input: expected array, received undefined');
    rejects(
      { schemaVersion: 2, strategies: [{ name: 'x', status: 'ok', quality: { probeRecall: 'high' } }] },
      'base.json: strategies.0.quality.probeRecall: Invalid input: expected number, received string',
    );
    rejects([], 'base.json: Invalid input: expected object, received array');
  });

  it('asks to regenerate a version 1 baseline, refuses another version and a strategy listed twice', () => {
    rejects(
      { schemaVersion: 1, strategies: [] },
      'base.json: a schemaVersion 1 baseline, whose probeRecall counted file names as facts; regenerate it: compaction-bench check <transcript> --fail-under probeRecall=0 --update-baseline base.json (docs/results.md)',
    );
    rejects(
      { schemaVersion: 3, fixture: { name: 'before-compaction' }, strategies: [] },
      'base.json: schemaVersion 3, which this version (reading 2) does not know; regenerate it: compaction-bench check before-compaction --fail-under probeRecall=0 --update-baseline base.json (docs/results.md)',
    );
    rejects(
      {
        schemaVersion: 2,
        strategies: [
          { name: 'x', status: 'ok' },
          { name: 'x', status: 'ok' },
        ],
      },
      "base.json: strategy 'x' appears twice",
    );
  });
});

describe('formatFigure', () => {
  it('shows shares with two decimals, counts whole', () => {
    assert.equal(formatFigure(0.5), '0.50');
    assert.equal(formatFigure(2), '2');
    assert.equal(formatFigure(0.6, 0.596), '0.600');
  });
});

describe('combineVerdicts', () => {
  it('prefixes failures and notes with the fixture when there are several', () => {
    const failing = evaluateGate({
      results: results(ok('a', { probeRecall: 0.1 })),
      floors: parseFailUnder(['probeRecall=0.5']),
    });
    const passing = evaluateGate({
      results: results(ok('a', { probeRecall: 0.9 })),
      floors: parseFailUnder(['probeRecall=0.5']),
    });
    const combined = combineVerdicts([
      { transcript: 'shop', verdict: failing },
      { transcript: 'large-session', verdict: passing },
    ]);
    assert.equal(combined.passed, false);
    assert.deepEqual(messages(combined), ['shop: a probeRecall 0.10 < 0.50']);
    assert.equal(combined.checks, 2);
    assert.equal(combined.strategies, 1);
  });
});

describe('general floors and the recorded row', () => {
  const results = {
    strategies: [
      { name: 'single-shot', status: 'ok', quality: { probeRecall: 0.9, structure: 1 } },
      // The agent's own summary: it follows no prescribed format, so it fails any structure floor.
      { name: 'recorded', status: 'ok', quality: { probeRecall: 0.4, structure: 0 } },
    ],
  };

  it('gate only the strategies asked for: a general floor skips recorded, and says how to gate it', () => {
    const verdict = evaluateGate({ results, floors: parseFailUnder(['probeRecall=0.5', 'structure=1']) });
    assert.equal(verdict.passed, true, verdict.failures.map((failure) => failure.message).join('\n'));
    assert.match(
      verdict.notes.join('\n'),
      /general floors skip the recorded row .*--fail-under recorded\.probeRecall=/,
    );
  });

  it('holds recorded to a floor that names it', () => {
    const verdict = evaluateGate({ results, floors: parseFailUnder(['recorded.probeRecall=0.5']) });
    assert.deepEqual(
      verdict.failures.map((failure) => failure.message),
      ['recorded probeRecall 0.40 < 0.50'],
    );
  });
});
