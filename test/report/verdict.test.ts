import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sweepVerdict } from '../../src/report/sweep.ts';
import { renderVerdictMarkdown, verdictLines } from '../../src/report/verdict-text.ts';
import { recallEstimate, sessionVerdict } from '../../src/report/verdict.ts';
import { suiteVerdict } from '../../src/report/suite-verdict.ts';
import type { ResultsFile, StrategyFlag, StrategyResult } from '../../src/results/types.ts';
import type { SuiteResults, SuiteStrategy } from '../../src/suite/types.ts';

const PROBES = 40;
const ids = Array.from({ length: PROBES }, (_, index) => `p${index}`);

type Options = {
  kept: number;
  tokensAfter?: number;
  flags?: StrategyFlag[];
  lexical?: boolean;
  spent?: number;
  ownMs?: number;
  /** Probes kept from the end instead of the start (disagrees with the others). */
  fromEnd?: boolean;
  /** Probes kept in part, after the kept ones (each counts half). */
  partial?: number;
};

/** A strategy that kept `kept` probes (the first ones, or the last ones). */
function strategy(name: string, options: Options): StrategyResult {
  const keptIds = options.fromEnd ? ids.slice(PROBES - options.kept) : ids.slice(0, options.kept);
  const partial = options.partial ?? 0;
  const partIds = ids.slice(options.kept, options.kept + partial);
  const outcomes = Object.fromEntries(
    ids.map((id) => [id, keptIds.includes(id) ? 'matched' : partIds.includes(id) ? 'partial' : 'missed']),
  );
  return {
    name,
    status: 'ok',
    lexical: options.lexical ?? false,
    flags: options.flags ?? [],
    tokensAfter: options.tokensAfter ?? 1000,
    inputTokens: options.spent ?? 100,
    outputTokens: 0,
    cost: null,
    ownMs: options.ownMs ?? 10,
    calls: 1,
    freshCalls: [1],
    probeShares: null,
    quality: {
      probeRecall: (options.kept + partial / 2) / PROBES,
      probesMatched: options.kept,
      probesPartial: partial,
      probesTotal: PROBES,
      probeOutcomes: outcomes,
    },
  } as unknown as StrategyResult;
}

function results(strategies: StrategyResult[], target: number | null = null, model = false): ResultsFile {
  return {
    fixture: { name: 'session', messages: 100 },
    target,
    probes: ids.map((id, index) => ({ id, kind: 'task', question: '?', answer: '!', messageIndex: index })),
    statistics: null,
    provider: model
      ? { id: 'openai', model: 'gpt', isLanguageModel: true }
      : { id: 'extractive', model: 'extractive-v1', isLanguageModel: false },
    strategies,
  } as unknown as ResultsFile;
}

