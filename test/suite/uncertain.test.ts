/**
 * A suite's paired verdicts: a strategy at 0 is never "not distinguishable" from one at 1 (an interval that wide
 * is too uncertain to rank, with the sessions it would take), a comparison on one session ranks nothing, and the
 * paired test is over the live facts, as the fact-recall column beside it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { suiteVerdict } from '../../src/report/suite-verdict.ts';
import { renderSuiteMarkdown } from '../../src/report/suite.ts';
import type { ResultsFile, StrategyResult } from '../../src/results/types.ts';
import { suiteOf } from '../../src/suite/assemble.ts';
import { compareSuite } from '../../src/run/run-suite.ts';
import { join } from 'node:path';
import { temporaryDirectory } from '../helpers/cli.ts';
import { offlineCompare } from '../helpers/compare-run.ts';

type Figures = { kept: number; history?: number; lexical?: boolean; failed?: boolean };

/** A session of `live` live probes and `history` history ones; each strategy keeps its first `kept` live ones. */
function session(
  name: string,
  live: number,
  history: number,
  strategies: Record<string, Figures>,
): ResultsFile {
  const liveIds = Array.from({ length: live }, (_, index) => `live-${index}`);
  const historyIds = Array.from({ length: history }, (_, index) => `history-${index}`);
  return {
    fixture: {
      name,
      path: `${name}.jsonl`,
      format: 'pi',
      tokens: 20_000,
      messages: 10,
      probes: live + history,
      liveProbes: live,
      files: 2,
    },
    target: null,
    provider: { id: 'extractive', model: 'extractive', isLanguageModel: false },
    tokenizer: 'o200k_base',
    probes: [...liveIds.map((id) => ({ id, live: true })), ...historyIds.map((id) => ({ id, live: false }))],
    strategies: Object.entries(strategies).map(
      ([strategy, figures]) =>
        ({
          name: strategy,
          status: figures.failed ? 'error' : 'ok',
          lexical: figures.lexical ?? false,
          calls: figures.lexical ? 0 : 1,
          ownMs: 5,
          cost: 0,
          tokensAfter: 1000,
          compressionRatio: 0.05,
          flags: [],
          probeShares: null,
          file: `${name}-${strategy}.md`,
          quality: {
            probesTotal: live,
            probesMatched: figures.kept,
            probesPartial: 0,
            probeRecall: figures.kept / live,
            historyTotal: history,
            fileRecall: 1,
            probeOutcomes: Object.fromEntries([
              ...liveIds.map((id, index) => [id, index < figures.kept ? 'matched' : 'missed']),
              // History facts kept by the first strategy's measure only: `history` of them when asked.
              ...historyIds.map((id, index) => [id, index < (figures.history ?? 0) ? 'matched' : 'missed']),
            ]),
          },
        }) as unknown as StrategyResult,
    ),
  } as unknown as ResultsFile;
}

describe('a suite of two sessions', () => {
  // Before, every one of these read "not distinguishable" on two sessions, a path list near 0 included.
  const sessions = [
    session('a', 100, 0, {
      'single-shot': { kept: 100 },
      paths: { kept: 0, lexical: true },
      close: { kept: 100 },
    }),
    session('b', 100, 0, {
      'single-shot': { kept: 100 },
      paths: { kept: 30, lexical: true },
      close: { kept: 99 },
    }),
  ];
  const suite = suiteOf(sessions);

  it('calls a path list at 0.15 against a strategy at 1.00 too uncertain to rank, with the sessions it would take, never not distinguishable', () => {
    const paths = suite.comparisons.find((comparison) => comparison.strategy === 'paths')!;
    assert.equal(paths.difference.estimate, -0.85);
    assert.equal(paths.verdict, 'too uncertain');
    assert.ok(paths.toTell && paths.toTell.sessions >= 3, JSON.stringify(paths.toTell));
    assert.match(
      renderSuiteMarkdown(suite),
      /\| paths \(lexical\) \| .* \| too uncertain \(~\d+ sessions would tell\) \|/,
    );
  });

  it('still calls a small, well-bounded difference not distinguishable', () => {
    const close = suite.comparisons.find((comparison) => comparison.strategy === 'close')!;
    assert.equal(close.verdict, 'not distinguishable');
  });

  it('never lists a lexical baseline among the ties or as the cheapest', () => {
    const verdict = suiteVerdict(suite, (leader) => suiteOf(sessions, leader));
    assert.equal(verdict.recommended?.name, 'single-shot');
    assert.ok(!verdict.tied.includes('paths'));
    assert.ok(!verdict.uncertain.some((entry) => entry.name === 'paths'));
    assert.notEqual(verdict.cheapest?.name, 'paths');
  });
});

