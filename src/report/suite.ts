/** The suite report: each strategy over many sessions with intervals, against the reference, by stratum (pure). */
import { formatInteger, formatRatio } from '../text/numbers.ts';
import { suiteMetrics } from '../quality/metrics.ts';
import { type ClusteredEstimate, MINIMUM_CLUSTERS_FOR_INTERVAL } from '../suite/cluster.ts';
import type { SuiteResults, SuiteStrategy } from '../suite/types.ts';
import { LEXICAL_MARK, MISSED_TARGET_MARK, NO_COMPRESSION_MARK, UNTIMED_NOTE } from './comparison.ts';
import { adjustmentNote, verdictCell } from './statistics.ts';
import { markdownTable, type Rows } from './table.ts';
import type { SessionDigest } from '../results/digest.ts';
import { suiteOf } from '../suite/assemble.ts';
import type { Verdict } from './verdict.ts';
import { suiteProbesClause, suiteVerdict } from './suite-verdict.ts';
import { renderVerdictMarkdown } from './verdict-text.ts';

type Format = (value: number) => string;

const share: Format = (value) => formatRatio(value);
const signedShare: Format = (value) => `${value > 0 ? '+' : ''}${formatRatio(value)}`;

/** The columns of the strategy table: every metric the registry shows in suites, and how it is written. */
export function columnsOf(
  suite: SuiteResults,
  options: SuiteRenderOptions,
): Array<{ key: string; label: string; format: Format; rank: number }> {
  const estimates = (key: string) =>
    suite.strategies.flatMap((strategy) => {
      const estimate = strategy.metrics[key]?.estimate;
      return estimate === undefined || Number.isNaN(estimate) ? [] : [estimate];
    });
  return suiteMetrics()
    .filter(
      (metric) =>
        estimates(metric.key).length > 0 &&
        (!metric.suite.whenPositive || estimates(metric.key).some((estimate) => estimate > 0)) &&
        (!metric.timing || options.timings !== false),
    )
    .map((metric) => ({
      key: metric.key,
      label: metric.suite.label,
      format: metric.suite.format ?? ((value: number) => metric.format(value)),
      rank: metric.terminalRank,
    }));
}

/** `0.71 [0.64, 0.78]`, or the estimate alone when there is no interval, or `–`. */
export function formatInterval(estimate: ClusteredEstimate | null, format: Format = share): string {
  if (!estimate || Number.isNaN(estimate.estimate)) return '–';
  if (Number.isNaN(estimate.low)) return format(estimate.estimate);
  return `${format(estimate.estimate)} [${format(estimate.low)}, ${format(estimate.high)}]`;
}

function formatP(p: number): string {
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

/** What a rendering of the suite includes: `timings: false` leaves out times that only measure this machine. */
export type SuiteRenderOptions = {
  timings?: boolean;
  /** The sessions the suite was assembled from: the verdict tests the leader against the others with them. */
  sessions?: readonly SessionDigest[];
};

/** The suite's verdict; with its sessions, ties are tested against the leader itself. */
export function suiteVerdictOf(suite: SuiteResults, sessions?: readonly SessionDigest[]): Verdict {
  return suiteVerdict(
    suite,
    sessions && sessions.length > 0 ? (leader) => leaderSuite(sessions, leader) : undefined,
  );
}

// The suite of some sessions with a leader as its reference, by the sessions: the verdict of each of the suite's
// reports (its page, its Markdown) asked for the same one, and each assembly read every session's results again.
const leaderSuites = new WeakMap<readonly SessionDigest[], Map<string, SuiteResults>>();

/** `suiteOf(sessions, leader)`, assembled once per sessions and leader. */
function leaderSuite(sessions: readonly SessionDigest[], leader: string): SuiteResults {
  let known = leaderSuites.get(sessions);
  if (!known) leaderSuites.set(sessions, (known = new Map()));
  let suite = known.get(leader);
  if (!suite) known.set(leader, (suite = suiteOf(sessions, leader)));
  return suite;
}

/** One row per strategy: sessions finished, then every figure with its interval. */
export function suiteStrategyRows(suite: SuiteResults, options: SuiteRenderOptions = {}): Rows {
  const columns = columnsOf(suite, options);
  return {
    head: ['Strategy', 'Sessions', ...columns.map((column) => `${column.label} [95% CI]`)],
    rows: suite.strategies.map((strategy) => [
      strategyLabel(strategy, suite),
      sessionsCell(strategy),
      ...columns.map((column) => formatInterval(strategy.metrics[column.key] ?? null, column.format)),
    ]),
    alignRight: [false, true, ...columns.map(() => true)],
  };
}

export function strategyLabel(strategy: SuiteStrategy, suite: SuiteResults): string {
  const marks = suiteMarks(strategy);
  const name = `${strategy.name}${marks === '' ? '' : ` ${marks}`}`;
  if (strategy.name === suite.reference) return `${name} (reference)`;
  return strategy.lexical ? `${name} (lexical)` : name;
}

/** ‡, ⊘ and ! of a strategy over the suite (suites written before they were recorded have none). */
function suiteMarks(strategy: SuiteStrategy): string {
  return [
    ...((strategy.lexicalMatches?.length ?? 0) > 0 ? [LEXICAL_MARK] : []),
    ...((strategy.flaggedSessions?.doesNotCompress ?? 0) > 0 ? [NO_COMPRESSION_MARK] : []),
    ...((strategy.flaggedSessions?.missedTarget ?? 0) > 0 ? [MISSED_TARGET_MARK] : []),
  ].join('');
}

/** What the marks of the suite's strategy table mean (only those that occur), then who earned each ‡. */
export function suiteLegend(suite: SuiteResults): string[] {
  const used = (mark: string) => suite.strategies.some((strategy) => suiteMarks(strategy).includes(mark));
  const byName = new Map(suite.strategies.map((strategy) => [strategy.name, strategy]));
  const matched = suite.strategies.filter((strategy) => (strategy.lexicalMatches?.length ?? 0) > 0);
  return [
    ...(used(LEXICAL_MARK)
      ? [
          `${LEXICAL_MARK} a lexical baseline keeps as much fact recall at no more tokens after, on the suite's means: ${matched
            .map((strategy) => {
              const baseline = byName.get(strategy.lexicalMatches[0]!)!;
              return `\`${strategy.name}\` no better than \`${baseline.name}\` (${formatRatio(baseline.metrics.probeRecall?.estimate ?? null)} at ${formatInteger(baseline.metrics.tokensAfter?.estimate ?? 0)} tokens)`;
            })
            .join('; ')}`,
        ]
      : []),
    ...(used(NO_COMPRESSION_MARK)
      ? [
          `${NO_COMPRESSION_MARK} does not compress in at least one session (over half the transcript, or the model's window less the reserve): ${flaggedNames(suite, 'doesNotCompress')}`,
        ]
      : []),
    ...(used(MISSED_TARGET_MARK)
      ? [
          `${MISSED_TARGET_MARK} more than 15% over the --target-tokens target in at least one session: ${flaggedNames(suite, 'missedTarget')}`,
        ]
      : []),
  ];
}