describe('the verdict of a session', () => {
  it('recommends the best recall among strategies that compress, met their target and are not lexical floors', () => {
    const verdict = sessionVerdict(
      results([
        strategy('identity', { kept: 40, flags: ['does-not-compress'] }),
        strategy('over-target', { kept: 39, flags: ['missed-target'] }),
        strategy('grep', { kept: 38, lexical: true }),
        strategy('single-shot', { kept: 30 }),
        strategy('truncate', { kept: 10 }),
      ]),
    );
    assert.equal(verdict.recommended?.name, 'single-shot');
    assert.equal(verdict.recommended?.value.estimate, 0.75);
    assert.deepEqual(verdict.tied, [], 'truncate keeps 20 fewer of the same probes: told apart');
  });

  it('names the strategies it cannot tell apart, and only those', () => {
    const verdict = sessionVerdict(
      results([
        strategy('single-shot', { kept: 30 }),
        strategy('pi', { kept: 29 }), // differs on one probe
        strategy('truncate', { kept: 8 }), // differs on 22
      ]),
    );
    assert.equal(verdict.recommended?.name, 'single-shot');
    assert.deepEqual(verdict.tied, ['pi']);
  });

  it('keeps the caveat where the report’s own table calls the pair with the reference not distinguishable', () => {
    const file = results([strategy('single-shot', { kept: 20 }), strategy('pi', { kept: 30 })]);
    // Alone, pi's own test tells the ten-probe gap apart; the table (another Holm family) did not.
    assert.deepEqual(sessionVerdict(file).tied, []);
    file.statistics = {
      reference: 'single-shot',
      comparisons: [{ strategy: 'pi', verdict: 'not distinguishable' }],
    } as unknown as ResultsFile['statistics'];
    assert.deepEqual(sessionVerdict(file).tied, ['single-shot']);
  });

  it('breaks equal recall by fewer tokens after', () => {
    const verdict = sessionVerdict(
      results([
        strategy('big', { kept: 30, tokensAfter: 9000 }),
        strategy('small', { kept: 30, tokensAfter: 3000 }),
      ]),
    );
    assert.equal(verdict.recommended?.name, 'small');
    assert.deepEqual(verdict.tied, ['big']);
  });

  it('counts a probe kept in part as half: its interval is that of the half-counted successes', () => {
    const halves = strategy('halves', { kept: 10, partial: 20 });
    const whole = strategy('whole', { kept: 20 });
    const of = (one: StrategyResult) => recallEstimate(one, results([one]));
    assert.equal(of(halves).estimate, 0.5);
    assert.deepEqual(of(halves), of(whole));
    assert.ok(of(strategy('none', { kept: 10 })).high! < of(halves).high!);
  });

  it('gives an interval inside [0, 1] that holds the estimate, even at 0 and 1', () => {
    for (const kept of [0, 1, 20, 39, 40]) {
      const one = strategy('s', { kept });
      const value = recallEstimate(one, results([one]));
      assert.ok(value.low !== null && value.high !== null);
      assert.ok(value.low >= 0 && value.high <= 1, `${kept}: [${value.low}, ${value.high}]`);
      assert.ok(value.low <= value.estimate && value.estimate <= value.high);
    }
  });

  it('names the cheapest of the group, and the fastest only when calls went to a model', () => {
    const strategies = [
      strategy('single-shot', { kept: 30, spent: 900, ownMs: 50 }),
      strategy('pi', { kept: 30, spent: 300, ownMs: 90, tokensAfter: 2000 }),
    ];
    const offline = sessionVerdict(results(strategies));
    assert.equal(offline.cheapest?.name, 'pi');
    assert.ok(!verdictLines(offline, { timings: false }).some((line) => line.includes('fastest')));
    const online = sessionVerdict(results(strategies, null, true));
    assert.equal(online.fastest?.name, 'single-shot');
    assert.ok(verdictLines(online).some((line) => line.includes('fastest of these: `single-shot` (50 ms')));
  });

  it('recommends nothing, and says why, when every strategy is flagged or a floor', () => {
    const verdict = sessionVerdict(
      results([
        strategy('identity', { kept: 40, flags: ['does-not-compress'] }),
        strategy('grep', { kept: 10, lexical: true }),
      ]),
    );
    assert.equal(verdict.recommended, null);
    assert.match(verdictLines(verdict)[0]!, /^No recommendation: no strategy finished that compresses/);
  });

  it('opens the Markdown with the question, the recommendation and what the run can say', () => {
    const lines = renderVerdictMarkdown(sessionVerdict(results([strategy('single-shot', { kept: 30 })])));
    assert.equal(lines[0], '## Verdict');
    assert.match(lines[2]!, /^_Which strategy keeps the most facts/);
    assert.match(lines[4]!, /^\*\*Recommended: `single-shot`, probe recall 0\.75 \[0\.\d\d, 0\.\d\d\]/);
    assert.ok(lines.some((line) => /offline stand-in.*40 live fact probes/.test(line)));
  });
});

