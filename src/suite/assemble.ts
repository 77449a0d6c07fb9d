/**
 * A suite from the results of many sessions: each strategy's figures as means with intervals clustered by
 * session, each strategy against the reference as a paired difference (by session and probe) with a
 * Holm-corrected p-value, win / tie / loss, the smallest detectable difference, the worst sessions, and the
 * same by agent format and size band when the suite mixes them.
 */
import { type Metric, type SuiteAggregation, suiteMetrics } from '../quality/metrics.ts';
import { familyOf, holmByFamily, isSignificant } from '../results/comparison-statistics.ts';
import type { SessionDigest } from '../results/digest.ts';
import {
  type ClusteredEstimate,
  clusteredDetectable,
  clusteredPValue,
  MINIMUM_CLUSTERS_FOR_INTERVAL,
  studentQuantileAt,
} from './cluster.ts';
import { metricsOver, pairedDifference, type SessionResult } from './measures.ts';
import { sizeBand, strataOf } from './strata.ts';
import {
  SUITE_SCHEMA_VERSION,
  type SuiteComparison,
  type SuiteResults,
  type SuiteSession,
  type SuiteStrategy,
  type WorstSession,
} from './types.ts';
import { reportStem } from '../report-names.ts';

/** A list in words: `a`, `a and b`, `a, b and c`. */
function inWords(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The suite metrics' labels, in lower case, that `test` selects. */
function labels(test: (metric: Metric & { suite: SuiteAggregation }) => boolean): string {
  return inWords(
    suiteMetrics()
      .filter(test)
      .map((metric) => metric.suite.label.toLowerCase()),
  );
}

/** How the suite's intervals are computed, as the reports say it: each figure's pooling and interval, from the registry. */
export const SUITE_METHOD = `means over all sessions (${labels((metric) => metric.suite.over === 'probes')} pooled over every probe, ${labels((metric) => metric.suite.over === 'files')} over every file, the other figures per session); 95% intervals from a cluster-robust (sandwich, CR1) standard error with sessions as clusters and Student t on sessions − 1 degrees of freedom, each inside its figure's bounds (Wilson on the effective sample size for ${labels((metric) => metric.suite.interval === 'wilson')}, the logit scale for ${labels((metric) => metric.suite.interval === 'logit')}, the log scale for ${labels((metric) => metric.suite.interval === 'log')}), none with fewer than 3 sessions; differences paired by session and probe, their intervals not adjusted for multiple comparisons; p-values Holm-corrected within each family (the strategies against the reference; apart from them, the lexical baselines)`;

/** How many worst sessions a strategy lists. */
const WORST = 3;

/** The rounding slack under which two recalls count as a tie. */
const TIE = 1e-9;

/** Each strategy's results by session, in the order strategies first appear (the agent's `recorded` row left out). */
export function resultsByStrategy(sessions: readonly SessionDigest[]): Map<string, SessionResult[]> {
  const byStrategy = new Map<string, SessionResult[]>();
  for (const session of sessions) {
    for (const result of session.strategies) {
      if (result.name === 'recorded') continue;
      const list = byStrategy.get(result.name) ?? [];
      list.push({ session, result });
      byStrategy.set(result.name, list);
    }
  }
  return byStrategy;
}

/** The reference: `--reference`, else the first strategy that is not a lexical baseline, else the first. */
function chooseReference(
  byStrategy: ReadonlyMap<string, SessionResult[]>,
  reference?: string,
): string | null {
  const names = [...byStrategy.keys()];
  if (reference && byStrategy.has(reference)) return reference;
  return (
    names.find((name) => !byStrategy.get(name)!.some(({ result }) => result.lexical)) ?? names[0] ?? null
  );
}

/** The suite of these sessions' results, or their digests (one target). */
export function suiteOf(sessions: readonly SessionDigest[], reference?: string): SuiteResults {
  const first = sessions[0]!;
  const byStrategy = resultsByStrategy(sessions);
  const referenceName = chooseReference(byStrategy, reference);
  const referenceEntries = referenceName ? ok(byStrategy.get(referenceName)!) : [];
  const comparisons = compare(byStrategy, referenceName, referenceEntries);
  const differencesBySession = new Map(
    [...byStrategy].map(([name, entries]) => [
      name,
      new Map(
        pairedDifference(entries, referenceEntries).perSession.map((row) => [row.session, row.difference]),
      ),
    ]),
  );
  const strategies: SuiteStrategy[] = [...byStrategy].map(([name, entries]) => {
    const finished = ok(entries);
    return {
      name,
      lexical: entries.some(({ result }) => result.lexical),
      sessions: finished.length,
      failed: entries
        .filter(({ result }) => result.status !== 'ok')
        .map(({ session }) => session.fixture.name),
      metrics: metricsOver(finished),
      worst: worstSessions(finished, name === referenceName ? undefined : differencesBySession.get(name)),
      flaggedSessions: {
        doesNotCompress: finished.filter(({ result }) => result.flags.includes('does-not-compress')).length,
        missedTarget: finished.filter(({ result }) => result.flags.includes('missed-target')).length,
      },
      lexicalMatches: [],
    };
  });
  for (const strategy of strategies) strategy.lexicalMatches = suiteLexicalMatches(strategy, strategies);
  return {
    kind: 'suite',
    schemaVersion: SUITE_SCHEMA_VERSION,
    // The sessions of a suite come from one run: the first one's provenance is the suite's.
    ...(first.provenance ? { provenance: first.provenance } : {}),
    target: first.target,
    provider: first.provider,
    tokenizer: first.tokenizer,
    method: SUITE_METHOD,
    reference: referenceName,
    sessions: sessions.map(sessionEntry),
    strategies,
    comparisons,
    strata: strataOf(sessions, byStrategy, referenceName),
  };
}

/**
 * The lexical baselines that keep at least a strategy's mean fact recall at no more mean tokens after, over the
 * same sessions, fewest tokens first (the suite's ‡: a single session's rule applied to the suite's means).
 */
function suiteLexicalMatches(strategy: SuiteStrategy, strategies: readonly SuiteStrategy[]): string[] {
  const recall = strategy.metrics.probeRecall?.estimate;
  const tokens = strategy.metrics.tokensAfter?.estimate;
  if (strategy.lexical || recall === undefined || tokens === undefined) return [];
  return strategies
    .filter(
      (baseline) =>
        baseline.lexical &&
        baseline.sessions === strategy.sessions &&
        (baseline.metrics.probeRecall?.estimate ?? Number.NEGATIVE_INFINITY) >= recall &&
        (baseline.metrics.tokensAfter?.estimate ?? Number.POSITIVE_INFINITY) <= tokens,
    )
    .sort((a, b) => a.metrics.tokensAfter!.estimate - b.metrics.tokensAfter!.estimate)
    .map((baseline) => baseline.name);
}

const ok = (entries: readonly SessionResult[]) => entries.filter(({ result }) => result.status === 'ok');

function compare(
  byStrategy: ReadonlyMap<string, SessionResult[]>,
  referenceName: string | null,
  referenceEntries: readonly SessionResult[],
): SuiteComparison[] {
  if (!referenceName) return [];
  const raw = [...byStrategy]
    .filter(([name]) => name !== referenceName)
    .map(([strategy, entries]) => {
      const { difference, perSession } = pairedDifference(entries, referenceEntries);
      return {
        strategy,
        family: familyOf({ lexical: entries.some(({ result }) => result.lexical) }),
        difference,
        pValue: clusteredPValue(difference),
        wins: perSession.filter((row) => row.difference > TIE).length,
        ties: perSession.filter((row) => Math.abs(row.difference) <= TIE).length,
        losses: perSession.filter((row) => row.difference < -TIE).length,
        minimumDetectable: clusteredDetectable(difference),
      };
    });
  const adjusted = holmByFamily(raw);
  return raw.map((comparison, index) => {
    const { adjustedP, familySize } = adjusted[index]!;
    return { ...comparison, adjustedP, familySize, ...comparisonVerdict(comparison.difference, adjustedP) };
  });
}

/** A difference of fact recall this large (half the scale) allowed by the sessions leaves nothing to rank. */
export const UNRANKABLE_DIFFERENCE = 0.5;

/** The smallest difference the sessions needed are counted for: below it, any difference is a tie in practice. */
const SMALLEST_TOLD = 0.05;

/**
 * A comparison's verdict: `better` or `worse` when its Holm-adjusted p is under α; `too uncertain` when it rests on
 * a single session, or when the sessions allow a difference of {@link UNRANKABLE_DIFFERENCE} or more (its interval,
 * or without one the estimate ± the detectable difference, reaches that far), with about how many sessions would
 * tell; else `not distinguishable`.
 */
export function comparisonVerdict(
  difference: ClusteredEstimate,
  adjustedP: number,
): Pick<SuiteComparison, 'verdict' | 'toTell'> {
  // One session is no suite: with a second the difference gets a test, with a third an interval.
  if (difference.clusters < 2)
    return {
      verdict: 'too uncertain',
      toTell: { sessions: MINIMUM_CLUSTERS_FOR_INTERVAL, difference: Math.abs(difference.estimate) },
    };
  if (isSignificant(adjustedP))
    return { verdict: difference.estimate > 0 ? 'better' : 'worse', toTell: null };
  const detectable = clusteredDetectable(difference);
  const [low, high] = Number.isFinite(difference.low)
    ? [difference.low, difference.high]
    : detectable === null
      ? [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]
      : [difference.estimate - detectable, difference.estimate + detectable];
  if (Math.max(Math.abs(low), Math.abs(high)) < UNRANKABLE_DIFFERENCE)
    return { verdict: 'not distinguishable', toTell: null };
  return { verdict: 'too uncertain', toTell: sessionsToTell(difference) };
}

/**
 * About how many sessions would tell a difference this size (at least {@link SMALLEST_TOLD}) from none at 80%
 * power: the smallest count whose detectable difference, (t₀.₉₇₅ + t₀.₈₀) on count − 1 degrees of freedom times the
 * per-session spread over √count, is within it. Null without a spread.
 */
function sessionsToTell(difference: ClusteredEstimate): SuiteComparison['toTell'] {
  if (!Number.isFinite(difference.standardError) || difference.standardError <= 0) return null;
  const size = Math.max(Math.abs(difference.estimate), SMALLEST_TOLD);
  // The spread of one session's difference, from the standard error of their mean.
  const perSession = difference.standardError * Math.sqrt(difference.clusters);
  const detectableWith = (sessions: number) =>
    ((studentQuantileAt(0.975, sessions - 1) + studentQuantileAt(0.8, sessions - 1)) * perSession) /
    Math.sqrt(sessions);
  let low = difference.clusters + 1;
  let high = low;
  while (detectableWith(high) > size && high < MOST_SESSIONS_TOLD) high *= 2;
  if (detectableWith(high) > size) return { sessions: MOST_SESSIONS_TOLD, difference: size };
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (detectableWith(middle) <= size) high = middle;
    else low = middle + 1;
  }
  return { sessions: high, difference: size };
}

