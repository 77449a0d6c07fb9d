/** The suite results (`suite-results.json`, docs/results.md): many sessions, one verdict with error bars. */
import type { Provenance } from '../results/provenance.ts';
import type { ClusteredEstimate } from './cluster.ts';

/** The suite format version this code writes. */
export const SUITE_SCHEMA_VERSION = 1;

/** One session of the suite and where its own reports are. */
export type SuiteSession = {
  name: string;
  path: string;
  format: string;
  tokens: number;
  messages: number;
  probes: number;
  /** Of its probes, the live facts (what fact recall is over); absent in files of earlier versions. */
  liveProbes?: number;
  files: number;
  /** The size stratum (`under 16K`, `16K–64K`, …) by the run's tokenizer. */
  size: string;
  /** Its comparison report, relative to `--out`. */
  comparison: string;
};

/**
 * The key of a figure a suite summarizes: every metric with a suite aggregation (`suiteMetrics()` in
 * src/quality/metrics.ts); a file written by an earlier version may lack the later ones.
 */
export type SuiteMetricKey = string;

/** A session where a strategy did worst. */
export type WorstSession = {
  session: string;
  probeRecall: number | null;
  /** Recall minus the reference's on that session; null for the reference itself. */
  difference: number | null;
  /** The strategy's report on that session, relative to `--out`. */
  report: string;
};

/** One strategy over the suite. */
export type SuiteStrategy = {
  name: string;
  lexical: boolean;
  /** Sessions where it finished. */
  sessions: number;
  /** Sessions where it failed, by name. */
  failed: string[];
  /**
   * Each figure's mean with its 95% interval clustered by session, by metric key; null when no session has it,
   * absent from files of versions that did not summarize it.
   */
  metrics: Record<SuiteMetricKey, ClusteredEstimate | null | undefined>;
  worst: WorstSession[];
  /** Sessions where its result was flagged `does-not-compress`, and `missed-target` (⊘ and ! in the reports). */
  flaggedSessions: { doesNotCompress: number; missedTarget: number };
  /**
   * The lexical baselines whose suite means keep at least its fact recall at no more tokens after (‡); empty for a
   * lexical baseline itself.
   */
  lexicalMatches: string[];
};

/** One strategy against the reference, paired by session and probe. */
export type SuiteComparison = {
  strategy: string;
  /** What its p is corrected with: the other strategies, or the other lexical baselines. */
  family: 'strategies' | 'lexical baselines';
  /** How many comparisons that family holds. */
  familySize: number;
  /** Fact recall minus the reference's, cluster-robust over sessions. */
  difference: ClusteredEstimate;
  pValue: number;
  /** Holm-adjusted within its family. */
  adjustedP: number;
  /**
   * `too uncertain`: the sessions allow a difference of half the recall scale or more (or it was compared on a
   * single session), so "not distinguishable" would pass a strategy at 0 for one at 1; `toTell` says how many
   * sessions would tell.
   */
  verdict: 'better' | 'worse' | 'not distinguishable' | 'too uncertain';
  /** For `too uncertain`: about how many sessions would tell a difference of this size (80% power), or null. */
  toTell?: { sessions: number; difference: number } | null;
  /** Sessions where its recall was higher, equal, lower than the reference's. */
  wins: number;
  ties: number;
  losses: number;
  /** The smallest difference the suite detects at 80% power, given the spread of per-session differences. */
  minimumDetectable: number | null;
};

/** One stratum (an agent format, or a size band) and each strategy's recall in it. */
export type SuiteStratum = {
  by: 'format' | 'size';
  value: string;
  sessions: string[];
  strategies: Array<{
    name: string;
    probeRecall: ClusteredEstimate | null;
    difference: ClusteredEstimate | null;
  }>;
};

/** Everything a suite run produced. */
export type SuiteResults = {
  kind: 'suite';
  schemaVersion: typeof SUITE_SCHEMA_VERSION;
  /** Where the run came from (src/results/provenance.ts); absent in files of earlier versions. */
  provenance?: Provenance;
  /** The `--target-tokens` target, or null. */
  target: number | null;
  provider: { id: string; model: string; isLanguageModel: boolean };
  tokenizer: string;
  /** How every interval is computed, in words. */
  method: string;
  reference: string | null;
  sessions: SuiteSession[];
  strategies: SuiteStrategy[];
  comparisons: SuiteComparison[];
  /** By agent format and by size band, only when the suite mixes them. */
  strata: SuiteStratum[];
};
