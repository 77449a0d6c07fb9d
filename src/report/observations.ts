/** The observations under a comparison: fastest, cheapest, best recall, the Pareto front, lexical floors, failures. */
import { lexicalJudgeAgreement } from '../quality/judge/lexical-agreement.ts';
import { countOf, formatCost, formatInteger, formatMs, formatRatio } from '../text/numbers.ts';
import { isSignificant } from '../results/comparison-statistics.ts';
import { clusteredDifference, holm, mcnemarExact, pairedCounts, wilsonInterval } from '../results/paired.ts';
import type { ResultsFile, StrategyResult } from '../results/types.ts';
import { isWholeCredit, keptCount, outcomeCredit } from '../quality/recall-credit.ts';

/**
 * Whether a row was scored at the run's point of the session. Every strategy is; the agent's own recorded
 * compaction only where it compacted there (`--at-compaction`). Elsewhere (a plain run, `--schedule recorded`) it is
 * scored where the agent compacted, on the facts planted before: its own table, never ranked with the others
 * (best recall, the Pareto front, the verdict).
 */
export function atRunPoint(
  strategy: Pick<StrategyResult, 'name' | 'tokensBefore'>,
  results: { fixture: { tokens: number } },
): boolean {
  return strategy.name !== 'recorded' || strategy.tokensBefore === results.fixture.tokens;
}

/**
 * Strategies not beaten on both probe recall (higher is better) and compacted size (tokens after,
 * lower is better): the quality/token Pareto front.
 */
export function paretoFront(strategies: readonly StrategyResult[]): StrategyResult[] {
  const scored = strategies.filter(
    (strategy) => strategy.status === 'ok' && strategy.quality.probeRecall !== null,
  );
  return scored.filter(
    (candidate) =>
      !scored.some(
        (other) =>
          other !== candidate &&
          other.quality.probeRecall! >= candidate.quality.probeRecall! &&
          other.tokensAfter <= candidate.tokensAfter &&
          (other.quality.probeRecall! > candidate.quality.probeRecall! ||
            other.tokensAfter < candidate.tokensAfter),
      ),
  );
}

function best(
  strategies: readonly StrategyResult[],
  figure: (strategy: StrategyResult) => number,
  direction: 'min' | 'max',
): StrategyResult[] {
  if (strategies.length === 0) return [];
  const values = strategies.map(figure);
  const target = direction === 'min' ? Math.min(...values) : Math.max(...values);
  return strategies.filter((_, index) => values[index] === target);
}

/** Whether a strategy is scored: it finished and the fixture has fact probes. */
const scored = (strategy: StrategyResult) =>
  strategy.status === 'ok' && strategy.quality.probeRecall !== null;

/**
 * The lexical baselines that keep at least a strategy's probe recall at no more tokens after: a strategy they
 * match keeps no more than a pattern match would, whatever its cost.
 */
export function lexicalMatches(
  strategy: StrategyResult,
  strategies: readonly StrategyResult[],
): StrategyResult[] {
  if (strategy.lexical || !scored(strategy)) return [];
  return strategies.filter(
    (baseline) =>
      baseline.lexical &&
      scored(baseline) &&
      baseline.tokensAfter <= strategy.tokensAfter &&
      baseline.quality.probeRecall! >= strategy.quality.probeRecall!,
  );
}

/**
 * The strategies whose paired difference from `leader` is within chance on the live probes (exact McNemar,
 * Holm-corrected over the comparisons with the leader; per-probe means and a paired t-test with runs).
 */
export function indistinguishableFrom(
  leader: StrategyResult,
  others: readonly StrategyResult[],
  results: ResultsFile,
): StrategyResult[] {
  // Paired on the headline's probes: the live facts.
  const ids = results.probes.filter((probe) => probe.live !== false).map((probe) => probe.id);
  if (ids.length === 0) return [];
  const score = (strategy: StrategyResult) =>
    ids.map((id) =>
      strategy.probeShares
        ? (strategy.probeShares[id] ?? 0)
        : outcomeCredit(strategy.quality.probeOutcomes[id]),
    );
  const leaderScores = score(leader);
  const rivals = others.filter((strategy) => strategy !== leader);
  const pValues = rivals.map((strategy) => {
    const values = score(strategy);
    // Shares over runs, or a probe kept in part (½): not a kept-or-not pair for McNemar's test.
    if (![...values, ...leaderScores].every(isWholeCredit)) {
      const p = clusteredDifference(values, leaderScores).pValue;
      return Number.isNaN(p) ? 1 : p;
    }
    const counts = pairedCounts(
      values.map((value) => value === 1),
      leaderScores.map((value) => value === 1),
    );
    return mcnemarExact(counts.b, counts.c);
  });
  const adjusted = holm(pValues);
  return rivals.filter((_, index) => !isSignificant(adjusted[index]!));
}

