/**
 * The verdict every report opens with, computed once for every target (HTML, Markdown, terminal): the strategy
 * to use for the run's question, the strategies it cannot be told apart from, the cheapest and fastest of
 * those, and what the run can and cannot say. One computation per run kind: a session (with its chain, when
 * there is one) here, a budget sweep in sweep.ts, a suite in suite-verdict.ts.
 */
import { formatCost, formatInteger, formatRatio } from '../text/numbers.ts';
import { clusteredRecall } from '../results/comparison-statistics.ts';
import { wilsonInterval } from '../results/paired.ts';
import type { ResultsFile, StrategyResult } from '../results/types.ts';
import { conservativeTies } from './observations.ts';
import { headlineWeights, keptCount } from '../quality/recall-credit.ts';

/** A figure with its 95% interval (none where the run cannot give one). */
export type Estimate = { estimate: number; low: number | null; high: number | null };

/** A member of the recommended group with what it spent: `spent` orders it, `spentText` says it. */
export type Spender = { name: string; spent: number; spentText: string; ownMs: number };

/** What a report says first. */
export type Verdict = {
  kind: 'session' | 'chain' | 'sweep' | 'suite' | 'continuation';
  /** The question the run answers, as a sentence. */
  question: string;
  /** The recommended strategy, or null when none qualifies (`none` says why). */
  recommended: {
    name: string;
    /** What it is ranked by: `probe recall`, `area` (sweep), `fact recall` (suite). */
    measure: string;
    value: Estimate;
    tokensAfter: number | null;
  } | null;
  none: string | null;
  /** The strategies it cannot be told apart from (paired tests, Holm-adjusted against it). */
  tied: string[];
  /**
   * Suites: the candidates too uncertain to rank against it (their sessions allow a difference of half the recall
   * scale or more), with about how many sessions would tell; never among the ties, the cheapest or the fastest.
   */
  uncertain: Array<{ name: string; sessions: number | null }>;
  /** How the ties were tested, in a few words. */
  tiedBy: string;
  /** Cheapest (fewest tokens spent, or lowest cost when every cost is known) and fastest of the recommended group. */
  cheapest: Spender | null;
  fastest: Spender | null;
  /** Whether the times measure calls to a model (else they measure this machine and Markdown leaves them out). */
  timed: boolean;
  /** Lines of the run kind: a chain's decay, a sweep's area per target. */
  details: string[];
  /** One sentence on what the run can and cannot say. */
  scope: string;
};

const scored = (strategy: StrategyResult) =>
  strategy.status === 'ok' && strategy.quality.probeRecall !== null;

/** The strategies a verdict may recommend: scored, compressing, within their target, not a lexical floor. */
export function recommendable(strategies: readonly StrategyResult[]): StrategyResult[] {
  return strategies.filter(
    (strategy) =>
      scored(strategy) && strategy.flags.length === 0 && !strategy.lexical && strategy.name !== 'recorded',
  );
}

/** Probe recall of one result with its 95% interval: Wilson's, or clustered by probe over runs. */
export function recallEstimate(strategy: StrategyResult, results: ResultsFile): Estimate {
  const total = strategy.quality.probesTotal;
  if (total === 0) return { estimate: strategy.quality.probeRecall ?? 0, low: null, high: null };
  const interval = strategy.probeShares
    ? clusteredRecall(results.probes.map((probe) => strategy.probeShares![probe.id] ?? 0))
    : balancedInterval(strategy, results, total);
  return {
    estimate: strategy.quality.probeRecall ?? interval.estimate,
    low: interval.low,
    high: interval.high,
  };
}

/**
 * Wilson's interval of the kind-balanced headline: the live probes weigh 1 / (kinds × probes of their kind), so the
 * interval is taken on their effective number (Kish: 1 / Σ weight²), never more than the probes there are.
 */
function balancedInterval(strategy: StrategyResult, results: ResultsFile, total: number) {
  const live = results.probes.filter((probe) => probe.live);
  if (live.length !== total || strategy.quality.probeRecall === null)
    return wilsonInterval(keptCount(strategy.quality), total);
  const weights = [...headlineWeights(live).values()];
  const effective = 1 / weights.reduce((sum, weight) => sum + weight * weight, 0);
  return wilsonInterval(strategy.quality.probeRecall * effective, effective);
}

/** The best by probe recall, fewer tokens after breaking a tie (the same recall for less is the better buy). */
function leaderOf(candidates: readonly StrategyResult[]): StrategyResult | undefined {
  return [...candidates].sort(
    (a, b) => b.quality.probeRecall! - a.quality.probeRecall! || a.tokensAfter - b.tokensAfter,
  )[0];
}