function flaggedNames(suite: SuiteResults, flag: keyof SuiteStrategy['flaggedSessions']): string {
  return suite.strategies
    .filter((strategy) => (strategy.flaggedSessions?.[flag] ?? 0) > 0)
    .map((strategy) => `\`${strategy.name}\` in ${strategy.flaggedSessions[flag]} of ${strategy.sessions}`)
    .join(', ');
}

/** Why the suite's figures have no interval, when it has too few sessions for one; else nothing. */
export function intervalNote(suite: SuiteResults): string[] {
  if (suite.sessions.length >= MINIMUM_CLUSTERS_FOR_INTERVAL || suite.sessions.length < 2) return [];
  return [
    `With ${suite.sessions.length} sessions no interval is given: Student's t on one degree of freedom (t = 12.7) spans every figure's whole range. The estimates and the paired tests stand; ${MINIMUM_CLUSTERS_FOR_INTERVAL} or more sessions get intervals.`,
  ];
}

export function sessionsCell(strategy: SuiteStrategy): string {
  return strategy.failed.length === 0
    ? String(strategy.sessions)
    : `${strategy.sessions} (${strategy.failed.length} failed)`;
}

/** One row per strategy against the reference. */
export function suiteComparisonRows(suite: SuiteResults): Rows {
  return {
    head: [
      'Strategy',
      'Fact recall − reference [95% CI, unadjusted]',
      'p (Holm)',
      'Win / tie / loss',
      'Detectable (80% power)',
      'Verdict',
    ],
    rows: suite.comparisons.map((comparison) => [
      comparison.family === 'lexical baselines' ? `${comparison.strategy} (lexical)` : comparison.strategy,
      formatInterval(comparison.difference, signedShare),
      formatP(comparison.adjustedP),
      `${comparison.wins} / ${comparison.ties} / ${comparison.losses}`,
      comparison.minimumDetectable === null ? '–' : `±${formatRatio(comparison.minimumDetectable)}`,
      verdictCell(comparison),
    ]),
    alignRight: [false, true, true, true, true, false],
  };
}

/** How much clustering widened the interval of a difference: the ratio of clustered to naive standard errors. */
function widening(suite: SuiteResults): string {
  const ratios = suite.comparisons
    .map(({ difference }) =>
      difference.naiveStandardError && difference.naiveStandardError > 0
        ? difference.standardError / difference.naiveStandardError
        : Number.NaN,
    )
    .filter(Number.isFinite);
  if (ratios.length === 0) return '';
  const low = Math.min(...ratios);
  const high = Math.max(...ratios);
  const range =
    low.toFixed(1) === high.toFixed(1) ? `${low.toFixed(1)}×` : `${low.toFixed(1)}× to ${high.toFixed(1)}×`;
  return ` Clustering by session makes these intervals ${range} as wide as if every probe were independent.`;
}

