/**
 * The verdict of a continuation replay (`--continuation`, docs/continuation.md): which compacted context leads the
 * agent on to the steps it really took. With a model, by the L2 match rate of the predicted next actions; offline,
 * by grounding (the context names the targets of the next actions, a lexical check). Ties are exact McNemar tests
 * on the same steps, Holm-adjusted against the leader; the interval is the pooled one over cuts when there are
 * several (a cut's steps are not independent), else Wilson's over the steps.
 */
import { formatInteger } from '../text/numbers.ts';
import { holm, mcnemarExact, pairedCounts, wilsonInterval } from '../results/paired.ts';
import type { ContinuationResult, PooledShare } from '../results/continuation-types.ts';
import type { ResultsFile, StrategyResult } from '../results/types.ts';
import { ALPHA } from '../results/comparison-statistics.ts';
import { cutsOf } from './continuation.ts';
import {
  cheapestAndFastest,
  type Estimate,
  noRecommendation,
  providerClause,
  spenders,
  timedRun,
  type Verdict,
} from './verdict.ts';

type Continued = StrategyResult & { continuation: ContinuationResult };

/** The outcomes a strategy is ranked by, keyed by cut and step (and action, for grounding): true when it did. */
function outcomes(block: ContinuationResult, predicted: boolean): Map<string, boolean> {
  const found = new Map<string, boolean>();
  for (const cut of cutsOf(block)) {
    if (predicted) {
      for (const step of cut.prediction?.strategy.steps ?? [])
        found.set(`${cut.cut}:${step.step}`, step.score.l2);
    } else {
      cut.grounding.actions.forEach((action, index) => {
        if (action.established && action.grounded !== null)
          found.set(`${cut.cut}:${action.step}:${index}`, action.grounded);
      });
    }
  }
  return found;
}

/** The pooled share's estimate and interval, or Wilson's over the outcomes. */
function estimateOf(block: ContinuationResult, predicted: boolean, values: readonly boolean[]): Estimate {
  const pooled: PooledShare | undefined = predicted
    ? block.pooled?.prediction?.strategy.l2
    : block.pooled?.grounding.rate;
  if (pooled && pooled.estimate !== null)
    return { estimate: pooled.estimate, low: pooled.low, high: pooled.high };
  const interval = wilsonInterval(values.filter(Boolean).length, values.length);
  return { estimate: interval.estimate, low: interval.low, high: interval.high };
}

/** Where the cuts were, in a few words: `the cut before message 59`, `cuts before messages 40, 59`. */
export function cutsClause(results: ResultsFile): string {
  const cuts = [
    ...new Set(
      results.strategies.flatMap((strategy) =>
        strategy.continuation ? cutsOf(strategy.continuation).map((cut) => cut.cut) : [],
      ),
    ),
  ].sort((a, b) => a - b);
  return cuts.length === 1 ? `the cut before message ${cuts[0]}` : `cuts before messages ${cuts.join(', ')}`;
}

/** The continuation verdict of one session's results; null when it ran without `--continuation`. */
export function continuationVerdict(results: ResultsFile): Verdict | null {
  const continued = results.strategies.filter(
    (strategy): strategy is Continued => strategy.continuation !== undefined && strategy.status === 'ok',
  );
  if (continued.length === 0) return null;
  const predicted = continued.some((strategy) =>
    cutsOf(strategy.continuation).some((cut) => cut.prediction !== null),
  );
  const measure = predicted ? 'L2 match rate' : 'grounded rate';
  const steps = Math.max(...continued.map((strategy) => strategy.continuation.steps));
  const question = predicted
    ? `Which compacted context leads the model to the next ${steps} actions the agent really took (L2: the same action on the same target with the same arguments), at ${cutsClause(results)}?`
    : `Which compacted context still names the targets of the agent's next ${steps} actions (grounding, a lexical check), at ${cutsClause(results)}?`;
  const scope = `One session (${results.fixture.name}), ${providerClause(results.provider)}, ${predicted ? 'predictions by the same model' : 'no prediction offline (a language model predicts the next actions)'}; the steps after a cut follow each other, so few cuts say little about other points of the session.`;
  const timed = timedRun([results]);
  const candidates = continued.filter(
    (strategy) => !strategy.lexical && strategy.flags.length === 0 && strategy.name !== 'recorded',
  );
  const scored = candidates
    .map((strategy) => {
      const found = outcomes(strategy.continuation, predicted);
      return { strategy, found, value: estimateOf(strategy.continuation, predicted, [...found.values()]) };
    })
    .filter((entry) => entry.found.size > 0);
  const leader = [...scored].sort(
    (a, b) => b.value.estimate - a.value.estimate || a.strategy.tokensAfter - b.strategy.tokensAfter,
  )[0];
  if (!leader) {
    return noRecommendation(
      'continuation',
      question,
      predicted
        ? 'no strategy that compresses has a scored prediction'
        : 'no next action targets anything named before the cut, so nothing is grounded or not',
      timed,
      scope,
    );
  }
  // Paired on the steps both were scored on: the leader's outcome against each other's.
  const others = scored.filter((entry) => entry !== leader);
  const pValues = others.map(({ found }) => {
    const keys = [...found.keys()].filter((key) => leader.found.has(key));
    const { b, c } = pairedCounts(
      keys.map((key) => leader.found.get(key)!),
      keys.map((key) => found.get(key)!),
    );
    return mcnemarExact(b, c);
  });
  const adjusted = holm(pValues);
  const tied = others.filter((_, index) => adjusted[index]! >= ALPHA).map((entry) => entry.strategy);
  const group = spenders(
    [leader.strategy, ...tied].map((strategy) => ({ name: strategy.name, results: [strategy] })),
  );
  return {
    kind: 'continuation',
    question,
    recommended: {
      name: leader.strategy.name,
      measure,
      value: leader.value,
      tokensAfter: leader.strategy.tokensAfter,
    },
    none: null,
    tied: tied.map((strategy) => strategy.name),
    uncertain: [],
    tiedBy: `exact McNemar tests on the same ${predicted ? 'steps' : 'actions'}, Holm-adjusted against it`,
    ...cheapestAndFastest(group),
    timed,
    details: [
      `${formatInteger(leader.found.size)} ${predicted ? 'steps' : 'established actions'} scored for \`${leader.strategy.name}\`.`,
    ],
    scope,
  };
}