/**
 * The candidates not told apart from the leader: by its own paired tests (Holm-adjusted against it), and, so the
 * verdict never reads surer than the report's own table, any pair the reference's table calls "not
 * distinguishable" (the same pair corrected within another family can read otherwise).
 */
export function conservativeTies(
  leader: StrategyResult,
  candidates: readonly StrategyResult[],
  results: ResultsFile,
): StrategyResult[] {
  const own = new Set(indistinguishableFrom(leader, candidates, results));
  const statistics = results.statistics;
  if (statistics) {
    const loose = (name: string) =>
      statistics.comparisons.some(
        (comparison) => comparison.strategy === name && comparison.verdict === 'not distinguishable',
      );
    for (const candidate of candidates) {
      if (candidate === leader) continue;
      const pairWithReference =
        (leader.name === statistics.reference && loose(candidate.name)) ||
        (candidate.name === statistics.reference && loose(leader.name));
      if (pairWithReference) own.add(candidate);
    }
  }
  return candidates.filter((candidate) => own.has(candidate));
}

/**
 * `no better than \`grep\` at 1,957 tokens (0.26 [0.12, 0.47] on 20 live facts)`: the baseline's live-fact recall
 * with its 95% interval, so a tie on a handful of facts reads as the weak evidence it is.
 */
function lexicalCaveat(matches: readonly StrategyResult[]): string {
  const first = [...matches].sort((a, b) => a.tokensAfter - b.tokensAfter)[0]!;
  const { probesTotal } = first.quality;
  const interval = wilsonInterval(keptCount(first.quality), probesTotal);
  const bounds =
    first.probeShares || Number.isNaN(interval.low)
      ? ''
      : ` [${formatRatio(interval.low)}, ${formatRatio(interval.high)}] on ${formatInteger(probesTotal)} live ${probesTotal === 1 ? 'fact' : 'facts'}`;
  return `no better than \`${first.name}\` at ${formatInteger(first.tokensAfter)} tokens (${formatRatio(first.quality.probeRecall)}${bounds})`;
}

const names = (strategies: readonly StrategyResult[]) =>
  strategies.map((strategy) => `\`${strategy.name}\``).join(', ');