/** Past this many sessions the count is no guide: a difference that small is a tie in practice. */
const MOST_SESSIONS_TOLD = 100_000;

/** The sessions with the lowest fact recall (the largest loss against the reference breaking ties). */
function worstSessions(
  entries: readonly SessionResult[],
  differences: ReadonlyMap<string, number> | undefined,
): WorstSession[] {
  return entries
    .filter(({ result }) => result.quality.probeRecall !== null)
    .map(({ session, result }) => ({
      session: session.fixture.name,
      probeRecall: result.quality.probeRecall,
      difference: differences?.get(session.fixture.name) ?? null,
      report: result.file,
    }))
    .sort((a, b) => a.probeRecall! - b.probeRecall! || (a.difference ?? 0) - (b.difference ?? 0))
    .slice(0, WORST);
}

function sessionEntry(results: SessionDigest): SuiteSession {
  const { fixture } = results;
  const stem = reportStem(results);
  return {
    name: fixture.name,
    path: fixture.path,
    format: fixture.format,
    tokens: fixture.tokens,
    messages: fixture.messages,
    probes: fixture.probes,
    liveProbes: fixture.liveProbes ?? fixture.probes,
    files: fixture.files,
    size: sizeBand(fixture.tokens),
    comparison: `${stem}-comparison.md`,
  };
}