/** A group's spenders: by cost when every member's is known, else by input + output tokens. */
export function spenders(
  groups: ReadonlyArray<{ name: string; results: readonly StrategyResult[] }>,
): Spender[] {
  const priced = groups.every(({ results }) => results.every((strategy) => strategy.cost !== null));
  return groups.map(({ name, results }) => {
    const tokens = results.reduce((sum, strategy) => sum + strategy.inputTokens + strategy.outputTokens, 0);
    const cost = results.reduce((sum, strategy) => sum + (strategy.cost ?? 0), 0);
    return {
      name,
      spent: priced ? cost : tokens,
      spentText: priced ? formatCost(cost) : `${formatInteger(tokens)} input + output tokens`,
      ownMs: results.reduce((sum, strategy) => sum + strategy.ownMs, 0),
    };
  });
}

/** Cheapest (least spent) and fastest (least own time) of a group. */
export function cheapestAndFastest(group: readonly Spender[]): Pick<Verdict, 'cheapest' | 'fastest'> {
  if (group.length === 0) return { cheapest: null, fastest: null };
  const cheapest = [...group].sort((a, b) => a.spent - b.spent)[0]!;
  const fastest = [...group].sort((a, b) => a.ownMs - b.ownMs)[0]!;
  return { cheapest, fastest };
}

/** Whether any time was measured on calls to a model (the same rule as the comparison's). */
export function timedRun(files: readonly ResultsFile[]): boolean {
  return files.some(
    (file) =>
      file.provider.isLanguageModel &&
      file.strategies.some((strategy) => (strategy.freshCalls ?? [1]).some((calls) => calls > 0)),
  );
}

/** The smallest difference the run's paired comparisons detect at 80% power, or null. */
export function detectable(files: readonly ResultsFile[]): number | null {
  const values = files.flatMap((file) =>
    (file.statistics?.comparisons ?? [])
      .map((comparison) => comparison.minimumDetectable)
      .filter((value): value is number => value !== null),
  );
  return values.length > 0 ? Math.min(...values) : null;
}

/** What kind of summaries these are: the offline stand-in, or a model. */
export function providerClause(provider: ResultsFile['provider']): string {
  return provider.isLanguageModel
    ? `summaries by \`${provider.id}:${provider.model}\``
    : 'an offline stand-in (extractive copies sentences, so this ranks budgets and structure, not models)';
}

/** The live facts of a session's results: what probe recall is over (files before liveness: every probe). */
export function liveFacts(results: Pick<ResultsFile, 'probes'>): number {
  return results.probes.filter((probe) => probe.live !== false).length;
}

/**
 * How many live fact probes (what probe recall and its paired tests are over), the history ones beside, and the
 * smallest difference they detect.
 */
export function probesClause(live: number, minimum: number | null, history = 0): string {
  const size =
    minimum === null
      ? 'too few disagreements to size the smallest detectable difference'
      : `differences in recall under about ${formatRatio(minimum)} usually read "not distinguishable"`;
  const past = history > 0 ? `${formatInteger(history)} history ones not ranked; ` : '';
  return `${formatInteger(live)} live fact probes (${past}${size})`;
}

/** A verdict that recommends nothing, saying why (`none`). */
export function noRecommendation(
  kind: Verdict['kind'],
  question: string,
  none: string,
  timed: boolean,
  scope: string,
): Verdict {
  return {
    kind,
    question,
    recommended: null,
    none,
    tied: [],
    uncertain: [],
    tiedBy: '',
    cheapest: null,
    fastest: null,
    timed,
    details: [],
    scope,
  };
}

/**
 * What an empty summary keeps: no fact. A strategy is recommended only when the lower bound of its recall's 95%
 * interval is above it (where there is no interval, its recall): one that kept nothing is no recommendation.
 */
export const EMPTY_SUMMARY_RECALL = 0;

/** Whether a recall keeps more than an empty summary would, at its interval's lower bound. */
export function meetsFloor(value: Estimate): boolean {
  return (value.low ?? value.estimate) > EMPTY_SUMMARY_RECALL;
}

/**
 * Why no strategy kept the facts: the model's answers (or the offline stand-in's) keep none of them, so either it
 * ignores the prompt or the budget is too small; with the best strategy's figure and what its summaries hold.
 */