/** Short observations under the table: fastest, cheapest, best recall, the Pareto front, failures. */
export function observations(results: ResultsFile, options: { timings?: boolean } = {}): string[] {
  const ok = results.strategies.filter(
    (strategy) => strategy.status === 'ok' && atRunPoint(strategy, results),
  );
  const modelStrategies = ok.filter((strategy) => strategy.calls > 0);
  const lines: string[] = [];
  if (modelStrategies.length > 0) {
    // Strategies run at once, so each one's own time is its call chain, not its wall time.
    const fastest = best(modelStrategies, (strategy) => strategy.ownMs, 'min');
    if (options.timings !== false)
      lines.push(`Fastest: ${names(fastest)} (${formatMs(fastest[0]!.ownMs)} ms of its own calls).`);
    const cheapest = best(modelStrategies, (strategy) => strategy.inputTokens + strategy.outputTokens, 'min');
    lines.push(
      `Fewest tokens spent: ${names(cheapest)} (${formatInteger(cheapest[0]!.inputTokens + cheapest[0]!.outputTokens)} input + output).`,
    );
    const shortestPath = best(modelStrategies, (strategy) => strategy.criticalPathCalls, 'min');
    lines.push(
      `Shortest critical path: ${names(shortestPath)} (${shortestPath[0]!.criticalPathCalls} sequential ${shortestPath[0]!.criticalPathCalls === 1 ? 'call' : 'calls'}).`,
    );
  }
  const withRecall = ok.filter(scored);
  // A context that does not compress keeps facts by keeping the transcript, and one that missed its target
  // was not compared at the same size: neither is ever the best strategy.
  const compressing = withRecall.filter((strategy) => strategy.flags.length === 0);
  const candidates = compressing.filter((strategy) => !strategy.lexical);
  const keptNone =
    candidates.length > 0 && candidates.every((strategy) => strategy.quality.probeRecall === 0);
  if (keptNone)
    // Nothing to call best, and no front to trade along: the verdict says why nothing was kept.
    lines.push(
      `No strategy kept a fact: ${candidates.length === 1 ? 'its probe recall is' : 'every probe recall is'} 0.00, as an empty summary's would be.`,
    );
  else if (candidates.length > 0) {
    const recall = best(candidates, (strategy) => strategy.quality.probeRecall!, 'max');
    const matched = lexicalMatches(recall[0]!, results.strategies);
    const caveat = matched.length > 0 ? `; ${lexicalCaveat(matched)}` : '';
    // The verdict's ties: never surer than the report's own table of paired tests.
    const ties = conservativeTies(recall[0]!, candidates, results).filter(
      (strategy) => !recall.includes(strategy),
    );
    const tied = ties.length > 0 ? `; not distinguishable from ${names(ties)} on these probes` : '';
    lines.push(
      `Best probe recall${results.target === null ? ' among strategies that compress' : ` at ${formatInteger(results.target)} tokens`}: ${names(recall)} (${formatRatio(recall[0]!.quality.probeRecall)}${caveat}${tied}).`,
    );
    // Every summarizing strategy that finished with a recall, flagged or not: the claim is about all of them. A
    // recall of 0 everywhere is no generous budget: the verdict says why nothing was kept.
    const summarizing = withRecall.filter((strategy) => strategy.calls > 0 && !strategy.lexical);
    const slices = Math.ceil(results.fixture.tokens / results.config.sliceTokens);
    const recalls = new Set(summarizing.map((strategy) => strategy.quality.probeRecall));
    if (summarizing.length > 1 && recalls.size === 1 && [...recalls][0]! > 0) {
      lines.push(
        `Every summarizing strategy has the same probe recall: with about ${slices} slice${slices === 1 ? '' : 's'} of ${formatInteger(results.config.sliceTokens)} tokens their budgets are generous for this session; a smaller --slice-tokens (or a longer session) separates them.`,
      );
    }
    const front = paretoFront(compressing).sort((a, b) => a.tokensAfter - b.tokensAfter);
    const point = (strategy: StrategyResult) =>
      `\`${strategy.name}\` (${formatRatio(strategy.quality.probeRecall)} at ${formatInteger(strategy.tokensAfter)})`;
    const recommended = front.filter((strategy) => !strategy.lexical);
    const floors = front.filter((strategy) => strategy.lexical);
    lines.push(
      `Quality/size Pareto front (probe recall vs tokens after): ${recommended.map(point).join(', ') || 'no strategy beyond the lexical baselines'}${floors.length > 0 ? `; lexical baselines on it, not strategies: ${floors.map(point).join(', ')}` : ''}.`,
    );
    for (const strategy of candidates) {
      const matches = lexicalMatches(strategy, results.strategies);
      if (matches.length > 0) lines.push(`‡ \`${strategy.name}\`: ${lexicalCaveat(matches)}.`);
    }
  }
  const invented = ok.filter((strategy) => strategy.quality.inventedPaths.length > 0);
  if (invented.length > 0) {
    lines.push(
      `Named paths that appear nowhere in the transcript: ${invented.map((strategy) => `\`${strategy.name}\` ${strategy.quality.inventedPaths.length}`).join(', ')}.`,
    );
  }
  if (results.judge) {
    const judged = results.strategies.flatMap((strategy) =>
      strategy.judgeUsage ? [strategy.judgeUsage] : [],
    );
    const calls = judged.reduce((sum, usage) => sum + usage.calls, 0);
    const costs = judged.map((usage) => usage.cost);
    const cost = costs.every((value) => value !== null)
      ? ` costing ${formatCost(costs.reduce((sum, value) => sum! + value!, 0))}`
      : '';
    lines.push(
      `Judged by \`${results.judge.id}:${results.judge.model}\`: ${calls} judge calls${cost}, not counted in the strategies' calls, tokens or cost.`,
    );
    const agreements = ok.flatMap((strategy) => {
      const agreement = strategy.quality.judge
        ? lexicalJudgeAgreement(strategy.quality.probeOutcomes, strategy.quality.judge)
        : null;
      return agreement
        ? [`\`${strategy.name}\` ${formatRatio(agreement.rate)} (kappa ${formatRatio(agreement.kappa)})`]
        : [];
    });
    if (agreements.length > 0)
      lines.push(`Lexical probe outcomes agreeing with the judge, per strategy: ${agreements.join(', ')}.`);
  }
  const elsewhere = results.strategies.filter(
    (strategy) => strategy.status === 'ok' && !atRunPoint(strategy, results),
  );
  for (const strategy of elsewhere)
    lines.push(
      `\`${strategy.name}\` is scored where the agent compacted (${formatInteger(strategy.tokensBefore)} tokens before it, ${countOf(strategy.quality.probesTotal, 'live fact')}), not at this run's point (${formatInteger(results.fixture.tokens)} tokens): it has its own table and is not ranked with the strategies.`,
    );
  for (const failed of results.strategies.filter((strategy) => strategy.status === 'error')) {
    lines.push(`\`${failed.name}\` failed: ${failed.error}`);
  }
  return lines;
}