describe('the floor of a recommendation: more than an empty summary keeps', () => {
  it('recommends nothing when the best keeps no fact, and says why: a model ignoring the prompt, or a budget too small', () => {
    // A loopback model whose answers keep no fact: before, "Recommended: parallel-stitch, probe recall 0.00 [0.00, 0.06]".
    const verdict = sessionVerdict(
      results(
        [
          strategy('parallel-stitch', { kept: 0, tokensAfter: 8 }),
          strategy('single-shot', { kept: 0, tokensAfter: 9 }),
        ],
        null,
        true,
      ),
    );
    assert.equal(verdict.recommended, null);
    assert.equal(verdict.cheapest, null);
    const [first] = verdictLines(verdict);
    assert.match(
      first!,
      /^No recommendation: no strategy kept the facts: the best, `parallel-stitch`, keeps 0\.00 \[0\.00, 0\.09\] of 40 live facts, no more than an empty summary \(.*\); a model that ignores the prompt \(.*\), or a budget too small for these facts/,
    );
  });

  it('recommends a strategy whose interval’s lower bound is above an empty summary’s, however low its recall', () => {
    const verdict = sessionVerdict(results([strategy('single-shot', { kept: 1 })]));
    assert.equal(verdict.recommended?.name, 'single-shot');
    assert.ok(verdict.recommended!.value.low! > 0);
  });

  it('without a model: the budget is the only cause it names', () => {
    const verdict = sessionVerdict(results([strategy('single-shot', { kept: 0 })], 2000));
    assert.match(
      verdictLines(verdict)[0]!,
      /no more than an empty summary .*; a budget too small for these facts \(--target-tokens 2,000\)\.$/,
    );
    assert.doesNotMatch(verdictLines(verdict)[0]!, /ignores the prompt/);
  });
});

describe('the verdict of a sweep', () => {
  it('never recommends a strategy that missed a target, whatever its area', () => {
    const at = (target: number, missed: boolean) =>
      results(
        [
          {
            ...strategy('pruning', { kept: 40, tokensAfter: missed ? 60_000 : target }),
            target: { tokens: target, deviation: 0, missed },
            flags: missed ? (['missed-target'] as StrategyFlag[]) : [],
          },
          {
            ...strategy('single-shot', { kept: 20, tokensAfter: target }),
            target: { tokens: target, deviation: 0, missed: false },
          },
        ],
        target,
      );
    const verdict = sweepVerdict([at(1000, true), at(2000, false)]);
    assert.equal(verdict.recommended?.name, 'single-shot');
    assert.equal(verdict.recommended?.measure, 'area');
  });
});

