import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lexicalMatches, observations, paretoFront } from '../../src/report/observations.ts';
import type { ResultsFile, StrategyResult } from '../../src/results/types.ts';

function point(name: string, probeRecall: number, tokensAfter: number): StrategyResult {
  return { name, status: 'ok', tokensAfter, quality: { probeRecall } } as unknown as StrategyResult;
}

describe('the Pareto front', () => {
  it('keeps exactly the strategies no other beats on recall and size', () => {
    const strategies = [
      point('A', 0.8, 1000),
      point('B', 0.8, 2000), // A keeps as much with half the tokens
      point('C', 0.9, 3000),
      point('D', 0.7, 500),
      point('E', 0.9, 6000), // C keeps as much with half the tokens
      point('F', 0.6, 900), // A keeps more at about the same size, D more with fewer tokens
      point('G', 0.95, 3000), // beats C at the same size
    ];
    assert.deepEqual(
      paretoFront(strategies).map((strategy) => strategy.name),
      ['A', 'D', 'G'],
    );
  });

  it('keeps ties on both figures, and leaves out failed or unprobed strategies', () => {
    const tie = [point('A', 0.8, 1000), point('B', 0.8, 1000)];
    assert.deepEqual(
      paretoFront(tie).map((strategy) => strategy.name),
      ['A', 'B'],
    );
    const failed = { ...point('C', 1, 10), status: 'error' } as StrategyResult;
    assert.deepEqual(
      paretoFront([...tie, failed]).map((strategy) => strategy.name),
      ['A', 'B'],
    );
  });
});

describe('the ‡ mark (lexical baselines)', () => {
  const lexical = (name: string, probeRecall: number, tokensAfter: number): StrategyResult =>
    ({ ...point(name, probeRecall, tokensAfter), lexical: true }) as StrategyResult;

  it('marks a strategy that a lexical baseline matches at exactly as many tokens', () => {
    const strategy = point('single-shot', 0.5, 400);
    assert.deepEqual(
      lexicalMatches(strategy, [strategy, lexical('grep', 0.5, 400)]).map((match) => match.name),
      ['grep'],
    );
  });

  it('does not mark it when the baseline needs more tokens, or keeps less', () => {
    const strategy = point('single-shot', 0.5, 400);
    assert.deepEqual(lexicalMatches(strategy, [strategy, lexical('grep', 0.5, 401)]), []);
    assert.deepEqual(lexicalMatches(strategy, [strategy, lexical('grep', 0.45, 300)]), []);
  });
});

describe('the best-recall line', () => {
  const ids = Array.from({ length: 40 }, (_, index) => `p${index}`);
  /** A chain's strategy: kept the first `kept` probes after its last compaction. */
  function chained(name: string, kept: number): StrategyResult {
    return {
      name,
      status: 'ok',
      lexical: false,
      flags: [],
      calls: 3,
      inputTokens: 100,
      outputTokens: 10,
      ownMs: 5,
      criticalPathCalls: 3,
      tokensAfter: 1000,
      probeShares: null,
      chain: { cycles: [{ cycle: 1, probeRecall: kept / 40, firstStretchRecall: null }] },
      quality: {
        probeRecall: kept / 40,
        probesMatched: kept,
        probesPartial: 0,
        probesTotal: 40,
        inventedPaths: [],
        probeOutcomes: Object.fromEntries(ids.map((id, index) => [id, index < kept ? 'matched' : 'missed'])),
      },
    } as unknown as StrategyResult;
  }
  const chain = (): ResultsFile =>
    ({
      fixture: { name: 'session', messages: 100, tokens: 50_000 },
      config: { sliceTokens: 20_000 },
      target: null,
      judge: null,
      probes: ids.map((id, index) => ({ id, kind: 'task', question: '?', answer: '!', messageIndex: index })),
      statistics: null,
      strategies: [chained('single-shot', 20), chained('pi', 30)],
    }) as unknown as ResultsFile;
  const bestLine = (results: ResultsFile) => observations(results).find((line) => line.startsWith('Best'));

  it("keeps a chain's 'not distinguishable' caveat when the report's table of paired tests says so", () => {
    const results = chain();
    // Alone, pi's own test tells the ten-probe gap apart (p = 0.002): no caveat.
    assert.equal(bestLine(results), 'Best probe recall among strategies that compress: `pi` (0.75).');
    results.statistics = {
      reference: 'single-shot',
      comparisons: [{ strategy: 'pi', verdict: 'not distinguishable' }],
    } as unknown as ResultsFile['statistics'];
    assert.equal(
      bestLine(results),
      'Best probe recall among strategies that compress: `pi` (0.75; not distinguishable from `single-shot` on these probes).',
    );
  });
});