describe('a comparison resting on one session', () => {
  it('is too uncertain to rank, and three sessions would give it an interval', () => {
    const suite = suiteOf([
      session('a', 10, 0, { 'single-shot': { kept: 10 }, pi: { kept: 2 } }),
      session('b', 10, 0, { 'single-shot': { kept: 10 }, pi: { kept: 0, failed: true } }),
    ]);
    const pi = suite.comparisons.find((comparison) => comparison.strategy === 'pi')!;
    assert.equal(pi.difference.clusters, 1);
    assert.equal(pi.verdict, 'too uncertain');
    assert.deepEqual(pi.toTell, { sessions: 3, difference: 0.8 });
  });
});

describe('the paired test and the fact-recall column', () => {
  it('pair the same live facts: history facts move neither', () => {
    // Three sessions of 10 live and 10 history facts: `history-keeper` keeps every history fact as well.
    const sessions = ['a', 'b', 'c'].map((name) =>
      session(name, 10, 10, { 'single-shot': { kept: 8 }, 'history-keeper': { kept: 8, history: 10 } }),
    );
    const suite = suiteOf(sessions);
    const keeper = suite.strategies.find((strategy) => strategy.name === 'history-keeper')!;
    const reference = suite.strategies.find((strategy) => strategy.name === 'single-shot')!;
    assert.equal(keeper.metrics.probeRecall!.estimate, reference.metrics.probeRecall!.estimate);
    const comparison = suite.comparisons.find((entry) => entry.strategy === 'history-keeper')!;
    // Before, the test ran over live and history facts: +0.50 beside two columns reading 0.80.
    assert.equal(comparison.difference.estimate, 0);
    assert.equal(comparison.wins, 0);
    assert.equal(comparison.ties, 3);
    assert.equal(suite.sessions[0]!.liveProbes, 10);
    assert.match(renderSuiteMarkdown(suite), /30 live fact probes \(30 history ones not ranked\) in all/);
  });
});

describe('the shipped fixtures as a suite, run as a user runs compare', () => {
  it('never calls a lexical baseline near 0 not distinguishable from a strategy at 1.00, nor ties it to the verdict', async () => {
    const directory = await temporaryDirectory();
    try {
      const out = join(directory.path, 'out');
      const outcome = await compareSuite(
        offlineCompare({
          transcripts: ['before-compaction', 'large-session'],
          strategies: 'single-shot,observation-masking,paths-only,identifier-bag,user-verbatim',
          out,
          concurrency: 4,
        }),
      );
      const [suite] = outcome.suites;
      const recall = (name: string) =>
        suite!.strategies.find((strategy) => strategy.name === name)!.metrics.probeRecall!.estimate;
      for (const comparison of suite!.comparisons) {
        if (comparison.family !== 'lexical baselines') continue;
        // Before: "paths-only (lexical) -0.79 … not distinguishable" beside strategies at 1.00.
        assert.notEqual(
          comparison.verdict,
          'not distinguishable',
          `${comparison.strategy} ${recall(comparison.strategy)}`,
        );
      }
      const verdict = suiteVerdict(suite!, (leader) =>
        suiteOf(
          outcome.sessions.map((fixture) => fixture.digest),
          leader,
        ),
      );
      const junk = ['paths-only', 'identifier-bag', 'user-verbatim'];
      assert.ok(!junk.includes(verdict.recommended!.name));
      assert.ok(!verdict.tied.some((name) => junk.includes(name)));
      assert.ok(!junk.includes(verdict.cheapest!.name));
    } finally {
      await directory.remove();
    }
  });
});