describe('the verdict of a suite', () => {
  const suiteStrategy = (name: string, recall: number, flagged = 0): SuiteStrategy =>
    ({
      name,
      lexical: false,
      sessions: 3,
      failed: [],
      metrics: {
        probeRecall: { estimate: recall, low: recall - 0.1, high: recall + 0.1 },
        tokensAfter: { estimate: 1000 },
        calls: { estimate: 1 },
        cost: null,
        ownMs: { estimate: 10 },
      },
      worst: [],
      flaggedSessions: { doesNotCompress: flagged, missedTarget: 0 },
      lexicalMatches: [],
    }) as unknown as SuiteStrategy;

  it('never recommends a strategy flagged on any session, and ties from the comparisons against the leader', () => {
    const suite = {
      target: null,
      provider: { id: 'extractive', model: 'x', isLanguageModel: false },
      sessions: [{ probes: 10 }, { probes: 10 }, { probes: 10 }],
      reference: 'pi',
      strategies: [
        suiteStrategy('identity', 1, 3),
        suiteStrategy('pi', 0.8),
        suiteStrategy('truncate', 0.4),
        suiteStrategy('codex', 0.78),
      ],
      comparisons: [
        { strategy: 'truncate', verdict: 'worse' },
        { strategy: 'codex', verdict: 'not distinguishable' },
        { strategy: 'identity', verdict: 'better' },
      ],
    } as unknown as SuiteResults;
    const verdict = suiteVerdict(suite);
    assert.equal(verdict.recommended?.name, 'pi');
    assert.deepEqual(verdict.recommended?.value, { estimate: 0.8, low: 0.7000000000000001, high: 0.9 });
    assert.deepEqual(verdict.tied, ['codex']);
  });

  it('never recommends a lexical baseline nor names it cheapest, whatever its recall', () => {
    // A user-messages copy at the top of a suite: before, verdict.ts let a lexical suite strategy be recommended.
    const copy = { ...suiteStrategy('user-verbatim', 0.95), lexical: true } as SuiteStrategy;
    const suite = {
      target: null,
      provider: { id: 'extractive', model: 'x', isLanguageModel: false },
      sessions: [{ probes: 10 }, { probes: 10 }, { probes: 10 }],
      reference: 'pi',
      strategies: [copy, suiteStrategy('pi', 0.8), suiteStrategy('codex', 0.78)],
      comparisons: [
        { strategy: 'user-verbatim', verdict: 'not distinguishable', family: 'lexical baselines' },
        { strategy: 'codex', verdict: 'not distinguishable' },
      ],
    } as unknown as SuiteResults;
    const verdict = suiteVerdict(suite);
    assert.equal(verdict.recommended?.name, 'pi');
    assert.deepEqual(verdict.tied, ['codex']);
    assert.notEqual(verdict.cheapest?.name, 'user-verbatim');
    assert.ok(!verdictLines(verdict).some((line) => line.includes('user-verbatim')));
  });

  it('sets a candidate too uncertain to rank apart from the ties: never "cheapest of these", with the sessions it would take', () => {
    const suite = {
      target: null,
      provider: { id: 'extractive', model: 'x', isLanguageModel: false },
      sessions: [{ probes: 10 }, { probes: 10 }],
      reference: 'pi',
      strategies: [
        suiteStrategy('pi', 1),
        {
          ...suiteStrategy('cheap', 0.5),
          metrics: { ...suiteStrategy('cheap', 0.5).metrics, calls: { estimate: 0 } },
        } as unknown as SuiteStrategy,
      ],
      comparisons: [
        { strategy: 'cheap', verdict: 'too uncertain', toTell: { sessions: 12, difference: 0.5 } },
      ],
    } as unknown as SuiteResults;
    const verdict = suiteVerdict(suite);
    assert.deepEqual(verdict.tied, []);
    assert.deepEqual(verdict.uncertain, [{ name: 'cheap', sessions: 12 }]);
    assert.equal(verdict.cheapest?.name, 'pi');
    const lines = verdictLines(verdict);
    assert.ok(
      lines.some((line) =>
        /^Too uncertain to rank against it: `cheap` \(about 12 sessions would tell\)/.test(line),
      ),
    );
    assert.ok(!lines.some((line) => line.startsWith('Told apart')));
  });

  it('recommends nothing when the leader keeps no more than an empty summary', () => {
    const suite = {
      target: null,
      provider: { id: 'openai', model: 'm', isLanguageModel: true },
      sessions: [{ probes: 10 }, { probes: 10 }, { probes: 10 }],
      reference: 'pi',
      strategies: [
        {
          ...suiteStrategy('pi', 0),
          metrics: { ...suiteStrategy('pi', 0).metrics, probeRecall: { estimate: 0, low: 0, high: 0.2 } },
        } as unknown as SuiteStrategy,
      ],
      comparisons: [],
    } as unknown as SuiteResults;
    const verdict = suiteVerdict(suite);
    assert.equal(verdict.recommended, null);
    assert.match(
      verdictLines(verdict)[0]!,
      /^No recommendation: no strategy kept the facts: the best, `pi`, keeps 0\.00 \[0\.00, 0\.20\] of 30 live facts/,
    );
  });
});