/** The strata tables (by agent format, by session size), each with its title; none when the suite does not mix them. */
export function suiteStrataRows(suite: SuiteResults): Array<{ title: string; rows: Rows }> {
  const tables: Array<{ title: string; rows: Rows }> = [];
  for (const by of ['format', 'size'] as const) {
    const strata = suite.strata.filter((stratum) => stratum.by === by);
    if (strata.length === 0) continue;
    const head = ['Strategy', ...strata.map((stratum) => `${stratum.value} (${stratum.sessions.length})`)];
    const rows = suite.strategies.map((strategy) => [
      strategyLabel(strategy, suite),
      ...strata.map((stratum) => {
        const row = stratum.strategies.find((candidate) => candidate.name === strategy.name);
        const recall = formatInterval(row?.probeRecall ?? null);
        const difference = formatInterval(row?.difference ?? null, signedShare);
        return difference === '–' ? recall : `${recall}; Δ ${difference}`;
      }),
    ]);
    tables.push({
      title: by === 'format' ? 'By agent format' : 'By session size',
      rows: { head, rows, alignRight: head.map((_, index) => index > 0) },
    });
  }
  return tables;
}

function strataSections(suite: SuiteResults): string[] {
  const parts = suiteStrataRows(suite).flatMap(({ title, rows }) => [
    `## ${title}`,
    '',
    markdownTable(rows),
    '',
  ]);
  if (parts.length > 0)
    parts.push(
      'Fact recall [95% CI] per stratum; Δ is the paired difference from the reference in that stratum.',
      '',
    );
  return parts;
}

/** Where each strategy did worst: its sessions with their recall and difference from the reference. */
export function suiteWorstLines(
  suite: SuiteResults,
): Array<{ strategy: string; sessions: Array<{ session: string; report: string; text: string }> }> {
  return suite.strategies
    .filter((strategy) => strategy.worst.length > 0)
    .map((strategy) => ({
      strategy: strategy.name,
      sessions: strategy.worst.map((worst) => ({
        session: worst.session,
        report: worst.report,
        text: `${formatRatio(worst.probeRecall)}${worst.difference === null ? '' : `, ${signedShare(worst.difference)} vs reference`}`,
      })),
    }));
}

function worstSection(suite: SuiteResults): string[] {
  const lines = suiteWorstLines(suite).map(
    ({ strategy, sessions }) =>
      `- ${strategy}: ${sessions.map((session) => `[${session.session}](${encodeURI(session.report)}) ${session.text}`).join('; ')}`,
  );
  return lines.length === 0 ? [] : ['## Where each strategy did worst', '', ...lines, ''];
}

function sessionsSection(suite: SuiteResults): string[] {
  const rows = suite.sessions.map((session) => [
    `[${session.name}](${encodeURI(session.comparison)})`,
    session.format,
    formatInteger(session.tokens),
    String(session.probes),
    String(session.files),
  ]);
  return [
    '## Sessions',
    '',
    markdownTable({
      head: ['Session', 'Format', 'Tokens', 'Probes', 'Files'],
      rows,
      alignRight: [false, false, true, true, true],
    }),
    '',
  ];
}

/** The headline: sessions, formats, sizes, provider. */
export function headline(suite: SuiteResults): string {
  const formats = countBy(suite.sessions.map((session) => session.format));
  const provider = suite.provider.isLanguageModel
    ? `provider \`${suite.provider.id}:${suite.provider.model}\``
    : `provider \`${suite.provider.id}\` (an offline lexical stand-in, not a model)`;
  const target =
    suite.target === null ? '' : `, every strategy aimed at ${formatInteger(suite.target)} tokens`;
  return `${suite.sessions.length} sessions (${formats}), ${suiteProbesClause(suite)} in all; ${provider}${target}.`;
}

function countBy(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${value} ${count}`).join(', ');
}

/** `suite-comparison.md`; with `timings: false` (no call went to a model) without times, so a rerun writes the same bytes. */
export function renderSuiteMarkdown(suite: SuiteResults, options: SuiteRenderOptions = {}): string {
  const comparisons =
    suite.comparisons.length === 0
      ? []
      : [
          `## Against the reference (\`${suite.reference}\`)`,
          '',
          markdownTable(suiteComparisonRows(suite)),
          '',
          `Paired by session and probe: each session's recall difference counts with its probes, and the sessions are the independent units. "Win / tie / loss" counts sessions. "Detectable" is the smallest true difference this suite finds with 80% power at the 5% level; a smaller one usually reads "not distinguishable".${widening(suite)}`,
          '',
          adjustmentNote(suite.comparisons),
          '',
        ];
  return [
    `# Suite: ${suite.sessions.length} sessions`,
    '',
    headline(suite),
    '',
    ...renderVerdictMarkdown(suiteVerdictOf(suite, options.sessions), options),
    '## Each strategy over the suite',
    '',
    markdownTable(suiteStrategyRows(suite, options)),
    '',
    ...suiteLegend(suite).map((line) => `${line}  `),
    ...intervalNote(suite),
    ...(options.timings === false ? ['', UNTIMED_NOTE] : []),
    '',
    `Method: ${suite.method}.`,
    '',
    ...comparisons,
    ...strataSections(suite),
    ...worstSection(suite),
    ...sessionsSection(suite),
  ].join('\n');
}