export function nothingKept(
  best: { name: string; value: Estimate },
  summaryTokens: readonly number[],
  facts: string,
  provider: ResultsFile['provider'],
  target: number | null,
): string {
  const sizes = summaryTokens.filter((tokens) => tokens > 0);
  const range =
    sizes.length === 0
      ? 'no summary text'
      : `summaries of ${formatInteger(Math.min(...sizes))}${Math.min(...sizes) === Math.max(...sizes) ? '' : `–${formatInteger(Math.max(...sizes))}`} tokens`;
  const budget =
    target === null
      ? 'a budget too small for these facts (--ratio, --reserve-tokens)'
      : `a budget too small for these facts (--target-tokens ${formatInteger(target)})`;
  const causes = provider.isLanguageModel
    ? `a model that ignores the prompt (read its summaries in each strategy's report), or ${budget}`
    : budget;
  return `no strategy kept the facts: the best, \`${best.name}\`, keeps ${formatEstimate(best.value)} of ${facts}, no more than an empty summary (${range}); ${causes}`;
}

/** `0.80 [0.71, 0.87]`, or the figure alone without an interval. */
export function formatEstimate(value: Estimate): string {
  const interval =
    value.low === null || value.high === null
      ? ''
      : ` [${formatRatio(value.low)}, ${formatRatio(value.high)}]`;
  return `${formatRatio(value.estimate)}${interval}`;
}

/** The verdict of one session's results (a chain's too: ranked by the context at the end, with its decay). */
export function sessionVerdict(results: ResultsFile): Verdict {
  const chain = results.strategies.some((strategy) => strategy.chain);
  const candidates = recommendable(results.strategies);
  const leader = leaderOf(candidates);
  const at = results.target === null ? '' : ` at ${formatInteger(results.target)} tokens`;
  const question = `Which strategy keeps the most facts${at}${chain ? ' at the end of the session, after its compaction chain' : ''}, among those that compress${results.target === null ? '' : ' and meet the target'}?`;
  const timed = timedRun([results]);
  const live = liveFacts(results);
  const scope = `One session (${results.fixture.name}), ${providerClause(results.provider)}, ${probesClause(live, detectable([results]), results.probes.length - live)}: it ranks strategies on this transcript, not on sessions in general.`;
  if (!leader) {
    return noRecommendation(
      chain ? 'chain' : 'session',
      question,
      results.probes.length === 0
        ? 'no fact probes on this session: nothing to rank by'
        : 'no strategy finished that compresses and met its target',
      timed,
      scope,
    );
  }
  const value = recallEstimate(leader, results);
  if (!meetsFloor(value))
    return noRecommendation(
      chain ? 'chain' : 'session',
      question,
      nothingKept(
        { name: leader.name, value },
        candidates.map((strategy) => strategy.summaryTokens),
        `${formatInteger(live)} live ${live === 1 ? 'fact' : 'facts'}`,
        results.provider,
        results.target,
      ),
      timed,
      scope,
    );
  const tied = conservativeTies(leader, candidates, results);
  const group = spenders([leader, ...tied].map((strategy) => ({ name: strategy.name, results: [strategy] })));
  return {
    kind: chain ? 'chain' : 'session',
    question,
    recommended: {
      name: leader.name,
      measure: chain ? 'probe recall at the end of the session' : 'probe recall',
      value,
      tokensAfter: leader.tokensAfter,
    },
    none: null,
    tied: tied.map((strategy) => strategy.name),
    uncertain: [],
    tiedBy: results.statistics?.clustered
      ? 'paired t-tests over probes, Holm-adjusted against it'
      : 'exact McNemar tests on the same probes, Holm-adjusted against it',
    ...cheapestAndFastest(group),
    timed,
    details: chain ? decayLines(results, [leader.name, ...tied.map((strategy) => strategy.name)]) : [],
    scope,
  };
}

/** A chain's decay for the recommended group: recall of the facts so far after the first and the last compaction. */
function decayLines(results: ResultsFile, names: readonly string[]): string[] {
  return names.flatMap((name) => {
    const cycles = results.strategies.find((strategy) => strategy.name === name)?.chain?.cycles ?? [];
    const first = cycles[0];
    const last = cycles.at(-1);
    if (!first || !last || first.probeRecall === null || last.probeRecall === null) return [];
    const stretch =
      last.firstStretchRecall === null
        ? ''
        : `; the first stretch's facts ${formatRatio(last.firstStretchRecall)} after the last`;
    return [
      `Decay of \`${name}\`: recall of the facts so far ${formatRatio(first.probeRecall)} after compaction 1 → ${formatRatio(last.probeRecall)} after compaction ${last.cycle}${stretch}.`,
    ];
  });
}
