/**
 * The verdict of a suite: the best mean fact recall among strategies never flagged on any session and not lexical
 * baselines, above an empty summary at its interval's lower bound; the ties and the candidates too uncertain to
 * rank, from the suite's paired comparisons against it.
 */
import { formatCost, formatInteger } from '../text/numbers.ts';
import { MINIMUM_CLUSTERS_FOR_INTERVAL } from '../suite/cluster.ts';
import type { SuiteResults, SuiteStrategy } from '../suite/types.ts';
import {
  cheapestAndFastest,
  meetsFloor,
  noRecommendation,
  nothingKept,
  providerClause,
  type Spender,
  type Verdict,
} from './verdict.ts';

/** A suite's live facts: what its fact recall and paired tests are over. */
export function suiteLiveFacts(suite: Pick<SuiteResults, 'sessions'>): number {
  return suite.sessions.reduce((sum, session) => sum + (session.liveProbes ?? session.probes), 0);
}

/** `38 live fact probes and 48 history (not ranked)`. */
export function suiteProbesClause(suite: Pick<SuiteResults, 'sessions'>): string {
  const live = suiteLiveFacts(suite);
  const history = suite.sessions.reduce((sum, session) => sum + session.probes, 0) - live;
  return `${formatInteger(live)} live fact probes${history > 0 ? ` (${formatInteger(history)} history ones not ranked)` : ''}`;
}

/** A suite strategy a verdict may recommend: scored, never flagged, not a lexical floor. */
function suiteRecommendable(strategy: SuiteStrategy): boolean {
  return (
    !strategy.lexical &&
    strategy.metrics.probeRecall !== null &&
    strategy.flaggedSessions.doesNotCompress === 0 &&
    strategy.flaggedSessions.missedTarget === 0 &&
    strategy.failed.length === 0
  );
}

/**
 * The verdict of a suite: the best mean fact recall among strategies never flagged on any session; ties from the
 * suite's paired comparisons against it (`leaderSuite`: the same suite with the leader as reference, when the
 * caller can assemble it; else the suite's own comparisons, which are against the leader only when it is the
 * reference).
 */
export function suiteVerdict(suite: SuiteResults, leaderSuite?: (leader: string) => SuiteResults): Verdict {
  const candidates = suite.strategies.filter(suiteRecommendable);
  const leader = [...candidates].sort(
    (a, b) =>
      b.metrics.probeRecall!.estimate - a.metrics.probeRecall!.estimate ||
      (a.metrics.tokensAfter?.estimate ?? 0) - (b.metrics.tokensAfter?.estimate ?? 0),
  )[0];
  const at = suite.target === null ? '' : ` at ${formatInteger(suite.target)} tokens`;
  const question = `Which strategy keeps the most facts${at} over these ${suite.sessions.length} sessions, among those that compress${suite.target === null ? '' : ' and meet the target'} on every session?`;
  const intervals = suite.sessions.length >= MINIMUM_CLUSTERS_FOR_INTERVAL;
  const scope = `${suite.sessions.length} sessions, ${providerClause(suite.provider)}, ${suiteProbesClause(suite)} in all; the sessions are the independent units${intervals ? '' : `, and with fewer than ${MINIMUM_CLUSTERS_FOR_INTERVAL} there is no interval`}: it generalizes only to sessions like these.`;
  const timed = false;
  if (!leader) {
    return noRecommendation(
      'suite',
      question,
      'no strategy finished every session, compressed and met its target on all of them',
      timed,
      scope,
    );
  }
  const recall = leader.metrics.probeRecall!;
  const value = {
    estimate: recall.estimate,
    low: intervals && Number.isFinite(recall.low) ? recall.low : null,
    high: intervals && Number.isFinite(recall.high) ? recall.high : null,
  };
  if (!meetsFloor(value)) {
    const live = suiteLiveFacts(suite);
    return noRecommendation(
      'suite',
      question,
      nothingKept(
        { name: leader.name, value },
        candidates.map((strategy) => strategy.metrics.summaryTokens?.estimate ?? 0),
        `${formatInteger(live)} live facts`,
        suite.provider,
        suite.target,
      ),
      timed,
      scope,
    );
  }
  const against = suite.reference === leader.name ? suite : leaderSuite?.(leader.name);
  const candidateNames = new Set(candidates.map((strategy) => strategy.name));
  const among = (against?.comparisons ?? []).filter((comparison) => candidateNames.has(comparison.strategy));
  const tied = among
    .filter((comparison) => comparison.verdict === 'not distinguishable')
    .map((comparison) => comparison.strategy);
  const uncertain = among
    .filter((comparison) => comparison.verdict === 'too uncertain')
    .map((comparison) => ({ name: comparison.strategy, sessions: comparison.toTell?.sessions ?? null }));
  const members = [leader, ...candidates.filter((strategy) => tied.includes(strategy.name))];
  // A suite keeps means per session: the cost when every member has one above 0, else the calls.
  const priced = members.every((strategy) => (strategy.metrics.cost?.estimate ?? 0) > 0);
  const group = members.map((strategy): Spender => {
    const cost = strategy.metrics.cost?.estimate ?? 0;
    const calls = strategy.metrics.calls?.estimate ?? 0;
    return {
      name: strategy.name,
      spent: priced ? cost : calls,
      spentText: priced ? `${formatCost(cost)} per session` : `${calls.toFixed(1)} calls per session`,
      ownMs: strategy.metrics.ownMs?.estimate ?? 0,
    };
  });
  return {
    kind: 'suite',
    question,
    recommended: {
      name: leader.name,
      measure: 'fact recall',
      value,
      tokensAfter: leader.metrics.tokensAfter?.estimate ?? null,
    },
    none: null,
    tied,
    uncertain,
    tiedBy: against
      ? 'paired by session and probe, Holm-adjusted against it'
      : `not tested against it (the suite's comparisons are against \`${suite.reference}\`)`,
    ...cheapestAndFastest(group),
    timed,
    details: [],
    scope,
  };
}
